import Foundation

/// How to start and supervise one harness process: an entry of `Conformance/implementations.json`, or a
/// `--harness NAME=COMMAND` option (see ``ImplementationsConfig``).
///
/// ```swift
/// let kotlin = HarnessConfiguration(
///   name: "kotlin", command: ["scripts/kotlin-harness"],
///   workingDirectory: URL(fileURLWithPath: "/repo"), startupTimeout: 120)
/// let implementation = ProcessImplementation(configuration: kotlin)
/// ```
package struct HarnessConfiguration: Sendable, Equatable {
  /// The default ``startupTimeout``: 30 seconds.
  package static let defaultStartupTimeout = 30.0
  /// The default ``scenarioTimeout``: 10 seconds.
  package static let defaultScenarioTimeout = 10.0
  /// The default ``restartBudget``: 3 restarts.
  package static let defaultRestartBudget = 3
  /// The default ``maximumLineLength``: 64 MiB.
  static let defaultMaximumLineLength = 64 * 1024 * 1024

  /// The kebab-case name used in reports and on the command line, e.g. `kotlin`.
  package var name: String
  /// A sentence for people, or `nil`.
  package var description: String?
  /// The argv of the harness process, at least one element; no shell is involved. `command[0]` is resolved when the
  /// process starts: absolute as given, relative with a `/` against ``workingDirectory``, otherwise through `PATH`.
  package var command: [String]
  /// The folder the process runs in (absolute).
  package var workingDirectory: URL
  /// Variables added to (or replacing those of) the runner's environment.
  package var environment: [String: String]
  /// Seconds to wait for the `hello` reply, more than 0.
  package var startupTimeout: Double
  /// Seconds to wait for each `run` reply, more than 0.
  package var scenarioTimeout: Double
  /// How many times the harness may be restarted after faults (crash, hang, protocol error) before the remaining
  /// scenarios are reported as not run; 0 or more.
  package var restartBudget: Int
  /// The scenario levels the user says this harness runs, or `nil` when every level is expected of it. A scenario of
  /// a level left out is `not applicable` for the harness; without this, a feature the harness declares without the
  /// scenario's level is `skipped`, which fails the run (harness protocol §2.5.1).
  package var levels: Set<ScenarioLevel>?
  /// The features the user says this harness implements, or `nil` when every feature it announces, and every feature
  /// of the scenarios run, is expected of it. A scenario of a feature left out is `not applicable` for the harness,
  /// as a level left out is: a harness written for one feature of a bundle (`kotlin-viewmodel`, login only).
  package var features: Set<String>?
  /// Stdout lines longer than this many bytes are a protocol error (default 64 MiB).
  var maximumLineLength = Self.defaultMaximumLineLength

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - name: Kebab-case name, e.g. `kotlin`.
  ///   - command: argv, at least one element.
  ///   - workingDirectory: The folder the process runs in.
  ///   - environment: Variables to add; default none.
  ///   - description: A sentence for people; default none.
  ///   - startupTimeout: Seconds for the `hello` reply; default 30.
  ///   - scenarioTimeout: Seconds for each `run` reply; default 10.
  ///   - restartBudget: Restarts allowed after faults; default 3.
  ///   - levels: The levels the user says the harness runs; default `nil`, every level.
  ///   - features: The features the user says the harness implements; default `nil`, every feature.
  package init(
    name: String, command: [String], workingDirectory: URL, environment: [String: String] = [:],
    description: String? = nil, startupTimeout: Double = Self.defaultStartupTimeout,
    scenarioTimeout: Double = Self.defaultScenarioTimeout, restartBudget: Int = Self.defaultRestartBudget,
    levels: Set<ScenarioLevel>? = nil, features: Set<String>? = nil
  ) {
    self.levels = levels
    self.features = features
    self.name = name
    self.description = description
    self.command = command
    self.workingDirectory = workingDirectory
    self.environment = environment
    self.startupTimeout = startupTimeout
    self.scenarioTimeout = scenarioTimeout
    self.restartBudget = restartBudget
  }
}
