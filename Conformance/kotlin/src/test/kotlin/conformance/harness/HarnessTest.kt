package conformance.harness

import conformance.login.LoginEffect
import conformance.login.LoginIntent
import conformance.login.LoginReducer
import conformance.login.LoginState
import conformance.udf.Reducer
import java.io.StringReader
import java.io.StringWriter
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Harness protocol v1, fed line by line in-process; outputs are compared verbatim. */
class HarnessTest {
    private class Session(val output: String, val diagnostics: String)

    private fun serve(vararg lines: String, harness: Harness = Harness()): Session {
        val output = StringWriter()
        val diagnostics = StringWriter()
        harness.serve(StringReader(lines.joinToString("") { "$it\n" }), output, diagnostics)
        return Session(output.toString(), diagnostics.toString())
    }

    private val initial = """{"email":"","password":"","isLoading":false,"error":null}"""

    private fun run(seq: Int, actions: String, initialState: String = initial, feature: String = "login") =
        """{"cmd":"run","seq":$seq,"id":"scenario","feature":"$feature","initialState":$initialState,"actions":$actions}"""

    // MARK: - hello, run, bye

    @Test
    fun `hello announces the implementation and the login feature`() {
        val session = serve("""{"cmd":"hello","protocol":1}""")
        val expected = """{"protocol":1,"implementation":{"name":"kotlin","language":"Kotlin",""" +
            """"version":"1.0.0 (Kotlin 1.9.23)"},"features":{"login":{"initialState":$initial}}}""" + "\n"
        assertEquals(expected, session.output)
        assertEquals("", session.diagnostics)
    }

    @Test
    fun `run replies with one trace entry per action, every state key present`() {
        val session = serve(
            run(
                1,
                """[{"type":"emailChanged","value":" a@b.co "},{"type":"passwordChanged","value":"12345678"},""" +
                    """{"type":"submit"}]""",
            ),
        )
        val expected = """{"seq":1,"trace":[""" +
            """{"state":{"email":" a@b.co ","password":"","isLoading":false,"error":null},"effects":[]},""" +
            """{"state":{"email":" a@b.co ","password":"12345678","isLoading":false,"error":null},"effects":[]},""" +
            """{"state":{"email":" a@b.co ","password":"12345678","isLoading":true,"error":null},""" +
            """"effects":[{"type":"authenticate","email":"a@b.co","password":"12345678"}]}]}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `run starts from the given initial state and reports cancel effects`() {
        val loading = """{"email":"a@b.co","password":"12345678","isLoading":true,"error":"Old."}"""
        val session = serve(run(7, """[{"type":"dismissed"}]""", initialState = loading))
        val expected = """{"seq":7,"trace":[{"state":{"email":"a@b.co","password":"12345678","isLoading":false,""" +
            """"error":"Old."},"effects":[{"type":"cancel","id":"authenticate"}]}]}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `run with no actions replies with an empty trace`() {
        assertEquals("""{"seq":0,"trace":[]}""" + "\n", serve(run(0, "[]")).output)
    }

    @Test
    fun `strings round-trip exactly, including NUL, lone surrogates and non-ASCII`() {
        val value = """\u0000\ud800\"\\é\ud83d\ude00${"\u2028"}\t\u00e9"""
        val session = serve(run(2, """[{"type":"emailChanged","value":"$value"}]"""))
        val rendered = """\u0000\ud800\"\\é😀${"\u2028"}\té"""
        val expected = """{"seq":2,"trace":[{"state":{"email":"$rendered","password":"","isLoading":false,""" +
            """"error":null},"effects":[]}]}""" + "\n"
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
        val output = StringWriter()
        Harness().serve(StringReader(run(3, "[]")), output, StringWriter())
        assertEquals("""{"seq":3,"trace":[]}""" + "\n", output.toString())
    }

    @Test
    fun `a carriage return before the newline is JSON white space`() {
        assertEquals("""{"seq":4,"trace":[]}""" + "\n", serve(run(4, "[]") + "\r").output)
    }

    @Test
    fun `seq is echoed as an integer`() {
        val session = serve(
            """{"cmd":"run","seq":1.0,"feature":"login","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":9223372036854775807,"feature":"login","initialState":$initial,"actions":[]}""",
        )
        assertEquals("""{"seq":1,"trace":[]}""" + "\n" + """{"seq":9223372036854775807,"trace":[]}""" + "\n", session.output)
    }

    // MARK: - errored, skipped

    @Test
    fun `an undecodable action is errored at its 1-based step with the JSON path`() {
        val session = serve(
            run(
                5,
                """[{"type":"emailChanged","value":"a@b.co"},{"type":"submit"},""" +
                    """{"type":"loginResponse","result":{"type":"succes","userId":"u"}}]""",
            ),
        )
        val expected = """{"seq":5,"errored":{"step":3,"message":"actions[2].result.type: unknown case 'succes' """ +
            """(expected 'success' or 'failure')"}}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `an undecodable initial state is errored at step 0`() {
        val state = """{"email":"","password":"","isLoading":"false","error":null}"""
        val session = serve(run(6, """[{"type":"submit"}]""", initialState = state))
        val expected = """{"seq":6,"errored":{"step":0,"message":"initialState.isLoading: expected a boolean, """ +
            """found a string"}}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `a request missing its parts is errored at step 0`() {
        val session = serve(
            """{"cmd":"run","seq":1,"feature":"login","actions":[]}""",
            """{"cmd":"run","seq":2,"feature":"login","initialState":$initial}""",
            """{"cmd":"run","seq":3,"feature":"login","initialState":$initial,"actions":{}}""",
            """{"cmd":"run","seq":4,"initialState":$initial,"actions":[]}""",
        )
        val expected = listOf(
            """{"seq":1,"errored":{"step":0,"message":"initialState: missing key"}}""",
            """{"seq":2,"errored":{"step":0,"message":"actions: expected an array, found nothing (missing key)"}}""",
            """{"seq":3,"errored":{"step":0,"message":"actions: expected an array, found an object"}}""",
            """{"seq":4,"errored":{"step":0,"message":"feature: expected a string, found nothing (missing key)"}}""",
        )
        assertEquals(expected.joinToString("") { "$it\n" }, session.output)
    }

    @Test
    fun `a reducer that throws is errored at that step`() {
        val throwing = Reducer<LoginState, LoginIntent, LoginEffect> { state, intent ->
            check(intent != LoginIntent.Dismissed) { "Dismissed is not supported." }
            LoginReducer.reduce(state, intent)
        }
        val harness = Harness(features = listOf(ReducerFeature("login", LoginState(), throwing, LoginCodec)))
        val session = serve(run(8, """[{"type":"submit"},{"type":"dismissed"}]"""), harness = harness)
        val expected = """{"seq":8,"errored":{"step":2,"message":"The reducer threw """ +
            """java.lang.IllegalStateException: Dismissed is not supported."}}""" + "\n"
        assertEquals(expected, session.output)
    }

    @Test
    fun `an unknown feature is skipped`() {
        val session = serve(run(9, "[]", initialState = "{}", feature = "signup"))
        val expected = """{"seq":9,"skipped":{"reason":"The kotlin harness does not implement feature 'signup'; """ +
            """it implements 'login'."}}""" + "\n"
        assertEquals(expected, session.output)
    }

    // MARK: - Lines that are not requests

    @Test
    fun `lines that are not requests get a diagnostic, no reply, and serving goes on`() {
        val session = serve(
            "[1,2]",
            "",
            """{"protocol":1}""",
            """{"cmd":"helo"}""",
            """{"cmd":"run","feature":"login","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":-1,"feature":"login","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":"1","feature":"login","initialState":$initial,"actions":[]}""",
            """{"cmd":"run","seq":1.5,"feature":"login","initialState":$initial,"actions":[]}""",
            """{"cmd":"hello","protocol":1}""",
        )
        assertTrue(session.output.startsWith("""{"protocol":1,"""), session.output)
        assertEquals(1, session.output.lines().count { it.isNotEmpty() })
        val ignoredRun = { seq: String ->
            "kotlin harness: Ignored a run request without a non-negative integer 'seq': " +
                "'{\"cmd\":\"run\",$seq\"feature\":\"login\",\"initialState\":{\"email\":\"\",\"password\":\"\"," +
                "\"isLoading\":false,\"error\":null},\"actions\":[]}'\n"
        }
        val expected = "kotlin harness: Ignored a line that is not a JSON object: '[1,2]'\n" +
            "kotlin harness: Ignored a line that is not JSON: ''\n" +
            "  Cannot read Json element because of unexpected end of the input at path: \$\n" +
            "kotlin harness: Ignored a request without a string 'cmd': '{\"protocol\":1}'\n" +
            "kotlin harness: Ignored unknown command 'helo'; expected 'hello', 'run' or 'bye'.\n" +
            ignoredRun("") + ignoredRun("\"seq\":-1,") + ignoredRun("\"seq\":\"1\",") + ignoredRun("\"seq\":1.5,")
        assertEquals(expected, session.diagnostics)
    }

    @Test
    fun `a line that is not JSON is quoted in the diagnostic`() {
        val session = serve("not json", """{"cmd":"bye"}""")
        assertEquals("", session.output)
        assertTrue(
            session.diagnostics.startsWith("kotlin harness: Ignored a line that is not JSON: 'not json'\n  "),
            session.diagnostics,
        )
    }

    @Test
    fun `long garbage lines are shortened in the diagnostic`() {
        val session = serve("[" + "1,".repeat(100) + "1]")
        val excerpt = "[" + "1,".repeat(99) + "1…"
        assertEquals("kotlin harness: Ignored a line that is not a JSON object: '$excerpt'\n", session.diagnostics)
    }
}
