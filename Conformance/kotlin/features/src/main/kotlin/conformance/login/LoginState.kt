package conformance.login

import kotlinx.serialization.Serializable

/**
 * The login screen's state.
 *
 * On the wire (conformance scenarios, harness protocol v1) it is the JSON object
 * `{"email": string, "password": string, "isLoading": bool, "error": string|null}`; encoders always write
 * `error`, as an explicit `null` when there is none (the harness's `@Serializable` bridge writes every
 * property, and requires every key when decoding). The initial state is `LoginState()`:
 * `{"email":"","password":"","isLoading":false,"error":null}`.
 *
 * @property email the email field, verbatim as typed (login spec L1: no trimming, no normalisation).
 * @property password the password field, verbatim as typed (login spec L2).
 * @property isLoading whether an authentication request is in flight (set by L3.f, cleared by L4.b and L5).
 * @property error the message to show under the form, or `null` when there is none (L3.c–e, L4.b).
 */
@Serializable
public data class LoginState(
    public val email: String = "",
    public val password: String = "",
    public val isLoading: Boolean = false,
    public val error: String? = null,
)
