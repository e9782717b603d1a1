/// The shapes of one feature's state, actions and effects.
struct CodingShapes: Sendable {
  /// The state's shape.
  var state: CodingShape
  /// The actions' union.
  var actions: CodingShape
  /// The effects' union.
  var effects: CodingShape
  /// The manifest's named unions (`types`), by name: the result types of dependencies (runtime scenarios).
  var named: [String: UnionShape] = [:]

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
    named = unions
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
