package conformance.login

import conformance.lifecycle.ViewModel
import conformance.udf.CancellableJobs
import conformance.udf.ReceivedIntents
import kotlin.coroutines.cancellation.CancellationException
import kotlin.coroutines.coroutineContext
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.withTimeout

/**
 * The login screen's view model: holds [LoginState], applies intents with [LoginReducer] and runs the
 * effects it returns, feeding their results back as intents.
 *
 * The shape follows the Android sample: a private `MutableStateFlow`, exposed read-only as [state];
 * [onIntent] updates it with `_state.update { }` and the pure reducer. Effects run in [viewModelScope]
 * on the injected dispatcher:
 * - [LoginEffect.Authenticate] calls [AuthenticationClient.authenticate] and sends
 *   [LoginIntent.LoginResponse] with its result (login.md LR1). Anything the client throws but this
 *   job's own cancellation, a `withTimeout` inside the client included, becomes
 *   `LoginResult.Failure(UNKNOWN_FAILURE_MESSAGE)` (LR2). The call runs under
 *   `withTimeout(AUTHENTICATION_TIMEOUT_MILLIS)` on the injected dispatcher: when 10,000 ms pass first, the
 *   call is cancelled and the response is `LoginResult.Failure(TIMEOUT_MESSAGE)` (LR3). The effect replaces
 *   any running effect with the same cancellation id ([CancellableJobs.replace], LR6).
 * - [LoginEffect.Cancel] cancels the running effect with that cancellation id, at once ([CancellableJobs.cancel]).
 * [clear] (the owner's call) cancels everything in flight; no response lands afterwards, and later
 * intents change nothing and start nothing (LR5).
 *
 * ```kotlin
 * val viewModel = LoginViewModel(client)
 * viewModel.onIntent(LoginIntent.UpdateEmail("a@b.co"))
 * viewModel.state.collect { render(it) }
 * ```
 *
 * @param authenticationClient the server call behind [LoginEffect.Authenticate].
 * @param dispatcher where effects run (and where their results are sent back from); also the clock of the
 *   LR3 timeout when it is a `kotlinx.coroutines.Delay` (a virtual-time dispatcher in tests).
 * @param initialState the state to start from (restored state, or a scenario's `initialState`).
 */
public class LoginViewModel(
    private val authenticationClient: AuthenticationClient,
    dispatcher: CoroutineDispatcher = Dispatchers.Default,
    initialState: LoginState = LoginState(),
) : ViewModel(dispatcher) {
    private val _state = MutableStateFlow(initialState)

    /** The current screen state; starts at [initialState], by default `LoginState()` (login spec: the initial state). */
    public val state: StateFlow<LoginState> = _state.asStateFlow()

    /** Effects in flight by cancellation id. */
    private val jobs = CancellableJobs(viewModelScope)

    /** The intents effects sent back, kept while a runtime scenario records them. */
    private val received = ReceivedIntents<LoginIntent>()

    /**
     * Applies [intent] to the state with [LoginReducer], then runs the effects it returned.
     *
     * The state change and its effects are computed together, atomically: if another thread changes the
     * state meanwhile, the reducer runs again on the new state and only the effects of the applied
     * change run. Safe to call from any thread.
     *
     * @param intent what happened (user input, a response, the screen going away).
     */
    public fun onIntent(intent: LoginIntent) {
        // login.md LR5: once cleared, an intent changes nothing and starts nothing (as a cancelled Swift store).
        if (isCleared) return
        var effects: List<LoginEffect> = emptyList()
        _state.update { current ->
            val next = LoginReducer.reduce(current, intent)
            effects = next.effects
            next.state
        }
        effects.forEach(::perform)
    }

    /** Cancels every running effect; called once by [clear] after [viewModelScope] was cancelled. */
    override fun onCleared() {
        jobs.cancelAll()
    }

    // Inspection (runtime scenarios, scenario format v1.2)

    /** Starts keeping the intents effects send back, for [takeReceived]. */
    internal fun recordReceived() = received.record()

    /** The intents effects sent back since the last call, in the order applied; empty when not recording. */
    internal fun takeReceived(): List<LoginIntent> = received.take()

    /** The effects running and not cancelled, in start order: type (`authenticate`) and cancellation id. */
    internal fun effectsInFlight(): List<Pair<String, String>> = jobs.inFlight()

    // Effects

    private fun perform(effect: LoginEffect) {
        when (effect) {
            is LoginEffect.Authenticate -> jobs.replace(LoginEffect.Authenticate.CANCELLATION_ID, "authenticate") { authenticate(effect) }
            is LoginEffect.Cancel -> jobs.cancel(effect.id)
        }
    }

    private suspend fun authenticate(effect: LoginEffect.Authenticate) {
        val result = try {
            withTimeout(AUTHENTICATION_TIMEOUT_MILLIS) {
                try {
                    authenticationClient.authenticate(effect.email, effect.password)
                } catch (cancellation: CancellationException) {
                    // Only a cancellation of this effect (dismiss, clear) or of the timeout is one (LR4, LR3):
                    // ensureActive rethrows it. A client that gave up on its own, with withTimeout for instance,
                    // throws a CancellationException while both are still active: that is a failure (LR2), or
                    // the screen would stay loading with no response.
                    ensureActive()
                    LoginResult.Failure(UNKNOWN_FAILURE_MESSAGE)
                } catch (failure: Exception) {
                    LoginResult.Failure(UNKNOWN_FAILURE_MESSAGE)
                }
            }
        } catch (timeout: TimeoutCancellationException) {
            // Only this withTimeout's own deadline gets here: the client's cancellations are handled inside.
            // The client's call was cancelled with the timeout's scope (LR3).
            coroutineContext.ensureActive()
            LoginResult.Failure(TIMEOUT_MESSAGE)
        }
        coroutineContext.ensureActive()
        receive(LoginIntent.LoginResponse(result))
    }

    /** Sends an effect's result back as an intent, keeping it for [takeReceived] when recording. */
    private fun receive(intent: LoginIntent) {
        if (isCleared) return
        received.add(intent)
        onIntent(intent)
    }

    /** The view model's fixed messages and time limit (login.md LR2, LR3). */
    public companion object {
        /**
         * The failure message whenever the client throws (login.md LR2): "Sign-in failed. Please try again.",
         * whatever the exception says, the same text as the Swift `LoginEffectRunner.unknownFailureMessage`.
         */
        public const val UNKNOWN_FAILURE_MESSAGE: String = "Sign-in failed. Please try again."

        /**
         * The failure message when the call has not finished [AUTHENTICATION_TIMEOUT_MILLIS] after it started
         * (login.md LR3): "Sign-in timed out. Please try again.", as on Swift.
         */
        public const val TIMEOUT_MESSAGE: String = "Sign-in timed out. Please try again."

        /** How long the authentication call may take, in milliseconds of the dispatcher's clock: 10,000 (LR3). */
        public const val AUTHENTICATION_TIMEOUT_MILLIS: Long = 10_000
    }
}
