package conformance.harness.internal

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * Reads the members of one JSON object by key, failing with a [DecodingException] that names the path.
 *
 * ```kotlin
 * val reader = JsonObjectReader.of(element, JsonPath.root.key("initialState"))
 * reader.rejectUnknownKeys(listOf("email"), "a login state")
 * val email = reader.string("email")
 * ```
 *
 * @property json the object being read.
 * @property path where [json] is in the request.
 */
internal class JsonObjectReader(val json: JsonObject, val path: JsonPath) {
    /**
     * The member [key]; it must be present (any JSON value, including `null`).
     *
     * @throws DecodingException when the key is missing.
     */
    fun element(key: String): JsonElement =
        json[key] ?: throw DecodingException(path.key(key), "missing key")

    /**
     * The member [key] as a string.
     *
     * @throws DecodingException when the key is missing or the value is not a JSON string.
     */
    fun string(key: String): String {
        val value = element(key)
        if (value is JsonPrimitive && value.isString) return value.content
        throw DecodingException(path.key(key), "expected a string, found ${describe(value)}")
    }

    /**
     * The member [key] as a string or `null`; the key must be present (null is explicit on the wire).
     *
     * @throws DecodingException when the key is missing or the value is neither a string nor `null`.
     */
    fun nullableString(key: String): String? {
        val value = element(key)
        if (value is JsonNull) return null
        if (value is JsonPrimitive && value.isString) return value.content
        throw DecodingException(path.key(key), "expected a string or null, found ${describe(value)}")
    }

    /**
     * The member [key] as a boolean (`true` or `false`, not the strings `"true"`/`"false"`).
     *
     * @throws DecodingException when the key is missing or the value is not a JSON boolean.
     */
    fun boolean(key: String): Boolean {
        val value = element(key)
        if (value is JsonPrimitive && !value.isString) {
            when (value.content) {
                "true" -> return true
                "false" -> return false
            }
        }
        throw DecodingException(path.key(key), "expected a boolean, found ${describe(value)}")
    }

    /**
     * Reads the `type` discriminator of a case object and checks its keys against that case's fields.
     *
     * On the wire a case is `{"type": <case name>, …fields}`: every field is required and no other key is
     * allowed (scenario format v1).
     *
     * @param fieldsByCase each case name with its field names, in the order messages list them.
     * @return the case name, a key of [fieldsByCase].
     * @throws DecodingException when `type` is missing, not a string or not a known case, or when the
     *   object has a key that the case does not have.
     */
    fun case(fieldsByCase: Map<String, List<String>>): String {
        val name = string(TYPE)
        val fields = fieldsByCase[name] ?: throw DecodingException(
            path.key(TYPE),
            "unknown case ${quote(name)} (expected ${list(fieldsByCase.keys, "or")})",
        )
        val subject = if (fields.isEmpty()) "case ${quote(name)} has no fields"
        else "case ${quote(name)} has ${list(fields, "and")}"
        rejectUnknownKeys(fields + TYPE, subject)
        return name
    }

    /**
     * Fails on the first key that is not in [known].
     *
     * @param known the keys the object may have.
     * @param subject what the object is and has, for the message, e.g. `a login state has 'email' and …`.
     * @throws DecodingException naming the unknown key's path.
     */
    fun rejectUnknownKeys(known: Collection<String>, subject: String) {
        for (key in json.keys) {
            if (key !in known) throw DecodingException(path.key(key), "unknown key ($subject)")
        }
    }

    companion object {
        /** The discriminator key of every case object. */
        const val TYPE: String = "type"

        /**
         * A reader for [element], which must be a JSON object.
         *
         * @throws DecodingException when [element] is not an object.
         */
        fun of(element: JsonElement, path: JsonPath): JsonObjectReader {
            if (element is JsonObject) return JsonObjectReader(element, path)
            throw DecodingException(path, "expected an object, found ${describe(element)}")
        }

        /** Names the JSON kind of [element] for a message: `a string`, `an array`, `null`, … */
        fun describe(element: JsonElement): String = when (element) {
            is JsonNull -> "null"
            is JsonObject -> "an object"
            is JsonArray -> "an array"
            is JsonPrimitive -> when {
                element.isString -> "a string"
                element.content == "true" || element.content == "false" -> "a boolean"
                else -> "a number"
            }
        }

        /**
         * [text] in single quotes for a message, e.g. `'succes'`.
         *
         * Backslashes, control characters and lone surrogates are escaped as in JSON (`\\`, `\n`,
         * `\u0000`, `\ud800`) so they stay visible; everything else, quotes included, is verbatim.
         */
        fun quote(text: String): String {
            val json = StringBuilder()
            JsonText.quote(text, json)
            return "'" + json.substring(1, json.length - 1).replace("\\\"", "\"") + "'"
        }

        /** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'` (with [conjunction] `or` or `and`). */
        fun list(items: Collection<String>, conjunction: String): String {
            val quoted = items.map(::quote)
            return if (quoted.size <= 1) quoted.joinToString()
            else quoted.dropLast(1).joinToString(", ") + " $conjunction " + quoted.last()
        }
    }
}
