import Foundation

// Starting the implementations: up front, or with the first scenario that needs them.
//
// An implementation whose user declared the levels or features it serves, leaving some out (`levels`, `features` in
// the implementations config, or `--harness NAME:LEVEL=…`), is started only when a batch holds a scenario that
// declaration admits: the declaration alone makes every other pair `not applicable` (Conformance/README.md §13.7), so
// a run of reducer-level scenarios never starts a runtime-only harness (a JVM, a process per `--jobs` worker). An implementation with no
// declaration may be needed by any scenario, and only its `hello` says which, so it is started before the run, as
// before. The reporter announces a late start (``RunEvent/implementationStarted(name:info:startError:)``) just
// before the first scenario that needed it, in walk order, so every event is the same whatever `--jobs` is.
extension ConformanceRunner {
  /// An implementation of the run: what it said about itself when it started, or why it did not start; or, for one
  /// started with the first scenario that needs it, the ``DeferredStart`` that starts it.
  struct Started: Sendable {
    var implementation: any Implementation
    var info: ImplementationInfo?
    var error: String?
    /// Set when the implementation starts with the first scenario its declaration admits, not before the run.
    var deferred: DeferredStart? = nil

    /// Whether a batch waits on another process for this implementation: a harness that started, before the run or
    /// with the first batch that needed it (``ConformanceRunner/workers(_:on:)`` reads ahead during that wait).
    var isRunningHarness: Bool {
      guard !(implementation is SwiftImplementation), error == nil else { return false }
      return deferred?.hasStarted ?? (info != nil)
    }

    /// The `not applicable` of a pair the user's declaration rules out, or `nil` when the implementation is needed
    /// for it (``Applicability/ruledOut(level:feature:implementation:intendedLevels:intendedFeatures:)``).
    func ruledOut(level: ScenarioLevel, feature: String) -> Applicability? {
      Applicability.ruledOut(
        level: level, feature: feature, implementation: implementation.name,
        intendedLevels: implementation.intendedLevels, intendedFeatures: implementation.intendedFeatures)
    }
  }

  /// Starts, in order, every implementation with no declared levels or features, and sets the others up to start
  /// with their first scenario.
  func startImplementations() async -> [Started] {
    var started: [Started] = []
    for implementation in implementations {
      if Self.startsWithFirstScenario(implementation) {
        let deferred = DeferredStart(implementation, manifests: loader.manifests)
        started.append(Started(implementation: implementation, deferred: deferred))
        continue
      }
      do {
        // A drifted default state stops the implementation here (Implementation.start(expectingInitialStatesOf:)).
        let info = try await implementation.start(expectingInitialStatesOf: loader.manifests)
        started.append(Started(implementation: implementation, info: info))
      } catch {
        started.append(Started(implementation: implementation, error: error.description))
      }
    }
    return started
  }

  /// Whether the user's declaration leaves out a feature or a level, so that some scenarios need no start: only then
  /// is the implementation started with its first scenario (`levels` naming every level leaves nothing out).
  static func startsWithFirstScenario(_ implementation: any Implementation) -> Bool {
    implementation.intendedFeatures != nil
      || implementation.intendedLevels.map { !$0.isSuperset(of: ScenarioLevel.allCases) } ?? false
  }

  /// Emits, before each verdict, the start of each deferred implementation the verdict's scenario is the first to
  /// need, in report order (``RunEvent/implementationStarted(name:info:startError:)``).
  static func announceStarts(before verdict: ScenarioVerdict, on started: [Started], emit: (RunEvent) -> Void) {
    for entry in started {
      guard let deferred = entry.deferred, entry.ruledOut(level: verdict.level, feature: verdict.feature) == nil,
        let result = deferred.announce()
      else { continue }
      emit(.implementationStarted(name: entry.implementation.name, info: result.info, startError: result.error))
    }
  }
}

/// Starts one implementation once, for whichever batch needs it first; every other batch that needs it waits for the
/// same start. Shared by the tasks of a run (`--jobs`), so its state is behind a lock.
final class DeferredStart: @unchecked Sendable {
  /// What the start gave: the implementation's description, or why it did not start.
  struct Result: Sendable {
    var info: ImplementationInfo?
    var error: String?
  }

  private let implementation: any Implementation
  private let manifests: [String: FeatureManifest]
  private let lock = NSLock()
  private var task: Task<Result, Never>?
  private var result: Result?
  private var announced = false

  /// Creates a start not yet begun.
  init(_ implementation: any Implementation, manifests: [String: FeatureManifest]) {
    self.implementation = implementation
    self.manifests = manifests
  }

  /// Starts the implementation, checking its initial states against the manifests, unless a batch already did.
  ///
  /// - Returns: What it said about itself, or the start error's description (the same text an implementation
  ///   started before the run reports).
  func start() async -> Result {
    let pending: Task<Result, Never> = lock.withLock {
      if let task { return task }
      let (implementation, manifests) = (implementation, manifests)
      let begun = Task { [self] in
        let result: Result
        do throws(ImplementationStartError) {
          result = Result(info: try await implementation.start(expectingInitialStatesOf: manifests))
        } catch {
          result = Result(error: error.description)
        }
        lock.withLock { self.result = result }
        return result
      }
      self.task = begun
      return begun
    }
    return await pending.value
  }

  /// Whether the start is over and the implementation started.
  var hasStarted: Bool { lock.withLock { result?.info != nil } }

  /// Whether ``announce()`` has given the result: a reported scenario needed the implementation.
  var wasAnnounced: Bool { lock.withLock { announced } }

  /// The start's result the first time it is asked for once the start is over; `nil` before and after.
  func announce() -> Result? {
    lock.withLock {
      guard !announced, let result else { return nil }
      announced = true
      return result
    }
  }
}
