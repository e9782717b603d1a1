/// The shapes of one feature's state, actions and effects.
struct CodingShapes: Sendable {
  /// The state's shape.
  var state: CodingShape
  /// The actions' union.
  var actions: CodingShape
  /// The effects' union.
  var effects: CodingShape
  /// The one-off events' union (format v1.3); opaque when the manifest declares none.
  var events: CodingShape = .opaque
  /// The manifest's named types (`types`), by name: among them the result types of dependencies (runtime scenarios).
  var named = NamedShapes()

  /// No manifest: everything opaque.
  static let opaque = CodingShapes(state: .opaque, actions: .opaque, effects: .opaque)

  /// The shapes a manifest declares, with the Swift names of its `swift` platform.
  init(manifest: FeatureManifest) {
    var named = NamedShapes()
    for name in manifest.types.keys { named.unions[name] = UnionShape(name: name) }
    for name in manifest.objectTypes.keys { named.objects[name] = ObjectShape() }
    for (name, union) in manifest.types {
      if let shape = named.unions[name] { Self.fill(shape, with: union, named: named) }
    }
    for (name, fields) in manifest.objectTypes {
      named.objects[name]?.fields = CodingShape.fields(fields, named: named)
    }
    let actions = UnionShape(name: "action")
    Self.fill(actions, with: manifest.actions, named: named)
    let effects = UnionShape(name: "effect")
    Self.fill(effects, with: manifest.effects, named: named)
    self.init(
      state: .object(CodingShape.fields(manifest.stateFields, named: named)), actions: .union(actions),
      effects: .union(effects))
    if let declared = manifest.events {
      let events = UnionShape(name: "event")
      Self.fill(events, with: declared, named: named)
      self.events = .union(events)
    }
    self.named = named
  }

  private init(state: CodingShape, actions: CodingShape, effects: CodingShape) {
    self.state = state
    self.actions = actions
    self.effects = effects
  }

  private static func fill(_ shape: UnionShape, with union: FeatureManifest.Union, named: NamedShapes) {
    for entry in union.cases {
      shape.add(
        UnionShape.Case(
          neutral: entry.name, swift: entry.platformNames["swift"] ?? entry.name,
          fieldOrder: entry.fields.map(\.name), fields: CodingShape.fields(entry.fields, named: named)))
    }
  }
}
