package conformance.inbox

import conformance.features.BundledFeatures
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/**
 * The Kotlin inbox ([InboxViewModel] through [BundledFeatures.inboxRuntime]) passes every bundled inbox scenario
 * (inbox.md IB1–IB6) at the harness protocol, judged exhaustively by [InboxScenarios].
 */
class InboxRuntimeProtocolTest {
    @ParameterizedTest
    @MethodSource("scenarios")
    fun `the inbox view model passes the bundled scenario`(id: String) {
        assertEquals(emptyList<String>(), InboxScenarios.failures(BundledFeatures.inboxRuntime, id))
    }

    companion object {
        @JvmStatic
        fun scenarios(): List<String> = InboxScenarios.all.keys.toList()
    }
}
