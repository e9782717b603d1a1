// MARK: - Runtime level

extension FuzzGenerator {
  /// The milliseconds `advance` steps favour, ascending, each once: 0 and 1, and one below, at and one above each
  /// duration the manifest declares (format §2.8) and each sum of two different ones (a debounce then a timeout),
  /// up to one day, the longest `advance`. Login's 10,000 ms timeout gives 0, 1, 9,999, 10,000 and 10,001.
  package var advanceEdges: [Int64] {
    let durations = manifest.durations.values.sorted()
    var targets = durations
    for (offset, first) in durations.enumerated() {
      for second in durations[(offset + 1)...] { targets.append(first + second) }
    }
    let edges: [Int64] = [0, 1] + targets.flatMap { target -> [Int64] in [target - 1, target, target + 1] }
    return Set(edges.filter { $0 <= ScenarioLoader.maximumAdvance }).sorted()
  }

  /// The longest `advance` drawn other than an edge: twice the longest declared duration (so that each is crossed
  /// in one step as well as at its edge), or 60,000 ms when the manifest declares none.
  package var advanceLimit: Int64 {
    guard let longest = manifest.durations.values.max() else { return 60_000 }
    return min(2 * longest, ScenarioLoader.maximumAdvance)
  }

  /// `count` runtime steps in protocol form (the mix the type's summary gives): `send`s drawn as at the reducer
  /// level, each call they may start answered at most once, boundary-heavy `advance`s, and now and then `clear`.
  func runtimeSteps(count: Int, random: inout FuzzRandom) -> [JSONValue] {
    var actions: [JSONValue] = []
    var earlier: [String] = []
    var previous = ""
    var sendSteps: [Int] = []
    var answered = Set<CallReference>()
    let edges = advanceEdges
    for index in 0..<count {
      let roll = random.below(100)
      if roll < 20, !manifest.dependencies.isEmpty,
        let call = unansweredCall(of: sendSteps, in: actions, answered: answered, random: &random)
      {
        actions.append(respond(to: call, in: actions, earlier: &earlier, random: &random))
        answered.insert(call)
      } else if roll < 40 {
        let milliseconds =
          random.chance(60) ? (random.pick(edges) ?? 0) : Int64(random.below(Int(advanceLimit) + 1))
        actions.append(["advance": .number(.integer(milliseconds))])
      } else if roll < 44 {
        actions.append(["clear": true])
      } else {
        let action = nextAction(after: previous, random: &random)
        actions.append(["send": value(ofCase: action, key: action.name, earlier: &earlier, random: &random)])
        previous = action.name
        sendSteps.append(index + 1)
      }
    }
    return actions
  }

  /// The dependency that call `reference` of a runtime case goes to, as far as the manifest says (format §2.2): call
  /// `i` of a step that sends an action with `calls` goes to the `i`-th name; call 1 of any other `send` step goes to
  /// the manifest's only dependency, when it declares exactly one. `nil` when the manifest does not say (several
  /// dependencies and no `calls`, an index past the list, a step other than `send`): such a call may only be answered
  /// with an error.
  ///
  /// - Parameters:
  ///   - reference: The call: its 1-based step and 1-based index among the calls that step starts.
  ///   - steps: The case's runtime steps in protocol form.
  package func dependency(answering reference: CallReference, in steps: [JSONValue]) -> FeatureManifest.Dependency? {
    guard steps.indices.contains(reference.step - 1), reference.index >= 1,
      let type = steps[reference.step - 1]["send"]?["type"]?.stringValue,
      let action = manifest.actions.case(named: type)
    else { return nil }
    if !action.calls.isEmpty {
      return action.calls.indices.contains(reference.index - 1)
        ? manifest.dependencies[action.calls[reference.index - 1]] : nil
    }
    guard reference.index == 1, manifest.dependencies.count == 1 else { return nil }
    return manifest.dependencies.values.first
  }

  /// A call of an earlier `send` step that no `respond` has answered (a second answer is invalid, README §13.5), of
  /// the latest such step more often than not; `nil` when every call is answered. A step whose action declares
  /// `calls` may start that many; any other, one.
  private func unansweredCall(
    of sendSteps: [Int], in steps: [JSONValue], answered: Set<CallReference>, random: inout FuzzRandom
  ) -> CallReference? {
    let open = sendSteps.flatMap { step in
      let type = steps[step - 1]["send"]?["type"]?.stringValue ?? ""
      let count = max(1, manifest.actions.case(named: type)?.calls.count ?? 0)
      return (1...count).map { CallReference(step: step, index: $0) }
    }.filter { !answered.contains($0) }
    guard let last = open.last else { return nil }
    return random.chance(60) ? random.pick(open.filter { $0.step == last.step }) : random.pick(open)
  }

  /// A `respond` to call `reference` of `steps`: with a result of its dependency's type (70%) when
  /// ``dependency(answering:in:)`` knows it, else with an error.
  private func respond(
    to reference: CallReference, in steps: [JSONValue], earlier: inout [String], random: inout FuzzRandom
  ) -> JSONValue {
    let dependency = dependency(answering: reference, in: steps)
    var respond = JSONObject()
    respond["call"] = [
      "step": .number(.integer(Int64(reference.step))), "index": .number(.integer(Int64(reference.index))),
    ]
    if let dependency, random.chance(70) {
      respond["result"] = value(
        of: dependency.result, key: dependency.name + ".result", earlier: &earlier, random: &random)
    } else {
      let message = strings.string(for: (dependency?.name ?? "call") + ".error", earlier: earlier, random: &random)
      respond["error"] =
        random.chance(25) ? ["message": .string(message), "cancellation": true] : ["message": .string(message)]
    }
    return ["respond": .object(respond)]
  }
}
