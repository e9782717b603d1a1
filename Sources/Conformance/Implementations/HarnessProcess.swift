import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One running harness process: its stdin, a reader of its stdout lines, a drain of its stderr, and a watcher that
/// reaps it.
///
/// Three threads live as long as the process (never one per request): the stdout reader feeding a ``LineChannel``,
/// the stderr drain feeding a ``StderrTail``, and an exit watcher blocked in `waitpid`, so the process is always
/// reaped (no zombies) and an exit is noticed even when a grandchild keeps the stdout pipe open. The process leads its
/// own process group; ``terminate(grace:)`` and ``killGroup()`` signal the whole group.
///
/// ``ProcessImplementation`` owns one at a time and serializes every call; the type itself is thread-safe.
final class HarnessProcess: @unchecked Sendable {
  /// How long the exit watcher waits for stdout's end of file after the process exited before declaring the stream
  /// closed anyway (a grandchild such as `sleep 1000 &` may hold the pipe open): 0.1 s.
  static let endOfFileGrace = 0.1

  /// The process id, which is also its process group id.
  var pid: pid_t { child.pid }
  /// Lines read from stdout.
  let lines: LineChannel
  /// The tail of stderr.
  let stderr: StderrTail
  /// Fires once the process has exited and was reaped.
  let exited = OneShotEvent()

  private let child: ChildProcess
  private let lock = NSLock()
  private var inputOpen = true
  private var status: ExitStatus?

  /// Starts `executable` and the threads that serve it.
  ///
  /// - Parameters:
  ///   - executable: Absolute path of the executable (see ``ExecutableLocator``).
  ///   - arguments: argv[1...].
  ///   - workingDirectory: Absolute path of an existing folder.
  ///   - environment: The complete environment.
  ///   - maximumLineLength: Stdout lines longer than this many bytes are reported as overlong.
  /// - Throws: ``SpawnFailure`` when the pipes or the process cannot be created.
  init(
    executable: String, arguments: [String], workingDirectory: String, environment: [String: String],
    maximumLineLength: Int
  ) throws(SpawnFailure) {
    child = try ChildProcess.spawn(
      executable: executable, arguments: arguments, workingDirectory: workingDirectory, environment: environment)
    HarnessProcessGroups.register(child.pid)
    lines = LineChannel(maximumLineLength: maximumLineLength)
    stderr = StderrTail()
    let (child, lines, stderr) = (child, lines, stderr)
    Thread.detachNewThread { lines.pump(from: child.output) }
    Thread.detachNewThread { stderr.pump(from: child.errorOutput) }
    Thread.detachNewThread { [weak self, exited] in
      var raw: Int32 = 0
      var result = waitpid(child.pid, &raw, 0)
      while result < 0, errno == EINTR { result = waitpid(child.pid, &raw, 0) }
      self?.record(result == child.pid ? ExitStatus(waitStatus: raw) : .unknown)
      exited.fire()
      let graceEnd = DispatchTime.now() + Self.endOfFileGrace
      while !lines.isClosed, DispatchTime.now() < graceEnd { usleep(2_000) }
      lines.close()
    }
  }

  deinit {
    closeInput()
    if !exited.hasFired { child.signalGroup(SIGKILL) }
    HarnessProcessGroups.unregister(child.pid)
  }

  // MARK: - Talking

  /// What became of a write to stdin.
  enum WriteResult: Sendable, Equatable {
    /// Every byte was written.
    case written
    /// The pipe is closed (the process exited or closed its stdin): `EPIPE`.
    case closed
    /// The pipe stayed full until the deadline.
    case timedOut
  }

  /// Writes `bytes` (UTF-8 lines) to the process's stdin. Fast path: one non-blocking `write`; a full pipe is retried
  /// every millisecond until `deadline`.
  func write(_ bytes: [UInt8], until deadline: DispatchTime) async -> WriteResult {
    var offset = 0
    while offset < bytes.count {
      let (count, code) = writeSome(bytes, from: offset)
      if count > 0 {
        offset += count
      } else if code == EINTR {
        continue
      } else if code == EAGAIN || code == EWOULDBLOCK {
        if DispatchTime.now() >= deadline { return .timedOut }
        await OneShotEvent.pause(seconds: 0.001)
      } else {
        return .closed
      }
    }
    return .written
  }

  /// The next stdout line, end of file, or a timeout at `deadline`.
  func nextLine(until deadline: DispatchTime) async -> LineChannel.Event {
    await lines.next(until: deadline)
  }

  /// A stdout line that has already arrived, without waiting; `nil` when none has.
  func queuedLine() -> LineChannel.Event? { lines.nextIfQueued() }

  /// Sets the longest stdout line taken whole, in bytes, from the next bytes read on.
  func setMaximumLineLength(_ length: Int) { lines.setMaximumLineLength(length) }

  /// Closes stdin, so that a harness reading it sees end of file (harness protocol v1: it then exits with status 0).
  func closeInput() {
    lock.lock()
    defer { lock.unlock() }
    guard inputOpen else { return }
    inputOpen = false
    ChildProcess.closeDescriptor(child.input)
  }

  // MARK: - Ending

  /// How the process ended, waiting until `deadline`; `nil` when it is still running then.
  func exitStatus(until deadline: DispatchTime) async -> ExitStatus? {
    guard await exited.wait(until: deadline) else { return nil }
    return recordedStatus() ?? .unknown
  }

  /// Ends the process and everything in its group: `SIGTERM`, up to `grace` seconds to exit, then `SIGKILL`.
  ///
  /// Members of the group that outlive the leader (background children) are killed with `SIGKILL` in every case.
  ///
  /// - Returns: How the leader ended.
  func terminate(grace: Double) async -> ExitStatus {
    closeInput()
    if !exited.hasFired {
      child.signalGroup(SIGTERM)
      _ = await exited.wait(until: .now() + grace)
    }
    killGroup()
    return await exitStatus(until: .now() + 10) ?? .unknown
  }

  /// Says how the process ended its output, e.g. `exited with status 3 before replying`, after making sure the whole
  /// group is gone: a process that closed stdout but kept running is terminated first.
  ///
  /// - Parameters:
  ///   - what: What it did not do, e.g. `replying`.
  ///   - unterminated: The last bytes it wrote without a newline, quoted when not empty.
  func describeEnding(before what: String, unterminated: Data) async -> String {
    var message: String
    if let status = await exitStatus(until: .now() + 2) {
      message = "\(status) before \(what)"
    } else {
      _ = await terminate(grace: ProcessImplementation.terminationGrace)
      message = "closed its stdout before \(what) (it was then terminated)"
    }
    killGroup()
    if !unterminated.isEmpty {
      message += "; its last output was an unterminated line: \(HarnessCodec.quote(unterminated))"
    }
    return message
  }

  /// Sends `SIGKILL` to the whole process group.
  func killGroup() {
    child.signalGroup(SIGKILL)
    HarnessProcessGroups.unregister(child.pid)
  }

  /// The stderr tail, after waiting up to `seconds` for stderr's end of file so that the last words of a process
  /// that just exited are included.
  func stderrText(waitingUpTo seconds: Double) async -> String {
    _ = await stderr.ended.wait(until: .now() + seconds)
    return stderr.text
  }

  // MARK: - Helpers

  private func record(_ status: ExitStatus) {
    lock.lock()
    self.status = status
    lock.unlock()
  }

  private func recordedStatus() -> ExitStatus? {
    lock.lock()
    defer { lock.unlock() }
    return status
  }

  /// One non-blocking `write` from `offset`: the byte count, or 0 and the `errno`.
  private func writeSome(_ bytes: [UInt8], from offset: Int) -> (Int, Int32) {
    lock.lock()
    defer { lock.unlock() }
    guard inputOpen else { return (0, EPIPE) }
    let count = bytes.withUnsafeBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return systemWrite(child.input, base + offset, buffer.count - offset)
    }
    return count >= 0 ? (count, 0) : (0, errno)
  }
}

/// `write(2)`, reachable from inside ``HarnessProcess``, whose own `write` shadows it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
