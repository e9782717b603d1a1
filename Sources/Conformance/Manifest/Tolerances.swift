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
