package conformance.login

import conformance.login.internal.LoginValidation
import conformance.udf.Next
import conformance.udf.Reducer

/**
 * The login screen's pure reducer: login spec rules L1–L5, exactly as written.
 *
 * ```kotlin
 * val next = LoginReducer.reduce(LoginState(email = "a@b.co", password = "12345678"), LoginIntent.Submit)
 * // next.state.isLoading == true
 * // next.effects == listOf(LoginEffect.Authenticate("a@b.co", "12345678"))
 * ```
 *
 * The conformance harness calls it step by step; [LoginViewModel] calls it from `onIntent`.
 */
public object LoginReducer : Reducer<LoginState, LoginIntent, LoginEffect> {
    internal const val EMAIL_REQUIRED: String = "Email is required."
    internal const val EMAIL_INVALID: String = "Enter a valid email address."
    internal const val PASSWORD_TOO_SHORT: String = "Password must be at least 8 characters."
    internal const val MINIMUM_PASSWORD_LENGTH: Int = 8

    /**
     * Applies [intent] to [state].
     *
     * @param state the state before the intent.
     * @param intent the intent to apply.
     * @return the next state and its effects: none, except [LoginEffect.Authenticate] from a valid
     *   [LoginIntent.Submit] (L3.f) and [LoginEffect.Cancel] from [LoginIntent.Dismissed] while loading (L5).
     */
    override fun reduce(state: LoginState, intent: LoginIntent): Next<LoginState, LoginEffect> =
        when (intent) {
            is LoginIntent.UpdateEmail -> Next(state.copy(email = intent.value))
            is LoginIntent.UpdatePassword -> Next(state.copy(password = intent.value))
            LoginIntent.Submit -> submit(state)
            is LoginIntent.LoginResponse -> respond(state, intent.result)
            LoginIntent.Dismissed -> dismiss(state)
        }

    // Rules

    /** Login spec L3: validate (b–e, in that order) and start authentication (f). */
    private fun submit(state: LoginState): Next<LoginState, LoginEffect> {
        if (state.isLoading) return Next(state)
        return when (val outcome = LoginValidation.check(state.email, state.password)) {
            is LoginValidation.Outcome.Invalid -> Next(state.copy(error = outcome.message))
            is LoginValidation.Outcome.Valid -> Next(
                state.copy(isLoading = true, error = null),
                listOf(LoginEffect.Authenticate(email = outcome.email, password = state.password)),
            )
        }
    }

    /** Login spec L4: a response lands only while loading. */
    private fun respond(state: LoginState, result: LoginResult): Next<LoginState, LoginEffect> {
        if (!state.isLoading) return Next(state)
        return when (result) {
            is LoginResult.Success -> Next(state.copy(isLoading = false, error = null))
            is LoginResult.Failure -> Next(state.copy(isLoading = false, error = result.message))
        }
    }

    /** Login spec L5: leaving the screen cancels the request in flight. */
    private fun dismiss(state: LoginState): Next<LoginState, LoginEffect> {
        if (!state.isLoading) return Next(state)
        return Next(
            state.copy(isLoading = false),
            listOf(LoginEffect.Cancel(id = LoginEffect.Authenticate.CANCELLATION_ID)),
        )
    }
}
