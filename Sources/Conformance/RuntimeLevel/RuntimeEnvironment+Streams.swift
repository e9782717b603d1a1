import Foundation

// MARK: - Stream dependencies (format v1.3)

extension RuntimeEnvironment {
  /// Subscribes to the scripted stream dependency `dependency` (a manifest dependency that `emits`, format v1.3): the
  /// call is recorded when iteration starts, each `emit` step delivers one element, and a `respond` step ends it
  /// (`"complete": true` normally, `"error"` by throwing). Cancelling the iterating task records the call as
  /// cancelled during the current step and ends the iteration.
  ///
  /// The scenario names the call like any other, `{"call": "o1", "dependency": dependency, "arguments": arguments}`,
  /// and drives it with `{"emit": {"call": "o1", "value": v}}` and `{"respond": {"call": "o1", "complete": true}}`.
  ///
  /// ```swift
  /// for try await messages in environment.stream("observeMessages", arguments: [:]) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - dependency: The dependency's name as in the feature manifest's `dependencies`, e.g. `observeMessages`.
  ///   - arguments: A JSON object keyed by the manifest's argument names.
  /// - Returns: A stream of the emitted elements, as the scenario gives them. It throws ``ScriptedDependencyError``
  ///   when ended with an `error`, and `CancellationError` when its task is cancelled or the scenario ends first.
  ///   Iterate it once: a second iteration ends at once.
  public func stream(_ dependency: String, arguments: JSONValue) -> AsyncThrowingStream<JSONValue, any Error> {
    let subscription = StreamSubscription()
    return AsyncThrowingStream(unfolding: { [dependencies] in
      let reference = try subscription.reference {
        try dependencies.startStream(dependency, arguments: arguments)
      }
      return try await dependencies.next(reference)
    })
  }

  /// Subscribes to the scripted stream dependency `dependency` with Codable values, converted through the Codable
  /// bridge as ``call(_:arguments:returning:)`` converts a result: each element is decoded as `Element`.
  ///
  /// ```swift
  /// struct ScriptedInboxClient: InboxClient {
  ///   let environment: RuntimeEnvironment
  ///   func observeMessages() -> AsyncThrowingStream<[InboxMessage], any Error> {
  ///     environment.stream("observeMessages", arguments: [String: String](), of: [InboxMessage].self)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - dependency: The dependency's name as in the feature manifest's `dependencies`.
  ///   - arguments: The arguments; must encode as a JSON object keyed by the manifest's argument names.
  ///   - of: The Swift type of one element, e.g. `[InboxMessage]` for `"emits": {"type": "array", …}`.
  /// - Returns: A stream as ``stream(_:arguments:)``'s. It throws ``CodecError`` too when the arguments cannot be
  ///   encoded or an element cannot be decoded; the step is then reported as errored, with the JSON path
  ///   (`calls[0].arguments.…`, `steps[3].emit.value.…`) and the Swift type in the message.
  public func stream<Arguments: Encodable & Sendable, Element: Decodable & Sendable>(
    _ dependency: String, arguments: Arguments, of: Element.Type = Element.self
  ) -> AsyncThrowingStream<Element, any Error> {
    let subscription = StreamSubscription()
    return AsyncThrowingStream(unfolding: { [self] in
      let reference = try subscription.reference {
        try dependencies.startStream(dependency, arguments: try streamArguments(arguments, of: dependency))
      }
      guard let value = try await dependencies.next(reference) else { return nil }
      return try element(value, of: dependency, as: Element.self)
    })
  }

  /// The arguments of a stream call about to start, encoded; a failure is reported at `calls[i].arguments.…`.
  private func streamArguments<Arguments: Encodable>(_ arguments: Arguments, of dependency: String) throws(CodecError)
    -> JSONValue
  {
    let prefix = JSONPath([.key("calls"), .index(dependencies.startedCount), .key("arguments")])
    do {
      return try BridgeCoding.encode(arguments, shape: shapes.arguments(of: dependency), at: prefix)
    } catch {
      throw reported(error)
    }
  }

  /// An emitted element, decoded; a failure is reported at `steps[n].emit.value.…`.
  private func element<Element: Decodable>(_ value: JSONValue, of dependency: String, as type: Element.Type)
    throws(CodecError) -> Element
  {
    let prefix = JSONPath([.key("steps"), .index(dependencies.currentStep - 1), .key("emit"), .key("value")])
    do {
      return try BridgeCoding.decode(type, from: value, shape: shapes.result(of: dependency, as: type), at: prefix)
    } catch {
      throw reported(error)
    }
  }
}

// MARK: - StreamSubscription

/// The call behind one stream, started by the first `next()` of its iteration.
private final class StreamSubscription: @unchecked Sendable {
  private let lock = NSLock()
  private var started: CallReference?

  /// The call's reference, starting it with `start` on the first use.
  func reference(starting start: () throws -> CallReference) throws -> CallReference {
    lock.lock()
    defer { lock.unlock() }
    if let started { return started }
    let reference = try start()
    started = reference
    return reference
  }
}
