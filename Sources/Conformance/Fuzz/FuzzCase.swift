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

/// Generates ``FuzzCase``s from a feature manifest: every action type, and a value of every field type a manifest can
/// declare (``TypeDescriptor``: strings through ``FuzzStrings``, string enums, booleans, integers, numbers, arrays,
/// closed objects, unions and nullable values).
///
/// Sequences have 1 to `maxSteps` actions and follow the flows of the bundled scenarios most of the time: the next
/// action is drawn from how often it followed the previous one there (``FuzzDictionary/transitions``), else from
/// every action alike. A quarter of the sequences start from an initial state a bundled scenario gives: at reducer
/// level one a reducer-level scenario gives, at runtime level one a runtime-level scenario gives
/// (``FuzzDictionary/runtimeInitialStates``), since a reducer-level state such as "loading" with no call in flight
/// is one no real screen reaches.
///
/// At runtime level (``level``, Conformance/README.md §13) the steps mix `send` (actions drawn as above, about 55%),
/// `respond` to a call of an earlier `send` step that no step has answered yet (the latest step's more often than not;
/// about 20%), `advance` by a boundary-heavy number of milliseconds (``advanceEdges``: 0, 1 and either side of each
/// duration the manifest declares; else up to ``advanceLimit``; about 20%), and now and then `clear`. Every generated case is one `conformance validate` accepts once its calls are named (the generator's
/// contract, tested for every bundled feature): a `respond` answers call `{"step": s, "index": i}` with a value of
/// the `result` type of the dependency that call goes to (``dependency(answering:in:)``), or with an error
/// (`{"message": m}`, a quarter of them `"cancellation": true`), which any call may throw; when the manifest does not
/// say which dependency the call goes to, only with an error. A respond to a call that never started is ignored by
/// harnesses (harness protocol §2.5).
package struct FuzzGenerator: Sendable {
  /// The feature's manifest.
  package var manifest: FeatureManifest
  /// The string generator (which holds the dictionary).
  package var strings: FuzzStrings
  /// The most actions in a sequence (at least 1).
  package var maxSteps: Int

  /// The level of the cases generated.
  package var level: ScenarioLevel

  /// Creates a generator.
  package init(manifest: FeatureManifest, strings: FuzzStrings, maxSteps: Int, level: ScenarioLevel = .reducer) {
    self.manifest = manifest
    self.strings = strings
    self.maxSteps = max(1, maxSteps)
    self.level = level
  }

  /// The milliseconds `advance` steps favour, ascending, each once: 0 and 1, and one below, at and one above each
  /// duration the manifest declares (format §2.8) and each sum of two different ones (a debounce then a timeout),
  /// up to one day, the longest `advance`. Login's 10,000 ms timeout gives 0, 1, 9,999, 10,000 and 10,001.
  package var advanceEdges: [Int64] {
    let durations = manifest.durations.values.sorted()
    var targets = durations
    for (offset, first) in durations.enumerated() {
      for second in durations[(offset + 1)...] { targets.append(first + second) }
    }
    let edges: [Int64] = [0, 1] + targets.flatMap { target -> [Int64] in [target - 1, target, target + 1] }
    return Set(edges.filter { $0 <= ScenarioLoader.maximumAdvance }).sorted()
  }

  /// The longest `advance` drawn other than an edge: twice the longest declared duration (so that each is crossed
  /// in one step as well as at its edge), or 60,000 ms when the manifest declares none.
  package var advanceLimit: Int64 {
    guard let longest = manifest.durations.values.max() else { return 60_000 }
    return min(2 * longest, ScenarioLoader.maximumAdvance)
  }

  /// The next case.
  package func next(random: inout FuzzRandom) -> FuzzCase {
    let dictionary = strings.dictionary
    let startStates = level == .runtime ? dictionary.runtimeInitialStates : dictionary.initialStates
    let initialState = random.chance(25) ? (random.pick(startStates) ?? manifest.initialState) : manifest.initialState
    let count = random.chance(70) ? 1 + random.below(maxSteps) : min(maxSteps, 2 + random.below(3))
    var actions: [JSONValue] = []
    var earlier: [String] = []
    var previous = ""
    guard level == .runtime else {
      for _ in 0..<count {
        let action = nextAction(after: previous, random: &random)
        actions.append(value(ofCase: action, key: action.name, earlier: &earlier, random: &random))
        previous = action.name
      }
      return FuzzCase(initialState: initialState, actions: actions)
    }
    var sendSteps: [Int] = []
    var answered = Set<CallReference>()
    let edges = advanceEdges
    for index in 0..<count {
      let roll = random.below(100)
      if roll < 20, !manifest.dependencies.isEmpty,
        let call = unansweredCall(of: sendSteps, in: actions, answered: answered, random: &random)
      {
        actions.append(respond(to: call, in: actions, earlier: &earlier, random: &random))
        answered.insert(call)
      } else if roll < 40 {
        let milliseconds =
          random.chance(60) ? (random.pick(edges) ?? 0) : Int64(random.below(Int(advanceLimit) + 1))
        actions.append(["advance": .number(.integer(milliseconds))])
      } else if roll < 44 {
        actions.append(["clear": true])
      } else {
        let action = nextAction(after: previous, random: &random)
        actions.append(["send": value(ofCase: action, key: action.name, earlier: &earlier, random: &random)])
        previous = action.name
        sendSteps.append(index + 1)
      }
    }
    return FuzzCase(initialState: initialState, actions: actions, level: .runtime)
  }

  /// The dependency that call `reference` of a runtime case goes to, as far as the manifest says (format §2.2): call
  /// `i` of a step that sends an action with `calls` goes to the `i`-th name; call 1 of any other `send` step goes to
  /// the manifest's only dependency, when it declares exactly one. `nil` when the manifest does not say (several
  /// dependencies and no `calls`, an index past the list, a step other than `send`): such a call may only be answered
  /// with an error.
  ///
  /// - Parameters:
  ///   - reference: The call: its 1-based step and 1-based index among the calls that step starts.
  ///   - steps: The case's runtime steps in protocol form.
  package func dependency(answering reference: CallReference, in steps: [JSONValue]) -> FeatureManifest.Dependency? {
    guard steps.indices.contains(reference.step - 1), reference.index >= 1,
      let type = steps[reference.step - 1]["send"]?["type"]?.stringValue,
      let action = manifest.actions.case(named: type)
    else { return nil }
    if !action.calls.isEmpty {
      return action.calls.indices.contains(reference.index - 1)
        ? manifest.dependencies[action.calls[reference.index - 1]] : nil
    }
    guard reference.index == 1, manifest.dependencies.count == 1 else { return nil }
    return manifest.dependencies.values.first
  }

  /// A call of an earlier `send` step that no `respond` has answered (a second answer is invalid, README §13.5), of
  /// the latest such step more often than not; `nil` when every call is answered. A step whose action declares
  /// `calls` may start that many; any other, one.
  private func unansweredCall(
    of sendSteps: [Int], in steps: [JSONValue], answered: Set<CallReference>, random: inout FuzzRandom
  ) -> CallReference? {
    let open = sendSteps.flatMap { step in
      let type = steps[step - 1]["send"]?["type"]?.stringValue ?? ""
      let count = max(1, manifest.actions.case(named: type)?.calls.count ?? 0)
      return (1...count).map { CallReference(step: step, index: $0) }
    }.filter { !answered.contains($0) }
    guard let last = open.last else { return nil }
    return random.chance(60) ? random.pick(open.filter { $0.step == last.step }) : random.pick(open)
  }

  /// A `respond` to call `reference` of `steps`: with a result of its dependency's type (70%) when
  /// ``dependency(answering:in:)`` knows it, else with an error.
  private func respond(
    to reference: CallReference, in steps: [JSONValue], earlier: inout [String], random: inout FuzzRandom
  ) -> JSONValue {
    let dependency = dependency(answering: reference, in: steps)
    var respond = JSONObject()
    respond["call"] = [
      "step": .number(.integer(Int64(reference.step))), "index": .number(.integer(Int64(reference.index))),
    ]
    if let dependency, random.chance(70) {
      respond["result"] = value(
        of: dependency.result, key: dependency.name + ".result", earlier: &earlier, random: &random)
    } else {
      let message = strings.string(for: (dependency?.name ?? "call") + ".error", earlier: earlier, random: &random)
      respond["error"] =
        random.chance(25) ? ["message": .string(message), "cancellation": true] : ["message": .string(message)]
    }
    return ["respond": .object(respond)]
  }

  /// An integer within `range` (format §2.3): from the scenarios' integers and small edges (0, ±1, 12, 13, 130, 131,
  /// 999, the 64-bit limits), sometimes one off, and for a bounded range 40% of the time one of its edges: the
  /// minimum, one above it, one below the maximum, the maximum, and 0 when in range. Never a value out of range, which
  /// a scenario could not hold and a correct implementation need not survive (a price of `Int64.max` overflows).
  private func integer(in range: NumericRange, random: inout FuzzRandom) -> Int64 {
    let low = range.minimum?.int64Value ?? .min
    let high = range.maximum?.int64Value ?? .max
    let inRange = { (value: Int64) in low <= value && value <= high }
    if range.isBounded, random.chance(40), let edge = random.pick([low, low &+ 1, high &- 1, high, 0].filter(inRange)) {
      return edge
    }
    let pool = (strings.dictionary.integers + [0, 1, -1, 12, 13, 130, 131, 999, .max, .min]).filter(inRange)
    let base = random.pick(pool) ?? low
    let near = random.chance(70) ? base : base &+ Int64(random.below(3) - 1)
    return inRange(near) ? near : base
  }

  /// A number within `range` (format §2.3): one of the scenarios' integers, or it plus a multiple of 1/8 below 12.5,
  /// and for a bounded range 40% of the time one of its edges: the minimum, the maximum, their midpoint, and 0 when in
  /// range. A value out of range becomes the nearest bound.
  private func number(in range: NumericRange, random: inout FuzzRandom) -> Double {
    let low = range.minimum?.doubleValue ?? -Double.greatestFiniteMagnitude
    let high = range.maximum?.doubleValue ?? Double.greatestFiniteMagnitude
    if range.isBounded, random.chance(40) {
      let edges =
        [range.minimum?.doubleValue, range.maximum?.doubleValue, 0].compactMap { $0 }
        + (range.minimum != nil && range.maximum != nil ? [low / 2 + high / 2] : [])
      if let edge = random.pick(edges.filter { low <= $0 && $0 <= high }) { return edge }
    }
    let base = Double(random.pick(strings.dictionary.integers) ?? 0)
    let value = random.chance(50) ? base : base + Double(random.below(100)) / 8
    return min(max(value, low), high)
  }

  private func nextAction(after previous: String, random: inout FuzzRandom) -> FeatureManifest.Case {
    let cases = manifest.actions.cases
    let dictionary = strings.dictionary
    if random.chance(75), let order = dictionary.transitionOrder[previous],
      let counts = dictionary.transitions[previous]
    {
      let known = order.compactMap { name in manifest.actions.case(named: name).map { ($0, counts[name] ?? 0) } }
      if !known.isEmpty { return known[random.weighted(known.map(\.1))].0 }
    }
    return cases[random.below(cases.count)]
  }

  /// `{"type": name, …fields}` with a value for every field.
  private func value(
    ofCase item: FeatureManifest.Case, key: String, earlier: inout [String], random: inout FuzzRandom
  ) -> JSONValue {
    var object = JSONObject()
    object["type"] = .string(item.name)
    for field in item.fields {
      object[field.name] = value(of: field.type, key: key + "." + field.name, earlier: &earlier, random: &random)
    }
    return .object(object)
  }

  /// A value of `type`; strings are recorded in `earlier` so later actions can reuse them.
  package func value(of type: TypeDescriptor, key: String, earlier: inout [String], random: inout FuzzRandom)
    -> JSONValue
  {
    switch type {
    case .string:
      let string = strings.string(for: key, earlier: earlier, random: &random)
      earlier.append(string)
      return .string(string)
    case .stringEnum(let values): return .string(random.pick(values) ?? "")
    case .boolean: return .bool(random.chance(50))
    case .integer(let range): return .number(.integer(integer(in: range, random: &random)))
    case .number(let range): return .number(.double(number(in: range, random: &random)))
    case .array(let items):
      return .array(
        (0..<random.below(4)).map { _ in value(of: items, key: key + "[]", earlier: &earlier, random: &random) })
    case .object(let fields):
      var object = JSONObject()
      for field in fields {
        object[field.name] = value(of: field.type, key: key + "." + field.name, earlier: &earlier, random: &random)
      }
      return .object(object)
    case .union(let name):
      guard let union = manifest.types[name], let item = random.pick(union.cases) else { return .null }
      return value(ofCase: item, key: key, earlier: &earlier, random: &random)
    case .nullable(let wrapped):
      return random.chance(20) ? .null : value(of: wrapped, key: key, earlier: &earlier, random: &random)
    }
  }
}
