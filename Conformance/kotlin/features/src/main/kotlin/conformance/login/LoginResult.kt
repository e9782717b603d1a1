package conformance.login

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * The outcome of an authentication request.
 *
 * On the wire: `{"type":"success","userId":s}` or `{"type":"failure","message":m}` (the `LoginResult`
 * union of `Conformance/features/login.json`).
 */
@Serializable
public sealed interface LoginResult {
    /**
     * The server accepted the credentials.
     *
     * @property userId the authenticated user's identifier, opaque to the screen.
     */
    @Serializable
    @SerialName("success")
    public data class Success(public val userId: String) : LoginResult

    /**
     * The server rejected the credentials or could not be reached.
     *
     * @property message the text to show to the user (it becomes [LoginState.error], login spec L4.b).
     */
    @Serializable
    @SerialName("failure")
    public data class Failure(public val message: String) : LoginResult
}
