package conformance.inbox

import kotlinx.serialization.Serializable

/**
 * The inbox screen's neutral state (inbox.md §1): what the runtime adapter projects [InboxUiState] onto, so that
 * the scenarios compare the same JSON on both platforms. `{"messages": [Message], "isLoading": boolean,
 * "error": string|null, "userName": string|null}`.
 *
 * @property messages the latest list the message stream delivered, tapped messages marked read (IB4, IB6).
 * @property isLoading true while the profile loads (IB1, IB3).
 * @property error the message shown when the profile failed to load, or null (IB2, IB3).
 * @property userName the loaded user's name, or null until the profile loaded (IB2).
 */
@Serializable
public data class InboxState(
    val messages: List<Message> = emptyList(),
    val isLoading: Boolean = true,
    val error: String? = null,
    val userName: String? = null,
)

/**
 * One message of the inbox: `{"id": string, "subject": string, "read": boolean}` (manifest type `Message`).
 *
 * @property id the message's identifier.
 * @property subject its subject line.
 * @property read whether the user opened it.
 */
@Serializable
public data class Message(val id: String, val subject: String, val read: Boolean)
