package conformance.signup

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * The outcome of a register request (the `RegisterResult` union of `Conformance/features/signup.json`).
 *
 * On the wire: `{"type":"success","account":{"userId":uuid,"createdAt":date-time}}`, `{"type":"failure","message":s}` or
 * `{"type":"usernameTaken"}`.
 */
@Serializable
public sealed interface RegisterResult {
    /**
     * The account was created (S7: its id becomes [SignupState.userId]).
     *
     * @property account the new account.
     */
    @Serializable
    @SerialName("success")
    public data class Success(public val account: Account) : RegisterResult

    /**
     * The server refused or failed (S7: it becomes [SignupState.submitError]).
     *
     * @property message the text to show to the user.
     */
    @Serializable
    @SerialName("failure")
    public data class Failure(public val message: String) : RegisterResult

    /** Someone else took the username in the meantime (S7). */
    @Serializable
    @SerialName("usernameTaken")
    public data object UsernameTaken : RegisterResult
}
