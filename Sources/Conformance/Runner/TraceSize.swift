/// An upper bound of how many bytes the trace a scenario expects takes in compact JSON: the measure a harness's reply
/// limit is derived from (harness protocol §3.4).
///
/// A trace repeats the whole state after every step, so a valid scenario of a few megabytes can expect a reply of
/// hundreds. The bound follows the expectations: a step's state is at most the previous state plus its `changes`
/// (merging replaces values, scenario format §3.3), or its full `state`; its effects are as listed. The unchecked part
/// of a non-exhaustive step is taken to be as large as the state the scenario gives.
enum TraceSize {
  /// The bound for `scenario`, in bytes (saturating at `Int.max`).
  static func upperBound(of scenario: Scenario) -> Int {
    var state = bytes(scenario.initialState)
    var total = 64  // {"seq":…,"trace":[…]}
    for step in scenario.steps {
      switch step.state {
      case .unchanged: break
      case .full(let full): state = bytes(full)
      case .changes(let changes): state = add(state, bytes(changes))
      }
      // {"state":…,"effects":[…]},
      total = add(total, add(state, 24))
      for effect in step.effects ?? [] { total = add(total, add(bytes(effect), 1)) }
      if let runtime = step.runtime { total = add(total, runtimeBytes(runtime)) }
    }
    return total
  }

  /// What a runtime step's entry adds to `{"state":…}`: `"calls":[…],"cancelled":[…]` with each expected call as
  /// `{"dependency":…,"arguments":…}` and each cancelled call as `{"step":n,"index":n}` (scenario format v1.1,
  /// harness protocol §2.5).
  private static func runtimeBytes(_ runtime: RuntimeExpectation) -> Int {
    var total = 26
    for call in runtime.calls ?? [] {
      total = add(total, add(add(call.dependency.utf8.count, bytes(call.arguments)), 32))
    }
    return add(total, (runtime.cancelled?.count ?? 0) * 64)
  }

  /// The compact JSON size of `value` with every string written raw in UTF-8 (an escaping harness writes more; the
  /// reply limit allows 6 times this).
  static func bytes(_ value: JSONValue) -> Int {
    switch value {
    case .null: return 4
    case .bool(let flag): return flag ? 4 : 5
    case .number: return 24
    case .string(let string): return string.utf8.count + 2
    case .array(let elements): return elements.reduce(2 + elements.count) { add($0, bytes($1)) }
    case .object(let object):
      return object.members.reduce(2 + object.count) { add($0, add($1.key.utf8.count + 3, bytes($1.value))) }
    }
  }

  private static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
  }
}
