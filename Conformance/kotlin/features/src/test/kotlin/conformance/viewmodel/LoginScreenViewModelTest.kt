package conformance.viewmodel

import conformance.login.AuthenticationClient
import conformance.login.FakeAuthenticationClient
import conformance.login.LoginIntent
import conformance.login.LoginReducer
import conformance.login.LoginResult
import conformance.login.LoginState
import conformance.udf.VirtualTimeScheduler
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.isActive
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** [LoginScreenViewModel], the reducer-less view model of `kotlin-viewmodel`, on virtual time. */
class LoginScreenViewModelTest {
    private val time = VirtualTimeScheduler()
    private val client = FakeAuthenticationClient()
    private val viewModel = LoginScreenViewModel(client, time.dispatcher)

    @AfterEach
    fun clearViewModel() = viewModel.clear()

    private fun send(vararg intents: LoginIntent) {
        intents.forEach(viewModel::onIntent)
        time.runCurrent()
    }

    private fun submitValidForm() = send(
        LoginIntent.UpdateEmail(" user@example.com "),
        LoginIntent.UpdatePassword("correct-horse"),
        LoginIntent.Submit,
    )

    private val state: LoginState
        get() = viewModel.state.value

    @Test
    fun `validation gives the reducer's messages, in the reducer's order (L3)`() {
        val forms = listOf("" to "correct-horse", " \u0085 " to "x", "a@b" to "correct-horse", "user@example.com" to "short", "a@@b.co" to "")
        for ((email, password) in forms) {
            val viewModel = LoginScreenViewModel(client, time.dispatcher, LoginState(email = email, password = password))
            viewModel.onIntent(LoginIntent.Submit)
            val expected = LoginReducer.reduce(LoginState(email = email, password = password), LoginIntent.Submit).state
            assertEquals(expected, viewModel.state.value, "email '$email', password '$password'")
            viewModel.clear()
        }
        time.runCurrent()
        assertTrue(client.calls.isEmpty())
    }

    @Test
    fun `a valid submit calls the use case with the trimmed email and lands its result (L3, LR1)`() {
        submitValidForm()
        val call = client.calls.single()
        assertEquals("user@example.com" to "correct-horse", call.email to call.password)
        assertEquals(true to null, state.isLoading to state.error)
        call.response.complete(LoginResult.Success("u1"))
        time.runCurrent()
        assertEquals(LoginState(email = " user@example.com ", password = "correct-horse"), state)
    }

    @Test
    fun `a thrown error is the fixed failure, a client's own withTimeout included (LR2)`() {
        submitValidForm()
        client.calls.single().response.completeExceptionally(java.io.IOException("connection reset"))
        time.runCurrent()
        assertEquals(false to "Sign-in failed. Please try again.", state.isLoading to state.error)

        val timingOut = LoginScreenViewModel(
            AuthenticationClient { _, _ -> withTimeout(1_000) { awaitCancellation() } },
            time.dispatcher,
            LoginState(email = "a@b.co", password = "correct-horse"),
        )
        timingOut.onIntent(LoginIntent.Submit)
        time.runCurrent()
        time.advanceTimeBy(1_000)
        time.runCurrent()
        assertEquals(false to "Sign-in failed. Please try again.", timingOut.state.value.isLoading to timingOut.state.value.error)
        timingOut.clear()
    }

    @Test
    fun `the call times out at 10,000 ms, not 9,999, and its late answer is dropped (LR3)`() {
        submitValidForm()
        val call = client.calls.single()
        time.advanceTimeBy(9_999)
        time.runCurrent()
        assertTrue(state.isLoading)
        time.advanceTimeBy(1)
        time.runCurrent()
        assertEquals(false to "Sign-in timed out. Please try again.", state.isLoading to state.error)
        assertTrue(call.cancelled.isCompleted)
        call.response.complete(LoginResult.Success("late"))
        time.runCurrent()
        assertEquals("Sign-in timed out. Please try again.", state.error)
    }

    @Test
    fun `a double submit starts one call (L3 a)`() {
        submitValidForm()
        send(LoginIntent.Submit)
        assertEquals(1, client.calls.size)
    }

    @Test
    fun `dismiss stops loading, cancels the call and drops its late result (L5, LR4)`() {
        submitValidForm()
        val first = client.calls.single()
        send(LoginIntent.Dismissed)
        assertTrue(first.cancelled.isCompleted)
        assertFalse(state.isLoading)
        send(LoginIntent.Submit)
        first.response.complete(LoginResult.Failure("Stale answer."))
        time.runCurrent()
        assertEquals(true to null, state.isLoading to state.error)
        assertEquals(2, client.calls.size)
    }

    @Test
    fun `clear cancels the call, changes no state, and later intents do nothing (LR5)`() {
        submitValidForm()
        val call = client.calls.single()
        viewModel.clear()
        time.runCurrent()
        assertTrue(call.cancelled.isCompleted)
        assertFalse(viewModel.viewModelScope.isActive)
        send(LoginIntent.Dismissed, LoginIntent.UpdateEmail("x"), LoginIntent.Submit)
        call.response.complete(LoginResult.Success("late"))
        time.advanceTimeBy(60_000)
        time.runCurrent()
        assertEquals(LoginState(email = " user@example.com ", password = "correct-horse", isLoading = true), state)
        assertEquals(1, client.calls.size)
    }

    @Test
    fun `a loginResponse intent lands only while loading (L4)`() {
        send(LoginIntent.LoginResponse(LoginResult.Failure("Ignored.")))
        assertEquals(LoginState(), state)
        submitValidForm()
        send(LoginIntent.LoginResponse(LoginResult.Failure("Applied.")))
        assertEquals(false to "Applied.", state.isLoading to state.error)
    }
}
