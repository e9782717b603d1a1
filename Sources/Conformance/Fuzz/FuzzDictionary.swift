/// What `conformance fuzz` learns from a feature's bundled scenarios: a dictionary of the values they send, the
/// initial states they start from, and how often one action follows another (so generated sequences look like the
/// flows people write: fields set, then submit, then a response).
///
/// Strings are keyed by where they were sent, `<action>.<path>` with union discriminators left out
/// (`emailChanged.value`, `loginResponse.result.message`); ``strings`` also holds every string of every state and
/// effect. Values are kept in corpus order, each once (compared by Unicode scalars, never by canonical equivalence),
/// so the dictionary is the same on every run. Scenarios tagged `unicode-version-dependent` (login.md §3.3), and
/// strings with a scalar of ``FuzzHazards/versionDependent``, are left out unless `unicodeAll`.
package struct FuzzDictionary: Sendable {
  /// Strings by the place they were sent, e.g. `emailChanged.value`.
  package private(set) var stringsByKey: [String: [String]] = [:]
  /// Every string of every action, state and effect, once each.
  package private(set) var strings: [String] = []
  /// Every integer sent or held in a state or effect, once each.
  package private(set) var integers: [Int64] = []
  /// The distinct initial states the reducer-level scenarios give explicitly (not the manifest's): where reducer-level
  /// sequences start.
  package private(set) var initialStates: [JSONValue] = []
  /// The distinct initial states the runtime-level scenarios give explicitly (not the manifest's): where runtime-level
  /// sequences start. Kept apart from ``initialStates`` because a reducer may be started anywhere, a runtime only
  /// where a real screen can be: a reducer-level state such as "loading" has no call in flight behind it, so a
  /// runtime started there would be judged on a screen no user can reach.
  package private(set) var runtimeInitialStates: [JSONValue] = []
  /// How often each action type followed another: `transitions[previous][next]`, with `""` for the first step.
  package private(set) var transitions: [String: [String: Int]] = [:]
  /// The keys of ``transitions`` and of each inner table, in first-seen order (dictionary order is per-process).
  package private(set) var transitionOrder: [String: [String]] = [:]
  private var seenStrings = Set<[UInt8]>()
  private var seenKeyed = Set<[UInt8]>()
  private var seenIntegers = Set<Int64>()

  /// Builds the dictionary from scenarios of one feature, in the order given.
  ///
  /// - Parameters:
  ///   - scenarios: The feature's scenarios (already validated against its manifest).
  ///   - manifestInitialState: The manifest's initial state; scenarios that start there add no initial state.
  ///   - unicodeAll: Whether to keep Unicode-version-dependent scenarios and strings.
  package init(scenarios: [Scenario], manifestInitialState: JSONValue, unicodeAll: Bool) {
    for scenario in scenarios {
      if !unicodeAll, scenario.tags.contains("unicode-version-dependent") { continue }
      let keepsInitialState =
        scenario.initialState != manifestInitialState
        && (unicodeAll || !Self.hasVersionDependentString(scenario.initialState))
      // Runtime-level steps respond, advance and clear as well as send: their flows are not a reducer's.
      guard scenario.level == .reducer else {
        if keepsInitialState, !runtimeInitialStates.contains(scenario.initialState) {
          runtimeInitialStates.append(scenario.initialState)
        }
        continue
      }
      if keepsInitialState, !initialStates.contains(scenario.initialState) {
        initialStates.append(scenario.initialState)
      }
      collect(scenario.initialState, unicodeAll: unicodeAll)
      var previous = ""
      for step in scenario.steps {
        let type = step.send["type"]?.stringValue ?? ""
        countTransition(from: previous, to: type)
        previous = type
        collectKeyed(step.send, key: type, unicodeAll: unicodeAll)
        collect(step.send, unicodeAll: unicodeAll)
        switch step.state {
        case .unchanged: break
        case .full(let value), .changes(let value): collect(value, unicodeAll: unicodeAll)
        }
        for effect in step.effects ?? [] { collect(effect, unicodeAll: unicodeAll) }
      }
    }
  }

  /// Adds the examples the manifest gives for action fields (manifest `examples`, format §2.7), as if a scenario had
  /// sent them: keyed by `<action>.<field>`, and to ``strings`` and ``integers``.
  ///
  /// - Parameters:
  ///   - manifest: The feature's manifest.
  ///   - unicodeAll: Whether to keep examples with Unicode-version-dependent scalars.
  package mutating func addExamples(of manifest: FeatureManifest, unicodeAll: Bool) {
    for action in manifest.actions.cases {
      for field in action.fields {
        for example in field.examples {
          var object = JSONObject()
          object[field.name] = example
          collectKeyed(.object(object), key: action.name, unicodeAll: unicodeAll)
          collect(example, unicodeAll: unicodeAll)
        }
      }
    }
  }

  /// The strings sent at `key`, or ``strings`` when none were.
  package func strings(for key: String) -> [String] {
    if let keyed = stringsByKey[key], !keyed.isEmpty { return keyed }
    return strings
  }

  private mutating func countTransition(from previous: String, to next: String) {
    if transitions[previous]?[next] == nil { transitionOrder[previous, default: []].append(next) }
    transitions[previous, default: [:]][next, default: 0] += 1
  }

  /// Records the strings of an action by their place, `<key>.<path>`, leaving out `type` discriminators.
  private mutating func collectKeyed(_ value: JSONValue, key: String, unicodeAll: Bool) {
    switch value {
    case .string(let string):
      guard unicodeAll || !FuzzHazards.isVersionDependent(string) else { return }
      if seenKeyed.insert(Array((key + "\u{0}" + string).utf8)).inserted {
        stringsByKey[key, default: []].append(string)
      }
    case .object(let object):
      for member in object.members where member.key != "type" {
        collectKeyed(member.value, key: key + "." + member.key, unicodeAll: unicodeAll)
      }
    case .array(let elements):
      for element in elements { collectKeyed(element, key: key + "[]", unicodeAll: unicodeAll) }
    default: break
    }
  }

  private mutating func collect(_ value: JSONValue, unicodeAll: Bool) {
    switch value {
    case .string(let string):
      guard unicodeAll || !FuzzHazards.isVersionDependent(string) else { return }
      if seenStrings.insert(Array(string.utf8)).inserted { strings.append(string) }
    case .number(let number):
      if case .integer(let integer) = number, seenIntegers.insert(integer).inserted { integers.append(integer) }
    case .object(let object):
      for member in object.members where member.key != "type" { collect(member.value, unicodeAll: unicodeAll) }
    case .array(let elements):
      for element in elements { collect(element, unicodeAll: unicodeAll) }
    case .null, .bool: break
    }
  }

  private static func hasVersionDependentString(_ value: JSONValue) -> Bool {
    switch value {
    case .string(let string): return FuzzHazards.isVersionDependent(string)
    case .object(let object): return object.members.contains { hasVersionDependentString($0.value) }
    case .array(let elements): return elements.contains(where: hasVersionDependentString)
    default: return false
    }
  }
}
