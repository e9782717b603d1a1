import Foundation

// MARK: - ScriptedDependencies

/// The dependency calls of one runtime scenario: each call a runtime makes is recorded and suspends until a `respond`
/// step answers it (scenario format v1.1, harness protocol §2.5 "Scripted dependency semantics").
///
/// - A call is named by a ``CallReference``: the step during which it started (1-based; 0 while the runtime is
///   created, format v1.3) and its position among the calls started during that step (1-based, in start order).
/// - A stream call (a dependency that `emits`, format v1.3) starts when its iteration starts and stays pending while
///   `emit` steps deliver its elements, until a `respond` step completes it or ends it with an error.
/// - Cancellation is cooperative, as URLSession's and OkHttp's: when the calling task is cancelled while the call is
///   pending, the call is recorded as cancelled during the current step and ends at once with `CancellationError`.
/// - A `respond` to a cancelled or already answered call, or to one never started, does nothing here (a late network
///   answer reaches no one; the runner's judge reports a respond to a call never started).
/// - At the end of the scenario, ``close()`` ends every pending call with `CancellationError` without recording it,
///   and later calls end so at once.
///
/// Teams do not use this type directly: their fake dependencies call ``RuntimeEnvironment/call(_:arguments:)`` or
/// ``RuntimeEnvironment/stream(_:arguments:)``.
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
    let reference = try start(DependencyCall(dependency: dependency, arguments: arguments), isStream: false)
    guard let value = try await wait(for: reference) else {
      throw ScriptedDependencyError(message: "the call completed without a result")
    }
    return value
  }

  /// Records the start of a subscription to the stream dependency `dependency` (format v1.3): the call stays pending
  /// until a `respond` step completes it or ends it with an error, or its task is cancelled.
  ///
  /// - Returns: The call's reference, for ``next(_:)``.
  /// - Throws: `CancellationError` when the scenario is over.
  package func startStream(_ dependency: String, arguments: JSONValue) throws(CancellationError) -> CallReference {
    try start(DependencyCall(dependency: dependency, arguments: arguments), isStream: true)
  }

  /// The next element of stream call `reference`: one an `emit` step delivered, in order, or the wait for the next.
  ///
  /// - Returns: The element, or `nil` once a `respond` step completed the stream.
  /// - Throws: ``ScriptedDependencyError`` when the stream was ended with an `error`; `CancellationError` when the
  ///   iterating task is cancelled (recorded as cancelled during the current step), or the scenario is over.
  package func next(_ reference: CallReference) async throws -> JSONValue? {
    try await wait(for: reference)
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

  /// Starts step `step` (1-based; 0 is the runtime's creation): calls started or cancelled from now on are recorded
  /// under it.
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
  /// answered, not cancelled, so it is not recorded in the step's cancelled calls). `.complete` ends a stream call
  /// normally, after the elements already emitted.
  ///
  /// - Returns: `.delivered`, `.ignored` for a call already cancelled or answered, or `.neverStarted`.
  package func respond(to reference: CallReference, with answer: CallAnswer) -> Delivery {
    let outcome: Result<JSONValue?, any Error>
    switch answer {
    case .result(let value): outcome = .success(value)
    case .error(let message): outcome = .failure(ScriptedDependencyError(message: message))
    // The client's own cancellation: the caller sees `CancellationError` while its task is not cancelled (LR2).
    case .cancellation: outcome = .failure(CancellationError())
    case .complete: outcome = .success(nil)
    }
    let (delivery, waiter) = locked { () -> (Delivery, Waiter?) in
      guard var call = calls[reference] else { return (.neverStarted, nil) }
      guard call.end == nil else { return (.ignored, nil) }
      call.end = outcome
      let waiter = call.takeWaiter()
      calls[reference] = call
      return (.delivered, waiter)
    }
    waiter?.resume()
    return delivery
  }

  /// Delivers `value` as the next element of stream call `reference` (an `emit` step); the call stays pending.
  ///
  /// - Returns: `.delivered`, `.ignored` for a call that was cancelled or has ended (a late element), or
  ///   `.neverStarted`.
  package func emit(to reference: CallReference, value: JSONValue) -> Delivery {
    let (delivery, waiter) = locked { () -> (Delivery, Waiter?) in
      guard var call = calls[reference] else { return (.neverStarted, nil) }
      guard call.end == nil, call.isStream else { return (.ignored, nil) }
      call.elements.append(value)
      let waiter = call.takeWaiter()
      calls[reference] = call
      return (.delivered, waiter)
    }
    waiter?.resume()
    return delivery
  }

  /// Ends every pending call with `CancellationError`, unrecorded, and makes later calls end so at once.
  package func close() {
    let waiters = locked { () -> [Waiter] in
      isClosed = true
      var waiters: [Waiter] = []
      for (reference, var call) in calls.sorted(by: { $0.key < $1.key }) where call.end == nil {
        call.end = .failure(CancellationError())
        call.elements = []
        if let waiter = call.takeWaiter() { waiters.append(waiter) }
        calls[reference] = call
      }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// How many calls are neither answered nor cancelled.
  package var pendingCount: Int { locked { calls.values.count { $0.end == nil } } }

  // MARK: - Calls

  /// One call: a plain call ends once, with its result; a stream call (format v1.3) delivers its emitted elements in
  /// order, then its end.
  private struct Call {
    let isStream: Bool
    /// The suspended caller (a plain call's, or a stream's iteration waiting for its next element), once parked.
    var continuation: CheckedContinuation<JSONValue?, any Error>?
    /// A stream's elements emitted and not yet taken.
    var elements: [JSONValue] = []
    /// How the call ends: answered (a plain call's result; `nil` for a completed stream), failed, cancelled or
    /// closed; `nil` while pending. Set before the caller parks, it is delivered when it does.
    var end: Result<JSONValue?, any Error>?

    /// What the parked caller gets now, if anything: the next element, else the end; the caller is then unparked.
    mutating func takeWaiter() -> Waiter? {
      guard let continuation, let outcome = takeOutcome() else { return nil }
      self.continuation = nil
      return Waiter(continuation: continuation, outcome: outcome)
    }

    /// The next element, else the end, else `nil` (nothing yet).
    mutating func takeOutcome() -> Result<JSONValue?, any Error>? {
      if !elements.isEmpty { return .success(elements.removeFirst()) }
      return end
    }
  }

  /// A parked caller and what to resume it with, resumed after the lock is released.
  private struct Waiter {
    let continuation: CheckedContinuation<JSONValue?, any Error>
    let outcome: Result<JSONValue?, any Error>

    func resume() { continuation.resume(with: outcome) }
  }

  private func start(_ call: DependencyCall, isStream: Bool) throws(CancellationError) -> CallReference {
    let reference = locked { () -> CallReference? in
      guard !isClosed else { return nil }
      started.append(call)
      let reference = CallReference(step: step, index: started.count)
      calls[reference] = Call(isStream: isStream)
      return reference
    }
    guard let reference else { throw CancellationError() }
    return reference
  }

  /// Parks the calling task until call `reference` has an element or its end; cancelling the task cancels the call.
  private func wait(for reference: CallReference) async throws -> JSONValue? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in park(continuation, reference) }
    } onCancel: {
      cancel(reference)
    }
  }

  private func park(_ continuation: CheckedContinuation<JSONValue?, any Error>, _ reference: CallReference) {
    let outcome = locked { () -> Result<JSONValue?, any Error>? in
      // An element or the end came before it parked: deliver now.
      if let outcome = calls[reference]?.takeOutcome() { return outcome }
      calls[reference]?.continuation = continuation
      return nil
    }
    if let outcome { continuation.resume(with: outcome) }
  }

  /// Records the cancellation of a pending call and ends it; a call already answered or cancelled is left alone.
  private func cancel(_ reference: CallReference) {
    let waiter = locked { () -> Waiter? in
      guard var call = calls[reference], call.end == nil else { return nil }
      call.end = .failure(CancellationError())
      call.elements = []
      cancelled.append(reference)
      let waiter = call.takeWaiter()
      calls[reference] = call
      return waiter
    }
    waiter?.resume()
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
