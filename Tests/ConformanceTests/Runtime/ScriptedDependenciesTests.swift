import Testing

@testable import Conformance

// MARK: - ScriptedDependencies, through RuntimeEnvironment

@Suite(.timeLimit(.minutes(1)))
struct ScriptedDependenciesTests {
  let environment = RuntimeEnvironment()
  let log = EventLog()
  var dependencies: ScriptedDependencies { environment.dependencies }

  /// Starts a task on the environment's executor that calls `dependency` and logs how the call ended.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @discardableResult
  func call(_ name: String, _ dependency: String = "lookup", arguments: JSONValue = ["id": 1]) -> Task<Void, Never> {
    Task(executorPreference: environment.executor) { [environment, log] in
      do {
        let value = try await environment.call(dependency, arguments: arguments)
        log.append("\(name) returned \(JSONRenderer.compact(value))")
      } catch let error as ScriptedDependencyError {
        log.append("\(name) threw '\(error.message)'")
      } catch {
        log.append("\(name) \(type(of: error))")
      }
    }
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func callsAreRecordedUnderTheCurrentStepInStartOrder() {
    dependencies.begin(step: 2)
    call("a", "lookup", arguments: ["id": 1])
    call("b", "store", arguments: ["id": 2])
    _ = environment.settle()
    let record = dependencies.record()
    #expect(
      record.calls == [
        DependencyCall(dependency: "lookup", arguments: ["id": 1]),
        DependencyCall(dependency: "store", arguments: ["id": 2]),
      ])
    #expect(record.cancelled == [])
    #expect(dependencies.pendingCount == 2)
    dependencies.begin(step: 3)
    #expect(dependencies.record().calls == [])
    #expect(dependencies.respond(to: CallReference(step: 2, index: 2), with: .result("stored")) == .delivered)
    #expect(log.events == [])
    _ = environment.settle()
    #expect(log.events == ["b returned \"stored\""])
    #expect(dependencies.respond(to: CallReference(step: 2, index: 1), with: .error(message: "reset")) == .delivered)
    _ = environment.settle()
    #expect(log.events == ["b returned \"stored\"", "a threw 'reset'"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aCancelledCallIsRecordedAndEndsAtOnce() {
    dependencies.begin(step: 1)
    let task = call("a")
    _ = environment.settle()
    dependencies.begin(step: 2)
    task.cancel()
    _ = environment.settle()
    #expect(log.events == ["a CancellationError"])
    #expect(dependencies.record().cancelled == [CallReference(step: 1, index: 1)])
    #expect(dependencies.pendingCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aCallFromACancelledTaskIsStartedAndCancelledInTheSameStep() {
    dependencies.begin(step: 1)
    let task = call("a")
    task.cancel()
    _ = environment.settle()
    let record = dependencies.record()
    #expect(record.calls.count == 1)
    #expect(record.cancelled == [CallReference(step: 1, index: 1)])
    #expect(log.events == ["a CancellationError"])
  }

  /// An answer delivered before the task is cancelled wins: the call returns it and is not recorded as cancelled.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aCallAnsweredBeforeItsTaskIsCancelledReturnsTheAnswer() {
    dependencies.begin(step: 1)
    let task = call("a")
    _ = environment.settle()
    #expect(dependencies.respond(to: CallReference(step: 1, index: 1), with: .result(true)) == .delivered)
    task.cancel()
    _ = environment.settle()
    #expect(log.events == ["a returned true"])
    #expect(dependencies.record().cancelled == [])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test(arguments: [CallAnswer.result(1), .error(message: "late")])
  func aRespondToACancelledOrAnsweredCallIsIgnored(answer: CallAnswer) {
    dependencies.begin(step: 1)
    let cancelled = call("a")
    call("b")
    _ = environment.settle()
    cancelled.cancel()
    #expect(dependencies.respond(to: CallReference(step: 1, index: 2), with: .result("first")) == .delivered)
    _ = environment.settle()
    #expect(dependencies.respond(to: CallReference(step: 1, index: 1), with: answer) == .ignored)
    #expect(dependencies.respond(to: CallReference(step: 1, index: 2), with: answer) == .ignored)
    _ = environment.settle()
    #expect(log.events == ["a CancellationError", "b returned \"first\""])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aRespondToACallNeverStartedSaysSo() {
    dependencies.begin(step: 1)
    call("a")
    _ = environment.settle()
    #expect(dependencies.respond(to: CallReference(step: 1, index: 2), with: .result(1)) == .neverStarted)
    #expect(dependencies.respond(to: CallReference(step: 2, index: 1), with: .result(1)) == .neverStarted)
    #expect(dependencies.respond(to: CallReference(step: 0, index: 1), with: .result(1)) == .neverStarted)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func closingEndsPendingCallsUnrecordedAndLaterCallsAtOnce() {
    dependencies.begin(step: 1)
    call("a")
    _ = environment.settle()
    environment.close()
    #expect(log.events == ["a CancellationError"])
    #expect(dependencies.record().cancelled == [])
    call("b")
    _ = environment.settle()
    #expect(log.events == ["a CancellationError", "b CancellationError"])
    #expect(dependencies.record().calls.count == 1)
  }

  // MARK: - Typed calls through the Codable bridge

  struct Lookup: Encodable { var id: Int }
  enum Found: Decodable, Equatable { case some(name: String), none }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aTypedCallEncodesItsArgumentsAndDecodesItsResult() {
    dependencies.begin(step: 1)
    Task(executorPreference: environment.executor) { [environment, log] in
      let found = try? await environment.call("lookup", arguments: Lookup(id: 7), returning: Found.self)
      log.append("\(String(describing: found))")
    }
    _ = environment.settle()
    #expect(dependencies.record().calls == [DependencyCall(dependency: "lookup", arguments: ["id": 7])])
    dependencies.begin(step: 2)
    _ = dependencies.respond(to: CallReference(step: 1, index: 1), with: .result(["type": "some", "name": "Ada"]))
    _ = environment.settle()
    #expect(log.events == ["Optional(ConformanceTests.ScriptedDependenciesTests.Found.some(name: \"Ada\"))"])
    #expect(dependencies.record().failure == nil)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aResultThatDoesNotDecodeIsReportedWithItsPath() {
    dependencies.begin(step: 1)
    Task(executorPreference: environment.executor) { [environment, log] in
      do {
        _ = try await environment.call("lookup", arguments: Lookup(id: 7), returning: Found.self)
      } catch {
        log.append("\(type(of: error))")
      }
    }
    _ = environment.settle()
    dependencies.begin(step: 4)
    _ = dependencies.respond(to: CallReference(step: 1, index: 1), with: .result(["type": "some", "name": 3]))
    _ = environment.settle()
    #expect(log.events == ["CodecError"])
    #expect(dependencies.record().failure == "steps[3].respond.result.name: expected String for Found, got integer")
  }

  /// `{"error": {"message": m, "cancellation": true}}`: the client's own cancellation (login.md LR2). The caller gets
  /// `CancellationError` although its task is not cancelled, and the call is answered, not recorded as cancelled.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aRespondWithCancellationThrowsCancellationErrorIntoATaskThatIsNotCancelled() {
    dependencies.begin(step: 1)
    Task(executorPreference: environment.executor) { [environment, log] in
      do {
        _ = try await environment.call("lookup", arguments: ["id": 1])
        log.append("returned")
      } catch {
        log.append("\(type(of: error)), task cancelled: \(Task.isCancelled)")
      }
    }
    _ = environment.settle()
    dependencies.begin(step: 2)
    #expect(
      dependencies.respond(to: CallReference(step: 1, index: 1), with: .cancellation(message: "gave up")) == .delivered)
    _ = environment.settle()
    #expect(log.events == ["CancellationError, task cancelled: false"])
    #expect(dependencies.record().cancelled == [])
    #expect(dependencies.pendingCount == 0)
    #expect(dependencies.respond(to: CallReference(step: 1, index: 1), with: .result(1)) == .ignored)
  }
}
