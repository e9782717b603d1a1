package conformance.udf

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** [ReceivedIntents]: nothing kept until [ReceivedIntents.record], then each [ReceivedIntents.take] empties the log. */
class ReceivedIntentsTest {
    @Test
    fun `keeps nothing before record, then hands out what came back since the last take`() {
        val received = ReceivedIntents<String>()
        received.add("before")
        assertEquals(emptyList<String>(), received.take())
        received.record()
        received.add("tick")
        received.add("tick")
        received.record()
        assertEquals(listOf("tick", "tick"), received.take())
        assertEquals(emptyList<String>(), received.take())
        received.add("loginResponse")
        assertEquals(listOf("loginResponse"), received.take())
    }
}
