package conformance.harness

import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import java.time.Instant
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter
import java.time.temporal.ChronoUnit
import java.util.UUID

/**
 * Writes a [UUID] as the manifest's `"format": "uuid"` (Conformance/README.md §15): lower-case canonical
 * 8-4-4-4-12, e.g. `0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f`, and reads only that spelling (upper case, braces or
 * missing dashes are errors), as the Swift side's Codable bridge does.
 *
 * ```kotlin
 * @Serializable data class Account(@Serializable(with = UuidSerializer::class) val userId: UUID)
 * ```
 *
 * @throws SerializationException on decoding any other text; the harness checks the text first and reports
 *   it at its JSON path.
 */
public object UuidSerializer : KSerializer<UUID> {
    /** The serial name the harness recognises to check the format before decoding. */
    public const val SERIAL_NAME: String = "conformance.harness.UUID"

    override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor(SERIAL_NAME, PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: UUID): Unit = encoder.encodeString(value.toString())

    override fun deserialize(decoder: Decoder): UUID {
        val text = decoder.decodeString()
        if (!NeutralFormats.isUuid(text)) throw SerializationException("not a lower-case canonical UUID: '$text'")
        return UUID.fromString(text)
    }
}

/**
 * Writes an [Instant] as the manifest's `"format": "date-time"` (Conformance/README.md §15): RFC 3339 in UTC with
 * exactly three fraction digits, e.g. `2026-12-02T13:05:00.000Z` (truncated to the millisecond, as the
 * format holds), and reads only that spelling, as the Swift side's Codable bridge does.
 *
 * ```kotlin
 * @Serializable data class Account(@Serializable(with = InstantSerializer::class) val createdAt: Instant)
 * ```
 *
 * @throws SerializationException on decoding any other text; the harness checks the text first and reports
 *   it at its JSON path.
 */
public object InstantSerializer : KSerializer<Instant> {
    /** The serial name the harness recognises to check the format before decoding. */
    public const val SERIAL_NAME: String = "conformance.harness.Instant"

    // Made on first use: building a DateTimeFormatter links the JDK's lambdas (LambdaMetafactory), a cost every
    // harness start would pay while only features with an Instant field ever format one.
    private val format: DateTimeFormatter by lazy {
        DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC)
    }

    override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor(SERIAL_NAME, PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: Instant): Unit =
        encoder.encodeString(format.format(value.truncatedTo(ChronoUnit.MILLIS)))

    override fun deserialize(decoder: Decoder): Instant {
        val text = decoder.decodeString()
        if (!NeutralFormats.isDateTime(text)) throw SerializationException("not an RFC 3339 UTC date-time with milliseconds: '$text'")
        return Instant.parse(text)
    }
}

/** The one spelling of each neutral string format (Conformance/README.md §15), as the Swift side's `StringFormat`. */
internal object NeutralFormats {
    private val uuid = Regex("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
    private val dateTime = Regex("^(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})\\.\\d{3}Z$")

    /** How the uuid format reads in messages, word for word as on the Swift side. */
    const val UUID_PHRASE: String =
        "uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. \"0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f\")"

    /** How the date-time format reads in messages, word for word as on the Swift side. */
    const val DATE_TIME_PHRASE: String =
        "date-time (RFC 3339 UTC with milliseconds, e.g. \"2026-12-02T13:05:00.000Z\")"

    fun isUuid(text: String): Boolean = uuid.matches(text)

    /** `YYYY-MM-DDTHH:MM:SS.sssZ` with a real calendar date and a time of day in range (no leap second). */
    fun isDateTime(text: String): Boolean {
        val parts = dateTime.matchEntire(text)?.groupValues?.drop(1)?.map(String::toInt) ?: return false
        val (year, month, day) = parts
        if (month !in 1..12 || day < 1 || day > java.time.YearMonth.of(year, month).lengthOfMonth()) return false
        return parts[3] < 24 && parts[4] < 60 && parts[5] < 60
    }
}
