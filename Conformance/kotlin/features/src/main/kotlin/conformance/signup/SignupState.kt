package conformance.signup

import conformance.harness.UuidSerializer
import kotlinx.serialization.Serializable
import java.util.UUID

/**
 * The sign-up screen's state.
 *
 * On the wire (scenarios, harness protocol v1) every key is present, `null` explicit. The initial state is
 * `SignupState()`:
 * `{"username": "", "displayName": "", "age": "", "acceptedTerms": false, "availability": "unknown",
 * "errors": {"username": null, "displayName": null, "age": null, "terms": null}, "isSubmitting": false,
 * "submitError": null, "userId": null}`.
 *
 * @property username the username field, verbatim as typed (S1).
 * @property displayName the display name field, verbatim as typed (S3).
 * @property age the age field's raw text, verbatim as typed (S4); parsed only on submit (S6).
 * @property acceptedTerms whether the terms checkbox is ticked (S5).
 * @property availability where the availability check of the normalized username stands.
 * @property errors the message under each field.
 * @property isSubmitting whether a register request is in flight (S6, S7, S8).
 * @property submitError the server's failure message, or `null` (S6, S7).
 * @property userId the registered user's id once registration succeeded, else `null` (S7).
 */
@Serializable
public data class SignupState(
    public val username: String = "",
    public val displayName: String = "",
    public val age: String = "",
    public val acceptedTerms: Boolean = false,
    public val availability: Availability = Availability.UNKNOWN,
    public val errors: SignupErrors = SignupErrors(),
    public val isSubmitting: Boolean = false,
    public val submitError: String? = null,
    @Serializable(with = UuidSerializer::class) public val userId: UUID? = null,
)
