package conformance.login

/**
 * The server call behind [LoginEffect.Authenticate], injected into [LoginViewModel].
 *
 * ```kotlin
 * val client = AuthenticationClient { email, _ -> LoginResult.Success(userId = email) }
 * ```
 */
public fun interface AuthenticationClient {
    /**
     * Checks the credentials with the server.
     *
     * Must be cancellable (suspend cooperatively): the view model cancels it when the screen is dismissed
     * (login spec L5) or cleared.
     *
     * @param email the trimmed email (login spec L3.b).
     * @param password the password, verbatim.
     * @return [LoginResult.Success] or [LoginResult.Failure]; a thrown exception is reported by the view
     *   model as a failure.
     */
    public suspend fun authenticate(email: String, password: String): LoginResult
}
