import Foundation

/// A process started with `posix_spawn` as the leader of a new process group, with pipes to its stdin, stdout and
/// stderr.
///
/// Foundation's `Process` cannot put the child in its own process group, and the runner needs that group to kill a
/// harness together with everything it started (a Gradle daemon, `sleep 1000 &`) in one `kill(-pgid, …)`.
/// Every descriptor the parent keeps is close-on-exec, so one harness never inherits another's pipes (which would
/// hide its end of file); the child gets default handling for `SIGPIPE` and an empty signal mask, whatever the runner
/// uses itself (POSIX.1-2017 `posix_spawn`, `POSIX_SPAWN_SETPGROUP`, `POSIX_SPAWN_SETSIGDEF`).
struct ChildProcess: Sendable {
  /// The process id, which is also the process group id.
  let pid: pid_t
  /// The write end of the child's stdin, non-blocking.
  let input: Int32
  /// The read end of the child's stdout, blocking.
  let output: Int32
  /// The read end of the child's stderr, blocking.
  let errorOutput: Int32

  /// Starts `executable` with `arguments` (argv[1...]) in `workingDirectory`.
  ///
  /// - Parameters:
  ///   - executable: An absolute path to an executable file (see ``ExecutableLocator``).
  ///   - arguments: The arguments after argv[0]; argv[0] is `executable`.
  ///   - workingDirectory: An absolute path to an existing folder.
  ///   - environment: The complete environment of the child.
  /// - Returns: The running child.
  /// - Throws: ``SpawnFailure`` naming the failing call (`pipe`, `posix_spawn`) and its `errno`.
  static func spawn(
    executable: String, arguments: [String], workingDirectory: String, environment: [String: String]
  ) throws(SpawnFailure) -> ChildProcess {
    ignoreSIGPIPE()
    let stdinPipe = try makePipe()
    let stdoutPipe: (read: Int32, write: Int32)
    let stderrPipe: (read: Int32, write: Int32)
    do {
      stdoutPipe = try makePipe()
    } catch {
      closeAll([stdinPipe.read, stdinPipe.write])
      throw error
    }
    do {
      stderrPipe = try makePipe()
    } catch {
      closeAll([stdinPipe.read, stdinPipe.write, stdoutPipe.read, stdoutPipe.write])
      throw error
    }
    let childEnds = [stdinPipe.read, stdoutPipe.write, stderrPipe.write]
    let parentEnds = [stdinPipe.write, stdoutPipe.read, stderrPipe.read]
    let result = launch(
      executable: executable, arguments: arguments, workingDirectory: workingDirectory,
      environment: environment, stdio: childEnds)
    closeAll(childEnds)
    switch result {
    case .failure(let failure):
      closeAll(parentEnds)
      throw failure
    case .success(let pid):
      _ = fcntl(stdinPipe.write, F_SETFL, fcntl(stdinPipe.write, F_GETFL) | O_NONBLOCK)
      return ChildProcess(pid: pid, input: stdinPipe.write, output: stdoutPipe.read, errorOutput: stderrPipe.read)
    }
  }

  /// Sends `signal` to every process in the child's process group; a group that no longer exists is ignored.
  func signalGroup(_ signal: Int32) {
    _ = kill(-pid, signal)
  }

  // MARK: - Spawning

  private static func launch(
    executable: String, arguments: [String], workingDirectory: String, environment: [String: String],
    stdio: [Int32]
  ) -> Result<pid_t, SpawnFailure> {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    posix_spawn_file_actions_init(&actions)
    defer {
      posix_spawnattr_destroy(&attributes)
      posix_spawn_file_actions_destroy(&actions)
    }
    startInOwnGroupWithDefaultSignals(&attributes)
    for (target, source) in stdio.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
    }
    #if canImport(Darwin)
      let chdirStatus = posix_spawn_file_actions_addchdir_np(&actions, workingDirectory)
    #else
      guard let addChdir = GlibcExtras.addChdir else {
        return .failure(SpawnFailure(call: "posix_spawn_file_actions_addchdir_np (glibc 2.29 or later)", code: ENOSYS))
      }
      let chdirStatus = addChdir(&actions, workingDirectory)
    #endif
    guard chdirStatus == 0 else {
      return .failure(SpawnFailure(call: "posix_spawn_file_actions_addchdir_np", code: chdirStatus))
    }

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    var argvTable = argv + [nil]
    var envpTable = envp + [nil]
    let status = posix_spawn(&pid, executable, &actions, &attributes, &argvTable, &envpTable)
    return status == 0 ? .success(pid) : .failure(SpawnFailure(call: "posix_spawn", code: status))
  }

  #if canImport(Darwin)
    private typealias SpawnAttributes = posix_spawnattr_t?
  #else
    private typealias SpawnAttributes = posix_spawnattr_t
  #endif

  /// The child starts in a process group of its own (so a timeout can kill the whole group), with no signal blocked
  /// and SIGPIPE back at its default action: a harness must not inherit the runner's ignored SIGPIPE.
  private static func startInOwnGroupWithDefaultSignals(_ attributes: inout SpawnAttributes) {
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
  }

  /// A pipe whose two ends are close-on-exec.
  private static func makePipe() throws(SpawnFailure) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    #if !canImport(Darwin)
      if let pipe2 = GlibcExtras.pipe2 {
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnFailure(call: "pipe2", code: errno) }
        return (ends[0], ends[1])
      }
    #endif
    let status = pipe(&ends)
    if status == 0 {
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }
    guard status == 0 else { throw SpawnFailure(call: "pipe", code: errno) }
    return (ends[0], ends[1])
  }

  private static func closeAll(_ descriptors: [Int32]) {
    descriptors.forEach(closeDescriptor)
  }

  /// Closes a descriptor, ignoring errors (nothing useful can be done about a failing `close`).
  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// Makes writing to a pipe whose reader has exited fail with `EPIPE` instead of killing the runner; done once, and
  /// only when the signal still has its default action (a host that chose otherwise is left alone).
  private static let sigpipeIgnored: Bool = {
    var current = sigaction()
    guard sigaction(SIGPIPE, nil, &current) == 0 else { return false }
    #if canImport(Darwin)
      let isDefault = current.__sigaction_u.__sa_handler == nil
    #else
      let isDefault = current.__sigaction_handler.sa_handler == nil
    #endif
    if isDefault { _ = signal(SIGPIPE, SIG_IGN) }
    return true
  }()

  private static func ignoreSIGPIPE() {
    _ = sigpipeIgnored
  }
}
