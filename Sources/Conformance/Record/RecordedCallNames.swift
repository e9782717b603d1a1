/// The names of a runtime scenario's calls: the file's own by position (step and index), then `a1`, `a2`, … for
/// new calls in start order, skipping every name the file's `expect.calls` declare.
///
/// A `respond` to a name no step declares (``Scenario/undeclaredResponses``) does not hold that name back: it stands
/// for the new call that is given it, which is how ``ResponseResolution`` lets a user write `a1`, `a2` in start order.
struct RecordedCallNames: Sendable {
  private var byReference: [CallReference: String] = [:]
  private var used: Set<String> = []
  private var next = 1

  init(scenario: Scenario) {
    for call in scenario.declaredCalls {
      byReference[call.reference] = call.name
      used.insert(call.name)
    }
  }

  /// The name of the call at `reference`, giving it a new one if it has none yet.
  mutating func name(for reference: CallReference) -> String {
    if let name = byReference[reference] { return name }
    while used.contains("a\(next)") { next += 1 }
    let name = "a\(next)"
    used.insert(name)
    byReference[reference] = name
    return name
  }

  /// The name of the call at `reference` if it has one, else `step S call I` (a call the trace never started).
  func existingName(for reference: CallReference) -> String {
    byReference[reference] ?? "step \(reference.step) call \(reference.index)"
  }
}
