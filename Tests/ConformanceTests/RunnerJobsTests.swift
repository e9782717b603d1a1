import Foundation
import TestScratch
import Testing

@testable import Conformance

/// `--jobs N` keeps the event order of `--jobs 1`, as a library user of ``ConformanceRunner`` sees it:
/// the CLI writes invalid files to stderr and verdicts to stdout, so only the events themselves show where an invalid
/// file falls among the verdicts of its batch.
@Suite("Runner events with --jobs")
struct RunnerJobsTests {
  /// Every bundled login file with the failing and invalid fixtures between them, two files again through another
  /// path, then `duplicate` (a scenario whose id an earlier file used): several windows and batches, with invalid
  /// files inside batches.
  static func files(duplicate: URL) -> [ScenarioFile] {
    let login = TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("login"))
    let odd = ["failing", "invalid"].flatMap { TestPaths.jsonFiles(in: TestPaths.fixtures.appendingPathComponent($0)) }
    var urls: [URL] = []
    for (index, url) in login.enumerated() {
      urls.append(url)
      if index % 3 == 1, index / 3 < odd.count { urls.append(odd[index / 3]) }
    }
    urls += odd.dropFirst((login.count + 1) / 3)
    // The same file again through another path: set aside, unreported and uncounted, in every mode.
    let again = { (url: URL) in
      url.deletingLastPathComponent().appendingPathComponent("../login/\(url.lastPathComponent)")
    }
    urls.insert(again(login[1]), at: 40)
    urls.append(again(login[2]))
    urls.append(duplicate)
    return urls.enumerated().map {
      ScenarioFile(url: $0.element, displayName: "\($0.offset)/\($0.element.lastPathComponent)")
    }
  }

  /// A copy in `folder` of the first bundled login file, which the corpus of ``files(duplicate:)`` ends with: a file
  /// whose name an earlier file has.
  static func copyOfTheFirstLoginFile(in folder: URL) throws -> URL {
    let original = try #require(TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("login")).first)
    let duplicate = folder.appendingPathComponent(original.lastPathComponent)
    try FileManager.default.copyItem(at: original, to: duplicate)
    return duplicate
  }

  /// The events of a run, each as one line without timings.
  static func events(
    jobs: Int, tags: [String] = [], duplicate: URL, implementation: any Implementation = TestFeatures.swift
  ) async -> [String] {
    var events: [String] = []
    let runner = ConformanceRunner(
      implementations: [implementation], loader: ScenarioLoader(manifests: TestPaths.manifests),
      options: .init(tags: tags, jobs: jobs))
    _ = await runner.run(files: files(duplicate: duplicate)) { event in
      switch event {
      case .started(let implementations): events.append("started \(implementations.map(\.name))")
      case .implementationStarted(let name, _, let error): events.append("implementation \(name) \(error ?? "")")
      case .invalid(let file, let errors): events.append("invalid \(file) \(errors.map(\.description))")
      case .scenario(let verdict):
        events.append("scenario \(verdict.id) \(verdict.verdicts.map { "\($0.outcome)" })")
      case .finished(let summary):
        let tallies = summary.tallies.sorted { $0.key < $1.key }.map { name, tally in
          "\(name): \(Outcome.Kind.allCases.map { "\($0)=\(tally[$0])" })"
        }
        events.append("finished \(summary.scenarios) \(tallies) \(summary.invalidFiles) \(summary.exitCode)")
      }
    }
    return events
  }

  @Test(arguments: [[], ["unicode", "login-response"]])
  func everyJobsGivesTheEventsOfJobsOneInTheSameOrder(tags: [String]) async throws {
    // A copy of the first login file, read last: the same id again (a second path to the same file would be skipped).
    let folder = try ScratchFolder.make("runner-jobs")
    defer { try? FileManager.default.removeItem(at: folder) }
    let duplicate = try Self.copyOfTheFirstLoginFile(in: folder)
    let one = await Self.events(jobs: 1, tags: tags, duplicate: duplicate)
    // The corpus has what the comparison needs: invalid files between verdicts, and a duplicate id at the end.
    let invalid = one.indices.filter { one[$0].hasPrefix("invalid ") }
    #expect(invalid.count > 5)
    #expect(one.last(where: { $0.hasPrefix("invalid ") })?.contains("already used") == true)
    #expect(one.filter { $0.hasPrefix("scenario ") }.count > (tags.isEmpty ? 40 : 5))
    for jobs in [2, 3, 8] {
      let other = await Self.events(jobs: jobs, tags: tags, duplicate: duplicate)
      let first = zip(other, one).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      #expect(
        other == one, "--jobs \(jobs), tags \(tags): first difference at event \(first ?? min(other.count, one.count))")
    }
  }

  /// The window that holds the first file finishes last: its batch is held back until the windows walked after it
  /// have run 30 scenarios (more than any one of them holds), so the reporter keeps their verdicts until the first
  /// window is in. The events are still those of `--jobs 1`. The batch waits suspended, not blocking a thread, so the
  /// rest of the suite, which runs beside it on a 2-core machine, is not slowed meanwhile. Scenarios the later windows
  /// ran before the first window's batch even came count too: on a loaded machine the second window can finish before
  /// the first has been read, and the later windows hold only about 40 scenarios in all.
  @Test func aSlowFirstWindowIsStillReportedFirst() async throws {
    let folder = try ScratchFolder.make("runner-jobs")
    defer { try? FileManager.default.removeItem(at: folder) }
    let duplicate = try Self.copyOfTheFirstLoginFile(in: folder)
    let slow = FirstWindowHeldBack(serving: TestFeatures.swift)
    let one = await Self.events(jobs: 1, duplicate: duplicate)
    let two = await Self.events(jobs: 2, duplicate: duplicate, implementation: slow)
    #expect(two == one)
    #expect(await slow.othersBeforeFirst >= 30, "the windows after the first did not run before it")
  }

  /// With `--jobs 1` and a harness, the next window is read and its batch sent while the first batch waits on the
  /// harness: the harness has it before answering the first (which it holds back until then, at most 300 s), so it
  /// never waits on the runner between batches. The events are still those of the run in process.
  @Test func theNextBatchComesWhileTheFirstWaitsOnAHarness() async throws {
    let folder = try ScratchFolder.make("runner-jobs")
    defer { try? FileManager.default.removeItem(at: folder) }
    let duplicate = try Self.copyOfTheFirstLoginFile(in: folder)
    let harness = FirstBatchHeldBack(serving: TestFeatures.swift)
    let inProcess = await Self.events(jobs: 1, duplicate: duplicate)
    let throughHarness = await Self.events(jobs: 1, duplicate: duplicate, implementation: harness)
    #expect(throughHarness == inProcess)
    #expect(await harness.nextBatchCameWhileHeld, "the second batch came only after the first was answered")
  }

  /// `--fail-fast` reads no batch ahead for a harness: the harness is sent nothing after the first failing scenario,
  /// whatever `--jobs` is.
  @Test(arguments: [1, 2])
  func failFastSendsAHarnessNothingAfterTheFirstFailure(jobs: Int) async throws {
    let login = TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("login"))
    let failing = try #require(TestPaths.jsonFiles(in: TestPaths.fixtures.appendingPathComponent("failing")).first)
    let urls = Array(login.prefix(2)) + [failing] + Array(login.dropFirst(2).prefix(3))
    let id = { (url: URL) in url.deletingPathExtension().lastPathComponent }
    let harness = RecordedHarness(serving: TestFeatures.swift)
    let runner = ConformanceRunner(
      implementations: [harness], loader: ScenarioLoader(manifests: TestPaths.manifests),
      options: .init(failFast: true, jobs: jobs))
    let files = urls.map { ScenarioFile(url: $0, displayName: $0.lastPathComponent) }
    let summary = await runner.run(files: files) { _ in }
    #expect(await harness.sent == urls.prefix(3).map(id))
    #expect(summary.stoppedEarlyWithRemaining == 3)
  }

  /// A file whose name an earlier, invalid file had is run once it is admitted, and only then, with every `--jobs`:
  /// the earlier file did not take the id, so the scenario passes after the invalid file is reported.
  @Test(arguments: [1, 2, 8])
  func aFileNamedLikeAnEarlierInvalidFileRunsOnceAdmitted(jobs: Int) async throws {
    let folder = try ScratchFolder.make("runner-jobs")
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try #require(TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("login")).first)
    let name = original.lastPathComponent
    let id = String(name.dropLast(".json".count))
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: folder.appendingPathComponent("a/\(name)"))
    try FileManager.default.copyItem(at: original, to: folder.appendingPathComponent("b/\(name)"))
    var events: [String] = []
    let runner = ConformanceRunner(
      implementations: [TestFeatures.swift], loader: ScenarioLoader(manifests: TestPaths.manifests),
      options: .init(jobs: jobs))
    let summary = await runner.run(
      ScenarioCorpus(roots: [.init(path: folder.path, displayName: "s")], loader: runner.loader)
    ) {
      event in
      switch event {
      case .invalid(let file, _): events.append("invalid \(file)")
      case .scenario(let verdict): events.append("scenario \(verdict.id) \(verdict.verdicts.map(\.outcome.label))")
      default: break
      }
    }
    #expect(events == ["invalid s/a/\(name)", "scenario \(id) [\"passed\"]"])
    #expect(summary.scenarios == 1)
  }
}

/// The in-process implementation with the batch that holds the first bundled login file's scenario (actions
/// `dismissed, dismissed`) held back until other batches have run 30 scenarios (at most 300 s), counting the scenarios
/// they ran before it went on, whether they ran before it came or while it waited. The batch waits suspended (the
/// actor takes other batches meanwhile), so no thread is blocked. The bound only ends a failing run: in the whole suite
/// on 2 cores, whose CLI tests hold the pool's threads while their processes run, a pass has taken over a minute.
private actor FirstWindowHeldBack: Implementation {
  nonisolated let name: String
  private let base: SwiftImplementation
  private var finished = 0
  private var seenFirst = false
  private var held: CheckedContinuation<Void, Never>?
  /// How many scenarios other batches had run when the first window's batch went on.
  private(set) var othersBeforeFirst = 0

  init(serving base: SwiftImplementation) {
    name = base.name
    self.base = base
  }

  func start() async throws(ImplementationStartError) -> ImplementationInfo { try await base.start() }

  func run(_ request: RunRequest) async -> Observation { await base.run(request) }

  func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)] {
    let first = !seenFirst && requests.contains { $0.actions == [["type": "dismissed"], ["type": "dismissed"]] }
    if first {
      seenFirst = true
      if finished < 30 {
        let giveUp = Task {
          try? await Task.sleep(for: .seconds(300))
          self.letGo()
        }
        await withCheckedContinuation { held = $0 }
        giveUp.cancel()
      }
      othersBeforeFirst = finished
    }
    let results = await base.run(batch: requests)
    if !first {
      finished += requests.count
      if finished >= 30 { letGo() }
    }
    return results
  }

  func shutdown() async {}

  private func letGo() {
    held?.resume()
    held = nil
  }
}

/// The in-process implementation seen as a harness (another process to the runner, since it is not a
/// ``SwiftImplementation``), whose first batch is held back until a second batch comes (at most 300 s), noting
/// whether one came.
private actor FirstBatchHeldBack: Implementation {
  nonisolated let name: String
  private let base: SwiftImplementation
  private var batches = 0
  private var held: CheckedContinuation<Void, Never>?
  /// Whether a second batch came while the first was held back.
  private(set) var nextBatchCameWhileHeld = false

  init(serving base: SwiftImplementation) {
    name = base.name
    self.base = base
  }

  func start() async throws(ImplementationStartError) -> ImplementationInfo { try await base.start() }

  func run(_ request: RunRequest) async -> Observation { await base.run(request) }

  func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)] {
    batches += 1
    if batches == 1 {
      let giveUp = Task {
        try? await Task.sleep(for: .seconds(300))
        self.letGo()
      }
      await withCheckedContinuation { held = $0 }
      giveUp.cancel()
    } else if held != nil {
      nextBatchCameWhileHeld = true
      letGo()
    }
    return await base.run(batch: requests)
  }

  func shutdown() async {}

  private func letGo() {
    held?.resume()
    held = nil
  }
}

/// The in-process implementation seen as a harness, noting the id of every scenario sent to it, in order.
private actor RecordedHarness: Implementation {
  nonisolated let name: String
  private let base: SwiftImplementation
  /// The ids of the scenarios sent, in order.
  private(set) var sent: [String] = []

  init(serving base: SwiftImplementation) {
    name = base.name
    self.base = base
  }

  func start() async throws(ImplementationStartError) -> ImplementationInfo { try await base.start() }

  func run(_ request: RunRequest) async -> Observation {
    sent.append(request.id)
    return await base.run(request)
  }

  func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)] {
    sent += requests.map(\.id)
    return await base.run(batch: requests)
  }

  func shutdown() async {}
}
