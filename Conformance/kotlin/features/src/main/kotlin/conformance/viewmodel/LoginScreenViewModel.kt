package conformance.viewmodel

import conformance.lifecycle.ViewModel
import conformance.login.AuthenticationClient
import conformance.login.LoginIntent
import conformance.login.LoginResult
import conformance.login.LoginState
import conformance.login.LoginViewModel
import conformance.login.internal.LoginValidation
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlinx.coroutines.withTimeout

/**
 * The login screen's view model written the way the Android sample writes one: no reducer and no effect
 * values. [onIntent] updates the `MutableStateFlow` in place and launches the authentication use case in
 * [viewModelScope] itself. It serves the `kotlin-viewmodel` implementation, at the runtime level only
 * (there is no pure reducer to drive at the reducer level).
 *
 * Unlike the sample, it is correct, and behaves exactly as [LoginViewModel] (login.md L1–L5, LR1–LR5):
 * - submit validates with the same checks and messages as `LoginReducer` (L3.b–e), ignores a submit while
 *   loading (L3.a), and starts one call (L3.f), cancelling a call still running from before;
 * - the call's result lands only while that call is the current one and the screen is loading (L4, LR1); a
 *   thrown error is `Failure("Sign-in failed. Please try again.")` (LR2), a client's own `withTimeout`
 *   included; after 10,000 ms the call is cancelled and the result is `Failure("Sign-in timed out. Please
 *   try again.")` (LR3);
 * - dismiss while loading stops loading and cancels the call; its late result is dropped (L5, LR4);
 * - [clear] cancels the call; afterwards intents change nothing and start nothing (LR5).
 *
 * Call [onIntent] from one thread at a time (the main thread on Android), as the sample does.
 *
 * @param authenticationClient the server call (the use case).
 * @param dispatcher the context of [viewModelScope]; also the clock of the LR3 timeout.
 * @param initialState the state to start from.
 */
public class LoginScreenViewModel(
    private val authenticationClient: AuthenticationClient,
    dispatcher: CoroutineDispatcher = Dispatchers.Default,
    initialState: LoginState = LoginState(),
) : ViewModel(dispatcher) {
    private val _state = MutableStateFlow(initialState)

    /** The current screen state. */
    public val state: StateFlow<LoginState> = _state.asStateFlow()

    /** The authentication call in flight, if any. */
    private var authentication: Job? = null

    /**
     * Handles one intent: updates the state and starts or cancels the authentication call.
     *
     * @param intent what happened (user input, a response, the screen going away).
     */
    public fun onIntent(intent: LoginIntent) {
        if (isCleared) return
        when (intent) {
            is LoginIntent.UpdateEmail -> _state.update { it.copy(email = intent.value) }
            is LoginIntent.UpdatePassword -> _state.update { it.copy(password = intent.value) }
            LoginIntent.Submit -> submit()
            is LoginIntent.LoginResponse -> land(intent.result)
            LoginIntent.Dismissed -> dismiss()
        }
    }

    private fun submit() {
        val current = _state.value
        if (current.isLoading) return
        when (val outcome = LoginValidation.check(current.email, current.password)) {
            is LoginValidation.Outcome.Invalid -> _state.update { it.copy(error = outcome.message) }
            is LoginValidation.Outcome.Valid -> {
                _state.update { it.copy(isLoading = true, error = null) }
                authentication?.cancel()
                authentication = viewModelScope.launch {
                    val result = authenticate(outcome.email, current.password)
                    // Dropped when this call was cancelled (dismiss, clear, a newer submit) meanwhile.
                    ensureActive()
                    if (authentication === coroutineContext[Job]) authentication = null
                    land(result)
                }
            }
        }
    }

    /** The use case, with LR2's and LR3's failures. */
    private suspend fun authenticate(email: String, password: String): LoginResult = try {
        withTimeout(LoginViewModel.AUTHENTICATION_TIMEOUT_MILLIS) {
            try {
                authenticationClient.authenticate(email, password)
            } catch (cancellation: CancellationException) {
                ensureActive() // our own cancellation or timeout; anything else the client raised is LR2
                LoginResult.Failure(LoginViewModel.UNKNOWN_FAILURE_MESSAGE)
            } catch (failure: Exception) {
                LoginResult.Failure(LoginViewModel.UNKNOWN_FAILURE_MESSAGE)
            }
        }
    } catch (timeout: TimeoutCancellationException) {
        LoginResult.Failure(LoginViewModel.TIMEOUT_MESSAGE)
    }

    /** A result lands only while loading (L4.a). */
    private fun land(result: LoginResult) {
        _state.update {
            if (!it.isLoading) it
            else when (result) {
                is LoginResult.Success -> it.copy(isLoading = false, error = null)
                is LoginResult.Failure -> it.copy(isLoading = false, error = result.message)
            }
        }
    }

    private fun dismiss() {
        if (!_state.value.isLoading) return
        _state.update { it.copy(isLoading = false) }
        authentication?.cancel()
        authentication = null
    }

    /** Cancels the call in flight; [viewModelScope] is already cancelled. */
    override fun onCleared() {
        authentication?.cancel()
        authentication = null
    }
}
