package conformance.login

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * Work the login reducer asks for; the view model runs it, the reducer never does.
 *
 * On the wire: `{"type":"authenticate","email":s,"password":s}` and `{"type":"cancel","id":s}`; the `type`
 * is each case's `@SerialName`, the manifest's effect name (`Conformance/features/login.json`).
 */
@Serializable
public sealed interface LoginEffect {
    /**
     * Send the credentials to the server, then report back with [LoginIntent.LoginResponse] (login spec L3.f).
     *
     * The running request can be cancelled with [Cancel] of [CANCELLATION_ID].
     *
     * @property email the trimmed email (login spec L3.b).
     * @property password the password, verbatim.
     */
    @Serializable
    @SerialName("authenticate")
    public data class Authenticate(public val email: String, public val password: String) : LoginEffect {
        /** Holds the cancellation id shared by every [Authenticate] effect. */
        public companion object {
            /** The cancellation id of a running [Authenticate] effect: `"authenticate"`. */
            public const val CANCELLATION_ID: String = "authenticate"
        }
    }

    /**
     * Cancel the running effect with cancellation id [id], if any (a core effect any feature may emit).
     *
     * @property id the cancellation id, e.g. [Authenticate.CANCELLATION_ID] (login spec L5).
     */
    @Serializable
    @SerialName("cancel")
    public data class Cancel(public val id: String) : LoginEffect
}
