package conformance.login

import conformance.harness.ActionLog
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** The README's Kotlin action-logging sample: login intents as the lines `conformance record --actions` reads. */
class LoginActionLogTest {
    @Test
    fun `login intents are logged in the neutral form the Swift side writes`() {
        val lines = mutableListOf<String>()
        val intents = listOf(
            LoginIntent.UpdateEmail("user@example.com"),
            LoginIntent.UpdatePassword("correct-horse"),
            LoginIntent.Submit,
            LoginIntent.LoginResponse(LoginResult.Failure("Locked.")),
        )
        // The README's sample, with `lines.add` for the app's logger.
        val actionLog = ActionLog(LoginIntent.serializer())  // once: the sealed interface's serializer
        for (intent in intents) {
            lines.add(actionLog.line(intent))  // per intent sent: {"type":"emailChanged","value":"user@example.com"}
        }
        assertEquals(
            listOf(
                """{"type":"emailChanged","value":"user@example.com"}""",
                """{"type":"passwordChanged","value":"correct-horse"}""",
                """{"type":"submit"}""",
                """{"type":"loginResponse","result":{"type":"failure","message":"Locked."}}""",
            ),
            lines,
        )
    }
}
