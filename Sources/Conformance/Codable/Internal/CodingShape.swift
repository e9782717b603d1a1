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
  /// A named object type of the manifest (format v1.2), shared by every field that refers to it, so that a type
  /// may contain itself (a comment's replies).
  case named(ObjectShape)

  /// The shape of a type descriptor, with named types resolved in `named`.
  init(_ descriptor: TypeDescriptor, named: NamedShapes) {
    switch descriptor {
    case .nullable(let wrapped): self = CodingShape(wrapped, named: named)
    case .array(let items): self = .array(CodingShape(items, named: named))
    case .object(let fields): self = .object(Self.fields(fields, named: named))
    case .union(let name): self = named.unions[name].map(CodingShape.union) ?? .opaque
    case .objectRef(let name): self = named.objects[name].map(CodingShape.named) ?? .opaque
    default: self = .opaque  // Scalars (strings, enums of strings, numbers, Booleans) need no mapping.
    }
  }

  /// The shapes of a list of fields, by name.
  static func fields(_ fields: [TypeDescriptor.Field], named: NamedShapes) -> [String: CodingShape] {
    var shapes: [String: CodingShape] = [:]
    for field in fields { shapes[field.name] = CodingShape(field.type, named: named) }
    return shapes
  }

  /// The shape of a field of an object shape; ``opaque`` when unknown.
  func field(_ name: String) -> CodingShape {
    switch self {
    case .object(let fields): return fields[name] ?? .opaque
    case .named(let object): return object.fields[name] ?? .opaque
    default: return .opaque
    }
  }

  /// The shape of the member or element at `component`; ``opaque`` when unknown.
  func field(key component: JSONPath.Component) -> CodingShape {
    switch (self, component) {
    case (.object, .key(let name)), (.named, .key(let name)): return field(name)
    case (.array(let items), .index): return items
    default: return .opaque
    }
  }
}

/// A named object type's field shapes, constructed empty and filled once by ``CodingShapes`` (so that types may refer
/// to each other and to themselves), then only read.
final class ObjectShape: @unchecked Sendable {
  /// Each field's shape, by name.
  var fields: [String: CodingShape] = [:]
}

/// The manifest's named types as shapes, by name: its unions and its object types (`types`).
struct NamedShapes: Sendable {
  /// The named unions.
  var unions: [String: UnionShape] = [:]
  /// The named object types.
  var objects: [String: ObjectShape] = [:]
}
