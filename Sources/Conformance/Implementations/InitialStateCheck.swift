import Foundation

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
      // No near name: most likely a folder that holds some of the features the implementation serves (the bundled
      // tool run on a team's folder), so say where the missing manifest goes.
      let folder = manifests.values.map(\.file).sorted().first.map { ($0 as NSString).deletingLastPathComponent }
      let hint =
        Suggestion.closest(to: unknown, among: known).map { "; did you mean '\($0)'?" }
        ?? "; add its manifest (\(folder.map { $0.isEmpty ? "" : $0 + "/" } ?? "")\(unknown).json) beside the others, "
        + "or run an implementation that serves only the features this folder defines"
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
    return narrowFields(info, manifests: manifests)
  }

  /// The fields whose announced platform type cannot hold every value the manifest declares there (format v1.2,
  /// Conformance/README.md §15.4), one per line, or `nil`: an `Int` for a 64-bit integer, a `UUID` for a plain string.
  static func narrowFields(_ info: ImplementationInfo, manifests: [String: FeatureManifest]) -> String? {
    var problems: [String] = []
    for (feature, fields) in info.fieldTypes.sorted(by: { $0.key < $1.key }) {
      guard let manifest = manifests[feature] else { continue }
      for (path, platform) in fields.sorted(by: { $0.key < $1.key }) {
        guard let declared = manifest.descriptor(at: path), !FieldFit.holds(platform, declared) else { continue }
        problems.append(
          "feature '\(feature)': \(path) is \(platform), which cannot hold every value of the manifest's "
            + "\(declared.description) (Conformance/README.md §15.4); use a wider type, or narrow the manifest's type")
      }
    }
    return problems.isEmpty ? nil : problems.joined(separator: "\n")
  }
}
