package conformance.harness.internal

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
 * so that every problem is reported as `<path>: <reason>` with the wording of the Swift side.
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
 * Reasons read `missing key 'error'`, `unknown key 'valu' (case 'emailChanged' has 'value')`,
 * `unknown case 'succes' (expected 'success' or 'failure')`, `expected a string, got number`.
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
     * @return [element], with integral numbers rewritten as plain integers (`42.0` → `42`) where an integer
     *   type expects them, so that kotlinx-serialization decodes them.
     * @throws DecodingException at the first problem, depth first in the order of the type's properties
     *   (unknown keys of an object before its properties).
     */
    fun check(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath): JsonElement {
        if (element is JsonNull) {
            if (descriptor.isNullable) return element
            throw mismatch(element, descriptor, path)
        }
        if (descriptor.isInline) return check(element, descriptor.getElementDescriptor(0), path)
        return when (descriptor.kind) {
            PrimitiveKind.STRING -> element.also { if (!isString(it)) throw mismatch(it, descriptor, path) }
            PrimitiveKind.CHAR -> element.also {
                if (!isString(it) || (it as JsonPrimitive).content.length != 1) throw mismatch(it, descriptor, path)
            }
            PrimitiveKind.BOOLEAN -> element.also { if (!isBoolean(it)) throw mismatch(it, descriptor, path) }
            PrimitiveKind.BYTE -> integer(element, descriptor, path, Byte.MIN_VALUE.toLong(), Byte.MAX_VALUE.toLong())
            PrimitiveKind.SHORT -> integer(element, descriptor, path, Short.MIN_VALUE.toLong(), Short.MAX_VALUE.toLong())
            PrimitiveKind.INT -> integer(element, descriptor, path, Int.MIN_VALUE.toLong(), Int.MAX_VALUE.toLong())
            PrimitiveKind.LONG -> integer(element, descriptor, path, Long.MIN_VALUE, Long.MAX_VALUE)
            PrimitiveKind.FLOAT, PrimitiveKind.DOUBLE -> element.also {
                if (!isNumber(it)) throw mismatch(it, descriptor, path)
            }
            SerialKind.ENUM -> enumCase(element, descriptor, path)
            StructureKind.CLASS, StructureKind.OBJECT ->
                members(objectOf(element, descriptor, path), descriptor, path, "${typeName(descriptor)} has", false)
            PolymorphicKind.SEALED -> case(objectOf(element, descriptor, path), descriptor, path)
            StructureKind.LIST -> list(element, descriptor, path)
            StructureKind.MAP -> map(objectOf(element, descriptor, path), descriptor, path)
            else -> element
        }
    }

    /** The Kotlin type's simple name for a message: `CounterState` for `com.example.CounterState?`. */
    fun typeName(descriptor: SerialDescriptor): String =
        descriptor.serialName.removeSuffix("?").substringAfterLast('.')

    // MARK: - Structures

    private fun case(json: JsonObject, descriptor: SerialDescriptor, path: JsonPath): JsonElement {
        val typePath = path.key(DISCRIMINATOR)
        val type = json[DISCRIMINATOR] ?: throw DecodingException(typePath, "missing key '$DISCRIMINATOR'")
        if (!isString(type)) throw DecodingException(typePath, "expected a string, got ${Messages.typeName(type)}")
        val name = (type as JsonPrimitive).content
        val cases = descriptor.getElementDescriptor(1).elementDescriptors
        val case = cases.firstOrNull { it.serialName == name } ?: throw DecodingException(
            typePath,
            "unknown case ${Messages.quote(name)} (expected ${Messages.list(cases.map { it.serialName }.sorted(), "or")})",
        )
        return members(json, case, path, "case ${Messages.quote(name)} has", true)
    }

    /** Checks an object's keys and members against the properties of [descriptor]. */
    private fun members(
        json: JsonObject,
        descriptor: SerialDescriptor,
        path: JsonPath,
        subject: String,
        discriminated: Boolean,
    ): JsonElement {
        for (key in json.keys) {
            if (discriminated && key == DISCRIMINATOR) continue
            if (descriptor.getElementIndex(key) == CompositeDecoder.UNKNOWN_NAME) {
                val fields = descriptor.elementNames.toList()
                val has = if (fields.isEmpty()) "no fields" else Messages.list(fields, "and")
                throw DecodingException(path.key(key), "unknown key ${Messages.quote(key)} ($subject $has)")
            }
        }
        var rewritten: MutableMap<String, JsonElement>? = null
        for (index in 0 until descriptor.elementsCount) {
            val name = descriptor.getElementName(index)
            val value = json[name] ?: throw DecodingException(path.key(name), "missing key ${Messages.quote(name)}")
            val checked = check(value, descriptor.getElementDescriptor(index), path.key(name))
            if (checked !== value) (rewritten ?: LinkedHashMap(json).also { rewritten = it })[name] = checked
        }
        return rewritten?.let(::JsonObject) ?: json
    }

    private fun list(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath): JsonElement {
        if (element !is JsonArray) throw mismatch(element, descriptor, path)
        val itemDescriptor = descriptor.getElementDescriptor(0)
        var rewritten: MutableList<JsonElement>? = null
        for ((index, item) in element.withIndex()) {
            val checked = check(item, itemDescriptor, path.index(index))
            if (checked !== item) (rewritten ?: ArrayList(element).also { rewritten = it })[index] = checked
        }
        return rewritten?.let(::JsonArray) ?: element
    }

    private fun map(json: JsonObject, descriptor: SerialDescriptor, path: JsonPath): JsonElement {
        val valueDescriptor = descriptor.getElementDescriptor(1)
        var rewritten: MutableMap<String, JsonElement>? = null
        for ((key, value) in json) {
            val checked = check(value, valueDescriptor, path.key(key))
            if (checked !== value) (rewritten ?: LinkedHashMap(json).also { rewritten = it })[key] = checked
        }
        return rewritten?.let(::JsonObject) ?: json
    }

    private fun objectOf(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath): JsonObject =
        element as? JsonObject ?: throw mismatch(element, descriptor, path)

    // MARK: - Scalars

    private fun enumCase(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath): JsonElement {
        if (!isString(element)) throw mismatch(element, descriptor, path)
        val name = (element as JsonPrimitive).content
        if (descriptor.getElementIndex(name) != CompositeDecoder.UNKNOWN_NAME) return element
        val names = descriptor.elementNames.toList()
        throw DecodingException(path, "unknown case ${Messages.quote(name)} (expected ${Messages.list(names, "or")})")
    }

    private fun integer(
        element: JsonElement,
        descriptor: SerialDescriptor,
        path: JsonPath,
        minimum: Long,
        maximum: Long,
    ): JsonElement {
        if (!isNumber(element)) throw mismatch(element, descriptor, path)
        val literal = (element as JsonPrimitive).content
        if (!Messages.isInteger(literal)) throw mismatch(element, descriptor, path)
        val number = literal.toBigDecimal()
        if (number < minimum.toBigDecimal() || number > maximum.toBigDecimal()) {
            throw DecodingException(path, "expected an integer from $minimum to $maximum, got $literal")
        }
        val value = number.toLong()
        return if (literal == value.toString()) element else JsonPrimitive(value)
    }

    private fun isString(element: JsonElement) = element is JsonPrimitive && element.isString

    private fun isBoolean(element: JsonElement) =
        element is JsonPrimitive && !element.isString && (element.content == "true" || element.content == "false")

    private fun isNumber(element: JsonElement) =
        element is JsonPrimitive && element !is JsonNull && !element.isString && element.content.toBigDecimalOrNull() != null

    private fun mismatch(element: JsonElement, descriptor: SerialDescriptor, path: JsonPath): DecodingException {
        val expected = when (descriptor.kind) {
            PrimitiveKind.STRING, SerialKind.ENUM -> "a string"
            PrimitiveKind.CHAR -> "a string of one UTF-16 code unit"
            PrimitiveKind.BOOLEAN -> "true or false"
            PrimitiveKind.BYTE, PrimitiveKind.SHORT, PrimitiveKind.INT, PrimitiveKind.LONG -> "an integer"
            PrimitiveKind.FLOAT, PrimitiveKind.DOUBLE -> "a number"
            StructureKind.LIST -> "an array"
            else -> "an object"
        }
        val orNull = if (descriptor.isNullable) " or null" else ""
        return DecodingException(path, "expected $expected$orNull, got ${Messages.typeName(element)}")
    }
}
