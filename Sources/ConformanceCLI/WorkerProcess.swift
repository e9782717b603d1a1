import Conformance
import Foundation

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
