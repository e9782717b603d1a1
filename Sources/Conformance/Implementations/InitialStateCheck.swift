/// Compares what an implementation announces with the manifests (harness protocol §2.1): every feature it announces
/// must have a manifest, and each initial state must be the manifest's.
enum InitialStateCheck {
  /// Why the announcement cannot be trusted, or `nil` when it can:
  /// - a feature no manifest defines, with the nearest manifest's name: a misnamed feature (`carts` for `cart`) would
  ///   otherwise leave every scenario of the real one unchecked on this implementation;
  /// - the first feature whose reported initial state differs from its manifest's, with every differing path.
  /// With no manifests at all nothing is compared: every scenario is then invalid and the run fails anyway. Features
  /// the implementation does not announce are not compared.
  static func mismatch(_ info: ImplementationInfo, manifests: [String: FeatureManifest]) -> String? {
    if !manifests.isEmpty, let unknown = info.features.keys.sorted().first(where: { manifests[$0] == nil }) {
      let known = manifests.keys.sorted()
      let hint = Suggestion.closest(to: unknown, among: known).map { "; did you mean '\($0)'?" } ?? ""
      return "it announces feature '\(unknown)', which no manifest defines (manifests: "
        + known.joined(separator: ", ") + ")\(hint)"
    }
    for (feature, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
      guard let reported = info.features[feature], reported != manifest.initialState else { continue }
      let differences = StructuralDiff.mismatches(
        expected: manifest.initialState, actual: reported, at: JSONPath([.key("initialState")]))
      return "its initial state of feature '\(feature)' differs from \(manifest.file): "
        + differences.map(\.description).joined(separator: "; ")
    }
    return nil
  }
}
