import Foundation
import TestScratch
import Testing

@testable import Conformance

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Drives the fake harnesses in `Fixtures/harnesses` through ``ProcessImplementation``: the happy path, every fault
/// (crash, hang, garbage, startup failures), restarts and the restart budget, process-group cleanup and throughput.
///
/// Serialized: the timing expectations (timeouts of 0.5–1 s) must not depend on how many other harnesses are
/// starting on the same cores.
@Suite(.serialized) struct ProcessImplementationTests {
  // MARK: - Happy path

  @Test func goodHarnessAnswersHelloAndEveryKindOfRun() async throws {
    // Nothing here is about time: generous limits, so that a loaded CI machine cannot turn a slow reply into a
    // timeout (which kills the harness and fails every later expectation).
    let harness = fake("good", scenarioTimeout: 60, startupTimeout: 60)
    let info = try await harness.start()
    #expect(
      info == ImplementationInfo(name: "fake", language: "Python", version: "1.0", features: ["login": initialState]))

    #expect(await harness.run(request("first", actions: 2)) == expectedTrace(actions: 2))
    #expect(await harness.run(request("second", actions: 3)) == expectedTrace(actions: 3))
    let explode = RunRequest(
      id: "explode", feature: "login", initialState: initialState, actions: [["type": "a"], ["type": "explode"]])
    #expect(await harness.run(explode) == .errored(step: 2, message: "cannot perform 'explode'"))
    #expect(await harness.run(request("other", feature: "other")) == .skipped(reason: "no feature 'other'"))
    #expect(await harness.restartCount == 0)

    let pid = try #require(await harness.processID)
    await harness.shutdown()
    #expect(await isGone(pid))
    #expect(await harness.run(request("late")) == .notRun(reason: "the harness 'fake' was shut down"))
  }

  @Test func shutdownKillsAHarnessThatIgnoresByeAndSIGTERM() async throws {
    let harness = fake("deaf")
    #expect(await harness.run(request("a")) == expectedTrace(actions: 2))
    let pid = try #require(await harness.processID)
    let clock = ContinuousClock()
    let started = clock.now
    await harness.shutdown()
    let elapsed = clock.now - started
    // 2 s for 'bye', then SIGTERM and 0.5 s, then SIGKILL: well under 10 s even on a loaded machine.
    #expect(elapsed >= .seconds(2) && elapsed < .seconds(10), "took \(elapsed)")
    #expect(await isGone(pid))
  }

  @Test func firstRunStartsTheHarnessWhenStartWasNotCalled() async {
    let harness = fake("good")
    #expect(await harness.run(request("first")) == expectedTrace(actions: 2))
    await harness.shutdown()
  }

  @Test func concurrentRunsAreSentOneAtATime() async {
    let harness = fake("good")
    let results = await withTaskGroup(of: (Int, Observation).self) { group in
      for index in 1...20 {
        group.addTask { (index, await harness.run(request("s\(index)", actions: index))) }
      }
      return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    for index in 1...20 { #expect(results[index] == expectedTrace(actions: index)) }
    #expect(await harness.restartCount == 0)
    await harness.shutdown()
  }

  @Test func environmentAndWorkingDirectoryReachTheHarness() async {
    let harness = fake("echo-env", "FAKE_VALUE", environment: ["FAKE_VALUE": "it works"])
    #expect(await harness.run(request("env")) == .errored(step: 0, message: "it works|\(folder.path)"))
    await harness.shutdown()
  }

  // MARK: - Startup failures

  @Test func helloLineOverTheLimitWithoutANewlineFailsTheStartAtOnce() async throws {
    var configuration = fakeConfiguration("overlong-hello", startupTimeout: 30)
    configuration.maximumLineLength = 1024
    let clock = ContinuousClock()
    let started = clock.now
    let error = try #require(await startError(ProcessImplementation(configuration: configuration)))
    #expect(clock.now - started < .seconds(10))
    // The runner may have read the harness's one write in more than one piece.
    let length = try #require(
      error.message.split(separator: " ").dropFirst(11).first.flatMap { Int($0) }, "no length in '\(error.message)'")
    #expect(length > 1024 && length < 5400)
    #expect(
      error.message.hasPrefix(
        "the harness 'fake' answered 'hello' with a line of at least \(length) bytes (no newline yet), over the limit "
          + #"of 1024 bytes; it began: {"protocol": 1"#))
    #expect(error.message.hasSuffix("… (at least \(length) bytes)"))
  }

  @Test func harnessThatNeverAnswersHelloFailsToStartWithinTheStartupTimeout() async {
    let harness = fake("silent-hello", startupTimeout: 1.5)
    let clock = ContinuousClock()
    let started = clock.now
    let error = await startError(harness)
    #expect(clock.now - started < .seconds(3))
    #expect(
      error
        == ImplementationStartError(
          message: "the harness 'fake' did not answer 'hello' within 1.5 s; check that it flushes stdout after each "
            + "reply line (Python: flush=True; Java: flush()), and if it needs longer to start, raise 'startupTimeout' in the implementations config, or pass --startup-timeout <seconds>",
          stderrTail: "fake-harness: starting very slowly"))
    #expect(
      await harness.run(request("a"))
        == .notRun(reason: "the harness 'fake' could not be started: \(error?.description ?? "")"))
    await harness.shutdown()
  }

  @Test func harnessThatExitsAtOnceFailsToStartWithItsStderr() async {
    let error = await startError(fake("exit-at-once"))
    #expect(
      error
        == ImplementationStartError(
          message: "the harness 'fake' exited with status 1 before answering 'hello'",
          stderrTail: "fake-harness: cannot load the implementation classes"))
    #expect(
      error?.description
        == "the harness 'fake' exited with status 1 before answering 'hello'\n--- stderr (last lines) ---\n"
        + "fake-harness: cannot load the implementation classes")
  }

  @Test(arguments: [
    (
      "protocol-2",
      "the harness 'fake' answered 'hello' with a reply that breaks harness protocol v1: the harness speaks protocol "
        + "version 2, but this runner speaks version 1; the line was: "
        + #"{"protocol": 2, "implementation": {"name": "fake", "language": "Python", "version": "1.0"}, "features": "#
        + #"{"login": {"initialState": {"email": "", "password": "", "isLoading": false, "error": null}}}}"#
    ),
    (
      "malformed-hello",
      "the harness 'fake' answered 'hello' with a reply that breaks harness protocol v1: implementation: missing "
        + "required key 'version'; the line was: "
        + #"{"protocol": 1, "implementation": {"name": "fake", "language": "Python"}, "features": "#
        + #"{"login": {"initialState": {"email": "", "password": "", "isLoading": false, "error": null}}}}"#
    ),
  ])
  func badHelloReplyFailsToStartQuotingTheLine(mode: String, message: String) async {
    #expect(await startError(fake(mode)) == ImplementationStartError(message: message))
  }

  @Test func missingCommandNamesTheCommandAndTheWorkingDirectory() async {
    let relative = harness(command: ["./no-such-harness"])
    #expect(
      await startError(relative)?.message
        == "cannot start the harness 'fake': '\(folder.path)/no-such-harness' does not exist (resolved against the "
        + "working directory '\(folder.path)')")
    let bare = harness(command: ["no-such-harness-anywhere"], environment: ["PATH": "/nonexistent:/also-not"])
    #expect(
      await startError(bare)?.message
        == "cannot start the harness 'fake': 'no-such-harness-anywhere' was not found on PATH "
        + "(/nonexistent:/also-not); give a path containing '/' (relative to the working directory "
        + "'\(folder.path)') or add its folder to PATH")
    #expect(
      await bare.run(request("a"))
        == .notRun(
          reason: "the harness 'fake' could not be started: "
            + "cannot start the harness 'fake': 'no-such-harness-anywhere' was not found on PATH "
            + "(/nonexistent:/also-not); give a path containing '/' (relative to the working directory "
            + "'\(folder.path)') or add its folder to PATH"
        ))
  }

  @Test func nonExecutableCommandIsReported() async {
    let path = folder.appendingPathComponent("not-executable.py").path
    #expect(
      await startError(harness(command: ["./not-executable.py"]))?.message
        == "cannot start the harness 'fake': '\(path)' is not executable; make it so with 'chmod +x \(path)'")
  }

  @Test func scriptWithAMissingInterpreterGetsAHint() async {
    let path = folder.appendingPathComponent("bad-interpreter.sh").path
    #expect(
      await startError(harness(command: ["./bad-interpreter.sh"]))?.message
        == "cannot start the harness 'fake' ('\(path)' in '\(folder.path)'): posix_spawn failed: No such file or "
        + "directory (errno 2); if it is a script, check the interpreter on its '#!' line")
  }

  @Test func executableThatIsNotAProgramGetsAHint() async {
    let path = folder.appendingPathComponent("not-a-program").path
    #expect(
      await startError(harness(command: ["./not-a-program"]))?.message
        == "cannot start the harness 'fake' ('\(path)' in '\(folder.path)'): posix_spawn failed: Exec format error "
        + "(errno 8); it is not a program this system can run (a script needs a '#!' line)")
  }

  @Test func missingWorkingDirectoryIsReported() async {
    let missing = folder.appendingPathComponent("no-such-folder")
    let implementation = ProcessImplementation(
      configuration: HarnessConfiguration(name: "fake", command: ["./fake-harness.py"], workingDirectory: missing))
    #expect(
      await startError(implementation)?.message
        == "cannot start the harness 'fake': the working directory '\(missing.path)' does not exist")
  }

  @Test func commandOnPATHIsFound() async throws {
    let implementation = harness(
      command: ["fake-harness.py", "good"],
      environment: [
        "PATH": "/nonexistent:\(folder.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
      ])
    #expect(try await implementation.start().name == "fake")
    await implementation.shutdown()
  }

  // MARK: - Faults while running

  @Test func crashReportsExitStatusAndStderrThenTheNextScenarioRunsAfterARestart() async {
    let harness = fake("crash-on-second")
    #expect(await harness.run(request("a")) == expectedTrace(actions: 2))
    #expect(
      await harness.run(request("b"))
        == .crashed(
          message: "the harness exited with status 3 before replying",
          stderrTail: "fake-harness: about to crash in scenario 'b'\nTraceback: simulated failure"))
    #expect(await harness.run(request("c")) == expectedTrace(actions: 2))
    #expect(await harness.restartCount == 1)
    await harness.shutdown()
  }

  @Test func hangTimesOutWithinTheTimeoutThenTheNextScenarioRuns() async {
    let harness = fake("hang-on", "b", scenarioTimeout: 1)
    #expect(await harness.run(request("a")) == expectedTrace(actions: 2))
    let clock = ContinuousClock()
    let started = clock.now
    let observation = await harness.run(request("b"))
    let elapsed = clock.now - started
    #expect(observation == .timedOut(seconds: 1, stderrTail: "fake-harness: hanging in 'b'"))
    #expect(elapsed >= .seconds(1) && elapsed < .seconds(2.5), "took \(elapsed)")
    #expect(await harness.run(request("c")) == expectedTrace(actions: 2))
    await harness.shutdown()
  }

  // MARK: - Pipelined batches

  @Test func aBatchIsPipelinedAndAnsweredInOrder() async {
    let harness = fake("good")
    let requests = (1...40).map { request("s\($0)", actions: 1 + $0 % 3) }
    let observations = await harness.run(batch: requests).map(\.observation)
    #expect(observations == requests.map { expectedTrace(actions: $0.actions.count) })
    #expect(await harness.restartCount == 0)
    await harness.shutdown()
  }

  @Test func aCrashInABatchFaultsThatScenarioAndTheRestAreResentAfterARestart() async {
    let harness = fake("crash-on-second")
    let observations = await harness.run(batch: ["a", "b", "c", "d"].map { request($0) }).map(\.observation)
    #expect(
      observations == [
        expectedTrace(actions: 2),
        .crashed(
          message: "the harness exited with status 3 before replying",
          stderrTail: "fake-harness: about to crash in scenario 'b'\nTraceback: simulated failure"),
        expectedTrace(actions: 2),
        // The restarted process crashes on its own second run.
        .crashed(
          message: "the harness exited with status 3 before replying",
          stderrTail: "fake-harness: about to crash in scenario 'd'\nTraceback: simulated failure"),
      ])
    #expect(await harness.restartCount == 1)
    await harness.shutdown()
  }

  @Test func aHangInABatchTimesOutThatScenarioAndTheRestRun() async {
    let harness = fake("hang-on", "b", scenarioTimeout: 1)
    let observations = await harness.run(batch: ["a", "b", "c"].map { request($0) }).map(\.observation)
    #expect(
      observations == [
        expectedTrace(actions: 2), .timedOut(seconds: 1, stderrTail: "fake-harness: hanging in 'b'"),
        expectedTrace(actions: 2),
      ])
    await harness.shutdown()
  }

  @Test func aProtocolErrorInABatchIsReportedForEachScenarioUntilTheBudgetIsUsed() async {
    let harness = fake("wrong-seq", restartBudget: 1)
    let observations = await harness.run(batch: ["a", "b", "c"].map { request($0) }).map(\.observation)
    #expect(observations.count == 3)
    guard case .noTrace(.protocolError) = observations[0], case .noTrace(.protocolError) = observations[1],
      case .noTrace(.notRun) = observations[2]
    else {
      Issue.record("expected protocol error, protocol error, not run; got \(observations)")
      return
    }
    await harness.shutdown()
  }

  @Test func aRestartedHarnessWhoseInitialStateDriftedIsStopped() async throws {
    let marker = ScratchFolder.path("drift")
    let script = ScratchFolder.path("drift", suffix: ".py")
    try Data(
      #"""
      import json, os, sys
      first = not os.path.exists(sys.argv[1])
      open(sys.argv[1], "a").close()
      email = "" if first else "drift"
      for line in sys.stdin:
          request = json.loads(line)
          if request["cmd"] == "hello":
              print(json.dumps({"protocol": 1, "implementation": {"name": "d", "language": "Python", "version": "1"},
                                "features": {"login": {"initialState": {"email": email, "password": "", "isLoading": False, "error": None}}}}), flush=True)
          elif request["cmd"] == "run":
              sys.exit(3)
      """#.utf8
    ).write(to: script)
    defer {
      try? FileManager.default.removeItem(at: script)
      try? FileManager.default.removeItem(at: marker)
    }
    let harness = harness(command: ["python3", script.path, marker.path])
    await harness.expectInitialStates(of: TestPaths.manifests)
    let observations = await harness.run(batch: [request("a"), request("b")]).map(\.observation)
    guard case .noTrace(.crashed) = observations.first, case .noTrace(.notRun(let reason)) = observations.last else {
      Issue.record("expected crashed, then not run; got \(observations)")
      return
    }
    #expect(reason.contains("answered 'hello', but its initial state of feature 'login' differs from login.json"))
    #expect(reason.contains(#"initialState.email: expected "", got "drift""#))
    await harness.shutdown()
  }

  @Test func harnessIgnoringSIGTERMIsKilledWithSIGKILL() async throws {
    let harness = fake("hang-ignoring-term", scenarioTimeout: 0.5)
    _ = try await harness.start()
    let pid = try #require(await harness.processID)
    let clock = ContinuousClock()
    let started = clock.now
    let observation = await harness.run(request("a"))
    #expect(observation == .timedOut(seconds: 0.5, stderrTail: "fake-harness: hanging in 'a'"))
    #expect(clock.now - started < .seconds(2.5))
    #expect(await isGone(pid))
    await harness.shutdown()
  }

  @Test(arguments: [
    (
      "not-json", "the line is not JSON (column 1: unexpected character 'E'; expected a value)",
      "Exception in thread main: oops"
    ),
    (
      "wrong-seq", "the reply has seq 2, but the request had seq 1",
      #"{"seq": 2, "trace": ["# + pythonEntry(1) + ", " + pythonEntry(2) + "]}"
    ),
    (
      "wrong-length", "the trace has 1 entry, but the scenario has 2 actions; a trace has exactly one entry per action",
      #"{"seq": 1, "trace": ["# + pythonEntry(1) + "]}"
    ),
    (
      "wrong-shape", "trace[0].effects: expected an array of effects, got object",
      #"{"seq": 1, "trace": ["# + pythonEntry(1, effects: #"{"type": "authenticate"}"#) + ", " + pythonEntry(2) + "]}"
    ),
  ])
  func protocolViolationIsReportedWithTheLineAndTheHarnessIsRestarted(
    mode: String, message: String, line: String
  ) async {
    let harness = fake(mode)
    #expect(await harness.run(request("a")) == .protocolError(message: message, line: line))
    // A restarted process answers (and breaks the protocol again; seq keeps counting across restarts).
    let second = await harness.run(request("b"))
    guard case .noTrace(.protocolError) = second else {
      Issue.record("expected a protocol error from the restarted harness, got \(second)")
      return
    }
    #expect(await harness.restartCount == 1)
    await harness.shutdown()
  }

  @Test func lineOverTheLimitIsAProtocolError() async throws {
    var configuration = fakeConfiguration("overlong")
    configuration.maximumLineLength = 1024
    let harness = ProcessImplementation(configuration: configuration)
    let observation = await harness.run(request("a"))
    guard case .noTrace(.protocolError(let message, let line)) = observation else {
      Issue.record("expected a protocol error, got \(observation)")
      return
    }
    // The reply is {"seq": 1, "trace": […], "padding": "xxx…"} with 5000 x's: a little over 5000 bytes.
    let length = try #require(
      message.split(separator: " ").dropFirst(4).first.flatMap { Int($0) }, "no length in '\(message)'")
    #expect(length > 5000 && length < 5400)
    #expect(
      message
        == "the reply line is \(length) bytes long, over the limit of 1024 bytes for this request (harness protocol §3.4)"
    )
    #expect(line.count == 500 + "… (\(length) bytes in all)".count)
    #expect(line.hasPrefix(#"{"seq": 1, "trace": [{"state": {"email": "#))
    #expect(line.hasSuffix("… (\(length) bytes in all)"))
    await harness.shutdown()
  }

  /// A harness that keeps writing one line without a newline is stopped as soon as the line passes the limit, with
  /// the words of an overlong line, not left to run into the scenario timeout.
  @Test func lineOverTheLimitWithoutANewlineIsAProtocolErrorAtOnce() async throws {
    var configuration = fakeConfiguration("overlong-unterminated", scenarioTimeout: 30)
    configuration.maximumLineLength = 1024
    let harness = ProcessImplementation(configuration: configuration)
    let start = ContinuousClock.now
    let observation = await harness.run(request("a"))
    #expect(ContinuousClock.now - start < .seconds(10))
    guard case .noTrace(.protocolError(let message, let line)) = observation else {
      Issue.record("expected a protocol error, got \(observation)")
      return
    }
    // The harness wrote a little over 5000 bytes; the runner may have read them in more than one piece.
    let length = try #require(
      message.split(separator: " ").dropFirst(6).first.flatMap { Int($0) }, "no length in '\(message)'")
    #expect(length > 1024 && length < 5400)
    #expect(
      message
        == "the reply line is at least \(length) bytes long (no newline yet), over the limit of 1024 bytes for this "
        + "request (harness protocol §3.4)")
    #expect(line.hasPrefix(#"{"seq": 1, "trace": [{"state": {"email": "#))
    #expect(line.hasSuffix("… (at least \(length) bytes)"))
    await harness.shutdown()
  }

  /// A valid scenario may expect a trace far larger than the configured limit (a trace repeats the
  /// state after every step); the limit follows the request, so a correct harness is never blamed.
  @Test func aReplyAsLargeAsTheScenarioExpectsIsAcceptedOverTheConfiguredLimit() async throws {
    var configuration = fakeConfiguration("good")
    configuration.maximumLineLength = 1024
    let harness = ProcessImplementation(configuration: configuration)
    var state = try #require(initialState.objectValue)
    state["email"] = .string(String(repeating: "é", count: 2000))
    var big = RunRequest(
      id: "big", feature: "login", initialState: .object(state), actions: [["type": "a0"], ["type": "a1"]])
    // What the runner computes from the scenario (TraceSize): the state twice, plus the counter.
    big.expectedTraceBytes = 2 * (TraceSize.bytes(.object(state)) + 40)
    guard case .trace(let trace, _) = await harness.run(big) else {
      Issue.record("a correct harness was blamed")
      return
    }
    #expect(trace.count == 2)
    // Without the scenario's bound, the configured limit applies.
    big.expectedTraceBytes = 0
    guard case .noTrace(.protocolError(let message, _)) = await harness.run(big) else {
      Issue.record("expected the configured limit to apply")
      return
    }
    #expect(message.hasSuffix("over the limit of 1024 bytes for this request (harness protocol §3.4)"))
    await harness.shutdown()
  }

  /// The scenario answered twice is blamed, and the scenario whose reply was due is sent again.
  @Test func aRequestAnsweredTwiceIsBlamedNotTheNextOne() async {
    let harness = fake("answer-twice", "b")
    let observations = await harness.run(batch: ["a", "b", "c", "d"].map { request($0) }).map(\.observation)
    let reply = #"{"seq": 2, "trace": ["# + pythonEntry(1) + ", " + pythonEntry(2) + "]}"
    #expect(
      observations == [
        expectedTrace(actions: 2),
        .protocolError(
          message:
            "the harness answered this request (seq 2) twice: a second reply came when the reply to seq 3 was due",
          line: reply),
        expectedTrace(actions: 2), expectedTrace(actions: 2),
      ])
    #expect(await harness.restartCount == 1)
    await harness.shutdown()
  }

  /// A reply that only carries the previous request's seq, with other content, is a wrong seq of the request whose
  /// reply was due, not a second answer: the previous scenario keeps its result.
  @Test func aWrongSeqIsNotTakenForASecondAnswer() async {
    let harness = fake("earlier-seq", "b")
    // b's trace differs from a's (3 actions, not 2), so its line is not a's reply again.
    let observations = await harness.run(batch: [request("a"), request("b", actions: 3), request("c")]).map(
      \.observation)
    #expect(observations.count == 3)
    #expect(observations.first == expectedTrace(actions: 2))
    guard case .noTrace(.protocolError(let message, _)) = observations[1] else {
      Issue.record("expected b to break the protocol, got \(observations)")
      return
    }
    #expect(message == "the reply has seq 1, but the request had seq 2 (an earlier request's seq)")
    #expect(observations[2] == expectedTrace(actions: 2))
    await harness.shutdown()
  }

  /// A second answer to the last request of a batch is found by checking for an extra line.
  @Test func aSecondAnswerToTheLastRequestOfABatchIsFound() async {
    let harness = fake("answer-twice", "c")
    let observations = await harness.run(batch: ["a", "b", "c"].map { request($0) }).map(\.observation)
    let reply = #"{"seq": 3, "trace": ["# + pythonEntry(1) + ", " + pythonEntry(2) + "]}"
    #expect(
      observations == [
        expectedTrace(actions: 2), expectedTrace(actions: 2),
        .protocolError(
          message:
            "the harness answered this request (seq 3) twice: a second reply came after the last reply of its batch",
          line: reply),
      ])
    await harness.shutdown()
  }

  /// Each scenario of a pipelined batch gets its own time, not an even share of the batch's.
  @Test func eachScenarioOfABatchIsTimedOnItsOwn() async {
    let harness = fake("slow-on", "b")
    let results = await harness.run(batch: ["a", "b", "c"].map { request($0) })
    #expect(results.map(\.observation) == Array(repeating: expectedTrace(actions: 2), count: 3))
    #expect(results[1].seconds >= 0.35, "b took \(results[1].seconds) s")
    #expect(results[2].seconds < 0.3, "c took \(results[2].seconds) s")
    await harness.shutdown()
  }

  @Test func unterminatedLastLineIsQuotedInTheCrash() async {
    let harness = fake("unterminated")
    #expect(
      await harness.run(request("a"))
        == .crashed(
          message:
            "the harness exited with status 5 before replying; its last output was an unterminated line: "
            + #"{"seq": 1, "trace": "#,
          stderrTail: ""))
    await harness.shutdown()
  }

  @Test func megabytesOfStderrNeverBlockTheHarness() async {
    let harness = fake("stderr-flood", scenarioTimeout: 5)
    for index in 1...3 { #expect(await harness.run(request("s\(index)")) == expectedTrace(actions: 2)) }
    #expect(await harness.restartCount == 0)
    await harness.shutdown()
  }

  // MARK: - Reply checking

  @Test(arguments: [
    (
      #"{"seq": 7, "errored": {"step": 3, "message": "m"}}"#,
      "errored.step: expected a step number from 0 (the initial state) to 2 (the last action), got 3"
    ),
    (#"{"seq": 7, "errored": {"step": 1}}"#, "errored: missing required key 'message'"),
    (#"{"seq": 7, "skipped": {}}"#, "skipped: missing required key 'reason'"),
    (
      #"{"seq": 7, "trace": [], "errored": {"step": 1, "message": "m"}}"#,
      "the reply has 'trace' and 'errored'; it must have exactly one of 'trace', 'errored' or 'skipped'"
    ),
    (#"{"seq": 7}"#, "the reply has none of 'trace', 'errored' or 'skipped'"),
    (
      #"{"seq": 7, "skipped": {"reason": "r"}, "note": 1}"#,
      "note: unknown key 'note' (allowed: seq, trace, errored, skipped)"
    ),
    (#"{"trace": []}"#, "missing required key 'seq'"),
    (#"{"seq": "7", "trace": []}"#, #"the reply has seq "7", but the request had seq 7"#),
    (#"[7]"#, "expected a run reply (a JSON object), got array"),
    (#"{"seq": 7, "trace": "#, "the line is not JSON (column 21: unexpected end of the line; expected a value)"),
    ("   ", "the line is empty; expected a JSON object"),
    (
      #"{"seq": 7, "trace": [{"state": [], "effects": [], "extra": 1}, 2]}"#,
      "trace[0].state: expected an object, got array; trace[0].extra: unknown key 'extra' (allowed: state, effects); "
        + "trace[1]: expected a trace entry (a JSON object), got integer"
    ),
  ])
  func replyThatBreaksTheProtocolIsExplained(line: String, message: String) {
    #expect(
      HarnessCodec.decodeRun(Data(line.utf8), seq: 7, actionCount: 2)
        == .failure(HarnessCodec.Violation(message: message)))
  }

  @Test func goodRepliesDecode() {
    let trace = #"{"seq": 7, "trace": [{"state": {"a": 1}, "effects": [{"type": "x"}]}]}"#
    #expect(
      HarnessCodec.decodeRun(Data(trace.utf8), seq: 7, actionCount: 1)
        == .success(.trace([TraceEntry(state: ["a": 1], effects: [["type": "x"]])])))
    #expect(
      HarnessCodec.decodeRun(
        Data(#"{"seq":7,"errored":{"step":0,"message":"bad state"}}"#.utf8), seq: 7, actionCount: 1)
        == .success(.errored(step: 0, message: "bad state")))
  }

  @Test func longLinesAreQuotedUpTo500Characters() {
    let long = String(repeating: "é", count: 800)
    #expect(HarnessCodec.quote(Data(long.utf8)) == String(repeating: "é", count: 500) + "… (1600 bytes in all)")
    #expect(HarnessCodec.quote(Data("short".utf8)) == "short")
    #expect(HarnessCodec.quote(Data([0x61, 0xFF, 0x62])) == "a\u{FFFD}b")
  }

  // MARK: - Restarts

  @Test func restartBudgetUsedUpMeansTheRestAreNotRun() async {
    let harness = fake("crash-always", restartBudget: 2)
    for index in 1...3 {
      let observation = await harness.run(request("s\(index)"))
      guard case .noTrace(.crashed(let message, _)) = observation else {
        Issue.record("s\(index): expected a crash, got \(observation)")
        continue
      }
      #expect(message == "the harness exited with status 3 before replying")
    }
    let reason =
      "the harness 'fake' was restarted 2 times, the restart budget; it is not restarted again after its last fault "
      + "(scenario 's3': the harness exited with status 3 before replying); fix the harness or raise 'restartBudget'"
    #expect(await harness.run(request("s4")) == .notRun(reason: reason))
    #expect(await harness.run(request("s5")) == .notRun(reason: reason))
    #expect(await harness.restartCount == 2)
    await harness.shutdown()
  }

  @Test func failedRestartMeansTheRestAreNotRun() async throws {
    let marker = ScratchFolder.path("refuse")
    defer { try? FileManager.default.removeItem(at: marker) }
    let harness = fake("refuse-restart", marker.path)
    guard case .noTrace(.crashed) = await harness.run(request("a")) else {
      Issue.record("expected the first scenario to crash")
      return
    }
    let reason =
      "the harness 'fake' could not be restarted after a fault (scenario 'a': the harness exited with status 3 before "
      + "replying): the harness 'fake' exited with status 1 before answering 'hello'\n"
      + "--- stderr (last lines) ---\nfake-harness: refusing to start again"
    #expect(await harness.run(request("b")) == .notRun(reason: reason))
    #expect(await harness.run(request("c")) == .notRun(reason: reason))
    await harness.shutdown()
  }

  // MARK: - Process groups

  @Test func timeoutKillsTheHarnessAndItsBackgroundChildren() async throws {
    let pidFile = ScratchFolder.path("child")
    defer { try? FileManager.default.removeItem(at: pidFile) }
    let harness = spawning("hang", pidFile: pidFile, scenarioTimeout: 1)
    _ = try await harness.start()
    let pid = try #require(await harness.processID)
    let observation = await harness.run(request("a"))
    let child = try #require(
      Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(observation == .timedOut(seconds: 1, stderrTail: "spawning-harness: started child \(child)"))
    #expect(await isGone(pid))
    #expect(await isGone(child))
    await harness.shutdown()
  }

  @Test func exitIsNoticedEvenWhenABackgroundChildKeepsStdoutOpen() async throws {
    let pidFile = ScratchFolder.path("child")
    defer { try? FileManager.default.removeItem(at: pidFile) }
    let harness = spawning("exit", pidFile: pidFile, scenarioTimeout: 5)
    let clock = ContinuousClock()
    _ = try await harness.start()
    let started = clock.now
    let observation = await harness.run(request("a"))
    #expect(clock.now - started < .seconds(2))
    let child = try #require(
      Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(
      observation
        == .crashed(
          message: "the harness exited with status 4 before replying",
          stderrTail: "spawning-harness: started child \(child)"))
    #expect(await isGone(child))
    await harness.shutdown()
  }

  // MARK: - Throughput

  /// Speed is measured by scripts/bench, not asserted here; this checks that thousands of scenarios through one
  /// long-lived process all come back, one after the other and pipelined.
  @Test func thousandsOfScenariosThroughOneProcessAllComeBack() async throws {
    let harness = fake("good")
    _ = try await harness.start()
    let requests = (1...2_000).map { request("s\($0)", actions: 5) }
    var traces = 0
    for request in requests.prefix(1_000) {
      if case .trace = await harness.run(request) { traces += 1 }
    }
    let pipelined = await harness.run(batch: Array(requests.dropFirst(1_000))).map(\.observation)
    traces += pipelined.filter { if case .trace = $0 { return true } else { return false } }.count
    #expect(traces == 2_000)
    #expect(await harness.restartCount == 0)
    await harness.shutdown()
  }
}

// MARK: - Helpers

private let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
  .appendingPathComponent("Fixtures/harnesses")

private let initialState: JSONValue = ["email": "", "password": "", "isLoading": false, "error": .null]

/// The fake harness's configuration. The limits default to 60 s, which only a failing run reaches: in the whole suite
/// on 2 cores a Python start and a reply have taken over 5 s. A test of a time-out sets its own, short limit.
private func fakeConfiguration(
  _ mode: String, _ argument: String? = nil, environment: [String: String] = [:], scenarioTimeout: Double = 60,
  startupTimeout: Double = 60, restartBudget: Int = 3
) -> HarnessConfiguration {
  HarnessConfiguration(
    name: "fake", command: ["./fake-harness.py", mode] + (argument.map { [$0] } ?? []), workingDirectory: folder,
    environment: environment, startupTimeout: startupTimeout, scenarioTimeout: scenarioTimeout,
    restartBudget: restartBudget)
}

private func fake(
  _ mode: String, _ argument: String? = nil, environment: [String: String] = [:], scenarioTimeout: Double = 60,
  startupTimeout: Double = 60, restartBudget: Int = 3
) -> ProcessImplementation {
  ProcessImplementation(
    configuration: fakeConfiguration(
      mode, argument, environment: environment, scenarioTimeout: scenarioTimeout, startupTimeout: startupTimeout,
      restartBudget: restartBudget))
}

private func harness(command: [String], environment: [String: String] = [:]) -> ProcessImplementation {
  ProcessImplementation(
    configuration: HarnessConfiguration(
      name: "fake", command: command, workingDirectory: folder, environment: environment, startupTimeout: 5))
}

/// The error `start()` throws, or `nil` when it starts (which the caller's expectation then reports).
private func startError(_ implementation: ProcessImplementation) async -> ImplementationStartError? {
  do {
    _ = try await implementation.start()
    await implementation.shutdown()
    return nil
  } catch {
    return error
  }
}

private func spawning(_ mode: String, pidFile: URL, scenarioTimeout: Double) -> ProcessImplementation {
  ProcessImplementation(
    configuration: HarnessConfiguration(
      name: "spawning", command: ["./spawning-harness.sh", mode, pidFile.path], workingDirectory: folder,
      startupTimeout: 5, scenarioTimeout: scenarioTimeout))
}

private func request(_ id: String, actions: Int = 2, feature: String = "login") -> RunRequest {
  RunRequest(
    id: id, feature: feature, initialState: initialState,
    actions: (0..<actions).map { ["type": .string("a\($0)")] })
}

/// One trace entry as the fake harness (Python's `json.dumps`) writes it for `initialState`.
private func pythonEntry(_ counter: Int, effects: String = "[]") -> String {
  #"{"state": {"email": "", "error": null, "isLoading": false, "password": "", "counter": \#(counter)}, "effects": "#
    + effects + "}"
}

/// The fake harness's trace: the initial state plus a 1-based counter, no effects.
private func expectedTrace(actions: Int) -> Observation {
  .trace(
    (0..<actions).map { index in
      var state = initialState.objectValue ?? JSONObject()
      state["counter"] = .number(.integer(Int64(index + 1)))
      return TraceEntry(state: .object(state), effects: [])
    })
}

/// Whether `pid` has exited (a zombie waiting for its new parent to reap it counts), polling for up to 2 s.
private func isGone(_ pid: Int32) async -> Bool {
  for _ in 0..<100 {
    if kill(pid, 0) != 0, errno == ESRCH { return true }
    if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")"),
      stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    {
      return true
    }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return false
}
