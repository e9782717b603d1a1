// MARK: - MainActorRuntimeAdapter

/// A runtime adapter that may build and drive its runtime on the main actor (``CodableRuntime``'s `mainActor:`), which
/// only the Swift runtime's enqueue hooks can keep on the scenario's executor.
package protocol MainActorRuntimeAdapter {
  /// Whether the runtime is isolated to the main actor.
  var isMainActor: Bool { get }
}

// MARK: - RuntimeDriver

/// Runs one runtime-level scenario against a ``RuntimeAdapter``, synchronously and deterministically, and reports one
/// ``TraceEntry`` per step (scenario format v1.1, harness protocol §2.5).
///
/// For each step (1-based `n`), the driver:
/// 1. performs it: `send` decodes the action and sends it; `respond` answers call `{"step": s, "index": i}` with a
///    result or an error (a call that is cancelled, answered or was never started is left alone: the runner's judge
///    reports a respond to a call never started, PROTOCOL.md §2.5.5); `advance` moves the ``ManualClock``, running each timer that falls due at its own deadline
///    and settling after each; `clear` tears the owner down;
/// 2. settles: runs every job queued on the ``ManualTaskExecutor`` until none is left, on this thread;
/// 3. reads the state and records the calls started and the calls cancelled during the step, and, when the runtime
///    reports them (format v1.2), the actions its effects sent back during the step and the effects still in flight.
///
/// No real time passes and no thread other than the caller's runs the runtime's tasks, so a scenario gives the same
/// trace every time. Tasks that do not prefer the executor (a plain `Task {}`, main-actor work) join it too: while the
/// driver runs, its thread's global and main-actor enqueues are routed there (`ScenarioEnqueueHooks`). Before each
/// step and at the end the state is read again; a change since the previous step settled is work that escaped the
/// executor (a `DispatchQueue`, a thread, a real sleep), reported as errored with a hint. At the end, the runtime is
/// cleared and every call and sleep still pending ends with `CancellationError` (unrecorded), so that no task is left
/// suspended.
///
/// Work the runtime does while it is created (before step 1) is settled too, and reported as the start entry (format
/// v1.3): the calls it started then are numbered step 0 (`{"step": 0, "index": i}`), and later steps answer them.
/// `{"screen": "appear"}` and `{"screen": "disappear"}` start and cancel the screen's work (``FeatureRuntime/appear()``),
/// and `emit` delivers an element to a stream call.
package enum RuntimeDriver {
  /// Runs `steps` from `initialState` and returns one ``TraceEntry`` per step and the start entry, or `.errored`.
  ///
  /// - Returns: `.trace`, or `.errored(step:message:)`: step 0 when the initial state cannot be decoded
  ///   (`initialState.…`); step n when its action cannot be decoded (`steps[n-1].send.…`), when a dependency's arguments or
  ///   result cannot be converted (`calls[j].arguments.…`, `steps[n-1].respond.result.…`), when the state cannot be
  ///   encoded (`state.…`), or when the runtime does not settle (a loop that never suspends). Step 0 too on a system
  ///   without task executors (before macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2), and for a main-actor runtime
  ///   when the Swift runtime has no enqueue hooks. Step n when the state changed after step n had settled while
  ///   nothing ran on the executor (``EscapedWork``).
  package static func observe(_ adapter: any RuntimeAdapter, initialState: JSONValue, steps: [RuntimeStep])
    -> Observation
  {
    guard ManualTaskExecutor.isSupported else { return .errored(step: 0, message: unsupportedMessage) }
    if (adapter as? any MainActorRuntimeAdapter)?.isMainActor == true, !ScenarioEnqueueHooks.isAvailable {
      return .errored(step: 0, message: hooksMissingMessage)
    }
    let environment = RuntimeEnvironment()
    return ScenarioEnqueueHooks.routing(to: environment.executor) {
      run(adapter, initialState: initialState, steps: steps, in: environment)
    }
  }

  private static func run(
    _ adapter: any RuntimeAdapter, initialState: JSONValue, steps: [RuntimeStep], in environment: RuntimeEnvironment
  ) -> Observation {
    let runtime: any FeatureRuntime
    do {
      runtime = try adapter.start(initialState: initialState, environment: environment)
    } catch {
      environment.close()
      return .errored(step: 0, message: "\(JSONPath([.key("initialState")]).appending(error.path)): \(error.message)")
    }
    defer {
      runtime.clear()
      environment.close()
    }
    guard environment.settle() else { return .errored(step: 0, message: unsettledMessage(step: 0)) }
    // What the runtime did while it was created (format v1.3): the start entry, step 0.
    let start: TraceEntry
    switch entry(runtime, record: environment.dependencies.record()) {
    case .success(let entry): start = entry
    case .failure(let failure): return .errored(step: 0, message: failure.message)
    }
    var trace: [TraceEntry] = []
    trace.reserveCapacity(steps.count)
    var queued = 0
    for (offset, step) in steps.enumerated() {
      if let escaped = EscapedWork.check(runtime, after: offset, queued: queued, settled: trace.last?.state) {
        return .errored(step: offset, message: escaped)
      }
      switch perform(step, number: offset + 1, on: runtime, in: environment) {
      case .success(let (entry, count)):
        trace.append(entry)
        queued = count
      case .failure(let failure): return .errored(step: offset + 1, message: failure.message)
      }
    }
    if let escaped = EscapedWork.check(runtime, after: steps.count, queued: queued, settled: trace.last?.state) {
      return .errored(step: steps.count, message: escaped)
    }
    return .trace(trace, start: start)
  }

  // MARK: - One step

  private struct StepFailure: Error {
    let message: String
  }

  private static func perform(
    _ step: RuntimeStep, number: Int, on runtime: any FeatureRuntime, in environment: RuntimeEnvironment
  ) -> Result<(TraceEntry, queued: Int), StepFailure> {
    environment.dependencies.begin(step: number)
    let before = environment.runtimeJobCount
    let settled: Bool
    switch act(step, number: number, on: runtime, in: environment) {
    case .success(let value): settled = value
    case .failure(let failure): return .failure(failure)
    }
    let record = environment.dependencies.record()
    guard settled || record.failure != nil else {
      return .failure(StepFailure(message: unsettledMessage(step: number)))
    }
    let queued = environment.runtimeJobCount - before
    return entry(runtime, record: record).map { ($0, queued) }
  }

  /// Performs `step` and settles.
  ///
  /// - Returns: Whether the runtime settled, or the failure to decode the step's action.
  private static func act(
    _ step: RuntimeStep, number: Int, on runtime: any FeatureRuntime, in environment: RuntimeEnvironment
  ) -> Result<Bool, StepFailure> {
    switch step {
    case .send(let action):
      do {
        try runtime.send(action)
      } catch {
        let path = JSONPath([.key("steps"), .index(number - 1), .key("send")]).appending(error.path)
        return .failure(StepFailure(message: "\(path): \(error.message)"))
      }
    case .respond(let reference, let answer):
      // A call that was never started is ignored like a cancelled one (§2.5.5): the runner's judge reports it.
      _ = environment.dependencies.respond(to: reference, with: answer)
    case .emit(let reference, let value):
      // A late element, to a call cancelled or ended, reaches no one (format v1.3).
      _ = environment.dependencies.emit(to: reference, value: value)
    case .advance(let milliseconds):
      return .success(environment.advance(milliseconds: milliseconds) && environment.settle())
    case .screen(.appear):
      runtime.appear()
    case .screen(.disappear):
      runtime.disappear()
    case .clear:
      runtime.clear()
    }
    return .success(environment.settle())
  }

  /// The trace entry of a settled step (or of the creation, step 0): the state, the calls, and what the runtime
  /// reports.
  private static func entry(
    _ runtime: any FeatureRuntime,
    record: (calls: [DependencyCall], cancelled: [CallReference], failure: String?)
  ) -> Result<TraceEntry, StepFailure> {
    if let failure = record.failure { return .failure(StepFailure(message: failure)) }
    let state: JSONValue
    do {
      state = try runtime.state()
    } catch {
      let path = JSONPath([.key("state")]).appending(error.path)
      return .failure(StepFailure(message: "\(path): \(error.message)"))
    }
    do {
      return .success(
        TraceEntry(
          state: state, calls: record.calls, cancelled: record.cancelled, received: try runtime.received(),
          inFlight: runtime.inFlight(), events: try runtime.events()))
    } catch {
      return .failure(StepFailure(message: "\(error.path): \(error.message)"))
    }
  }

  private static let unsupportedMessage =
    "runtime scenarios need task executors (SE-0417): macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2 or later"

  private static let hooksMissingMessage =
    "a main-actor runtime needs the Swift runtime's enqueue hooks (swift_task_enqueueGlobal_hook,"
    + " swift_task_getMainExecutor_hook), which this Swift runtime does not export: its tasks cannot be kept on"
    + " the scenario's executor. Drive a store whose effects prefer environment.executor instead"

  private static func unsettledMessage(step: Int) -> String {
    let what = step == 0 ? "starting the runtime" : "step \(step)"
    return "the runtime did not settle after \(what): \(RuntimeEnvironment.jobLimit) jobs ran and more were queued"
      + " (a loop that never waits for a call or the clock?)"
  }
}
