import Foundation

/// A system call that failed while starting a process.
struct SpawnFailure: Error, Sendable, CustomStringConvertible {
  /// The call, e.g. `posix_spawn`.
  var call: String
  /// The `errno` value.
  var code: Int32

  /// For example `posix_spawn failed: Permission denied (errno 13)`.
  var description: String {
    "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
  }
}
