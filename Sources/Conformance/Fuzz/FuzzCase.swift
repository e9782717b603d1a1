/// One generated input of `conformance fuzz`: a start state and the steps to run, as a scenario would give them
/// (`initialState`, then each step's `send` at reducer level, or each runtime step at runtime level).
///
/// At runtime level (``level``), each element of ``actions`` is a runtime step in the protocol's form (harness
/// protocol §2.5): `{"send": action}`, `{"respond": {"call": {"step": s, "index": i}, "result": value}}`,
/// `{"respond": {"call": …, "error": {"message": m, "cancellation"?: true}}}`, `{"advance": ms}` or
/// `{"clear": true}`. Keeping them as JSON lets the shrinker simplify their strings the way it does actions'.
package struct FuzzCase: Sendable, Equatable {
  /// The state to start from: the manifest's initial state or one a bundled scenario of the same level starts from.
  package var initialState: JSONValue
  /// The steps, 1 or more: at reducer level each a case of the manifest's `actions` (`{"type": name, …fields}`); at
  /// runtime level each a runtime step in protocol form (see the type's summary).
  package var actions: [JSONValue]
  /// The level the case runs at (`.reducer` unless made for `--level runtime`).
  package var level: ScenarioLevel

  /// Creates a case.
  package init(initialState: JSONValue, actions: [JSONValue], level: ScenarioLevel = .reducer) {
    self.initialState = initialState
    self.actions = actions
    self.level = level
  }

  /// The number of non-ASCII Unicode scalars in every string of the initial state and of every step (the
  /// shrinker's second target).
  package var nonASCIIScalarCount: Int {
    actions.reduce(Self.nonASCII(in: initialState)) { $0 + Self.nonASCII(in: $1) }
  }

  /// The request that runs this case (harness protocol §2.2, §2.5); `id` names it in a harness's messages.
  package func request(id: String, feature: String) -> RunRequest {
    let bytes = actions.reduce(TraceSize.bytes(initialState) * (actions.count + 1) + 64) {
      $0 + TraceSize.bytes($1) * 2
    }
    guard level == .runtime else {
      return RunRequest(
        id: id, feature: feature, initialState: initialState, actions: actions, expectedTraceBytes: bytes)
    }
    return RunRequest(
      id: id, feature: feature, initialState: initialState, steps: actions.map(Self.runtimeStep),
      expectedTraceBytes: bytes)
  }

  /// The case without step `index` (0-based). At runtime level, call references are renumbered: a `respond` to a
  /// call of the removed step is removed too, and references to later steps move one step down.
  package func removingStep(at index: Int) -> FuzzCase {
    guard actions.indices.contains(index) else { return self }
    guard level == .runtime else {
      var fewer = self
      fewer.actions.remove(at: index)
      return fewer
    }
    let removed = index + 1
    var kept: [JSONValue] = []
    for (position, step) in actions.enumerated() where position != index {
      guard let reference = Self.callReference(of: step) else {
        kept.append(step)
        continue
      }
      if reference.step == removed { continue }
      let moved = reference.step > removed ? CallReference(step: reference.step - 1, index: reference.index) : reference
      kept.append(Self.replacingCall(of: step, with: moved))
    }
    return FuzzCase(initialState: initialState, actions: kept, level: level)
  }

  /// The call a runtime `respond` step answers, or `nil` for any other step.
  package static func callReference(of step: JSONValue) -> CallReference? {
    guard let call = step["respond"]?["call"], case .number(.integer(let s))? = call["step"],
      case .number(.integer(let i))? = call["index"]
    else { return nil }
    return CallReference(step: Int(s), index: Int(i))
  }

  /// A runtime step in protocol form as a ``RuntimeStep``; an unreadable one (no generated case holds one) becomes
  /// an empty `send`.
  package static func runtimeStep(_ step: JSONValue) -> RuntimeStep {
    if let action = step["send"] { return .send(action) }
    if case .number(.integer(let milliseconds))? = step["advance"] { return .advance(milliseconds: milliseconds) }
    if step["clear"] != nil { return .clear }
    if let respond = step["respond"], let reference = callReference(of: step) {
      if let result = respond["result"] { return .respond(reference, .result(result)) }
      let message = respond["error"]?["message"]?.stringValue ?? ""
      if respond["error"]?["cancellation"] == .bool(true) {
        return .respond(reference, .cancellation(message: message))
      }
      return .respond(reference, .error(message: message))
    }
    return .send(.object(JSONObject()))
  }

  private static func replacingCall(of step: JSONValue, with reference: CallReference) -> JSONValue {
    guard case .object(var outer) = step, case .object(var respond)? = outer["respond"] else { return step }
    respond["call"] = [
      "step": .number(.integer(Int64(reference.step))), "index": .number(.integer(Int64(reference.index))),
    ]
    outer["respond"] = .object(respond)
    return .object(outer)
  }

  private static func nonASCII(in value: JSONValue) -> Int {
    switch value {
    case .string(let string): return string.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 0 : 1) }
    case .array(let elements): return elements.reduce(0) { $0 + nonASCII(in: $1) }
    case .object(let object): return object.members.reduce(0) { $0 + nonASCII(in: $1.value) }
    default: return 0
    }
  }
}
