package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.HarnessJson
import conformance.harness.internal.JsonPath
import conformance.harness.internal.JsonText
import conformance.harness.internal.ShapeCheck
import java.time.Instant
import java.util.UUID
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import org.junit.jupiter.params.provider.ValueSource

/** A value with a uuid and a date-time field (format v1.2, Conformance/README.md §15). */
@Serializable
internal data class Stamp(
    @Serializable(with = UuidSerializer::class) val id: UUID,
    @Serializable(with = InstantSerializer::class) val at: Instant,
)

/** [UuidSerializer] and [InstantSerializer]: one spelling each, checked with the Swift bridge's words. */
class NeutralFormatsTest {
    private val path = JsonPath.root.key("initialState")

    private fun decode(text: String): Stamp {
        val checked = ShapeCheck.check(Json.parseToJsonElement(text), Stamp.serializer().descriptor, path)
        return HarnessJson.decodeFromJsonElement(Stamp.serializer(), checked)
    }

    @ParameterizedTest
    @ValueSource(
        strings = [
            "2026-12-02T13:05:00.000Z", "1969-12-31T23:59:59.999Z", "0001-01-01T00:00:00.000Z",
            "9999-12-31T23:59:59.999Z", "2024-02-29T12:00:00.123Z",
        ],
    )
    fun `dates and uuids round-trip in their one spelling`(date: String) {
        val text = """{"id":"0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f","at":"$date"}"""
        assertEquals(text, JsonText.render(HarnessJson.encodeToJsonElement(Stamp.serializer(), decode(text))))
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        value = [
            """0B6C3F4E-8D1A-4C2B-9F3E-5A7D2C1B0E9F|2026-12-02T13:05:00.000Z|initialState.id: expected UUID as uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") for Stamp, got "0B6C3F4E-8D1A-4C2B-9F3E-5A7D2C1B0E9F"""",
            """0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9|2026-12-02T13:05:00.000Z|initialState.id: expected UUID as uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") for Stamp, got "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9"""",
            """0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f|2026-12-02T13:05:00Z|initialState.at: expected Instant as date-time (RFC 3339 UTC with milliseconds, e.g. "2026-12-02T13:05:00.000Z") for Stamp, got "2026-12-02T13:05:00Z"""",
            """0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f|2023-02-29T00:00:00.000Z|initialState.at: expected Instant as date-time (RFC 3339 UTC with milliseconds, e.g. "2026-12-02T13:05:00.000Z") for Stamp, got "2023-02-29T00:00:00.000Z"""",
        ],
    )
    fun `malformed dates and uuids are errors at their paths`(id: String, at: String, message: String) {
        val error = assertThrows(DecodingException::class.java) { decode("""{"id":"$id","at":"$at"}""") }
        assertEquals(message, error.message)
    }
}
