package conformance.signup

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * Where the availability check of the normalized username stands (signup spec S1, S2, S7, S8).
 *
 * On the wire, the string `"unknown"`, `"checking"`, `"available"` or `"taken"` (each case's `@SerialName`).
 */
@Serializable
public enum class Availability {
    /** No check ran for the current username, or it was cancelled (S1, S8). */
    @SerialName("unknown")
    UNKNOWN,

    /** A [SignupEffect.CheckAvailability] is in flight (S1). */
    @SerialName("checking")
    CHECKING,

    /** The server said the username is free (S2). */
    @SerialName("available")
    AVAILABLE,

    /** The server said the username is taken (S2, S7). */
    @SerialName("taken")
    TAKEN,
}
