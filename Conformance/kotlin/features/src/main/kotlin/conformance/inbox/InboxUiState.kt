package conformance.inbox

/**
 * What the inbox screen renders, as an Android team models it: a sealed UI state, whose [Failed] case carries the
 * retry button's callback. Not serializable (a lambda is not data); the runtime adapter projects it onto the neutral
 * [InboxState] with [toInboxState].
 */
public sealed interface InboxUiState {
    /** The latest list the message stream delivered (IB4), whatever the profile's status. */
    public val messages: List<Message>

    /** The user's name once a profile loaded (IB2), else null. */
    public val userName: String?

    /** The profile loads (IB1, IB3). */
    public data class Loading(
        override val messages: List<Message> = emptyList(),
        override val userName: String? = null,
    ) : InboxUiState

    /** The profile failed to load with [message]; [retry] loads it again (IB2, IB3). */
    public data class Failed(
        val message: String,
        val retry: () -> Unit,
        override val messages: List<Message>,
        override val userName: String?,
    ) : InboxUiState

    /** The profile loaded (IB2). */
    public data class Loaded(override val userName: String, override val messages: List<Message>) : InboxUiState
}

/**
 * The neutral state of this UI state (inbox.md §1): `Loading` is `isLoading` true, `Failed` writes its message into
 * `error` and drops the callback, `Loaded` has neither.
 */
public fun InboxUiState.toInboxState(): InboxState = when (this) {
    is InboxUiState.Loading -> InboxState(messages, isLoading = true, error = null, userName = userName)
    is InboxUiState.Failed -> InboxState(messages, isLoading = false, error = message, userName = userName)
    is InboxUiState.Loaded -> InboxState(messages, isLoading = false, error = null, userName = userName)
}
