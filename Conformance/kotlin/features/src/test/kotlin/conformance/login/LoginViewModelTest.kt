package conformance.login

import conformance.udf.VirtualTimeScheduler
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import kotlin.concurrent.thread
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.isActive
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * [LoginViewModel] runs the reducer's effects and feeds their results back.
 *
 * Most tests inject `Dispatchers.Unconfined`, so an effect runs in the caller's thread up to its first
 * suspension and a response lands before `complete` returns: the tests are deterministic without
 * kotlinx-coroutines-test. One test uses a real thread to check the injected dispatcher is used.
 */
class LoginViewModelTest {
    private val client = FakeAuthenticationClient()
    private val viewModel = LoginViewModel(client, Dispatchers.Unconfined)

    @AfterEach
    fun clearViewModel() = viewModel.clear()

    private fun fillValidForm() {
        viewModel.onIntent(LoginIntent.UpdateEmail(" user@example.com "))
        viewModel.onIntent(LoginIntent.UpdatePassword("correct-horse"))
    }

    @Test
    fun `state starts at the initial state and is exposed read-only`() {
        assertEquals(LoginState(), viewModel.state.value)
        assertFalse(viewModel.state is MutableStateFlow<*>)
    }

    @Test
    fun `input intents go through the reducer`() {
        fillValidForm()
        assertEquals(LoginState(email = " user@example.com ", password = "correct-horse"), viewModel.state.value)
        viewModel.onIntent(LoginIntent.Submit)
        assertEquals(true, viewModel.state.value.isLoading)
    }

    @Test
    fun `an invalid submit shows the error and sends no request`() {
        viewModel.onIntent(LoginIntent.Submit)
        assertEquals(LoginState(error = "Email is required."), viewModel.state.value)
        assertEquals(0, client.calls.size)
    }

    @Test
    fun `a valid submit sends the trimmed email and lands the success`() {
        fillValidForm()
        viewModel.onIntent(LoginIntent.Submit)
        val call = client.calls.single()
        assertEquals("user@example.com" to "correct-horse", call.email to call.password)

        call.response.complete(LoginResult.Success("user-1"))

        assertEquals(LoginState(email = " user@example.com ", password = "correct-horse"), viewModel.state.value)
    }

    @Test
    fun `a failure response becomes the error`() {
        fillValidForm()
        viewModel.onIntent(LoginIntent.Submit)
        client.calls.single().response.complete(LoginResult.Failure("Wrong password."))
        assertEquals(
            LoginState(email = " user@example.com ", password = "correct-horse", error = "Wrong password."),
            viewModel.state.value,
        )
    }

    @Test
    fun `a client that throws is reported as a failure`() {
        fillValidForm()
        viewModel.onIntent(LoginIntent.Submit)
        client.calls.single().response.completeExceptionally(IllegalStateException("Server unreachable."))
        // LR2: the same text as on Swift, whatever the exception says.
        assertEquals(
            "Sign-in failed. Please try again." to false,
            viewModel.state.value.error to viewModel.state.value.isLoading,
        )
    }

    @Test
    fun `a client that gives up with withTimeout is a failure, not a screen left loading`() {
        // A TimeoutCancellationException is a CancellationException, and was rethrown.
        val timingOut = LoginViewModel(
            object : AuthenticationClient {
                override suspend fun authenticate(email: String, password: String): LoginResult =
                    withTimeout(1) { awaitCancellation() }
            },
            Dispatchers.Unconfined,
        )
        timingOut.onIntent(LoginIntent.UpdateEmail("ada@example.com"))
        timingOut.onIntent(LoginIntent.UpdatePassword("correct horse"))
        timingOut.onIntent(LoginIntent.Submit)
        val deadline = System.nanoTime() + 5_000_000_000
        while (timingOut.state.value.isLoading && System.nanoTime() < deadline) Thread.sleep(5)
        assertEquals(
            "Sign-in failed. Please try again." to false,
            timingOut.state.value.error to timingOut.state.value.isLoading,
        )
        timingOut.clear()
    }

    @Test
    fun `after clear an intent changes nothing and starts nothing`() {
        // A submit after clear() left isLoading = true with no request.
        fillValidForm()
        viewModel.clear()
        viewModel.onIntent(LoginIntent.Submit)
        viewModel.onIntent(LoginIntent.UpdateEmail("other@example.com"))
        assertEquals(false, viewModel.state.value.isLoading)
        assertEquals(" user@example.com ", viewModel.state.value.email)
        assertTrue(client.calls.isEmpty(), "a request started after clear()")
    }

    @Test
    fun `a double submit sends one request`() {
        fillValidForm()
        viewModel.onIntent(LoginIntent.Submit)
        viewModel.onIntent(LoginIntent.Submit)
        assertEquals(1, client.calls.size)
    }

    @Test
    fun `dismissing cancels the request and its response never lands`() {
        fillValidForm()
        viewModel.onIntent(LoginIntent.Submit)
        val first = client.calls.single()

        viewModel.onIntent(LoginIntent.Dismissed)

        assertTrue(first.cancelled.isCompleted, "the request in flight was not cancelled")
        assertFalse(viewModel.state.value.isLoading)
        // A second request is in flight: had the first one survived, its answer would land on it.
        viewModel.onIntent(LoginIntent.Submit)
        first.response.complete(LoginResult.Failure("Stale answer."))
        assertEquals(true to null, viewModel.state.value.isLoading to viewModel.state.value.error)
        assertEquals(2, client.calls.size)
    }

    @Test
    fun `clearing cancels the request in flight and nothing lands afterwards`() {
        fillValidForm()
        viewModel.onIntent(LoginIntent.Submit)
        val call = client.calls.single()

        viewModel.clear()

        assertTrue(call.cancelled.isCompleted, "the request in flight was not cancelled")
        assertFalse(viewModel.viewModelScope.isActive)
        call.response.complete(LoginResult.Success("user-1"))
        assertEquals(true, viewModel.state.value.isLoading, "a response landed after clear()")
    }

    @Test
    fun `concurrent submits from many threads send one request`() {
        repeat(50) { round ->
            val client = FakeAuthenticationClient()
            val viewModel = LoginViewModel(client, Dispatchers.Unconfined)
            viewModel.onIntent(LoginIntent.UpdateEmail("user@example.com"))
            viewModel.onIntent(LoginIntent.UpdatePassword("correct-horse"))
            val threads = 8
            val barrier = CyclicBarrier(threads)
            List(threads) {
                thread {
                    barrier.await()
                    viewModel.onIntent(LoginIntent.Submit)
                }
            }.forEach { it.join() }
            assertEquals(1, client.calls.size, "round $round")
            viewModel.clear()
        }
    }

    @Test
    fun `effects run on the injected dispatcher and results come back from it`(): Unit = runBlocking {
        val executor = Executors.newSingleThreadExecutor { Thread(it, "login-effects") }
        val dispatcher = executor.asCoroutineDispatcher()
        val client = FakeAuthenticationClient()
        val viewModel = LoginViewModel(client, dispatcher)
        try {
            viewModel.onIntent(LoginIntent.UpdateEmail("user@example.com"))
            viewModel.onIntent(LoginIntent.UpdatePassword("correct-horse"))
            viewModel.onIntent(LoginIntent.Submit)
            val call = withTimeout(5_000) { client.started.receive() }
            assertEquals("login-effects", call.thread)

            call.response.complete(LoginResult.Failure("Wrong password."))

            val settled = withTimeout(5_000) { viewModel.state.first { !it.isLoading } }
            assertEquals("Wrong password.", settled.error)
        } finally {
            viewModel.clear()
            dispatcher.close()
        }
    }

    @Test
    fun `dismissing cancels a request running on another thread`(): Unit = runBlocking {
        val dispatcher = Executors.newSingleThreadExecutor().asCoroutineDispatcher()
        val client = FakeAuthenticationClient()
        val viewModel = LoginViewModel(client, dispatcher)
        try {
            viewModel.onIntent(LoginIntent.UpdateEmail("user@example.com"))
            viewModel.onIntent(LoginIntent.UpdatePassword("correct-horse"))
            viewModel.onIntent(LoginIntent.Submit)
            val call = withTimeout(5_000) { client.started.receive() }

            viewModel.onIntent(LoginIntent.Dismissed)

            withTimeout(5_000) { call.cancelled.await() }
            assertEquals(LoginState(email = "user@example.com", password = "correct-horse"), viewModel.state.value)
        } finally {
            viewModel.clear()
            dispatcher.close()
        }
    }

    // LR3, on virtual time

    private fun virtualTimeViewModel(client: AuthenticationClient, time: VirtualTimeScheduler): LoginViewModel =
        LoginViewModel(client, time.dispatcher).also {
            it.onIntent(LoginIntent.UpdateEmail("user@example.com"))
            it.onIntent(LoginIntent.UpdatePassword("correct-horse"))
            it.onIntent(LoginIntent.Submit)
            time.runCurrent()
        }

    @Test
    fun `the call times out at 10,000 ms of the dispatcher's virtual time, not at 9,999 (LR3)`() {
        val time = VirtualTimeScheduler()
        val client = FakeAuthenticationClient()
        val viewModel = virtualTimeViewModel(client, time)
        val call = client.calls.single()

        time.advanceTimeBy(9_999)
        time.runCurrent()
        assertEquals(true to null, viewModel.state.value.isLoading to viewModel.state.value.error)
        assertFalse(call.cancelled.isCompleted)

        time.advanceTimeBy(1)
        time.runCurrent()
        assertEquals(false to LoginViewModel.TIMEOUT_MESSAGE, viewModel.state.value.isLoading to viewModel.state.value.error)
        assertEquals("Sign-in timed out. Please try again.", LoginViewModel.TIMEOUT_MESSAGE)
        assertTrue(call.cancelled.isCompleted, "the timed-out call was not cancelled")

        call.response.complete(LoginResult.Success("late"))
        time.runCurrent()
        assertEquals(LoginViewModel.TIMEOUT_MESSAGE, viewModel.state.value.error, "a late answer landed")
        viewModel.clear()
    }

    @Test
    fun `an answer before the deadline wins, and no timeout fires afterwards`() {
        val time = VirtualTimeScheduler()
        val client = FakeAuthenticationClient()
        val viewModel = virtualTimeViewModel(client, time)
        time.advanceTimeBy(9_999)
        client.calls.single().response.complete(LoginResult.Failure("Wrong password."))
        time.runCurrent()
        time.advanceTimeBy(60_000)
        time.runCurrent()
        assertEquals(false to "Wrong password.", viewModel.state.value.isLoading to viewModel.state.value.error)
        viewModel.clear()
    }

    @Test
    fun `a client's own withTimeout on virtual time is LR2's failure, not LR3's`() {
        val time = VirtualTimeScheduler()
        val viewModel = virtualTimeViewModel(
            AuthenticationClient { _, _ -> withTimeout(5_000) { awaitCancellation() } },
            time,
        )
        time.advanceTimeBy(5_000)
        time.runCurrent()
        assertEquals(false to "Sign-in failed. Please try again.", viewModel.state.value.isLoading to viewModel.state.value.error)
        viewModel.clear()
    }

    @Test
    fun `dismissing stops the timeout with the call`() {
        val time = VirtualTimeScheduler()
        val client = FakeAuthenticationClient()
        val viewModel = virtualTimeViewModel(client, time)
        viewModel.onIntent(LoginIntent.Dismissed)
        time.runCurrent()
        time.advanceTimeBy(20_000)
        time.runCurrent()
        assertEquals(LoginState(email = "user@example.com", password = "correct-horse"), viewModel.state.value)
        assertTrue(client.calls.single().cancelled.isCompleted)
        viewModel.clear()
    }

    @Test
    fun `the view model starts from the given initial state`() {
        val start = LoginState(email = "a@b.co", error = "Restored.")
        assertEquals(start, LoginViewModel(client, Dispatchers.Unconfined, start).state.value)
    }
}
