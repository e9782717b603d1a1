package conformance.signup

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * Work the sign-up reducer asks for; something else runs it, the reducer never does.
 *
 * On the wire: `{"type":"checkAvailability","username":s}`,
 * `{"type":"register","username":s,"displayName":s,"age":n}` (`age` a JSON integer) and
 * `{"type":"cancel","id":s}`; the `type` is each case's `@SerialName`, the manifest's effect name.
 */
@Serializable
public sealed interface SignupEffect {
    /**
     * Ask the server whether [username] is free, then report back with [SignupIntent.AvailabilityResponse]
     * (S1). Cancellation id [CANCELLATION_ID].
     *
     * @property username the normalized username.
     */
    @Serializable
    @SerialName("checkAvailability")
    public data class CheckAvailability(public val username: String) : SignupEffect {
        /** Holds the cancellation id of [CheckAvailability]. */
        public companion object {
            /** The cancellation id of a running [CheckAvailability]: `"availability"`. */
            public const val CANCELLATION_ID: String = "availability"
        }
    }

    /**
     * Create the account, then report back with [SignupIntent.RegisterResponse] (S6). Cancellation id
     * [CANCELLATION_ID].
     *
     * @property username the normalized username.
     * @property displayName the trimmed display name.
     * @property age the age, 13 to 130.
     */
    @Serializable
    @SerialName("register")
    public data class Register(
        public val username: String,
        public val displayName: String,
        public val age: Int,
    ) : SignupEffect {
        /** Holds the cancellation id of [Register]. */
        public companion object {
            /** The cancellation id of a running [Register]: `"register"`. */
            public const val CANCELLATION_ID: String = "register"
        }
    }

    /**
     * Cancel the running effect with cancellation id [id], if any (S1, S8).
     *
     * @property id [CheckAvailability.CANCELLATION_ID] or [Register.CANCELLATION_ID].
     */
    @Serializable
    @SerialName("cancel")
    public data class Cancel(public val id: String) : SignupEffect
}
