package conformance.login

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What can happen to the login screen: user input, the authentication response, and the screen going away.
 *
 * On the wire each intent is an action object discriminated by `type` (the JSON case names are in
 * brackets, each case's `@SerialName`, the manifest's action name): [UpdateEmail] [`emailChanged`], [UpdatePassword] [`passwordChanged`], [Submit] [`submit`],
 * [LoginResponse] [`loginResponse`], [Dismissed] [`dismissed`]. The rule numbers refer to the login spec.
 */
@Serializable
public sealed interface LoginIntent {
    /**
     * The user typed in the email field (login spec L1): `{"type":"emailChanged","value":s}`.
     *
     * @property value the whole field content, stored verbatim.
     */
    @Serializable
    @SerialName("emailChanged")
    public data class UpdateEmail(public val value: String) : LoginIntent

    /**
     * The user typed in the password field (login spec L2): `{"type":"passwordChanged","value":s}`.
     *
     * @property value the whole field content, stored verbatim.
     */
    @Serializable
    @SerialName("passwordChanged")
    public data class UpdatePassword(public val value: String) : LoginIntent

    /** The user tapped "Log in" (login spec L3): `{"type":"submit"}`. */
    @Serializable
    @SerialName("submit")
    public data object Submit : LoginIntent

    /**
     * The authentication request finished (login spec L4): `{"type":"loginResponse","result":…}`.
     *
     * @property result the request's outcome.
     */
    @Serializable
    @SerialName("loginResponse")
    public data class LoginResponse(public val result: LoginResult) : LoginIntent

    /** The screen went away while it may have had a request in flight (login spec L5): `{"type":"dismissed"}`. */
    @Serializable
    @SerialName("dismissed")
    public data object Dismissed : LoginIntent
}
