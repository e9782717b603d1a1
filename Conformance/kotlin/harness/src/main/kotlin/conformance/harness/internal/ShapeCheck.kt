package conformance.harness.internal

import conformance.harness.InstantSerializer
import conformance.harness.NeutralFormats
import conformance.harness.UuidSerializer
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.descriptors.PolymorphicKind
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.SerialKind
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.descriptors.elementDescriptors
import kotlinx.serialization.descriptors.elementNames
import kotlinx.serialization.encoding.CompositeDecoder
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * Checks a JSON tree against a `@Serializable` type's descriptor before kotlinx-serialization decodes it,
 * so that every problem is reported as `<path>: <reason>` in the words of the Swift side's Codable bridge.
 *
 * The shapes are those of the scenario format (Conformance/README.md) and the manifest type system:
 * - a class is an object with every property present (a default value does not make a key optional, and
 *   `null` is written explicitly) and no other key;
 * - a sealed type is a case object `{"type": <serial name>, …fields}` (the `@SerialName` of each case);
 * - an enum is one of its serial names, as a string;
 * - `Int`, `Long`, `Short` and `Byte` take any JSON number without a fractional part in their range (`42`,
 *   `42.0` and `4.2e1` are all 42), `Double` and `Float` any number, `Boolean` only `true`/`false`, a
 *   string only a JSON string (no quoted numbers or booleans);
 * - lists are arrays, maps are objects.
 * Open polymorphism and contextual serializers are left to kotlinx-serialization.
 *
 * Reasons name the Kotlin type that owns the value, as Swift's bridge names the Swift type:
 * `missing key 'error' for LoginState`, `expected Boolean for LoginState, got string`,
 * `unknown action 'logout' of LoginIntent (known: dismissed, emailChanged, …)`,
 * `unknown case 'succes' of LoginResult (known: failure, success)`,
 * `missing key 'type' (a LoginResult is {"type": case, …fields})`, and, since Swift's synthesized
 * `Decodable` ignores extra keys but a scenario must not have any, `unknown key 'valu' of LoginIntent
 * 'emailChanged' (known: type, value)`.
 */
@OptIn(ExperimentalSerializationApi::class)
internal object ShapeCheck {
    /** The discriminator key of every case object (`Json { classDiscriminator = "type" }`). */
    const val DISCRIMINATOR: String = "type"

    /**
     * Checks [element] against [descriptor].
     *
     * @param element the JSON value.
     * @param descriptor the descriptor of the type to decode.
     * @param path where [element] is in the request, for messages.
     * @param caseWord what a case of [descriptor] is called in messages when it is a sealed type: `action`
     *   for a scenario's actions, `case` for other unions.
     * @return [element], with integral numbers rewritten as plain integers (`42.0` → `42`) where an integer
     *   type expects them, so that kotlinx-serialization decodes them.
     * @throws DecodingException at the first problem, depth first in the order of the type's properties
     *   (unknown keys of an object before its properties).
     */
    fun check(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath, caseWord: String = "case"): JsonElement =
        checkOwned(element, descriptor, path, typeName(descriptor), caseWord)

    /** The Kotlin type's simple name for a message: `CounterState` for `com.example.CounterState?`. */
    fun typeName(descriptor: SerialDescriptor): String = when (descriptor.kind) {
        StructureKind.LIST -> "List"
        StructureKind.MAP -> "Map"
        // Asked for every value checked (messages name the owner): worked out once per serial name.
        else -> simpleNames.getOrPut(descriptor.serialName) {
            descriptor.serialName.removeSuffix("?").substringAfterLast('.')
        }
    }

    private val simpleNames = java.util.concurrent.ConcurrentHashMap<String, String>()

    /** [check] inside a value of type [owner], which messages name. */
    private fun checkOwned(
        element: JsonElement,
        descriptor: SerialDescriptor,
        path: JsonPath,
        owner: String,
        caseWord: String = "case",
    ): JsonElement {
        if (element is JsonNull) {
            if (descriptor.isNullable) return element
            throw mismatch(element, descriptor, path, owner)
        }
        if (descriptor.isInline) return checkOwned(element, descriptor.getElementDescriptor(0), path, owner)
        return when (descriptor.kind) {
            PrimitiveKind.STRING -> element.also {
                if (!isString(it)) throw mismatch(it, descriptor, path, owner)
                formatted(it as JsonPrimitive, descriptor, path, owner)
            }
            PrimitiveKind.CHAR -> element.also {
                if (!isString(it) || (it as JsonPrimitive).content.length != 1) throw mismatch(it, descriptor, path, owner)
            }
            PrimitiveKind.BOOLEAN -> element.also { if (!isBoolean(it)) throw mismatch(it, descriptor, path, owner) }
            PrimitiveKind.BYTE -> integer(element, descriptor, path, owner, Byte.MIN_VALUE.toLong(), Byte.MAX_VALUE.toLong())
            PrimitiveKind.SHORT -> integer(element, descriptor, path, owner, Short.MIN_VALUE.toLong(), Short.MAX_VALUE.toLong())
            PrimitiveKind.INT -> integer(element, descriptor, path, owner, Int.MIN_VALUE.toLong(), Int.MAX_VALUE.toLong())
            PrimitiveKind.LONG -> integer(element, descriptor, path, owner, Long.MIN_VALUE, Long.MAX_VALUE)
            PrimitiveKind.FLOAT, PrimitiveKind.DOUBLE -> element.also {
                if (!isNumber(it)) throw mismatch(it, descriptor, path, owner)
            }
            SerialKind.ENUM -> enumCase(element, descriptor, path, owner)
            StructureKind.CLASS, StructureKind.OBJECT -> {
                members(objectOf(element, descriptor, path, owner), descriptor, path, typeName(descriptor), null)
            }
            PolymorphicKind.SEALED -> case(objectOf(element, descriptor, path, owner), descriptor, path, caseWord)
            StructureKind.LIST -> list(element, descriptor, path, owner)
            StructureKind.MAP -> map(objectOf(element, descriptor, path, owner), descriptor, path, owner)
            else -> element
        }
    }

    // Structures

    private fun case(json: JsonObject, descriptor: SerialDescriptor, path: JsonPath, caseWord: String): JsonElement {
        val union = typeName(descriptor)
        val type = json[DISCRIMINATOR] ?: throw DecodingException(
            path,
            "missing key '$DISCRIMINATOR' (a $union is {\"$DISCRIMINATOR\": case, …fields})",
        )
        val typePath = path.key(DISCRIMINATOR)
        if (!isString(type)) throw DecodingException(typePath, "expected String for $union, got ${Messages.typeName(type)}")
        val name = (type as JsonPrimitive).content
        val cases = descriptor.getElementDescriptor(1).elementDescriptors
        val case = cases.firstOrNull { it.serialName == name } ?: throw DecodingException(
            typePath,
            "unknown $caseWord ${Messages.quote(name)} of $union (known: ${cases.map { it.serialName }.sorted().joinToString()})",
        )
        return members(json, case, path, union, name)
    }

    /**
     * Checks an object's keys and members against the properties of [descriptor].
     *
     * @param owner the type named in messages about a member (`missing key 'x' for <owner>`).
     * @param case the case name when the object is a case object of union [owner], whose `type` key is allowed;
     *   messages about an unknown key name the object `<owner> '<case>'` then, and `<owner>` otherwise.
     */
    private fun members(
        json: JsonObject,
        descriptor: SerialDescriptor,
        path: JsonPath,
        owner: String,
        case: String?,
    ): JsonElement {
        val discriminated = case != null
        for (key in json.keys) {
            if (discriminated && key == DISCRIMINATOR) continue
            if (descriptor.getElementIndex(key) == CompositeDecoder.UNKNOWN_NAME) {
                val known = (if (discriminated) listOf(DISCRIMINATOR) else emptyList()) + descriptor.elementNames
                val subject = if (case == null) owner else "$owner ${Messages.quote(case)}"
                throw DecodingException(
                    path.key(key),
                    "unknown key ${Messages.quote(key)} of $subject (known: ${known.joinToString()})",
                )
            }
        }
        var rewritten: MutableMap<String, JsonElement>? = null
        for (index in 0 until descriptor.elementsCount) {
            val name = descriptor.getElementName(index)
            val value = json[name]
                ?: throw DecodingException(path.key(name), "missing key ${Messages.quote(name)} for $owner")
            val checked = checkOwned(value, descriptor.getElementDescriptor(index), path.key(name), owner)
            if (checked !== value) (rewritten ?: LinkedHashMap(json).also { rewritten = it })[name] = checked
        }
        return rewritten?.let(::JsonObject) ?: json
    }

    private fun list(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath, owner: String): JsonElement {
        if (element !is JsonArray) throw mismatch(element, descriptor, path, owner)
        val itemDescriptor = descriptor.getElementDescriptor(0)
        var rewritten: MutableList<JsonElement>? = null
        for ((index, item) in element.withIndex()) {
            val checked = checkOwned(item, itemDescriptor, path.index(index), owner)
            if (checked !== item) (rewritten ?: ArrayList(element).also { rewritten = it })[index] = checked
        }
        return rewritten?.let(::JsonArray) ?: element
    }

    private fun map(json: JsonObject, descriptor: SerialDescriptor, path: JsonPath, owner: String): JsonElement {
        val valueDescriptor = descriptor.getElementDescriptor(1)
        var rewritten: MutableMap<String, JsonElement>? = null
        for ((key, value) in json) {
            val checked = checkOwned(value, valueDescriptor, path.key(key), owner)
            if (checked !== value) (rewritten ?: LinkedHashMap(json).also { rewritten = it })[key] = checked
        }
        return rewritten?.let(::JsonObject) ?: json
    }

    private fun objectOf(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath, owner: String): JsonObject =
        element as? JsonObject ?: throw mismatch(element, descriptor, path, owner)

    // Scalars

    private fun enumCase(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath, owner: String): JsonElement {
        if (!isString(element)) throw mismatch(element, descriptor, path, owner)
        val name = (element as JsonPrimitive).content
        if (descriptor.getElementIndex(name) != CompositeDecoder.UNKNOWN_NAME) return element
        throw DecodingException(
            path,
            "unknown case ${Messages.quote(name)} of ${typeName(descriptor)} (known: ${descriptor.elementNames.joinToString()})",
        )
    }

    private fun integer(
        element: JsonElement,
        descriptor: SerialDescriptor,
        path: JsonPath,
        owner: String,
        minimum: Long,
        maximum: Long,
    ): JsonElement {
        // A plain integer in range, the common case, needs neither a BigDecimal nor a rewrite.
        val plain = (element as? JsonPrimitive)?.takeIf { !it.isString }?.let { Messages.plainLong(it.content) }
        if (plain != null && plain in minimum..maximum) return element
        if (!isNumber(element)) throw mismatch(element, descriptor, path, owner)
        val literal = (element as JsonPrimitive).content
        if (!Messages.isInteger(literal)) throw mismatch(element, descriptor, path, owner)
        val number = literal.toBigDecimal()
        if (number < minimum.toBigDecimal() || number > maximum.toBigDecimal()) {
            throw DecodingException(
                path,
                "expected ${typeName(descriptor)} from $minimum to $maximum${forOwner(descriptor, owner)}, got $literal",
            )
        }
        val value = number.toLong()
        return if (literal == value.toString()) element else JsonPrimitive(value)
    }

    /**
     * Checks the text of a [conformance.harness.UuidSerializer] or [conformance.harness.InstantSerializer] value
     * against its one spelling (README §15), in the Swift bridge's words:
     * `expected UUID as uuid (lower-case 8-4-4-4-12 …) for SignupState, got "0B6C…"`.
     */
    private fun formatted(element: JsonPrimitive, descriptor: SerialDescriptor, path: JsonPath, owner: String) {
        val (type, phrase, valid) = when (descriptor.serialName.removeSuffix("?")) {
            UuidSerializer.SERIAL_NAME -> Triple("UUID", NeutralFormats.UUID_PHRASE, NeutralFormats.isUuid(element.content))
            InstantSerializer.SERIAL_NAME ->
                Triple("Instant", NeutralFormats.DATE_TIME_PHRASE, NeutralFormats.isDateTime(element.content))
            else -> return
        }
        if (valid) return
        val forOwner = if (owner == typeName(descriptor)) "" else " for $owner"
        val text = JsonText.quoted(element.content)
        throw DecodingException(path, "expected $type as $phrase$forOwner, got $text")
    }

    private fun isString(element: JsonElement) = element is JsonPrimitive && element.isString

    private fun isBoolean(element: JsonElement) =
        element is JsonPrimitive && !element.isString && (element.content == "true" || element.content == "false")

    private fun isNumber(element: JsonElement) =
        element is JsonPrimitive && element !is JsonNull && !element.isString && element.content.toBigDecimalOrNull() != null

    /** ` for <owner>`, or nothing when the value is the owner itself (as `expected LoginIntent, got array`). */
    private fun forOwner(descriptor: SerialDescriptor, owner: String) =
        if (owner == typeName(descriptor)) "" else " for $owner"

    private fun mismatch(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath, owner: String) =
        DecodingException(
            path,
            "expected ${typeName(descriptor)}${forOwner(descriptor, owner)}, got ${Messages.typeName(element)}",
        )
}
