/// Runs one runtime-level scenario against a ``RuntimeAdapter`` and reports its trace (placeholder until the runtime
/// kit lands: reports every scenario as errored).
package enum RuntimeDriver {
  /// Runs `steps` from `initialState` and returns one ``TraceEntry`` per step, or `.errored`.
  package static func observe(_ adapter: any RuntimeAdapter, initialState: JSONValue, steps: [RuntimeStep])
    -> Observation
  {
    .errored(step: 0, message: "runtime scenarios are not built yet")
  }
}
