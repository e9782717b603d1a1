import Foundation

// MARK: - ScriptedDependencies

/// The dependency calls of one runtime scenario: each call a runtime makes is recorded and suspends until a `respond`
/// step answers it (scenario format v1.1, harness protocol §2.5 "Scripted dependency semantics").
///
/// - A call is named by a ``CallReference``: the step during which it started (1-based) and its position among the
///   calls started during that step (1-based, in start order).
/// - Cancellation is cooperative, as URLSession's and OkHttp's: when the calling task is cancelled while the call is
///   pending, the call is recorded as cancelled during the current step and ends at once with `CancellationError`.
/// - A `respond` to a cancelled or already answered call, or to one never started, does nothing here (a late network
///   answer reaches no one; the runner's judge reports a respond to a call never started).
/// - At the end of the scenario, ``close()`` ends every pending call with `CancellationError` without recording it,
///   and later calls end so at once.
///
/// Teams do not use this type directly: their fake dependencies call ``RuntimeEnvironment/call(_:arguments:)``.
package final class ScriptedDependencies: @unchecked Sendable {
  /// What happened to a `respond` step.
  package enum Delivery: Equatable, Sendable {
    /// The call was pending and is now answered.
    case delivered
    /// The call had been cancelled or answered already; nothing happened.
    case ignored
    /// No call with that reference was ever started; nothing happened (the runner's judge reports it).
    case neverStarted
  }

  private let lock = NSLock()
  // Guarded by `lock`:
  private var step = 0
  private var started: [DependencyCall] = []
  private var cancelled: [CallReference] = []
  private var calls: [CallReference: Call] = [:]
  private var failure: String?
  private var isClosed = false

  /// Creates an empty script, before step 1.
  package init() {}

  // MARK: - Calling (runtime under test)

  /// Records a call to `dependency` and suspends until it is answered or its task is cancelled.
  ///
  /// - Returns: The `result` of the `respond` step that answers it.
  /// - Throws: ``ScriptedDependencyError`` when answered with an `error`; `CancellationError` when the calling task is
  ///   cancelled, or the scenario is over.
  package func call(_ dependency: String, arguments: JSONValue) async throws -> JSONValue {
    let reference = try start(DependencyCall(dependency: dependency, arguments: arguments))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in park(continuation, reference) }
    } onCancel: {
      cancel(reference)
    }
  }

  /// The current step (1-based; 0 before the first), for messages about values a call could not convert.
  package var currentStep: Int { locked { step } }

  /// How many calls have started during the current step.
  package var startedCount: Int { locked { started.count } }

  /// Keeps the first conversion failure found while the step settles (the Codable bridge found a respond's result or
  /// a call's arguments it could not convert); the driver reports the step as errored with it.
  package func reportFailure(_ message: String) {
    locked { if failure == nil { failure = message } }
  }

  // MARK: - Driving (scenario driver)

  /// Starts step `step` (1-based): calls started or cancelled from now on are recorded under it.
  package func begin(step: Int) {
    locked {
      self.step = step
      started = []
      cancelled = []
    }
  }

  /// The calls started and the calls cancelled during the current step, in order, and the first conversion failure.
  package func record() -> (calls: [DependencyCall], cancelled: [CallReference], failure: String?) {
    locked { (started, cancelled, failure) }
  }

  /// Answers call `reference` with `answer` (a `respond` step): the call returns the result, throws
  /// ``ScriptedDependencyError`` for `.error`, or throws `CancellationError` for `.cancellation` (the call counts as
  /// answered, not cancelled, so it is not recorded in the step's cancelled calls).
  ///
  /// - Returns: `.delivered`, `.ignored` for a call already cancelled or answered, or `.neverStarted`.
  package func respond(to reference: CallReference, with answer: CallAnswer) -> Delivery {
    let outcome: Result<JSONValue, any Error>
    switch answer {
    case .result(let value): outcome = .success(value)
    case .error(let message): outcome = .failure(ScriptedDependencyError(message: message))
    // The client's own cancellation: the caller sees `CancellationError` while its task is not cancelled (LR2).
    case .cancellation: outcome = .failure(CancellationError())
    // The driver answers stream calls itself; a plain call that "completes" has no value to return.
    case .complete: outcome = .failure(ScriptedDependencyError(message: "the call completed without a result"))
    }
    let (delivery, continuation) = locked { () -> (Delivery, CheckedContinuation<JSONValue, any Error>?) in
      guard var call = calls[reference] else { return (.neverStarted, nil) }
      guard call.outcome == nil else { return (.ignored, nil) }
      let continuation = call.continuation
      call = Call(continuation: nil, outcome: outcome)
      calls[reference] = call
      return (.delivered, continuation)
    }
    continuation?.resume(with: outcome)
    return delivery
  }

  /// Ends every pending call with `CancellationError`, unrecorded, and makes later calls end so at once.
  package func close() {
    let pending = locked { () -> [CheckedContinuation<JSONValue, any Error>] in
      isClosed = true
      var pending: [CheckedContinuation<JSONValue, any Error>] = []
      for (reference, call) in calls.sorted(by: { $0.key < $1.key }) where call.outcome == nil {
        calls[reference] = Call(continuation: nil, outcome: .failure(CancellationError()))
        if let continuation = call.continuation { pending.append(continuation) }
      }
      return pending
    }
    for continuation in pending { continuation.resume(throwing: CancellationError()) }
  }

  /// How many calls are neither answered nor cancelled.
  package var pendingCount: Int { locked { calls.values.count { $0.outcome == nil } } }

  // MARK: - Calls

  private struct Call {
    /// The suspended caller, once parked.
    var continuation: CheckedContinuation<JSONValue, any Error>?
    /// How the call ends: answered, cancelled or closed; `nil` while pending. Set before the caller parks, it is
    /// delivered when it does.
    var outcome: Result<JSONValue, any Error>?
  }

  private func start(_ call: DependencyCall) throws(CancellationError) -> CallReference {
    let reference = locked { () -> CallReference? in
      guard !isClosed else { return nil }
      started.append(call)
      let reference = CallReference(step: step, index: started.count)
      calls[reference] = Call()
      return reference
    }
    guard let reference else { throw CancellationError() }
    return reference
  }

  private func park(_ continuation: CheckedContinuation<JSONValue, any Error>, _ reference: CallReference) {
    let outcome = locked { () -> Result<JSONValue, any Error>? in
      // Answered or cancelled before it parked: deliver now.
      if let outcome = calls[reference]?.outcome { return outcome }
      calls[reference]?.continuation = continuation
      return nil
    }
    if let outcome { continuation.resume(with: outcome) }
  }

  /// Records the cancellation of a pending call and ends it; a call already answered or cancelled is left alone.
  private func cancel(_ reference: CallReference) {
    let continuation = locked { () -> CheckedContinuation<JSONValue, any Error>? in
      guard let call = calls[reference], call.outcome == nil else { return nil }
      calls[reference] = Call(continuation: nil, outcome: .failure(CancellationError()))
      cancelled.append(reference)
      return call.continuation
    }
    continuation?.resume(throwing: CancellationError())
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
