package conformance.inbox

import conformance.lifecycle.ViewModel
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.SharingCommand
import kotlinx.coroutines.flow.SharingStarted
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.catch
import kotlinx.coroutines.flow.collectLatest
import kotlinx.coroutines.flow.receiveAsFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch

/**
 * The inbox screen's view model, written as an Android team writes one (inbox.md IB1–IB6): no reducer, work
 * started in `init {}`, a sealed [InboxUiState], one-off [events] through a `Channel`, everything on
 * `Dispatchers.Main` as androidx's `viewModelScope` is (the conformance harness makes that the scenario's virtual
 * time).
 *
 * - Creation loads the profile (IB1); its answer lands whether or not a screen observes (IB2).
 * - The message stream is collected only while someone collects [uiState] (IB4, IB5), by the
 *   `SharingStarted.WhileSubscribed()` policy that `stateIn` uses, applied to [uiState]'s subscribers.
 * - A tap on a listed message marks it read and sends [InboxEvent.OpenMessage] once (IB6).
 *
 * ```kotlin
 * val viewModel = InboxViewModel(repository)
 * // In the screen: viewModel.uiState.collectAsStateWithLifecycle(); LaunchedEffect { viewModel.events.collect(::navigate) }
 * viewModel.onIntent(InboxIntent.MessageTapped("m1"))
 * ```
 *
 * @param repository the profile call and the message stream.
 */
public class InboxViewModel(private val repository: InboxRepository) : ViewModel(Dispatchers.Main.immediate) {
    private val _uiState = MutableStateFlow<InboxUiState>(InboxUiState.Loading())

    /** What the screen renders; collecting it is what keeps the message stream collected. */
    public val uiState: StateFlow<InboxUiState> = _uiState.asStateFlow()

    private val _events = Channel<InboxEvent>(Channel.BUFFERED)

    /** One-off events (navigation) for the screen; each is received once, by one collector. */
    public val events: Flow<InboxEvent> = _events.receiveAsFlow()

    init {
        loadProfile()
        viewModelScope.launch {
            SharingStarted.WhileSubscribed().command(_uiState.subscriptionCount).collectLatest { command ->
                if (command == SharingCommand.START) collectMessages()
            }
        }
    }

    /** Handles one intent of the screen (IB2, IB3, IB4, IB6); ignored once cleared. */
    public fun onIntent(intent: InboxIntent) {
        if (isCleared) return
        when (intent) {
            is InboxIntent.MessageTapped -> open(intent.id)
            InboxIntent.RetryTapped -> retry()
            is InboxIntent.ProfileLoaded -> apply(intent.result)
            is InboxIntent.MessagesChanged -> _uiState.update { it.with(intent.messages) }
        }
    }

    private fun loadProfile() {
        viewModelScope.launch {
            val result = try {
                repository.loadProfile()
            } catch (cancellation: CancellationException) {
                throw cancellation
            } catch (failure: Exception) {
                // IB2: a thrown error's own text is never shown.
                ProfileResult.Failed(LOAD_FAILED)
            }
            apply(result)
        }
    }

    /** IB3: only while the error shows. */
    private fun retry() {
        val current = _uiState.value as? InboxUiState.Failed ?: return
        _uiState.value = InboxUiState.Loading(current.messages, current.userName)
        loadProfile()
    }

    /** IB2. */
    private fun apply(result: ProfileResult) = _uiState.update { current ->
        when (result) {
            is ProfileResult.Loaded -> InboxUiState.Loaded(result.name, current.messages)
            is ProfileResult.Failed -> InboxUiState.Failed(result.message, ::retry, current.messages, current.userName)
        }
    }

    /** IB4: until the stream ends (the list stays) or the last subscriber leaves (IB5: cancelled). */
    private suspend fun collectMessages() {
        repository.observeMessages()
            .catch { /* IB4: an ended stream keeps the list. */ }
            .collect { messages -> _uiState.update { it.with(messages) } }
    }

    /** IB6: a listed message is marked read and opened once per tap; an unknown id is ignored. */
    private fun open(id: String) {
        if (_uiState.value.messages.none { it.id == id }) return
        _uiState.update { state -> state.with(state.messages.map { if (it.id == id) it.copy(read = true) else it }) }
        viewModelScope.launch { _events.send(InboxEvent.OpenMessage(id)) }
    }

    private fun InboxUiState.with(messages: List<Message>): InboxUiState = when (this) {
        is InboxUiState.Loading -> copy(messages = messages)
        is InboxUiState.Failed -> copy(messages = messages)
        is InboxUiState.Loaded -> copy(messages = messages)
    }

    public companion object {
        /** The message shown when loading the profile throws (IB2). */
        public const val LOAD_FAILED: String = "Could not load your profile."
    }
}
