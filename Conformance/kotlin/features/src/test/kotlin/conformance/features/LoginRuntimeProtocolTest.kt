package conformance.features

import conformance.harness.Harness
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import org.junit.jupiter.api.Test
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonObject

/**
 * Login at the runtime level, end to end through [Harness.serve] as the runner drives it (harness protocol
 * §2.5): request lines in, reply lines out, compared byte for byte. Every scenario runs on both Kotlin
 * implementations, `kotlin` ([conformance.login.LoginViewModel]) and `kotlin-viewmodel`
 * ([conformance.viewmodel.LoginScreenViewModel]), which must reply identically once `kotlin`'s received intents and
 * effects in flight (format v1.2, which `kotlin-viewmodel` does not report) are set aside; the last test checks those.
 */
class LoginRuntimeProtocolTest {
    private fun harness(implementation: String): Harness = when (implementation) {
        "kotlin" -> Harness(BundledFeatures.all, implementation = "kotlin", runtimes = BundledFeatures.runtimes)
        else -> Harness(emptyList(), implementation = "kotlin-viewmodel", runtimes = listOf(BundledFeatures.loginScreenRuntime))
    }

    private fun serve(implementation: String, vararg lines: String): String =
        serveAll(implementation, *lines).lines().filter { it.isNotEmpty() }.joinToString("") { withoutReports(it) + "\n" }

    /** The replies as written, `received` and `inFlight` included. */
    private fun serveAll(implementation: String, vararg lines: String): String {
        val output = ByteArrayOutputStream()
        val diagnostics = StringWriter()
        harness(implementation).serve(ByteArrayInputStream(lines.joinToString("") { "$it\n" }.toByteArray()), output, diagnostics)
        assertEquals("", diagnostics.toString())
        return output.toString(Charsets.UTF_8)
    }

    /** A reply line without the `received` and `inFlight` of its start and trace entries. */
    private fun withoutReports(line: String): String {
        val reply = Json.parseToJsonElement(line).jsonObject
        val trace = reply["trace"] as? JsonArray ?: return line
        fun plain(entry: JsonElement) = JsonObject(entry.jsonObject.filterKeys { it != "received" && it != "inFlight" })
        val start = reply["start"] ?: return line
        return JsonObject(reply + ("start" to plain(start)) + ("trace" to JsonArray(trace.map(::plain)))).toString()
    }

    @Test
    fun `kotlin reports the response its effect sent back and the call in flight, kotlin-viewmodel neither`() {
        val received = ""","received":[{"type":"loginResponse","result":{"type":"success","userId":"u1"}}]"""
        val inFlight = ""","inFlight":[{"type":"authenticate","id":"authenticate"}]"""
        val none = ""","received":[],"inFlight":[]"""
        fun reported(entry: String, reports: String) = entry.dropLast(1) + reports + "}"
        assertEquals(
            trace(
                1,
                reported(filled[0], none),
                reported(filled[1], none),
                reported(filled[2], ""","received":[]""" + inFlight),
                reported(entry(state()), received + ""","inFlight":[]"""),
                start = reported(entry(initial), none),
            ),
            serveAll("kotlin", run(1, email, password, submit, respond(3, 1, success))),
        )
        assertEquals(
            trace(1, *filled, entry(state())),
            serveAll("kotlin-viewmodel", run(1, email, password, submit, respond(3, 1, success))),
        )
    }

    private val initial = """{"email":"","password":"","isLoading":false,"error":null}"""

    private fun run(seq: Int, vararg steps: String) =
        """{"cmd":"run","seq":$seq,"id":"login-runtime","feature":"login","level":"runtime","initialState":$initial,""" +
            """"steps":[${steps.joinToString(",")}]}"""

    private fun state(isLoading: Boolean = false, error: String? = null, email: String = EMAIL, password: String = PASSWORD) =
        """{"email":"$email","password":"$password","isLoading":$isLoading,"error":${error?.let { "\"$it\"" } ?: "null"}}"""

    private fun entry(state: String, calls: String = "[]", cancelled: String = "[]") =
        """{"state":$state,"calls":$calls,"cancelled":$cancelled}"""

    /** A reply: what creation did ([start]; login calls nothing then), then [entries]. */
    private fun trace(seq: Int, vararg entries: String, start: String = entry(initial)) =
        """{"seq":$seq,"start":$start,"trace":[${entries.joinToString(",")}]}""" + "\n"

    private fun send(action: String) = """{"send":$action}"""

    private fun respond(step: Int, index: Int, answer: String) = """{"respond":{"call":{"step":$step,"index":$index},$answer}}"""

    private val email = send("""{"type":"emailChanged","value":"$EMAIL"}""")
    private val password = send("""{"type":"passwordChanged","value":"$PASSWORD"}""")
    private val submit = send("""{"type":"submit"}""")
    private val dismissed = send("""{"type":"dismissed"}""")
    private val authenticate = """[{"dependency":"authenticate","arguments":{"email":"$EMAIL","password":"$PASSWORD"}}]"""
    private val success = """"result":{"type":"success","userId":"u1"}"""

    /** The first three steps of most scenarios: fill the form, submit (call 3.1 starts). */
    private val filled = arrayOf(
        entry(state(password = "")),
        entry(state()),
        entry(state(isLoading = true), calls = authenticate),
    )

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `success lands the result (LR1)`(implementation: String) {
        assertEquals(
            trace(1, *filled, entry(state())),
            serve(implementation, run(1, email, password, submit, respond(3, 1, success))),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `a failure result shows its message, a thrown error the fixed one (LR2)`(implementation: String) {
        assertEquals(
            trace(1, *filled, entry(state(error = "Wrong password."))) +
                trace(2, *filled, entry(state(error = "Sign-in failed. Please try again."))),
            serve(
                implementation,
                run(1, email, password, submit, respond(3, 1, """"result":{"type":"failure","message":"Wrong password."}""")),
                run(2, email, password, submit, respond(3, 1, """"error":{"message":"connection reset"}""")),
            ),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `the call times out at 10,000 ms, not 9,999, and its late answer changes nothing (LR3)`(implementation: String) {
        assertEquals(
            trace(
                1,
                *filled,
                entry(state(isLoading = true)),
                entry(state(error = TIMED_OUT), cancelled = """[{"step":3,"index":1}]"""),
                entry(state(error = TIMED_OUT)),
            ),
            serve(implementation, run(1, email, password, submit, """{"advance":9999}""", """{"advance":1}""", respond(3, 1, success))),
        )
        // One advance past the deadline: the timer runs at its own time, within the step.
        assertEquals(
            trace(2, *filled, entry(state(error = TIMED_OUT), cancelled = """[{"step":3,"index":1}]""")),
            serve(implementation, run(2, email, password, submit, """{"advance":60000}""")),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `dismiss cancels the call and its late result changes nothing (LR4)`(implementation: String) {
        assertEquals(
            trace(
                1,
                *filled,
                entry(state(), cancelled = """[{"step":3,"index":1}]"""),
                entry(state()),
                entry(state()),
            ),
            serve(implementation, run(1, email, password, submit, dismissed, respond(3, 1, success), """{"advance":10000}""")),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `clear cancels the call, then intents and a late result change nothing (LR5)`(implementation: String) {
        val loading = state(isLoading = true)
        assertEquals(
            trace(
                1,
                *filled,
                entry(loading, cancelled = """[{"step":3,"index":1}]"""),
                entry(loading),
                entry(loading),
                entry(loading),
                entry(loading),
            ),
            serve(
                implementation,
                run(1, email, password, submit, """{"clear":true}""", submit, send("""{"type":"emailChanged","value":"x"}"""),
                    respond(3, 1, success), """{"advance":10000}"""),
            ),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `a double submit starts one call, and a retry after a failure a second one`(implementation: String) {
        assertEquals(
            trace(
                1,
                *filled,
                entry(state(isLoading = true)),
                entry(state(error = "Sign-in failed. Please try again.")),
                entry(state(isLoading = true), calls = authenticate),
                entry(state()),
            ),
            serve(
                implementation,
                run(1, email, password, submit, submit, respond(3, 1, """"error":{"message":"offline"}"""), submit, respond(6, 1, success)),
            ),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `the client's own cancellation is LR2's failure, not a cancellation, and no timeout follows`(implementation: String) {
        // A CancellationException from the client while the effect is not cancelled.
        val failed = entry(state(error = "Sign-in failed. Please try again."))
        assertEquals(
            trace(1, *filled, failed, failed),
            serve(
                implementation,
                run(
                    1, email, password, submit,
                    respond(3, 1, """"error":{"message":"Timed out waiting for 5000 ms","cancellation":true}"""),
                    """{"advance":10000}""",
                ),
            ),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `a new call cancels the one still running, whose answer and timeout then change nothing (LR6)`(implementation: String) {
        val byHand = send("""{"type":"loginResponse","result":{"type":"failure","message":"by hand"}}""")
        assertEquals(
            trace(
                1,
                *filled,
                entry(state(error = "by hand")),
                entry(state(isLoading = true), calls = authenticate, cancelled = """[{"step":3,"index":1}]"""),
                entry(state(isLoading = true)),
                entry(state(error = TIMED_OUT), cancelled = """[{"step":5,"index":1}]"""),
            ),
            serve(implementation, run(1, email, password, submit, byHand, submit, respond(3, 1, success), """{"advance":10000}""")),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `an invalid submit starts no call, and advancing while idle changes nothing`(implementation: String) {
        val shortPassword = send("""{"type":"passwordChanged","value":"short"}""")
        assertEquals(
            trace(
                1,
                entry(state(email = "", password = "", error = "Email is required.")),
                entry(state(email = "", password = "", error = "Email is required.")),
                entry(state(password = "", error = "Email is required.")),
                entry(state(password = "short", error = "Email is required.")),
                entry(state(password = "short", error = "Password must be at least 8 characters.")),
            ),
            serve(implementation, run(1, submit, """{"advance":86400000}""", email, shortPassword, submit)),
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["kotlin", "kotlin-viewmodel"])
    fun `a respond to a call that was never started is ignored and the step recorded`(implementation: String) {
        // The runner's judge reports it as a failure (protocol §2.5.5); the harness records the step as usual.
        assertEquals(
            trace(9, *filled, entry(state(isLoading = true))),
            serve(implementation, run(9, email, password, submit, respond(3, 2, success))),
        )
    }

    @Test
    fun `hello declares the levels of each feature`() {
        val kotlin = serve("kotlin", """{"cmd":"hello","protocol":1}""")
        assert(kotlin.contains(""""login":{"initialState":$initial,"levels":["reducer","runtime"]}""")) { kotlin }
        assert(kotlin.contains(""""levels":["reducer"],"fields":{""")) { kotlin } // signup, last
        assertEquals(
            """{"protocol":1,"implementation":{"name":"kotlin-viewmodel","language":"Kotlin","version":"1.0.0 (Kotlin 1.9.23)"},""" +
                """"features":{"login":{"initialState":$initial,"levels":["runtime"]}}}""" + "\n",
            serve("kotlin-viewmodel", """{"cmd":"hello","protocol":1}"""),
        )
    }

    @Test
    fun `kotlin-viewmodel has no reducer level, and reducer requests to kotlin are unchanged`() {
        val reducerRequest = """{"cmd":"run","seq":1,"id":"x","feature":"login","initialState":$initial,"actions":[{"type":"submit"}]}"""
        assertEquals(
            """{"seq":1,"skipped":{"reason":"the kotlin-viewmodel implementation does not run feature 'login' at the reducer level"}}""" + "\n",
            serve("kotlin-viewmodel", reducerRequest),
        )
        assertEquals(
            """{"seq":1,"trace":[{"state":{"email":"","password":"","isLoading":false,"error":"Email is required."},"effects":[]}]}""" + "\n",
            serve("kotlin", reducerRequest),
        )
    }

    private companion object {
        const val EMAIL = "user@example.com"
        const val PASSWORD = "correct-horse"
        const val TIMED_OUT = "Sign-in timed out. Please try again."
    }
}
