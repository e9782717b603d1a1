// MARK: - RuntimeShapes

/// What the Codable bridge needs to convert a runtime's values: the feature's shapes (state, actions, named types) and
/// the shapes of its dependencies' arguments and results.
struct RuntimeShapes: Sendable {
  /// The state, action and named-type shapes.
  var feature: CodingShapes
  /// Each dependency's arguments object, by dependency name.
  var arguments: [String: CodingShape]
  /// Each dependency's result, by dependency name.
  var results: [String: CodingShape]

  /// No manifest: everything opaque.
  static let opaque = RuntimeShapes(feature: .opaque, arguments: [:], results: [:])

  /// The shapes a manifest declares, its `dependencies` included.
  init(manifest: FeatureManifest) {
    let feature = CodingShapes(manifest: manifest)
    var arguments: [String: CodingShape] = [:]
    var results: [String: CodingShape] = [:]
    for (name, dependency) in manifest.dependencies {
      arguments[name] = .object(CodingShape.fields(dependency.arguments, named: feature.named))
      results[name] = CodingShape(dependency.result, named: feature.named)
    }
    self.init(feature: feature, arguments: arguments, results: results)
  }

  private init(feature: CodingShapes, arguments: [String: CodingShape], results: [String: CodingShape]) {
    self.feature = feature
    self.arguments = arguments
    self.results = results
  }

  /// The shape of `dependency`'s arguments; ``CodingShape/opaque`` when unknown.
  func arguments(of dependency: String) -> CodingShape { arguments[dependency] ?? .opaque }

  /// The shape of `dependency`'s result, decoded as `type`: the manifest's, else (a dependency the manifest does not
  /// declare) the named type whose name is the Swift type's (`LoginResult`), else ``CodingShape/opaque``.
  func result(of dependency: String, as type: Any.Type) -> CodingShape {
    if let shape = results[dependency] { return shape }
    let name = String(describing: type)
    if let union = feature.named.unions[name] { return .union(union) }
    return feature.named.objects[name].map(CodingShape.named) ?? .opaque
  }
}
