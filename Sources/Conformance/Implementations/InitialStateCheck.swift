/// Compares the initial states an implementation reports with the manifests' (harness protocol §2.1).
enum InitialStateCheck {
  /// The first feature whose reported initial state differs from its manifest's, described with every differing
  /// path; `nil` when all agree. Features the implementation does not report are not compared.
  static func mismatch(_ info: ImplementationInfo, manifests: [String: FeatureManifest]) -> String? {
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
