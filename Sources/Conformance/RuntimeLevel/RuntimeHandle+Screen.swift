// MARK: - The screen that shows the runtime (format v1.3)

extension RuntimeHandle {
  /// The handle with the work the screen does while it shows: SwiftUI's `.task {}`. The driver runs `body` as a task
  /// on ``RuntimeEnvironment/executor`` at each `{"screen": "appear"}` step and cancels it at
  /// `{"screen": "disappear"}` (and when the owner is cleared), as SwiftUI cancels a view's `.task` when the view goes
  /// away (Conformance/README.md §16).
  ///
  /// ```swift
  /// RuntimeHandle(store: store)
  ///   .task { await store.send(.task).finish() }  // TCA: cancelling finish() cancels the effects .task started
  /// ```
  ///
  /// A `@MainActor` view model's `func task() async` works the same way, `.task { await model.task() }` on a handle made
  /// with ``init(mainActor:state:clear:)``: its hop to the main actor stays on the scenario's executor.
  ///
  /// Without it, appear and disappear steps do nothing but settle.
  ///
  /// - Parameter body: What the view's `.task {}` does; it should end when its task is cancelled.
  /// - Returns: A copy of the handle that runs `body` while the screen shows.
  public func task(_ body: @escaping () async -> Void) -> RuntimeHandle {
    var handle = self
    handle.task = body
    return handle
  }

  /// The handle with the runtime's one-off events (navigation, a toast) the screen listens to while it shows: the
  /// driver calls `listen` at each `{"screen": "appear"}` step and iterates the stream it returns until the screen
  /// disappears, reporting each event in the step's `events` (Conformance/README.md §16).
  ///
  /// ```swift
  /// RuntimeHandle(store: store)
  ///   .events { channel.listen() }  // a new stream for each appearance
  /// ```
  ///
  /// Events are encoded through the Codable bridge with the names of the manifest's `events`. What the runtime does
  /// with an event sent while no one listens is its own business: the step reports what the screen got.
  ///
  /// - Parameter listen: Returns a stream of the events; called once per appearance. The driver cancels the iterating
  ///   task when the screen disappears, which ends an `AsyncStream`, so return a new stream each time.
  /// - Returns: A copy of the handle that reports the events the screen gets.
  public func events<Event: Encodable>(_ listen: @escaping () -> AsyncStream<Event>) -> RuntimeHandle {
    var handle = self
    handle.listen = { deliver in
      for await event in listen() { deliver(event) }
    }
    return handle
  }
}
