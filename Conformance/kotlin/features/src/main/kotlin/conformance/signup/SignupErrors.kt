package conformance.signup

import kotlinx.serialization.Serializable

/**
 * The message under each field of the sign-up form, or `null` when there is none.
 *
 * On the wire: `{"username": s|null, "displayName": s|null, "age": s|null, "terms": s|null}`, every key
 * present. [SignupReducer] sets all four on submit (S6); editing a field clears its own (S1, S3–S5).
 *
 * @property username the username's error (S1, S2, S6, S7).
 * @property displayName the display name's error (S3, S6).
 * @property age the age's error (S4, S6).
 * @property terms the terms checkbox's error (S5, S6).
 */
@Serializable
public data class SignupErrors(
    public val username: String? = null,
    public val displayName: String? = null,
    public val age: String? = null,
    public val terms: String? = null,
)
