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

/// A tagged union's cases with their neutral (manifest) and Swift names.
///
/// Constructed empty and filled once by ``CodingShapes`` (so unions may refer to each other), then only read.
final class UnionShape: @unchecked Sendable {
  /// One case: its names, its fields in declaration order, and their shapes.
  final class Case: Sendable {
    /// The manifest's discriminator, e.g. `emailChanged`.
    let neutral: String
    /// The Swift enum case name (the manifest's `swift` name, else the neutral name).
    let swift: String
    /// The fields in key order; a single unlabelled associated value (`_0`) maps onto the only one.
    let fieldOrder: [String]
    /// Each field's shape.
    let fields: [String: CodingShape]

    init(neutral: String, swift: String, fieldOrder: [String], fields: [String: CodingShape]) {
      self.neutral = neutral
      self.swift = swift
      self.fieldOrder = fieldOrder
      self.fields = fields
    }
  }

  /// The union's name in messages: `action`, `effect`, or the type's name.
  let name: String
  /// The cases, in key order (a manifest's objects are unordered). A union has a handful: a linear scan beats hashing
  /// the name.
  private(set) var cases: [Case] = []
  /// Neutral names in key order, for messages.
  var neutralNames: [String] { cases.map(\.neutral) }

  init(name: String) { self.name = name }

  /// Adds a case; called only while the shapes are built.
  func add(_ entry: Case) { cases.append(entry) }

  /// The case whose neutral name is `name`.
  func byNeutral(_ name: String) -> Case? { cases.first { $0.neutral == name } }

  /// The case whose Swift name is `name`.
  func bySwift(_ name: String) -> Case? { cases.first { $0.swift == name } }
}

/// The shapes of one feature's state, actions and effects.
struct CodingShapes: Sendable {
  /// The state's shape.
  var state: CodingShape
  /// The actions' union.
  var actions: CodingShape
  /// The effects' union.
  var effects: CodingShape

  /// No manifest: everything opaque.
  static let opaque = CodingShapes(state: .opaque, actions: .opaque, effects: .opaque)

  /// The shapes a manifest declares, with the Swift names of its `swift` platform.
  init(manifest: FeatureManifest) {
    var unions: [String: UnionShape] = [:]
    for name in manifest.types.keys { unions[name] = UnionShape(name: name) }
    for (name, union) in manifest.types {
      if let shape = unions[name] { Self.fill(shape, with: union, unions: unions) }
    }
    let actions = UnionShape(name: "action")
    Self.fill(actions, with: manifest.actions, unions: unions)
    let effects = UnionShape(name: "effect")
    Self.fill(effects, with: manifest.effects, unions: unions)
    self.init(
      state: .object(CodingShape.fields(manifest.stateFields, unions: unions)), actions: .union(actions),
      effects: .union(effects))
  }

  private init(state: CodingShape, actions: CodingShape, effects: CodingShape) {
    self.state = state
    self.actions = actions
    self.effects = effects
  }

  private static func fill(_ shape: UnionShape, with union: FeatureManifest.Union, unions: [String: UnionShape]) {
    for entry in union.cases {
      shape.add(
        UnionShape.Case(
          neutral: entry.name, swift: entry.platformNames["swift"] ?? entry.name,
          fieldOrder: entry.fields.map(\.name), fields: CodingShape.fields(entry.fields, unions: unions)))
    }
  }
}
