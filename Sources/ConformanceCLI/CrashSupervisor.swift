import Conformance
import Foundation

/// Keeps a trap in the in-process Swift implementation from taking `run`, `fuzz` and `record` down with it: the
/// command runs in a child process (a *worker*) that this process watches, and when the worker dies from a signal, the
/// command runs again with the Swift implementation served out of process, where a trap is that implementation's
/// `crashed`.
///
/// A trap (Swift's checked arithmetic, a force unwrap, a failed precondition: `SIGILL` or `SIGTRAP` on Linux) cannot
/// be caught in the process that traps. So `conformance run`, `fuzz` and `record` start themselves again as a worker
/// (the same executable, `/proc/self/exe`, with the same arguments, standard streams and environment, plus
/// ``variable``) and wait for it:
/// - the worker exits: the tool exits with its status, so a normal run costs one process start and nothing more;
/// - the worker dies from a crash signal (`SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGSEGV`, `SIGBUS`, `SIGFPE`, `SIGSYS`): a
///   note on standard error says so, the orphaned harnesses are ended, and a second worker runs the same command
///   with the Swift implementation served by this executable's `harness` subcommand
///   (``outOfProcessSwift(_:environment:workspace:)``). There a trap ends only the harness process: `run` reports
///   the pair `crashed` and goes on with the next scenario; `fuzz`, whose search is the same for the same seed, meets
///   the same case, shrinks it and writes it.
/// - `SIGINT`, `SIGTERM` and `SIGHUP` are passed on to the worker, whose own handling ends the run cleanly; the tool
///   then exits as the worker did.
///
/// The first worker runs with `SWIFT_BACKTRACE=enable=no` (unless the user set `SWIFT_BACKTRACE`): its crash is
/// reported again, with a short backtrace, as the out-of-process pair's outcome. A crash that the second worker
/// meets too is in the tool, not in the implementation: it is reported as such, with the backtrace, and the tool
/// exits with 128 + the signal number, as a shell reports a signal.
///
/// The executable's own code (a team's `main.swift` calling ``ConformanceCommand/main(swift:runtimes:name:)``) gets
/// this behaviour with nothing to add.
enum CrashSupervisor {
  /// The environment variable that makes a process a worker: `in-process` for the first attempt, `out-of-process`
  /// for the second. The worker removes it from its own environment, so the harnesses it starts never see it.
  static let variable = "CONFORMANCE_WORKER"

  /// Set for a worker whose `SWIFT_BACKTRACE` the supervisor chose: the worker removes both, so the harnesses it
  /// starts get the user's environment unchanged.
  static let backtraceVariable = "CONFORMANCE_WORKER_BACKTRACE"

  /// Set for the second worker: how the first one ended (`was killed by signal 4 (SIGILL)`), so a run in which no
  /// pair crashes again says so in its reports (``ConformanceRunner/Options/earlierCrash``).
  static let crashVariable = "CONFORMANCE_WORKER_CRASH"

  /// The subcommands run under supervision: those that run the in-process Swift implementation at length.
  static let supervisedCommands: Set<String> = [RunCommand.name, FuzzCommand.name, RecordCommand.name]

  /// The signals that mean the worker crashed (a trap, an abort, a bad memory access), rather than being stopped.
  static let crashSignals: Set<Int32> = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS]

  /// What this process is, from ``variable``.
  enum Role: Equatable {
    /// Started by a user or a script: supervises `run` and `fuzz`.
    case supervisor
    /// A worker's first attempt, with the Swift implementation in process.
    case inProcessWorker
    /// A worker's second attempt, after a crash, with the Swift implementation out of process.
    case outOfProcessWorker

    /// The role `environment` gives (an unknown value of ``variable`` counts as a worker's first attempt, so a
    /// stray variable never makes a process supervise itself forever).
    init(environment: [String: String]) {
      switch environment[CrashSupervisor.variable] {
      case nil: self = .supervisor
      case "out-of-process": self = .outOfProcessWorker
      default: self = .inProcessWorker
      }
    }
  }

  // MARK: - Supervising

  /// Runs the command in workers as the type describes and returns the tool's exit status.
  ///
  /// - Parameters:
  ///   - console: Where the notes go (standard error); the workers write to the same streams themselves.
  ///   - swiftName: The in-process implementation's name, for the notes.
  /// - Returns: The first worker's exit status; after a crash, the second's (1 when that one passed, since the
  ///   crash it could not repeat still happened); 128 + the signal number when a worker was killed; 2 when no worker
  ///   could be started.
  static func supervise(console: Console, swiftName: String) -> Int32 {
    HarnessProcessGroups.adoptOrphans()
    signal(SIGPIPE, SIG_IGN)
    let workers = WorkerProcess()
    guard let executable = executablePath() else {
      console.error("cannot find this executable to run the command in a worker process; run it by its full path")
      return ExitCode.invalidInput
    }
    var environment = ProcessInfo.processInfo.environment
    environment[variable] = "in-process"
    if environment["SWIFT_BACKTRACE"] == nil {
      environment["SWIFT_BACKTRACE"] = "enable=no"
      environment[backtraceVariable] = "set"
    }
    let first = workers.run(executable, environment: environment)
    HarnessProcessGroups.killAdoptedOrphans()
    guard case .signaled(let signal) = first, crashSignals.contains(signal), !workers.wasInterrupted else {
      return status(of: first, console: console)
    }
    console.err(
      "note: the run \(ExitStatus.signaled(signal)), a trap in Swift code such as an overflow, a force unwrap or "
        + "a failed precondition; running it again with '\(swiftName)' out of process ('\(executable) harness'), so "
        + "that a crash there is reported as that implementation's outcome")
    environment[variable] = "out-of-process"
    environment[crashVariable] = "\(ExitStatus.signaled(signal))"
    environment["SWIFT_BACKTRACE"] = ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"]
    environment[backtraceVariable] = nil
    let second = workers.run(executable, environment: environment)
    HarnessProcessGroups.killAdoptedOrphans()
    switch second {
    case .exited(ExitCode.success) where !workers.wasInterrupted:
      console.error(
        "the run crashed, but not again with '\(swiftName)' out of process, so no outcome shows the crash; it may "
          + "depend on timing or on more than one scenario (for fuzz, a --time budget may end before the same "
          + "sequence: give --runs)")
      return ExitCode.gateFailure
    case .signaled(let again) where crashSignals.contains(again) && !workers.wasInterrupted:
      console.error(
        "the run \(ExitStatus.signaled(again)) again with '\(swiftName)' out of process: the crash is in the tool "
          + "itself, not in the implementation; the backtrace above shows where")
      return 128 + again
    default:
      return status(of: second, console: console)
    }
  }

  /// How a worker ended, as the tool's exit status.
  private static func status(of ending: WorkerEnding, console: Console) -> Int32 {
    switch ending {
    case .exited(let status): return status
    case .signaled(let signal): return 128 + signal
    case .notStarted(let reason):
      console.error("cannot start a worker process to run the command: \(reason)")
      return ExitCode.invalidInput
    }
  }

  /// This executable's path: `/proc/self/exe` resolved on Linux (so a relative `argv[0]` or a later `chdir` cannot
  /// mislead it), else Foundation's; `nil` when neither is known.
  static func executablePath() -> String? {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    #endif
    return Bundle.main.executablePath
  }

  // MARK: - The Swift implementation out of process

  /// The default restart budget of the out-of-process Swift implementation: a trap ends only its process, and the
  /// scenarios after it must still run, so it is restarted after every crash, up to this many times.
  static let outOfProcessRestartBudget = 1000

  /// In a second-attempt worker, the harness that serves the in-process implementation instead: this executable's
  /// `harness` subcommand, under the same name, in the folder that holds the workspace's `Conformance` folder (so it
  /// reads the same manifests), with a backtrace short enough for the 20 lines of standard error a crash report
  /// keeps (unless `SWIFT_BACKTRACE` is set); `nil` in any other process.
  ///
  /// - Parameters:
  ///   - swift: The in-process implementation.
  ///   - environment: The tool's environment, as it started (``Console/environment``).
  ///   - workspace: The command's workspace.
  static func outOfProcessSwift(
    _ swift: SwiftImplementation, environment: [String: String], workspace: Workspace
  ) -> HarnessConfiguration? {
    guard Role(environment: environment) == .outOfProcessWorker, let executable = executablePath() else { return nil }
    var variables: [String: String] = [:]
    if environment["SWIFT_BACKTRACE"] == nil {
      variables["SWIFT_BACKTRACE"] =
        "interactive=no,color=no,threads=crashed,registers=none,images=none,limit=2,top=0"
    }
    return HarnessConfiguration(
      name: swift.name, command: [executable, HarnessCommand.name],
      workingDirectory: workspace.conformanceFolder?.deletingLastPathComponent() ?? workspace.currentDirectory,
      environment: variables, restartBudget: outOfProcessRestartBudget)
  }
}

// MARK: - WorkerProcess

/// How a worker process ended.
enum WorkerEnding: Equatable {
  /// It exited with this status.
  case exited(Int32)
  /// A signal killed it.
  case signaled(Int32)
  /// It could not be started, for this reason.
  case notStarted(String)
}

/// Runs ``CrashSupervisor``'s workers, one at a time, and passes `SIGINT`, `SIGTERM` and `SIGHUP` on to the running
/// one.
///
/// A worker is this executable again, with the same arguments (`argv[0]` as given), in the same process group and
/// with the same standard streams, so it reads and writes as the tool would; it starts with default signal handling
/// and an empty signal mask (this process ignores the three signals, and `posix_spawn` would pass that on). A
/// terminal's Ctrl-C reaches both processes; the worker's own handling ends it cleanly either way.
///
/// A class rather than an actor: the signal handlers run on a dispatch queue while ``run(_:environment:)`` blocks in
/// `waitpid`, so the state is guarded by a lock, never held across the wait.
final class WorkerProcess: @unchecked Sendable {
  private let lock = NSLock()
  private var running: pid_t?
  private var interruption: Int32?

  /// Takes over `SIGINT`, `SIGTERM` and `SIGHUP` for this process: from now on they are passed to the running
  /// worker (and remembered, see ``wasInterrupted``).
  init() {
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in forward(number) }
      source.resume()
      InterruptSources.keep(source)
    }
  }

  /// Whether the tool was asked to stop: a worker that ends after that was stopped, not crashed.
  var wasInterrupted: Bool { lock.withLock { interruption != nil } }

  /// Starts a worker and waits for it to end.
  ///
  /// - Parameters:
  ///   - executable: The absolute path of this executable.
  ///   - environment: The worker's whole environment.
  /// - Returns: How it ended; ``WorkerEnding/signaled(_:)`` with the signal without starting one when the tool was
  ///   asked to stop before.
  func run(_ executable: String, environment: [String: String]) -> WorkerEnding {
    let pid: pid_t
    lock.lock()
    if let interruption {
      lock.unlock()
      return .signaled(interruption)
    }
    switch Self.spawn(executable, environment: environment) {
    case .failure(let error):
      lock.unlock()
      return .notStarted(error.message)
    case .success(let started):
      pid = started
      running = started
      lock.unlock()
    }
    var status: Int32 = 0
    var result = waitpid(pid, &status, 0)
    while result == -1 && errno == EINTR { result = waitpid(pid, &status, 0) }
    let failure = errno
    lock.withLock { running = nil }
    guard result == pid else { return .notStarted("waitpid failed: \(String(cString: strerror(failure)))") }
    switch ExitStatus(waitStatus: status) {
    case .exited(let code): return .exited(code)
    case .signaled(let signal): return .signaled(signal)
    case .unknown: return .notStarted("its exit status could not be read")
    }
  }

  private func forward(_ number: Int32) {
    lock.withLock {
      interruption = interruption ?? number
      if let running { _ = kill(running, number) }
    }
  }

  /// `posix_spawn` with the standard streams inherited and default handling for the signals this process ignores.
  private static func spawn(_ executable: String, environment: [String: String]) -> Result<pid_t, SpawnError> {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    // The arguments' own bytes: `CommandLine.arguments` would replace those that are not UTF-8.
    let argv = (0..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0].flatMap { strdup($0) } }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var argvTable = argv + [nil]
    var envpTable = envp + [nil]
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, nil, &attributes, &argvTable, &envpTable)
    guard status == 0 else {
      return .failure(SpawnError(message: "posix_spawn failed: \(String(cString: strerror(status)))"))
    }
    return .success(pid)
  }

  /// Why a worker could not be started.
  private struct SpawnError: Error {
    var message: String
  }
}
