/// A ``FeatureAdapter`` that needs its feature's manifest before it can run scenarios: ``CodableFeature`` takes the
/// per-platform case names and the order of each case's fields from it. Adapters that do not conform (a hand-written
/// ``FeatureCodec`` needs no manifest) run as they are.
protocol ManifestBindable: FeatureAdapter {
  /// This adapter prepared for its feature's manifest.
  ///
  /// - Parameter manifest: The manifest whose `feature` equals ``FeatureAdapter/feature``.
  /// - Returns: The adapter to run scenarios with.
  func bound(to manifest: FeatureManifest) -> any FeatureAdapter
}

/// A runtime adapter that needs its feature's manifest before it can run scenarios (for example, a Codable runtime
/// adapter learning the platform names); the in-process implementation binds it, as it binds ``ManifestBindable``
/// feature adapters.
package protocol RuntimeManifestBindable: RuntimeAdapter {
  /// This runtime adapter prepared for its feature's manifest.
  ///
  /// - Parameter manifest: The manifest whose `feature` equals ``RuntimeAdapter/feature``.
  /// - Returns: The runtime adapter to run scenarios with.
  func bound(to manifest: FeatureManifest) -> any RuntimeAdapter
}
