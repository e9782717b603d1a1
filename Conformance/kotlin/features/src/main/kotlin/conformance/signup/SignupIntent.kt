package conformance.signup

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What can happen to the sign-up screen: user input, server responses, and the screen going away.
 *
 * On the wire each intent is an action object discriminated by `type`, each case's `@SerialName` (the
 * manifest's action name, in brackets): [UsernameChanged] [`usernameChanged`], [AvailabilityResponse]
 * [`availabilityResponse`], [DisplayNameChanged] [`displayNameChanged`], [AgeChanged] [`ageChanged`],
 * [TermsToggled] [`termsToggled`], [Submit] [`submit`], [RegisterResponse] [`registerResponse`],
 * [Dismissed] [`dismissed`]. Rule numbers refer to the signup spec (`Conformance/features/signup.md`).
 */
@Serializable
public sealed interface SignupIntent {
    /**
     * The user edited the username (S1): `{"type":"usernameChanged","value":s}`.
     *
     * @property value the whole field content, stored verbatim.
     */
    @Serializable
    @SerialName("usernameChanged")
    public data class UsernameChanged(public val value: String) : SignupIntent

    /**
     * An availability check finished (S2): `{"type":"availabilityResponse","username":s,"available":b}`.
     *
     * @property username the normalized username that was checked.
     * @property available whether it is free.
     */
    @Serializable
    @SerialName("availabilityResponse")
    public data class AvailabilityResponse(public val username: String, public val available: Boolean) : SignupIntent

    /**
     * The user edited the display name (S3): `{"type":"displayNameChanged","value":s}`.
     *
     * @property value the whole field content, stored verbatim.
     */
    @Serializable
    @SerialName("displayNameChanged")
    public data class DisplayNameChanged(public val value: String) : SignupIntent

    /**
     * The user edited the age field (S4): `{"type":"ageChanged","value":s}`.
     *
     * @property value the whole field content, stored verbatim.
     */
    @Serializable
    @SerialName("ageChanged")
    public data class AgeChanged(public val value: String) : SignupIntent

    /** The user ticked or unticked the terms checkbox (S5): `{"type":"termsToggled"}`. */
    @Serializable
    @SerialName("termsToggled")
    public data object TermsToggled : SignupIntent

    /** The user tapped "Sign up" (S6): `{"type":"submit"}`. */
    @Serializable
    @SerialName("submit")
    public data object Submit : SignupIntent

    /**
     * The register request finished (S7): `{"type":"registerResponse","result":…}`.
     *
     * @property result the request's outcome.
     */
    @Serializable
    @SerialName("registerResponse")
    public data class RegisterResponse(public val result: RegisterResult) : SignupIntent

    /** The screen went away (S8): `{"type":"dismissed"}`. */
    @Serializable
    @SerialName("dismissed")
    public data object Dismissed : SignupIntent
}
