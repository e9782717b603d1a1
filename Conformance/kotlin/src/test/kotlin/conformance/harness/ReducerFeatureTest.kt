package conformance.harness

import conformance.login.LoginEffect
import conformance.login.LoginReducer
import conformance.login.LoginState
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class ReducerFeatureTest {
    private val feature = ReducerFeature("login", LoginState(), LoginReducer, LoginCodec)

    private fun run(initialState: String, actions: String) =
        feature.run(Json.parseToJsonElement(initialState), Json.parseToJsonElement(actions) as JsonArray)

    @Test
    fun `the initial state is announced encoded`() {
        assertEquals("login", feature.name)
        assertEquals(LoginCodec.encodeState(LoginState()), feature.initialState)
    }

    @Test
    fun `each action is applied to the state after the previous one`() {
        val outcome = run(
            """{"email":"a@b.co","password":"12345678","isLoading":false,"error":null}""",
            """[{"type":"submit"},{"type":"submit"},{"type":"loginResponse","result":{"type":"failure","message":"No."}}]""",
        )
        val loading = LoginState("a@b.co", "12345678", isLoading = true)
        val expected = RunOutcome.Trace(
            listOf(
                TraceStep(
                    LoginCodec.encodeState(loading),
                    listOf(LoginCodec.encodeEffect(LoginEffect.Authenticate("a@b.co", "12345678"))),
                ),
                TraceStep(LoginCodec.encodeState(loading), emptyList()),
                TraceStep(LoginCodec.encodeState(loading.copy(isLoading = false, error = "No.")), emptyList()),
            ),
        )
        assertEquals(expected, outcome)
    }

    @Test
    fun `a bad initial state is errored at step 0 and a bad action at its step`() {
        assertEquals(RunOutcome.Errored(0, "initialState: expected an object, found an array"), run("[]", "[]"))
        assertEquals(
            RunOutcome.Errored(2, "actions[1]: expected an object, found a string"),
            run("""{"email":"","password":"","isLoading":false,"error":null}""", """[{"type":"submit"},"submit"]"""),
        )
    }
}
