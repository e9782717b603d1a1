/// What the Codable bridge knows about a JSON value's place in a feature manifest: which objects are tagged unions
/// (`{"type": name, …fields}`) and how their case and field names map onto Swift's synthesized `Codable` form.
///
/// Built once per feature from its manifest (Conformance/README.md, feature manifests: `platforms.swift` and each
/// case's `swift` name). Without a manifest every value is ``opaque``: case names are taken as they are and a
/// single unlabelled associated value maps onto the only field.
indirect enum CodingShape: Sendable {
  /// Nothing known: names map to themselves.
  case opaque
  /// A closed object (a state, a nested object type): the shape of each field.
  case object([String: CodingShape])
  /// An array whose elements all have one shape.
  case array(CodingShape)
  /// A tagged union: the actions, the effects, or a named type.
  case union(UnionShape)

  /// The shape of a type descriptor, with named unions resolved in `unions`.
  init(_ descriptor: TypeDescriptor, unions: [String: UnionShape]) {
    switch descriptor {
    case .nullable(let wrapped): self = CodingShape(wrapped, unions: unions)
    case .array(let items): self = .array(CodingShape(items, unions: unions))
    case .object(let fields): self = .object(Self.fields(fields, unions: unions))
    case .union(let name): self = unions[name].map(CodingShape.union) ?? .opaque
    default: self = .opaque  // Scalars (strings, enums of strings, numbers, Booleans) need no mapping.
    }
  }

  /// The shapes of a list of fields, by name.
  static func fields(_ fields: [TypeDescriptor.Field], unions: [String: UnionShape]) -> [String: CodingShape] {
    var shapes: [String: CodingShape] = [:]
    for field in fields { shapes[field.name] = CodingShape(field.type, unions: unions) }
    return shapes
  }

  /// The shape of a field of an object shape; ``opaque`` when unknown.
  func field(_ name: String) -> CodingShape {
    if case .object(let fields) = self { return fields[name] ?? .opaque }
    return .opaque
  }

  /// The shape of the member or element at `component`; ``opaque`` when unknown.
  func field(key component: JSONPath.Component) -> CodingShape {
    switch (self, component) {
    case (.object, .key(let name)): return field(name)
    case (.array(let items), .index): return items
    default: return .opaque
    }
  }
}
