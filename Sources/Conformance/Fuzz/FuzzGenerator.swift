/// Generates ``FuzzCase``s from a feature manifest: every action type, and a value of every field type a manifest can
/// declare (``TypeDescriptor``: strings through ``FuzzStrings``, string enums, `date-time` and `uuid` strings, booleans,
/// integers, numbers, arrays, closed objects and named object types, unions and nullable values).
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

  /// The next case.
  package func next(random: inout FuzzRandom) -> FuzzCase {
    let dictionary = strings.dictionary
    let startStates = level == .runtime ? dictionary.runtimeInitialStates : dictionary.initialStates
    let initialState = random.chance(25) ? (random.pick(startStates) ?? manifest.initialState) : manifest.initialState
    let count = random.chance(70) ? 1 + random.below(maxSteps) : min(maxSteps, 2 + random.below(3))
    guard level == .runtime else {
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
    return FuzzCase(
      initialState: initialState, actions: runtimeSteps(count: count, random: &random), level: .runtime)
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

  func nextAction(after previous: String, random: inout FuzzRandom) -> FeatureManifest.Case {
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
  func value(
    ofCase item: FeatureManifest.Case, key: String, earlier: inout [String], random: inout FuzzRandom, depth: Int = 0
  ) -> JSONValue {
    var object = fields(item.fields, key: key, earlier: &earlier, random: &random, depth: depth)
    object["type"] = .string(item.name)
    return .object(object)
  }

  /// A value of `type`; strings are recorded in `earlier` so later actions can reuse them. Past ``depthLimit``
  /// nested values, a nullable value is `null` and an array empty, so that a type that contains itself (a comment's
  /// replies) ends: the manifest loader makes sure every such cycle has one of them.
  package func value(
    of type: TypeDescriptor, key: String, earlier: inout [String], random: inout FuzzRandom, depth: Int = 0
  ) -> JSONValue {
    switch type {
    case .string:
      let string = strings.string(for: key, earlier: earlier, random: &random)
      earlier.append(string)
      return .string(string)
    case .formatted(let format): return .string(formatted(format, earlier: &earlier, random: &random))
    case .stringEnum(let values): return .string(random.pick(values) ?? "")
    case .boolean: return .bool(random.chance(50))
    case .integer(let range): return .number(.integer(integer(in: range, random: &random)))
    case .number(let range): return .number(.double(number(in: range, random: &random)))
    case .array(let items):
      let count = depth >= Self.depthLimit ? 0 : random.below(4)
      return .array(
        (0..<count).map { _ in
          value(of: items, key: key + "[]", earlier: &earlier, random: &random, depth: depth + 1)
        })
    case .object(let fields):
      return .object(self.fields(fields, key: key, earlier: &earlier, random: &random, depth: depth))
    case .objectRef(let name):
      let fields = manifest.objectTypes[name] ?? []
      return .object(self.fields(fields, key: key, earlier: &earlier, random: &random, depth: depth))
    case .union(let name):
      guard let union = manifest.types[name], let item = random.pick(union.cases) else { return .null }
      return value(ofCase: item, key: key, earlier: &earlier, random: &random, depth: depth)
    case .nullable(let wrapped):
      guard depth < Self.depthLimit, !random.chance(20) else { return .null }
      return value(of: wrapped, key: key, earlier: &earlier, random: &random, depth: depth)
    }
  }

  /// How deep generated values nest before nullable values and arrays end them: 4.
  static let depthLimit = 4

  /// An object with a value for each of `fields`, drawn in their order.
  private func fields(
    _ fields: [TypeDescriptor.Field], key: String, earlier: inout [String], random: inout FuzzRandom, depth: Int
  ) -> JSONObject {
    var object = JSONObject()
    for field in fields {
      object[field.name] = value(
        of: field.type, key: key + "." + field.name, earlier: &earlier, random: &random, depth: depth + 1)
    }
    return object
  }
}
