/// One generated input of `conformance fuzz`: a start state and the actions to send, as a scenario would give them
/// (`initialState`, each step's `send`).
package struct FuzzCase: Sendable, Equatable {
  /// The state to start from: the manifest's initial state or one a bundled scenario starts from.
  package var initialState: JSONValue
  /// The actions, 1 or more, each a case of the manifest's `actions` (`{"type": name, …fields}`).
  package var actions: [JSONValue]

  /// Creates a case.
  package init(initialState: JSONValue, actions: [JSONValue]) {
    self.initialState = initialState
    self.actions = actions
  }

  /// The number of non-ASCII Unicode scalars in every string of the initial state and of every action (the
  /// shrinker's second target).
  package var nonASCIIScalarCount: Int {
    actions.reduce(Self.nonASCII(in: initialState)) { $0 + Self.nonASCII(in: $1) }
  }

  /// The request that runs this case (harness protocol §2.2); `id` names it in a harness's messages.
  package func request(id: String, feature: String) -> RunRequest {
    RunRequest(
      id: id, feature: feature, initialState: initialState, actions: actions,
      expectedTraceBytes: actions.reduce(TraceSize.bytes(initialState) * (actions.count + 1) + 64) {
        $0 + TraceSize.bytes($1) * 2
      })
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

/// Generates ``FuzzCase``s from a feature manifest (issue 10, item 1): every action type, and a value of every field
/// type a manifest can declare (``TypeDescriptor``: strings through ``FuzzStrings``, string enums, booleans,
/// integers, numbers, arrays, closed objects, unions and nullable values).
///
/// Sequences have 1 to `maxSteps` actions and follow the flows of the bundled scenarios most of the time: the next
/// action is drawn from how often it followed the previous one there (``FuzzDictionary/transitions``), else from
/// every action alike. A quarter of the sequences start from an initial state a bundled scenario gives.
package struct FuzzGenerator: Sendable {
  /// The feature's manifest.
  package var manifest: FeatureManifest
  /// The string generator (which holds the dictionary).
  package var strings: FuzzStrings
  /// The most actions in a sequence (at least 1).
  package var maxSteps: Int

  /// Creates a generator.
  package init(manifest: FeatureManifest, strings: FuzzStrings, maxSteps: Int) {
    self.manifest = manifest
    self.strings = strings
    self.maxSteps = max(1, maxSteps)
  }

  /// The next case.
  package func next(random: inout FuzzRandom) -> FuzzCase {
    let dictionary = strings.dictionary
    let initialState =
      random.chance(25) ? (random.pick(dictionary.initialStates) ?? manifest.initialState) : manifest.initialState
    let count = random.chance(70) ? 1 + random.below(maxSteps) : min(maxSteps, 2 + random.below(3))
    var actions: [JSONValue] = []
    var earlier: [String] = []
    var previous = ""
    for _ in 0..<count {
      let action = nextAction(after: previous, random: &random)
      actions.append(value(ofCase: action, key: action.name, earlier: &earlier, random: &random))
      previous = action.name
    }
    return FuzzCase(initialState: initialState, actions: actions)
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
    case .integer:
      let edges: [Int64] = [0, 1, -1, 12, 13, 130, 131, 999, Int64.max, Int64.min]
      let pool = strings.dictionary.integers + edges
      let base = random.pick(pool) ?? 0
      return .number(.integer(random.chance(70) ? base : base &+ Int64(random.below(3) - 1)))
    case .number:
      let base = Double(random.pick(strings.dictionary.integers) ?? 0)
      return .number(.double(random.chance(50) ? base : base + Double(random.below(100)) / 8))
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
