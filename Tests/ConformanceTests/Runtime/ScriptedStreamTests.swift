import Testing

@testable import Conformance

// MARK: - Stream dependencies (format v1.3), through RuntimeEnvironment

/// `environment.stream`: the call starts with the iteration, `emit` delivers elements in order, `respond` ends it, and
/// cancelling the iterating task records the cancellation.
@Suite(.timeLimit(.minutes(1)))
struct ScriptedStreamTests {
  let environment = RuntimeEnvironment()
  let log = EventLog()
  var dependencies: ScriptedDependencies { environment.dependencies }
  let o1 = CallReference(step: 1, index: 1)

  /// Starts a task on the environment's executor that iterates `observe` and logs each element and how it ended.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @discardableResult
  func iterate() -> Task<Void, Never> {
    Task(executorPreference: environment.executor) { [environment, log] in
      do {
        for try await value in environment.stream("observe", arguments: ["id": 1]) {
          log.append("got \(JSONRenderer.compact(value))")
        }
        log.append("completed")
      } catch let error as ScriptedDependencyError {
        log.append("threw '\(error.message)'")
      } catch {
        log.append("\(type(of: error))")
      }
    }
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theCallStartsWhenIterationStartsNotWhenTheStreamIsMade() {
    dependencies.begin(step: 1)
    _ = environment.stream("observe", arguments: [:])
    _ = environment.settle()
    #expect(dependencies.record().calls.isEmpty)
    iterate()
    _ = environment.settle()
    #expect(dependencies.record().calls == [DependencyCall(dependency: "observe", arguments: ["id": 1])])
    #expect(dependencies.pendingCount == 1)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func elementsArriveInOrderThenTheStreamCompletes() {
    dependencies.begin(step: 1)
    iterate()
    _ = environment.settle()
    #expect(dependencies.emit(to: o1, value: 1) == .delivered)
    #expect(dependencies.emit(to: o1, value: 2) == .delivered)
    #expect(dependencies.emit(to: o1, value: 3) == .delivered)
    #expect(dependencies.respond(to: o1, with: .complete) == .delivered)
    _ = environment.settle()
    #expect(log.events == ["got 1", "got 2", "got 3", "completed"])
    #expect(dependencies.emit(to: o1, value: 4) == .ignored)
    #expect(dependencies.pendingCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anErrorEndsTheStreamWithItsMessage() {
    dependencies.begin(step: 1)
    iterate()
    _ = environment.settle()
    _ = dependencies.respond(to: o1, with: .error(message: "connection lost"))
    _ = environment.settle()
    #expect(log.events == ["threw 'connection lost'"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func cancellingTheIteratingTaskRecordsTheCancellationAndIgnoresLateElements() {
    dependencies.begin(step: 1)
    let task = iterate()
    _ = environment.settle()
    dependencies.begin(step: 2)
    task.cancel()
    _ = environment.settle()
    #expect(dependencies.record().cancelled == [o1])
    #expect(log.events == ["CancellationError"])
    #expect(dependencies.emit(to: o1, value: 1) == .ignored)
    #expect(dependencies.emit(to: CallReference(step: 2, index: 1), value: 1) == .neverStarted)
  }
}
