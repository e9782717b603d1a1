package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.JsonPath
import conformance.harness.internal.JsonText
import conformance.login.LoginEffect
import conformance.login.LoginIntent
import conformance.login.LoginResult
import conformance.login.LoginState
import java.util.stream.Stream
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.Arguments.arguments
import org.junit.jupiter.params.provider.MethodSource

class LoginCodecTest {
    private val tricky = "\u0000\uD800 \"\\ re\u0301sume\u0301 \uD83D\uDC4D\uD83C\uDFFD \u2028"

    /** Encodes with [encode], renders to text, parses the text back and decodes with [decode]. */
    private fun <T> roundTrip(value: T, encode: (T) -> JsonObject, decode: (String) -> T): T =
        decode(JsonText.render(encode(value)))

    private fun decodeIntent(text: String, path: JsonPath = JsonPath.root.key("actions").index(0)) =
        LoginCodec.decodeIntent(Json.parseToJsonElement(text), path)

    private fun decodeState(text: String) =
        LoginCodec.decodeState(Json.parseToJsonElement(text), JsonPath.root.key("initialState"))

    // MARK: - Round trips

    @Test
    fun `every intent round-trips`() {
        val intents = listOf(
            LoginIntent.UpdateEmail(tricky),
            LoginIntent.UpdatePassword(tricky),
            LoginIntent.Submit,
            LoginIntent.LoginResponse(LoginResult.Success(tricky)),
            LoginIntent.LoginResponse(LoginResult.Failure(tricky)),
            LoginIntent.Dismissed,
        )
        for (intent in intents) assertEquals(intent, roundTrip(intent, LoginCodec::encodeIntent, ::decodeIntent))
    }

    @Test
    fun `states round-trip with and without an error`() {
        for (state in listOf(LoginState(), LoginState(tricky, tricky, isLoading = true, error = tricky), LoginState(error = ""))) {
            assertEquals(state, roundTrip(state, LoginCodec::encodeState, ::decodeState))
        }
    }

    @Test
    fun `effects round-trip`() {
        val decode = { text: String -> LoginCodec.decodeEffect(Json.parseToJsonElement(text), JsonPath.root) }
        for (effect in listOf(LoginEffect.Authenticate(tricky, tricky), LoginEffect.Cancel("authenticate"))) {
            assertEquals(effect, roundTrip(effect, LoginCodec::encodeEffect, decode))
        }
    }

    // MARK: - Wire shapes

    @Test
    fun `the state is encoded with every key and an explicit null error`() {
        assertEquals(
            """{"email":"a","password":"b","isLoading":false,"error":null}""",
            JsonText.render(LoginCodec.encodeState(LoginState("a", "b"))),
        )
    }

    @Test
    fun `actions and effects are encoded as type-discriminated case objects`() {
        val rendered = listOf(
            LoginCodec.encodeIntent(LoginIntent.UpdateEmail("a")),
            LoginCodec.encodeIntent(LoginIntent.UpdatePassword("b")),
            LoginCodec.encodeIntent(LoginIntent.Submit),
            LoginCodec.encodeIntent(LoginIntent.LoginResponse(LoginResult.Success("u"))),
            LoginCodec.encodeIntent(LoginIntent.LoginResponse(LoginResult.Failure("m"))),
            LoginCodec.encodeIntent(LoginIntent.Dismissed),
            LoginCodec.encodeEffect(LoginEffect.Authenticate("a@b.co", "p")),
            LoginCodec.encodeEffect(LoginEffect.Cancel("authenticate")),
        ).map(JsonText::render)
        val expected = listOf(
            """{"type":"emailChanged","value":"a"}""",
            """{"type":"passwordChanged","value":"b"}""",
            """{"type":"submit"}""",
            """{"type":"loginResponse","result":{"type":"success","userId":"u"}}""",
            """{"type":"loginResponse","result":{"type":"failure","message":"m"}}""",
            """{"type":"dismissed"}""",
            """{"type":"authenticate","email":"a@b.co","password":"p"}""",
            """{"type":"cancel","id":"authenticate"}""",
        )
        assertEquals(expected, rendered)
    }

    @Test
    fun `decoding ignores key order`() {
        assertEquals(
            LoginState("e", "p", isLoading = true, error = null),
            decodeState("""{"error":null,"isLoading":true,"password":"p","email":"e"}"""),
        )
        assertEquals(LoginIntent.UpdateEmail("x"), decodeIntent("""{"value":"x","type":"emailChanged"}"""))
    }

    // MARK: - Decoding errors

    @ParameterizedTest(name = "{0}")
    @MethodSource("badActions")
    fun `undecodable actions fail with the JSON path`(json: String, message: String) {
        val error = assertThrows(DecodingException::class.java) { decodeIntent(json) }
        assertEquals(message, error.message)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStates")
    fun `undecodable states fail with the JSON path`(json: String, message: String) {
        val error = assertThrows(DecodingException::class.java) { decodeState(json) }
        assertEquals(message, error.message)
    }

    @Test
    fun `the path names the action's index`() {
        val error = assertThrows(DecodingException::class.java) {
            decodeIntent("""{"type":"loginResponse","result":{"type":"succes"}}""", JsonPath.root.key("actions").index(2))
        }
        assertEquals("actions[2].result.type: unknown case 'succes' (expected 'success' or 'failure')", error.message)
    }

    companion object {
        @JvmStatic
        fun badActions(): Stream<Arguments> = Stream.of(
            arguments("[1]", "actions[0]: expected an object, found an array"),
            arguments("null", "actions[0]: expected an object, found null"),
            arguments("""{"value":"x"}""", "actions[0].type: missing key"),
            arguments("""{"type":3}""", "actions[0].type: expected a string, found a number"),
            arguments(
                """{"type":"logout"}""",
                "actions[0].type: unknown case 'logout' (expected 'emailChanged', 'passwordChanged', 'submit', " +
                    "'loginResponse' or 'dismissed')",
            ),
            arguments("""{"type":"Submit"}""", "actions[0].type: unknown case 'Submit' (expected 'emailChanged', " +
                "'passwordChanged', 'submit', 'loginResponse' or 'dismissed')"),
            arguments("""{"type":"emailChanged"}""", "actions[0].value: missing key"),
            arguments("""{"type":"emailChanged","value":null}""", "actions[0].value: expected a string, found null"),
            arguments("""{"type":"passwordChanged","value":true}""", "actions[0].value: expected a string, found a boolean"),
            arguments("""{"type":"emailChanged","value":1}""", "actions[0].value: expected a string, found a number"),
            arguments(
                """{"type":"emailChanged","valu":"x"}""",
                "actions[0].valu: unknown key (case 'emailChanged' has 'value')",
            ),
            arguments("""{"type":"submit","value":"x"}""", "actions[0].value: unknown key (case 'submit' has no fields)"),
            arguments("""{"type":"dismissed","a b":1}""", """actions[0]["a b"]: unknown key (case 'dismissed' has no fields)"""),
            arguments("""{"type":"loginResponse"}""", "actions[0].result: missing key"),
            arguments("""{"type":"loginResponse","result":"ok"}""", "actions[0].result: expected an object, found a string"),
            arguments(
                """{"type":"loginResponse","result":{"type":"success"}}""",
                "actions[0].result.userId: missing key",
            ),
            arguments(
                """{"type":"loginResponse","result":{"type":"failure","message":"m","userId":"u"}}""",
                "actions[0].result.userId: unknown key (case 'failure' has 'message')",
            ),
            arguments(
                """{"type":"emailChanged\n"}""",
                """actions[0].type: unknown case 'emailChanged\n' (expected 'emailChanged', 'passwordChanged', """ +
                    "'submit', 'loginResponse' or 'dismissed')",
            ),
        )

        @JvmStatic
        fun badStates(): Stream<Arguments> = Stream.of(
            arguments("null", "initialState: expected an object, found null"),
            arguments("""{"email":"","password":"","isLoading":false}""", "initialState.error: missing key"),
            arguments(
                """{"email":"","password":"","isLoading":"true","error":null}""",
                "initialState.isLoading: expected a boolean, found a string",
            ),
            arguments(
                """{"email":"","password":"","isLoading":1,"error":null}""",
                "initialState.isLoading: expected a boolean, found a number",
            ),
            arguments(
                """{"email":"","password":"","isLoading":false,"error":5}""",
                "initialState.error: expected a string or null, found a number",
            ),
            arguments("""{"email":[],"password":"","isLoading":false,"error":null}""", "initialState.email: expected a string, found an array"),
            arguments(
                """{"email":"","password":"","isLoading":false,"error":null,"loading":true}""",
                "initialState.loading: unknown key (a login state has 'email', 'password', 'isLoading' and 'error')",
            ),
        )
    }
}
