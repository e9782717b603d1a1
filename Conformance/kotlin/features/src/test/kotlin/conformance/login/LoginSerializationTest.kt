package conformance.login

import conformance.features.BundledFeatures
import conformance.harness.Harness
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import java.util.stream.Stream
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.Arguments.arguments
import org.junit.jupiter.params.provider.MethodSource

/**
 * Login's `@Serializable` types through the harness library's bridge, as the runner sees them: the wire
 * shapes of `Conformance/features/login.json` and the decoding errors, each naming its JSON path.
 */
class LoginSerializationTest {
    private val harness = Harness(listOf(BundledFeatures.login))
    private val initial = """{"email":"","password":"","isLoading":false,"error":null}"""

    /** The reply line to a run of [actions] from [initialState]. */
    private fun reply(actions: String, initialState: String = initial): String {
        val output = ByteArrayOutputStream()
        val request = """{"cmd":"run","seq":1,"id":"x","feature":"login","initialState":$initialState,"actions":$actions}"""
        harness.serve(ByteArrayInputStream("$request\n".toByteArray()), output, StringWriter())
        return output.toString(Charsets.UTF_8).removeSuffix("\n")
    }

    private fun errored(step: Int, message: String) = """{"seq":1,"errored":{"step":$step,"message":"$message"}}"""

    @Test
    fun `the initial state is announced with every key and an explicit null error`() {
        assertEquals(initial, BundledFeatures.login.initialState.toString())
    }

    @Test
    fun `every action decodes and every effect is encoded as a type-discriminated case object`() {
        val actions = """[{"type":"emailChanged","value":" a@b.co "},{"type":"passwordChanged","value":"12345678"},""" +
            """{"type":"submit"},{"type":"loginResponse","result":{"type":"failure","message":"No."}},""" +
            """{"type":"submit"},{"type":"dismissed"},{"type":"loginResponse","result":{"type":"success","userId":"u"}}]"""
        val typed = """"email":" a@b.co ","password":"12345678""""
        val expected = """{"seq":1,"trace":[""" +
            """{"state":{"email":" a@b.co ","password":"","isLoading":false,"error":null},"effects":[]},""" +
            """{"state":{$typed,"isLoading":false,"error":null},"effects":[]},""" +
            """{"state":{$typed,"isLoading":true,"error":null},""" +
            """"effects":[{"type":"authenticate","email":"a@b.co","password":"12345678"}]},""" +
            """{"state":{$typed,"isLoading":false,"error":"No."},"effects":[]},""" +
            """{"state":{$typed,"isLoading":true,"error":null},""" +
            """"effects":[{"type":"authenticate","email":"a@b.co","password":"12345678"}]},""" +
            """{"state":{$typed,"isLoading":false,"error":null},"effects":[{"type":"cancel","id":"authenticate"}]},""" +
            """{"state":{$typed,"isLoading":false,"error":null},"effects":[]}]}"""
        assertEquals(expected, reply(actions))
    }

    @Test
    fun `states and strings round-trip exactly, in any key order`() {
        val tricky = """\u0000 \"\\ re\u0301sume\u0301 \ud83d\udc4d\ud83c\udffd \u2028"""
        val rendered = """\u0000 \"\\ re${"\u0301"}sume${"\u0301"} 👍🏽 ${"\u2028"}"""
        val state = """{"error":"$tricky","isLoading":false,"password":"$tricky","email":"$tricky"}"""
        val expected = """{"seq":1,"trace":[{"state":{"email":"$rendered","password":"$rendered","isLoading":false,""" +
            """"error":"$rendered"},"effects":[]}]}"""
        assertEquals(expected, reply("""[{"value":"$tricky","type":"emailChanged"}]""", state))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badActions")
    fun `undecodable actions are errored with the JSON path`(json: String, message: String) {
        assertEquals(errored(2, message), reply("""[{"type":"submit"},$json]"""))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStates")
    fun `undecodable states are errored at step 0 with the JSON path`(json: String, message: String) {
        assertEquals(errored(0, message), reply("[]", json))
    }

    companion object {
        private const val KNOWN = "of LoginIntent (known: dismissed, emailChanged, loginResponse, passwordChanged, submit)"

        @JvmStatic
        fun badActions(): Stream<Arguments> = Stream.of(
            arguments("[1]", "actions[1]: expected LoginIntent, got array"),
            arguments("null", "actions[1]: expected LoginIntent, got null"),
            arguments("""{"value":"x"}""", """actions[1]: missing key 'type' (a LoginIntent is {\"type\": case, …fields})"""),
            arguments("""{"type":3}""", "actions[1].type: expected String for LoginIntent, got integer"),
            arguments("""{"type":"logout"}""", "actions[1].type: unknown action 'logout' $KNOWN"),
            arguments("""{"type":"Submit"}""", "actions[1].type: unknown action 'Submit' $KNOWN"),
            arguments("""{"type":"UpdateEmail","value":"x"}""", "actions[1].type: unknown action 'UpdateEmail' $KNOWN"),
            arguments("""{"type":"emailChanged"}""", "actions[1].value: missing key 'value' for LoginIntent"),
            arguments("""{"type":"emailChanged","value":null}""", "actions[1].value: expected String for LoginIntent, got null"),
            arguments("""{"type":"passwordChanged","value":true}""", "actions[1].value: expected String for LoginIntent, got boolean"),
            arguments("""{"type":"emailChanged","value":1}""", "actions[1].value: expected String for LoginIntent, got integer"),
            arguments(
                """{"type":"emailChanged","valu":"x"}""",
                "actions[1].valu: unknown key 'valu' of LoginIntent 'emailChanged' (known: type, value)",
            ),
            arguments(
                """{"type":"submit","value":"x"}""",
                "actions[1].value: unknown key 'value' of LoginIntent 'submit' (known: type)",
            ),
            arguments(
                """{"type":"dismissed","a b":1}""",
                """actions[1][\"a b\"]: unknown key 'a b' of LoginIntent 'dismissed' (known: type)""",
            ),
            arguments("""{"type":"loginResponse"}""", "actions[1].result: missing key 'result' for LoginIntent"),
            arguments(
                """{"type":"loginResponse","result":"ok"}""",
                "actions[1].result: expected LoginResult for LoginIntent, got string",
            ),
            arguments(
                """{"type":"loginResponse","result":{"type":"succes","userId":"u"}}""",
                "actions[1].result.type: unknown case 'succes' of LoginResult (known: failure, success)",
            ),
            arguments(
                """{"type":"loginResponse","result":{"type":"success"}}""",
                "actions[1].result.userId: missing key 'userId' for LoginResult",
            ),
            arguments(
                """{"type":"loginResponse","result":{"type":"failure","message":"m","userId":"u"}}""",
                "actions[1].result.userId: unknown key 'userId' of LoginResult 'failure' (known: type, message)",
            ),
            arguments("""{"type":"emailChanged\n"}""", """actions[1].type: unknown action 'emailChanged\\n' $KNOWN"""),
        )

        @JvmStatic
        fun badStates(): Stream<Arguments> = Stream.of(
            arguments("null", "initialState: expected LoginState, got null"),
            arguments("""{"email":"","password":"","isLoading":false}""", "initialState.error: missing key 'error' for LoginState"),
            arguments(
                """{"email":"","password":"","isLoading":"true","error":null}""",
                "initialState.isLoading: expected Boolean for LoginState, got string",
            ),
            arguments(
                """{"email":"","password":"","isLoading":1,"error":null}""",
                "initialState.isLoading: expected Boolean for LoginState, got integer",
            ),
            arguments(
                """{"email":"","password":"","isLoading":false,"error":5}""",
                "initialState.error: expected String for LoginState, got integer",
            ),
            arguments(
                """{"email":[],"password":"","isLoading":false,"error":null}""",
                "initialState.email: expected String for LoginState, got array",
            ),
            arguments(
                """{"email":"","password":"","isLoading":false,"error":null,"loading":true}""",
                "initialState.loading: unknown key 'loading' of LoginState (known: email, password, isLoading, error)",
            ),
        )
    }
}
