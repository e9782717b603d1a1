/// A ``RuntimeAdapter`` that needs its feature's manifest before it can run scenarios, as ``ManifestBindable`` is for
/// reducer adapters: ``CodableRuntime`` takes the Swift case names, the order of each case's fields and the
/// dependencies' shapes from it. Adapters that do not conform run as they are.
package protocol RuntimeManifestBindable: RuntimeAdapter {
  /// This adapter prepared for its feature's manifest.
  ///
  /// - Parameter manifest: The manifest whose `feature` equals ``RuntimeAdapter/feature``.
  /// - Returns: The adapter to run runtime scenarios with.
  func bound(to manifest: FeatureManifest) -> any RuntimeAdapter
}
