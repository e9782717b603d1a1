package conformance.inbox

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What the inbox screen sends its view model (manifest `actions`, inbox.md §3); `{"type": name, …fields}`.
 *
 * [ProfileLoaded] and [MessagesChanged] are the Swift reducer's results; [InboxViewModel] applies them as it applies
 * its own answers, but gets its answers from its repository directly.
 */
@Serializable
public sealed interface InboxIntent {
    /** The user tapped message [id] (IB6). */
    @Serializable
    @SerialName("messageTapped")
    public data class MessageTapped(val id: String) : InboxIntent

    /** The user tapped retry under the error (IB3). */
    @Serializable
    @SerialName("retryTapped")
    public data object RetryTapped : InboxIntent

    /** The profile call answered with [result] (IB2). */
    @Serializable
    @SerialName("profileLoaded")
    public data class ProfileLoaded(val result: ProfileResult) : InboxIntent

    /** The message stream delivered [messages] (IB4). */
    @Serializable
    @SerialName("messagesChanged")
    public data class MessagesChanged(val messages: List<Message>) : InboxIntent
}

/** The answer of the `loadProfile` dependency: `{"type": "loaded", "name": s}` or `{"type": "failed", "message": s}`. */
@Serializable
public sealed interface ProfileResult {
    /** The profile loaded; [name] is the user's name. */
    @Serializable
    @SerialName("loaded")
    public data class Loaded(val name: String) : ProfileResult

    /** The service answered with [message], to show as it is. */
    @Serializable
    @SerialName("failed")
    public data class Failed(val message: String) : ProfileResult
}

/** The inbox's one-off events for the screen (manifest `events`): `{"type": "openMessage", "id": s}`. */
@Serializable
public sealed interface InboxEvent {
    /** Navigate to message [id] (IB6). */
    @Serializable
    @SerialName("openMessage")
    public data class OpenMessage(val id: String) : InboxEvent
}
