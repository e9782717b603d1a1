import InboxFeature
import Observation

// MARK: - InboxScreenModel

/// The inbox written as an iOS team writes a screen's view model, not as a reducer: `@MainActor`, `@Observable`, work
/// started with plain `Task {}` in `init`, a `func task() async` the view's `.task {}` runs, a phase enum whose failed
/// case holds the retry button's callback, and navigation sent as one-off events (inbox.md IB1–IB6).
///
/// ```swift
/// struct InboxView: View {
///   @State var model: InboxScreenModel
///   var body: some View {
///     List(model.messages, id: \.id) { message in Button(message.subject) { model.messageTapped(message.id) } }
///       .task { await model.task() }
///       .task { for await event in model.events() { navigate(event) } }
///   }
/// }
/// ```
///
/// The phase cannot be encoded (it holds a closure); ``InboxScreenModelRuntime`` projects it onto the manifest's
/// neutral `InboxState`.
@MainActor
@Observable
public final class InboxScreenModel {
  /// Where the profile stands. `failed` carries what the screen's retry button calls (IB3), so the state holds a
  /// callback rather than data, as many real view models' states do.
  public enum Phase {
    /// The profile is loading (IB1, IB3).
    case loading
    /// The profile loaded (IB2).
    case loaded
    /// The profile failed to load (IB2): the message shown, and what the retry button calls.
    case failed(message: String, retry: @MainActor () -> Void)
  }

  /// Where the profile stands.
  public private(set) var phase: Phase = .loading
  /// The loaded user's name; kept when a later load fails (IB2).
  public private(set) var userName: String?
  /// The latest list the message stream delivered, tapped messages marked read (IB4, IB6).
  public private(set) var messages: [InboxMessage]

  @ObservationIgnored private let client: any InboxClient
  @ObservationIgnored private let navigation = EventChannel<InboxEvent>()
  @ObservationIgnored private var loading: Task<Void, Never>?
  @ObservationIgnored private var isCleared = false

  /// Creates the screen's model and starts loading the profile at once (IB1), as a view model's `init` does.
  ///
  /// - Parameters:
  ///   - messages: The list to show before the stream delivers one; empty on a fresh screen.
  ///   - client: The inbox's services.
  public init(messages: [InboxMessage] = [], client: some InboxClient) {
    self.messages = messages
    self.client = client
    load()
  }

  /// The one-off navigation events, for the screen to listen to while it shows (a new stream each time; an event sent
  /// while no one listens waits for the next listener).
  public func events() -> AsyncStream<InboxEvent> { navigation.listen() }

  /// What the view's `.task {}` runs while the screen shows: observes the messages until cancelled (IB4, IB5). A
  /// stream that ends or fails keeps the list (IB4).
  public func task() async {
    do {
      for try await list in client.observeMessages() where !isCleared { messages = list }
    } catch {
      // IB4: a failed stream ends the observation; the list stays. A cancellation ends it too.
    }
  }

  /// A tap on a message (IB6): marks it read and navigates to it, once per tap; an unknown id does nothing.
  public func messageTapped(_ id: String) {
    guard !isCleared, let index = messages.firstIndex(where: { $0.id == id }) else { return }
    messages[index].read = true
    navigation.send(.openMessage(id: id))
  }

  /// Tears the model down, as the screen's owner does when it goes away: cancels the load; later taps do nothing.
  public func clear() {
    isCleared = true
    loading?.cancel()
    loading = nil
  }

  // MARK: - Loading

  private func load() {
    phase = .loading
    loading = Task {
      let result: ProfileResult
      do {
        result = try await client.loadProfile()
      } catch is CancellationError {
        return
      } catch {
        // IB2: the thrown error's text is never shown.
        result = .failed(message: ProfileResult.thrownErrorMessage)
      }
      guard !Task.isCancelled else { return }
      land(result)
    }
  }

  private func land(_ result: ProfileResult) {
    switch result {
    case .loaded(let name):
      userName = name
      phase = .loaded
    case .failed(let message):
      phase = .failed(message: message) { [weak self] in self?.retry() }
    }
  }

  /// IB3: only the failed phase offers retry.
  private func retry() {
    guard !isCleared, case .failed = phase else { return }
    load()
  }
}
