/// What a runtime-level step does and expects beyond the state (scenario format v1.1, Conformance/README.md
/// "Runtime scenarios"; v1.3, §16): its kind (`send`, `respond`, `advance`, `clear`, `screen`, `emit`, or the
/// scenario's `start`), the dependency calls it must start, the calls it must cancel, the actions effects send back
/// and the one-off events the screen receives.
package struct RuntimeExpectation: Sendable {
  /// What the step does, with call names as the scenario gives them.
  package enum Kind: Sendable, Equatable {
    /// `{"send": action}`: sends an action (intent).
    case send(JSONValue)
    /// `{"respond": {"call": name, "result" | "error": …}}`: completes the call the scenario named `call`
    /// (`"error": {"message": m, "cancellation": true}` is ``CallAnswer/cancellation(message:)``).
    case respond(call: String, answer: CallAnswer)
    /// `{"advance": n}`: moves virtual time forward by `n` milliseconds (0 … 86,400,000).
    case advance(milliseconds: Int64)
    /// `{"clear": true}`: tears the owner down.
    case clear
    /// `{"screen": "appear" | "disappear"}` (format v1.3): the screen starts or stops observing the runtime.
    case screen(ScreenTransition)
    /// `{"emit": {"call": name, "value": element}}` (format v1.3): delivers one element to the stream call the
    /// scenario named `call`; the call stays pending.
    case emit(call: String, value: JSONValue)
    /// The scenario's top-level `start` (format v1.3): not a step but the runtime's creation, checked as step 0.
    case start
  }

  /// What the step does.
  package var kind: Kind
  /// `expect.calls`: the calls the step must start, in start order; `nil` when not given (exhaustive: none).
  package var calls: [ExpectedCall]?
  /// `expect.cancelled`: the names of the calls the step must cancel, compared as a set; `nil` when not given
  /// (exhaustive: none).
  package var cancelled: [String]?
  /// `expect.received` (format v1.2): the actions the runtime's effects must send back during the step, in order;
  /// `nil` when not given (in a scenario that checks received actions, exhaustive: none).
  package var received: [JSONValue]?
  /// `expect.events` (format v1.3): the one-off events the screen must receive during the step, in order, each
  /// `{"type": name, ...fields}`; `nil` when not given (in an exhaustive scenario of a feature that declares `events`:
  /// none).
  package var events: [JSONValue]?

  /// Creates an expectation.
  package init(
    kind: Kind, calls: [ExpectedCall]? = nil, cancelled: [String]? = nil, received: [JSONValue]? = nil,
    events: [JSONValue]? = nil
  ) {
    self.kind = kind
    self.calls = calls
    self.cancelled = cancelled
    self.received = received
    self.events = events
  }

  /// How the step reads in reports: `send submit` (the action's `type`), `respond a1 (result)`,
  /// `respond a1 (error "connection reset")`, `respond a1 (cancellation "timed out")`, `respond o1 (complete)`,
  /// `advance 9999`, `clear`, `screen appear`, `emit o1`, and `start (creation)` for the scenario's `start`.
  package var title: String {
    switch kind {
    case .send(let action):
      if let type = action["type"]?.stringValue { return "send \(ReportText.oneLine(type, limit: 80))" }
      return "send \(ReportText.clip(JSONRenderer.compact(action, style: .display)))"
    case .respond(let call, .result): return "respond \(ReportText.oneLine(call, limit: 80)) (result)"
    case .respond(let call, .error(let message)):
      return
        "respond \(ReportText.oneLine(call, limit: 80)) (error \(JSONRenderer.compact(.string(message), style: .display)))"
    case .respond(let call, .cancellation(let message)):
      return
        "respond \(ReportText.oneLine(call, limit: 80)) (cancellation \(JSONRenderer.compact(.string(message), style: .display)))"
    case .respond(let call, .complete): return "respond \(ReportText.oneLine(call, limit: 80)) (complete)"
    case .advance(let milliseconds): return "advance \(milliseconds)"
    case .clear: return "clear"
    case .screen(let transition): return "screen \(transition.rawValue)"
    case .emit(let call, _): return "emit \(ReportText.oneLine(call, limit: 80))"
    case .start: return "start (creation)"
    }
  }

  /// The step as the scenario file writes it, without `expect`: `{"send": …}`, `{"respond": {…}}`,
  /// `{"advance": n}`, `{"clear": true}`, `{"screen": …}`, `{"emit": {…}}`, or `{"start": {}}` for the scenario's
  /// `start`; reports show it where a reducer step shows its action.
  package var stepValue: JSONValue {
    switch kind {
    case .send(let action): return ["send": action]
    case .respond(let call, .result(let result)): return ["respond": ["call": .string(call), "result": result]]
    case .respond(let call, .error(let message)):
      return ["respond": ["call": .string(call), "error": ["message": .string(message)]]]
    case .respond(let call, .cancellation(let message)):
      return ["respond": ["call": .string(call), "error": ["message": .string(message), "cancellation": true]]]
    case .respond(let call, .complete): return ["respond": ["call": .string(call), "complete": true]]
    case .advance(let milliseconds): return ["advance": .number(.integer(milliseconds))]
    case .clear: return ["clear": true]
    case .screen(let transition): return ["screen": .string(transition.rawValue)]
    case .emit(let call, let value): return ["emit": ["call": .string(call), "value": value]]
    case .start: return ["start": .object(JSONObject())]
    }
  }
}

/// One entry of a runtime step's `expect.calls`: a call the step must start (scenario format v1.1).
///
/// JSON shape: `{"call": "a1", "dependency": "authenticate", "arguments": {"email": "…", "password": "…"}}`; `call`
/// is a name unique in the file (`^[A-Za-z0-9_.-]{1,64}$`), `dependency` is declared in the manifest's
/// `dependencies` and `arguments` has its argument shapes.
package struct ExpectedCall: Sendable, Equatable {
  /// The scenario's name for the call, e.g. `a1`.
  package var name: String
  /// The dependency, e.g. `authenticate`.
  package var dependency: String
  /// The arguments, an object of the dependency's argument fields.
  package var arguments: JSONValue

  /// Creates an expected call.
  package init(name: String, dependency: String, arguments: JSONValue) {
    self.name = name
    self.dependency = dependency
    self.arguments = arguments
  }
}

/// One entry of a runtime scenario's top-level `leavesRunning` (format v1.2): an effect the scenario expects to be
/// still in flight at its end, as TCA's `skipInFlightEffects` lets a test say.
///
/// JSON shape: `{"type": "startTimer"}` or `{"type": "startTimer", "id": "timer"}`; `type` is one of the manifest's
/// effects; `id`, when given, must equal the effect's cancellation id.
package struct ExpectedEffect: Sendable, Equatable {
  /// The effect's case name, e.g. `authenticate`.
  package var type: String
  /// The cancellation id it runs under; `nil` matches any.
  package var id: String?

  /// Creates an expected effect.
  package init(type: String, id: String? = nil) {
    self.type = type
    self.id = id
  }

  /// Whether the reported `{"type", "id"}` is this effect.
  package func matches(_ reported: JSONValue) -> Bool {
    guard reported["type"]?.stringValue == type else { return false }
    return id == nil || reported["id"]?.stringValue == id
  }
}
