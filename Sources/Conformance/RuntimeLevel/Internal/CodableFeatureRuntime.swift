import UnidirectionalFlow

// MARK: - CodableFeatureRuntime

/// One running runtime behind a ``RuntimeHandle``, converting through the Codable bridge.
final class CodableFeatureRuntime<State: Encodable, Action: Decodable>: FeatureRuntime {
  private let handle: RuntimeHandle<State, Action>
  private let shapes: CodingShapes
  /// Runs the handle's operations as main-actor jobs when it is isolated to the main actor.
  private let environment: RuntimeEnvironment
  /// What the adapter announced: only that is reported, so that `hello` and the trace always agree.
  private let reports: Set<RuntimeReport>
  /// The screen's tasks while it shows (the handle's `task` and its events listener); empty while it does not.
  private var screenTasks: [Task<Void, Never>] = []
  /// The events the screen got since the last ``events()``, encoded, and the first that could not be encoded.
  private var screenEvents: [JSONValue] = []
  private var eventFailure: CodecError?

  init(
    handle: RuntimeHandle<State, Action>, shapes: CodingShapes, environment: RuntimeEnvironment,
    reports: Set<RuntimeReport>
  ) {
    self.handle = handle
    self.shapes = shapes
    self.environment = environment
    self.reports = reports
  }

  func send(_ action: JSONValue) throws(CodecError) {
    let action = try BridgeCoding.decode(Action.self, from: action, shape: shapes.actions, at: .root)
    guard handle.isMainActor else { return handle.send(action) }
    // Queued first, so it runs first when the driver settles the step, before the work it starts.
    let pair = UncheckedSendable(value: (handle, action))
    environment.queueOnMainActor { pair.value.0.send(pair.value.1) }
  }

  func state() throws(CodecError) -> JSONValue {
    try BridgeCoding.encode(try readState(), shape: shapes.state, at: .root)
  }

  func clear() {
    // Tearing the owner down ends the showing (format v1.3): the screen's tasks are cancelled first.
    disappear()
    guard handle.isMainActor else { return handle.clear() }
    let handle = UncheckedSendable(value: handle)
    _ = environment.runOnMainActor { handle.value.clear() }
  }

  private func readState() throws(CodecError) -> State {
    guard handle.isMainActor else { return handle.state() }
    let handle = UncheckedSendable(value: handle)
    // The driver reads the state after a step has settled, so nothing else is queued before the read.
    guard let state = environment.runOnMainActor({ handle.value.state() }) else {
      throw CodecError(path: .root, message: "the state could not be read: the main actor never got to it")
    }
    return state
  }

  func received() throws(CodecError) -> [JSONValue]? {
    guard reports.contains(.received), let actions = handle.received?() else { return nil }
    var values: [JSONValue] = []
    for (offset, action) in actions.enumerated() {
      let path = JSONPath([.key("received"), .index(offset)])
      guard let encodable = action as? any Encodable else {
        throw CodecError(
          path: path, message: "\(type(of: action)) is not Encodable, so received actions cannot be reported")
      }
      values.append(try BridgeCoding.encode(encodable, shape: shapes.actions, at: path))
    }
    return values
  }

  /// Each effect as `{"type", "id"}`: the type is the manifest's case name, read from the effect's encoding; an effect
  /// that cannot be encoded shows its Swift description, so the report still names it.
  func inFlight() -> [JSONValue]? {
    guard reports.contains(.inFlight), let effects = handle.inFlight?() else { return nil }
    return effects.map { effect, id in
      let encoded = (effect as? any Encodable).flatMap {
        try? BridgeCoding.encode($0, shape: shapes.effects, at: .root)
      }
      let type = encoded?["type"]?.stringValue ?? String(describing: effect)
      return ["type": .string(type), "id": id.map(JSONValue.string) ?? .null]
    }
  }

  // MARK: - The screen (format v1.3)

  /// Starts the screen's tasks on the scenario's executor: the events listener first, so that the screen listens
  /// before its work starts, then the handle's `task`. They run when the driver settles the step.
  func appear() {
    guard screenTasks.isEmpty else { return }
    let runtime = UncheckedSendable(value: self)
    if let listen = handle.listen {
      let listen = UncheckedSendable(value: listen)
      screenTasks.append(environment.startTask { await listen.value { runtime.value.record($0) } })
    }
    if let task = handle.task {
      let task = UncheckedSendable(value: task)
      screenTasks.append(environment.startTask { await task.value() })
    }
  }

  /// Cancels the screen's tasks, as SwiftUI cancels a view's `.task` when it goes away; they unwind when the driver
  /// settles the step.
  func disappear() {
    for task in screenTasks { task.cancel() }
    screenTasks = []
  }

  /// The events the screen got since the last call, when the manifest declares events; else `nil`.
  func events() throws(CodecError) -> [JSONValue]? {
    guard reports.contains(.events) else { return nil }
    defer {
      screenEvents = []
      eventFailure = nil
    }
    if let eventFailure { throw eventFailure }
    return screenEvents
  }

  /// Keeps one event the screen got, encoded with the manifest's `events` names; runs on the driver's thread, in a
  /// job of the listener task.
  private func record(_ event: any Encodable) {
    let path = JSONPath([.key("events"), .index(screenEvents.count)])
    do {
      screenEvents.append(try BridgeCoding.encode(event, shape: shapes.events, at: path))
    } catch {
      if eventFailure == nil { eventFailure = error }
    }
  }
}
