package conformance.harness.internal

import conformance.harness.InstantSerializer
import conformance.harness.UuidSerializer
import java.time.Instant
import java.util.UUID
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

@Serializable
internal data class Reply(val text: String, val likes: Int, val replies: List<Reply>)

@Serializable
internal data class BoardState(val count: Long, val small: Short?, val thread: Reply?)

@Serializable
internal sealed interface BoardIntent {
    @Serializable @SerialName("tag")
    data class Tag(@Serializable(with = UuidSerializer::class) val id: UUID) : BoardIntent

    @Serializable @SerialName("stamp")
    data class Stamp(@Serializable(with = InstantSerializer::class) val at: Instant?, val times: List<Byte>) : BoardIntent
}

/** What a Kotlin harness announces in `hello` `fields` (harness protocol §2.1, README §15.4). */
class FieldTypesTest {
    @Test
    fun `narrow fields of the state and the intents are listed by path, a recursive type once`() {
        assertEquals(
            mapOf(
                "actions.stamp.at" to "Instant",
                "actions.stamp.times.[]" to "Byte",
                "actions.tag.id" to "UUID",
                "state.small" to "Short",
                "state.thread.likes" to "Int",
            ),
            FieldTypes.of(BoardState.serializer().descriptor, BoardIntent.serializer().descriptor),
        )
    }
}
