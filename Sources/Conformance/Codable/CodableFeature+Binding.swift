// MARK: - Bind-time check (format v1.2, Conformance/README.md §15.4)

/// An adapter that checks, when bound to its manifest, that its platform types hold every value the manifest
/// declares; the in-process implementation refuses to start while any ``bindingProblems`` remain.
protocol BindingChecked {
  /// One sentence per field the platform types cannot hold, naming the field; empty when all fit.
  var bindingProblems: [String] { get }
}

extension CodableFeature {
  /// Decodes the manifest's edge values (``BindingProbe``: every integer at its minimum, then at its maximum; a valid
  /// date and UUID) as the state and as each action, and names every field the Swift types refuse, e.g.
  /// `feature 'counter': state.count: expected Int32 for CounterState, got integer (the manifest declares integer;
  /// …)`. The reducer is not run.
  func probe(_ manifest: FeatureManifest) -> [String] {
    var problems: [String] = []
    let context = DecodingContext()
    var spare: BridgeDecoder?
    for high in [false, true] {
      let probe = BindingProbe(manifest: manifest, high: high)
      do {
        _ = try decode(Feature.State.self, from: probe.state, shape: shapes.state, context: context, reusing: &spare)
      } catch {
        problems.append(problem(error, under: "state"))
      }
      for (name, value) in probe.actions {
        do {
          _ = try decode(Feature.Action.self, from: value, shape: shapes.actions, context: context, reusing: &spare)
        } catch {
          problems.append(problem(error, under: "actions.\(name)"))
        }
      }
    }
    // The minimum and the maximum probe often fail at the same field: say it once.
    var seen = Set<String>()
    return problems.filter { seen.insert($0).inserted }
  }

  private func problem(_ error: BridgeError, under prefix: String) -> String {
    let path = error.path.components.isEmpty ? prefix : "\(prefix).\(error.path)"
    return
      "feature '\(feature)': \(path): \(error.message), but the manifest admits such a value there (Conformance/README.md "
      + "§15.4); use a Swift type that holds every value the manifest declares, or narrow the manifest's type"
  }
}
