/// The version of this package, reported by `conformance --version` and in `hello` replies.
package enum ConformanceVersion {
  /// Semantic version of the tool, the scenario format and the protocol it speaks: `1.0.0`.
  package static let current = "1.0.0"
}
