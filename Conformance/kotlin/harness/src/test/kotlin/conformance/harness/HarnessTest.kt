package conformance.harness

import conformance.harness.fixtures.CounterEffect
import conformance.harness.fixtures.CounterIntent
import conformance.harness.fixtures.CounterReducer
import conformance.harness.fixtures.CounterState
import conformance.harness.fixtures.counterFeature
import conformance.udf.Reducer
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Harness protocol v1, fed line by line in-process; outputs are compared verbatim. */
class HarnessTest {
    private class Session(val output: String, val diagnostics: String)

    private fun serve(vararg lines: String, harness: Harness = Harness(listOf(counterFeature()))): Session {
        val output = ByteArrayOutputStream()
        val diagnostics = StringWriter()
        harness.serve(ByteArrayInputStream(lines.joinToString("") { "$it\n" }.toByteArray()), output, diagnostics)
        return Session(output.toString(Charsets.UTF_8), diagnostics.toString())
    }

    private val initial = """{"count":0,"limit":3,"message":null}"""

    private fun run(seq: Int, actions: String, initialState: String = initial, feature: String = "counter") =
        """{"cmd":"run","seq":$seq,"id":"scenario","feature":"$feature","initialState":$initialState,"actions":$actions}"""

    // hello, run, bye

    @Test
    fun `hello announces the implementation and each feature with its initial state, and no levels without runtimes`() {
        val session = serve("""{"cmd":"hello","protocol":1}""")
        // The counter's Int fields are announced, for the runner to check against the manifest (README §15.4).
        val expected = """{"protocol":1,"implementation":{"name":"kotlin","language":"Kotlin",""" +
            """"version":"1.0.0 (Kotlin 1.9.23)"},"features":{"counter":{"initialState":$initial,""" +
            """"fields":{"actions.set.value":"Int","state.count":"Int","state.limit":"Int"}}}}""" + "\n"
        assertEquals(expected, session.output)
        assertEquals("", session.diagnostics)
    }

    @Test
    fun `run replies with one trace entry per action, every state key present`() {
        val session = serve(run(1, """[{"type":"increment"},{"type":"set","value":3},{"type":"increment"}]"""))
        val expected = """{"seq":1,"trace":[""" +
            """{"state":{"count":1,"limit":3,"message":null},"effects":[]},""" +
            """{"state":{"count":3,"limit":3,"message":null},"effects":[]},""" +
            """{"state":{"count":3,"limit":3,"message":"Limit reached."},""" +
            """"effects":[{"type":"limitReached","count":3}]}]}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `run starts from the given initial state`() {
        val session = serve(run(7, """[{"type":"decrement"}]""", initialState = """{"count":5,"limit":9,"message":"Hi."}"""))
        assertEquals("""{"seq":7,"trace":[{"state":{"count":4,"limit":9,"message":null},"effects":[]}]}""" + "\n", session.output)
    }

    @Test
    fun `run with no actions replies with an empty trace`() {
        assertEquals("""{"seq":0,"trace":[]}""" + "\n", serve(run(0, "[]")).output)
    }

    @Test
    fun `strings round-trip exactly, including NUL, surrogate pairs and non-ASCII`() {
        // A lone surrogate (\ud800) is not a Unicode scalar, so a request holding one is not JSON (HarnessStrictnessTest).
        val value = """\u0000\"\\é\ud83d\ude00${"\u2028"}\t\u00e9"""
        val session = serve(run(2, "[]", initialState = """{"count":0,"limit":3,"message":"$value"}"""), run(3, """[{"type":"set","value":1}]""", initialState = """{"count":0,"limit":3,"message":"$value"}"""))
        val rendered = """\u0000\"\\é😀${"\u2028"}\té"""
        val expected = """{"seq":2,"trace":[]}""" + "\n" +
            """{"seq":3,"trace":[{"state":{"count":1,"limit":3,"message":"$rendered"},"effects":[]}]}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `bye stops serving without a reply`() {
        val session = serve("""{"cmd":"bye"}""", """{"cmd":"hello","protocol":1}""")
        assertEquals("", session.output)
        assertEquals("", session.diagnostics)
    }

    @Test
    fun `end of input stops serving, and a last line without a newline is still handled`() {
        val output = ByteArrayOutputStream()
        val input = ByteArrayInputStream(run(3, "[]").toByteArray())
        Harness(listOf(counterFeature())).serve(input, output, StringWriter())
        assertEquals("""{"seq":3,"trace":[]}""" + "\n", output.toString(Charsets.UTF_8))
    }

    /** A stream that notes what each flush sent out. */
    private class FlushRecorder : ByteArrayOutputStream() {
        val flushes = java.util.concurrent.LinkedBlockingQueue<String>()
        private var sent = 0

        @Synchronized
        override fun flush() {
            val bytes = toByteArray()
            if (bytes.size > sent) flushes.add(bytes.copyOfRange(sent, bytes.size).toString(Charsets.UTF_8))
            sent = bytes.size
        }
    }

    @Test
    fun `a reply goes out before the harness waits for the next request`() {
        val requests = java.io.PipedOutputStream()
        val input = java.io.PipedInputStream(requests)
        val output = FlushRecorder()
        val serving = Thread({ Harness(listOf(counterFeature())).serve(input, output, StringWriter()) }, "serving")
        serving.start()
        requests.write((run(1, """[{"type":"increment"}]""") + "\n").toByteArray())
        requests.flush()
        val flushed = output.flushes.poll(30, java.util.concurrent.TimeUnit.SECONDS)
            ?: error("the reply was not flushed while the harness waited for input")
        requests.close()
        serving.join(30_000)
        assertEquals("""{"seq":1,"trace":[{"state":{"count":1,"limit":3,"message":null},"effects":[]}]}""" + "\n", flushed)
    }

    @Test
    fun `a finished scenario's reply goes out while the scenario after it hangs`() {
        // Both requests wait on the input. The first reply must go out before the second scenario ends: a runner
        // times each reply from the one before, so a reply held back here would take the second one's time-out.
        val release = java.util.concurrent.CountDownLatch(1)
        val hangsOnNinetyNine = Reducer<CounterState, CounterIntent, CounterEffect> { state, intent ->
            if (intent == CounterIntent.Set(99)) release.await(60, java.util.concurrent.TimeUnit.SECONDS)
            CounterReducer.reduce(state, intent)
        }
        val input = ByteArrayInputStream(
            (run(1, """[{"type":"increment"}]""") + "\n" + run(2, """[{"type":"set","value":99}]""") + "\n").toByteArray(),
        )
        val output = FlushRecorder()
        val serving = Thread({ Harness(listOf(counterFeature(hangsOnNinetyNine))).serve(input, output, StringWriter()) })
        serving.start()
        val first = output.flushes.poll(30, java.util.concurrent.TimeUnit.SECONDS)
        release.countDown()
        serving.join(30_000)
        assertEquals("""{"seq":1,"trace":[{"state":{"count":1,"limit":3,"message":null},"effects":[]}]}""" + "\n", first)
    }

    @Test
    fun `a carriage return before the newline is JSON white space`() {
        assertEquals("""{"seq":4,"trace":[]}""" + "\n", serve(run(4, "[]") + "\r").output)
    }

    @Test
    fun `seq is echoed as an integer`() {
        val session = serve(
            """{"cmd":"run","seq":1.0,"feature":"counter","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":9223372036854775807,"feature":"counter","initialState":$initial,"actions":[]}""",
        )
        assertEquals("""{"seq":1,"trace":[]}""" + "\n" + """{"seq":9223372036854775807,"trace":[]}""" + "\n", session.output)
    }

    // errored, skipped

    @Test
    fun `an undecodable action is errored at its 1-based step with the JSON path`() {
        val session = serve(run(5, """[{"type":"increment"},{"type":"increment"},{"type":"set","value":"2"}]"""))
        val expected = """{"seq":5,"errored":{"step":3,"message":"actions[2].value: expected Int for CounterIntent, got string"}}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `an undecodable initial state is errored at step 0`() {
        val session = serve(run(6, """[{"type":"increment"}]""", initialState = """{"count":0,"limit":3}"""))
        val expected = """{"seq":6,"errored":{"step":0,"message":"initialState.message: missing key 'message' for CounterState"}}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `a request missing its parts is errored at step 0`() {
        val session = serve(
            """{"cmd":"run","seq":1,"feature":"counter","actions":[]}""",
            """{"cmd":"run","seq":2,"feature":"counter","initialState":$initial}""",
            """{"cmd":"run","seq":3,"feature":"counter","initialState":$initial,"actions":{}}""",
            """{"cmd":"run","seq":4,"initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":5,"feature":7,"initialState":$initial,"actions":[]}""",
        )
        // The Swift harness's words (HarnessServer.runReply), one message for every missing or mistyped part.
        val message = "the request needs 'feature' (string), 'initialState' and 'actions' (array)"
        val expected = (1..5).map { """{"seq":$it,"errored":{"step":0,"message":"$message"}}""" }
        assertEquals(expected.joinToString("") { "$it\n" }, session.output)
    }

    @Test
    fun `a reducer that throws is errored at that step`() {
        val throwing = Reducer<CounterState, CounterIntent, CounterEffect> { state, intent ->
            check(intent != CounterIntent.Decrement) { "Decrement is not supported." }
            CounterReducer.reduce(state, intent)
        }
        val harness = Harness(features = listOf(counterFeature(throwing)))
        val session = serve(run(8, """[{"type":"increment"},{"type":"decrement"}]"""), harness = harness)
        val expected = """{"seq":8,"errored":{"step":2,"message":"The reducer threw """ +
            """java.lang.IllegalStateException: Decrement is not supported."}}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `an unknown feature is skipped`() {
        val session = serve(run(9, "[]", initialState = "{}", feature = "signup"))
        val expected = """{"seq":9,"skipped":{"reason":"the Kotlin implementation has no feature 'signup'"}}""" + "\n"
        assertEquals(expected, session.output)
    }

    // Lines that are not requests

    @Test
    fun `lines that are not requests get a diagnostic, no reply, and serving goes on`() {
        val session = serve(
            "[1,2]",
            "",
            """{"protocol":1}""",
            """{"cmd":"helo"}""",
            """{"cmd":"run","feature":"counter","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":-1,"feature":"counter","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":"1","feature":"counter","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":1.5,"feature":"counter","initialState":$initial,"actions":[]}""",
            """{"cmd":"hello","protocol":1}""",
        )
        assertTrue(session.output.startsWith("""{"protocol":1,"""), session.output)
        assertEquals(1, session.output.lines().count { it.isNotEmpty() })
        // The Swift harness's words (HarnessServer.serve), after the implementation's prefix.
        val ignoredRun = "kotlin harness: a 'run' request without a non-negative integer 'seq'; ignored\n"
        val expected = "kotlin harness: request line 1 has no known 'cmd' (hello, run, bye); ignored\n" +
            "kotlin harness: request line 2 is blank; ignored\n" +
            "kotlin harness: request line 3 has no known 'cmd' (hello, run, bye); ignored\n" +
            "kotlin harness: request line 4 has no known 'cmd' (hello, run, bye); ignored\n" +
            ignoredRun.repeat(4)
        assertEquals(expected, session.diagnostics)
    }

    @Test
    fun `a line that is not JSON is located by line and column, in the Swift parser's words`() {
        val session = serve(
            "not json",
            "[tru]",
            """{"cmd":"run","seq":09}""",
            """{"cmd":"hello","cmd":"hello"}""",
            """{"a":"\ud800"}""",
            "{\"a\":\"\u0001\"}",
            "\uFEFF{}",
            "[".repeat(300),
            """{"cmd":"bye"}""",
        )
        assertEquals("", session.output)
        val expected = listOf(
            "unexpected character 'n'; expected a value (did you mean 'null'?) at column 1",
            "unexpected character 't'; expected a value (did you mean 'true'?) at column 2",
            "leading zeros are not allowed in numbers (RFC 8259 §6) at column 21",
            "duplicate key 'cmd' (each key may appear once in an object) at column 16",
            "lone high surrogate \\uD800 (not followed by a low surrogate) is not a Unicode scalar at column 7",
            "control character U+01 must be escaped inside a string (RFC 8259 §7) at column 7",
            "a byte-order mark (U+FEFF) is not allowed at the start of JSON text (RFC 8259 §8.1) at column 1",
            "nesting is deeper than 256 levels at column 257",
        ).withIndex().joinToString("") { (index, reason) ->
            "kotlin harness: request line ${index + 1} is not JSON ($reason); ignored\n"
        }
        assertEquals(expected, session.diagnostics)
    }

    // Configuration

    @Test
    fun `the implementation name is announced and prefixes diagnostics`() {
        val harness = Harness(listOf(counterFeature()), implementation = "android", version = "2.1")
        val session = serve("""{"cmd":"hello","protocol":1}""", "[]", run(1, "[]", feature = "login"), harness = harness)
        val expected = """{"protocol":1,"implementation":{"name":"android","language":"Kotlin","version":"2.1"},""" +
            """"features":{"counter":{"initialState":$initial,"fields":{"actions.set.value":"Int","state.count":"Int","state.limit":"Int"}}}}""" + "\n" +
            """{"seq":1,"skipped":{"reason":"the Kotlin implementation has no feature 'login'"}}""" + "\n"
        assertEquals(expected, session.output)
        assertEquals("android harness: request line 2 has no known 'cmd' (hello, run, bye); ignored\n", session.diagnostics)
    }

    @Test
    fun `a name that is not kebab-case and repeated features are programming errors`() {
        val badName = assertThrows(IllegalArgumentException::class.java) {
            Harness(listOf(counterFeature()), implementation = "My App")
        }
        assertEquals("The implementation name must be kebab-case (e.g. 'kotlin' or 'android'); got 'My App'.", badName.message)
        val repeated = assertThrows(IllegalArgumentException::class.java) {
            Harness(listOf(counterFeature(), counterFeature()))
        }
        assertEquals("Feature names must be unique; more than one feature is named 'counter'.", repeated.message)
    }
}
