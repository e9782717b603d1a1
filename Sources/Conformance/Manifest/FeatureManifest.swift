/// A feature's machine-readable contract: its state fields, initial state, actions, effects and their platform names.
///
/// Loaded from `Conformance/features/<feature>.json` by ``ManifestLoader``; every scenario is validated against the
/// manifest of its `feature` (Conformance/README.md, feature manifests).
package struct FeatureManifest: Sendable {
  /// One variant of a union: an action, an effect, or a case of a named type. On the wire it is
  /// `{"type": name, ...fields}` with every field required and no other keys.
  package struct Case: Sendable {
    /// The discriminator value, e.g. `emailChanged`.
    package var name: String
    /// The case's fields in declaration order.
    package var fields: [TypeDescriptor.Field]
    /// The spec rule that governs it, e.g. `L1`, when given.
    package var rule: String?
    /// The platform names (`swift`: case name, `kotlin`: intent or class name), keyed by platform.
    package var platformNames: [String: String]
    /// For effects: the id under which the effect runs and can be cancelled, when given.
    package var cancellationID: String?
    /// For actions: the dependencies whose calls the step that sends this action may start, in start order
    /// (manifest `calls`, format §2.2, e.g. `["authenticate"]` for login's `submit`); empty when not declared.
    /// Call `i` (1-based) of such a step goes to `calls[i - 1]`. Only `conformance fuzz` reads it, to answer each call
    /// with a result of its own dependency's type.
    package var calls: [String] = []
  }

  /// A discriminated union: the actions, the effects, or a named type.
  package struct Union: Sendable {
    /// The union's name: `action`, `effect`, or the name in `types`.
    package var name: String
    /// The cases in declaration order.
    package var cases: [Case]

    /// The case with discriminator `name`, or `nil`.
    package func `case`(named name: String) -> Case? { cases.first { ScalarOrder.equal($0.name, name) } }
  }

  /// The feature's name, e.g. `login` (kebab-case; the manifest's file name without `.json`).
  package var feature: String
  /// A human title, e.g. `Login`.
  package var title: String
  /// The manifest file, as loaded.
  package var file: String
  /// The prose spec, relative to the manifest's folder (e.g. `login.md`), when given.
  package var spec: String?
  /// The rule ids the spec declares (``SpecRules``, scenario format §18.1), in declaration order: what a scenario's
  /// `rules` may cite. `nil` when the spec was not read (a manifest loaded without its folder).
  package var ruleIDs: [String]? = nil
  /// The spec's path as reports name it (`Conformance/features/login.md`), when it was read.
  package var specFile: String? = nil
  /// The state's fields, in declaration order; a state is a closed object of exactly these fields.
  package var stateFields: [TypeDescriptor.Field]
  /// The initial state, already validated against ``stateFields``.
  package var initialState: JSONValue
  /// The actions (Android: intents).
  package var actions: Union
  /// The effects.
  package var effects: Union
  /// The one-off events the runtime sends the screen (manifest `events`, format v1.3, Conformance/README.md §16):
  /// cases exactly like ``effects`` (e.g. a navigation), each `{"type": name, ...fields}` on the wire; `nil` when the
  /// manifest declares none (then a scenario may not expect events).
  package var events: Union? = nil
  /// Named unions that fields can refer to with `{"type": "union", "ref": name}`.
  package var types: [String: Union]
  /// Named object types that fields can refer to with `{"type": "object", "ref": name}` (format v1.2, README §15):
  /// each a closed object of exactly these fields, in declaration order.
  package var objectTypes: [String: [TypeDescriptor.Field]] = [:]
  /// The dependencies a runtime-level scenario's calls go to, by name (manifest `dependencies`; empty when absent).
  package var dependencies: [String: Dependency] = [:]
  /// The durations the feature's runtime waits for, by name, in whole milliseconds from 1 to 86,400,000 (manifest
  /// `durations`, format §2.8; empty when absent), e.g. `["timeout": 10_000]` for login (login.md LR3).
  /// `conformance fuzz --level runtime` advances virtual time to either side of each.
  package var durations: [String: Int64] = [:]
  /// Where numbers compare within a tolerance (README §17.4), built once from the descriptors by ``ManifestLoader``.
  package var tolerances: Tolerances = .exact

  /// A dependency the feature's runtime calls, e.g. `authenticate(email, password) → LoginResult` (manifest
  /// `dependencies`, scenario format v1.1).
  ///
  /// JSON shape: `{"rule"?: id, "description"?: text, "arguments": {name: descriptor}, "result": descriptor}`, with
  /// the field descriptors of action fields; a stream dependency (format v1.3) gives `"emits": descriptor` instead of
  /// `result`: a call is a subscription that delivers elements of that type until it completes, fails or is
  /// cancelled.
  package struct Dependency: Sendable {
    /// The dependency's name, e.g. `authenticate`.
    package var name: String
    /// The argument fields in declaration order; a call's `arguments` is a closed object of exactly these.
    package var arguments: [TypeDescriptor.Field]
    /// The type of the value a `respond` step's `result` gives; for a stream dependency (``isStream``), the type of
    /// each element an `emit` step delivers (the manifest's `emits`).
    package var result: TypeDescriptor
    /// Whether the dependency is a stream (manifest `emits`, format v1.3): its calls are answered by `emit` steps and
    /// end with `respond` `complete` or `error`, never `result`.
    package var isStream = false
    /// The spec rule that governs it, e.g. `LR1`, when given.
    package var rule: String?
  }
}

// MARK: - SpecRules

/// The rule ids a feature's prose spec declares (scenario format §18.1): what a scenario's `rules` may cite and what
/// `conformance coverage` lists as cited or not.
///
/// A rule is declared where its id starts a heading or a bold list item, the two ways the bundled specs number their
/// rules:
///
/// ```markdown
/// ### L3 — `{"type": "submit"}` [`Submit`]
/// - **L3.a** If `isLoading` is true, the action is ignored …
/// - **LR1.** The `authenticate` effect calls the dependency …
/// - **IB1 (creation).** Creating the runtime calls `loadProfile` once …
/// ```
///
/// declares `L3`, `L3.a`, `LR1` and `IB1`. An id elsewhere in the prose (a citation such as "cleared by L4.b") declares
/// nothing. Ids follow the rule id pattern of format §1.3, `^[A-Z]+[0-9]+(\.[a-z])?$`; fenced code blocks are skipped.
package enum SpecRules {
  /// The ids `markdown` declares, in the order it declares them, each once.
  ///
  /// - Parameter markdown: The text of the spec, e.g. `Conformance/features/login.md`.
  /// - Returns: The declared ids; empty when none is declared.
  package static func ids(inMarkdown markdown: String) -> [String] {
    var ids: [String] = []
    var seen = Set<String>()
    var inFence = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      guard !inFence, let id = declaredID(in: trimmed), seen.insert(id).inserted else { continue }
      ids.append(id)
    }
    return ids
  }

  /// The id a line declares: the first word after a heading's `#`s, or after the `**` that opens a list item.
  private static func declaredID(in line: Substring) -> String? {
    var rest: Substring
    if line.hasPrefix("#") {
      rest = line.drop { $0 == "#" }
      guard rest.first == " " else { return nil }
      rest = rest.drop { $0 == " " }
    } else if line.hasPrefix("- **") || line.hasPrefix("* **") {
      rest = line.dropFirst(4)
    } else {
      return nil
    }
    var word = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })
    // A sentence's full stop after the id ("**LR1.**") is not part of it.
    if word.hasSuffix(".") { word.removeLast() }
    return ManifestNames.isRuleID(word) ? word : nil
  }
}

// MARK: - Tolerances

/// Where a feature's numbers compare within a tolerance rather than exactly (manifest `"tolerance"` on a `number`
/// descriptor, Conformance/README.md §17.4): a tree that follows the state's and the effects' shapes down to each
/// tolerant number.
///
/// Everything the tree does not reach compares exactly (§5). Two numbers `a` and `b` at a tolerant place are equal
/// when `|a − b| ≤ tolerance`, as binary64 doubles; the judge uses this for expected against actual values, and the
/// divergence finder for one implementation's trace against another's.
package struct Tolerances: Sendable {
  /// The state's tolerant fields; `nil` when it has none.
  package var state: ToleranceNode?
  /// The effects' tolerant fields, by effect type; `nil` when they have none.
  package var effects: ToleranceNode?

  /// No tolerance anywhere: every value compares exactly.
  package static let exact = Tolerances(state: nil, effects: nil)

  /// Creates the tree of a manifest's tolerant numbers.
  package init(_ manifest: FeatureManifest) {
    let builder = ToleranceNode.Builder(manifest: manifest)
    state = builder.object(manifest.stateFields, visiting: [])
    effects = builder.union(manifest.effects, visiting: [])
  }

  private init(state: ToleranceNode?, effects: ToleranceNode?) {
    self.state = state
    self.effects = effects
  }

  /// The tree of a step's observation as the divergence finder compares it, `{"state": …, "effects": [...]}`.
  var observation: ToleranceNode? {
    guard state != nil || effects != nil else { return nil }
    var fields: [String: ToleranceNode] = [:]
    fields["state"] = state
    fields["effects"] = effects.map { ToleranceNode(items: $0) }
    return ToleranceNode(fields: fields)
  }
}

/// One place in a ``Tolerances`` tree: the tolerance of the number here, and the tolerant places below it.
package final class ToleranceNode: Sendable {
  /// The tolerance of a number at this place; `nil`: exact.
  let here: Double?
  /// The object's members that hold tolerant numbers, by key.
  let fields: [String: ToleranceNode]
  /// An array's items, when they hold tolerant numbers.
  let items: ToleranceNode?
  /// For a union (effects, named unions): the node of each case that holds tolerant numbers, by its `type`.
  let cases: [String: ToleranceNode]

  init(
    here: Double? = nil, fields: [String: ToleranceNode] = [:], items: ToleranceNode? = nil,
    cases: [String: ToleranceNode] = [:]
  ) {
    self.here = here
    self.fields = fields
    self.items = items
    self.cases = cases
  }

  /// The node of `value`'s own members: for a union, the case named by its `type`.
  func resolved(for value: JSONValue) -> ToleranceNode? {
    guard !cases.isEmpty else { return self }
    return value["type"]?.stringValue.flatMap { cases[$0] }
  }

  /// The node at `path` below this one, following `value` (to pick union cases); `nil` when nothing there is
  /// tolerant.
  func descend(_ path: JSONPath, through value: JSONValue) -> ToleranceNode? {
    var node = self
    var current = value
    for component in path.components {
      guard let resolved = node.resolved(for: current) else { return nil }
      let next: ToleranceNode?
      switch component {
      case .key(let key): next = resolved.fields[key]
      case .index: next = resolved.items
      }
      guard let next, let child = current.value(at: JSONPath([component])) else { return nil }
      (node, current) = (next, child)
    }
    return node
  }

  /// Builds nodes from a manifest's descriptors; a named type met again below itself is not followed again.
  struct Builder {
    let manifest: FeatureManifest

    func object(_ fields: [TypeDescriptor.Field], visiting: Set<String>) -> ToleranceNode? {
      var nodes: [String: ToleranceNode] = [:]
      for field in fields { nodes[field.name] = descriptor(field.type, visiting: visiting) }
      return nodes.isEmpty ? nil : ToleranceNode(fields: nodes)
    }

    func union(_ union: FeatureManifest.Union, visiting: Set<String>) -> ToleranceNode? {
      var nodes: [String: ToleranceNode] = [:]
      for item in union.cases { nodes[item.name] = object(item.fields, visiting: visiting) }
      return nodes.isEmpty ? nil : ToleranceNode(cases: nodes)
    }

    func descriptor(_ type: TypeDescriptor, visiting: Set<String>) -> ToleranceNode? {
      switch type {
      case .number(let range): return range.tolerance.map { ToleranceNode(here: $0) }
      case .nullable(let wrapped): return descriptor(wrapped, visiting: visiting)
      case .array(let items): return descriptor(items, visiting: visiting).map { ToleranceNode(items: $0) }
      case .object(let fields): return object(fields, visiting: visiting)
      case .objectRef(let name):
        guard !visiting.contains(name), let fields = manifest.objectTypes[name] else { return nil }
        return object(fields, visiting: visiting.union([name]))
      case .union(let name):
        guard !visiting.contains(name), let named = manifest.types[name] else { return nil }
        return union(named, visiting: visiting.union([name]))
      case .string, .stringEnum, .formatted, .boolean, .integer: return nil
      }
    }
  }
}
