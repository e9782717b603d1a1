import Foundation

/// How a process ended, decoded from a `waitpid` status.
package enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
  /// It called `exit` with this status (0–255).
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)
  /// It ended, but `waitpid` could not report how (someone else reaped it).
  case unknown

  /// Decodes a raw `waitpid` status (the `WIFEXITED`/`WTERMSIG` macros, which Swift does not import).
  package init(waitStatus status: Int32) {
    let signal = status & 0x7F
    self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }

  /// `exited with status 3` or `was killed by signal 11 (SIGSEGV)`.
  package var description: String {
    switch self {
    case .exited(let code): return "exited with status \(code)"
    case .signaled(let signal):
      let name = Self.signalNames[signal].map { " (\($0))" } ?? ""
      return "was killed by signal \(signal)\(name)"
    case .unknown: return "ended (its exit status could not be read)"
    }
  }

  private static let signalNames: [Int32: String] = [
    SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
    SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
    SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2",
  ]
}
