package conformance.signup

import conformance.harness.InstantSerializer
import conformance.harness.UuidSerializer
import kotlinx.serialization.Serializable
import java.time.Instant
import java.util.UUID

/**
 * The account a successful register request created (the `Account` object type of
 * `Conformance/features/signup.json`).
 *
 * On the wire: `{"userId": uuid, "createdAt": date-time}`, a lower-case canonical UUID and RFC 3339 UTC with
 * milliseconds (`"2026-12-02T13:05:00.000Z"`), the spellings of format v1.2 (Conformance/README.md §15).
 *
 * @property userId the new user's id (S7: it becomes [SignupState.userId]).
 * @property createdAt when the server created the account; the screen does not show it.
 */
@Serializable
public data class Account(
    @Serializable(with = UuidSerializer::class) public val userId: UUID,
    @Serializable(with = InstantSerializer::class) public val createdAt: Instant,
)
