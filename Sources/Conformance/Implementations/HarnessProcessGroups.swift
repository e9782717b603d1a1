import Foundation

/// Every harness process group this process has started and not yet killed, so that an interrupted run (Ctrl-C, a
/// CI job's timeout) can take its harnesses down with it.
///
/// Harnesses run in process groups of their own (so a hang can be ended with one `kill(-pgid, …)`), which also means
/// a terminal's Ctrl-C does not reach them. `conformance` calls ``terminateAll()`` from its SIGINT/SIGTERM/SIGHUP
/// handler.
public enum HarnessProcessGroups {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var groups: Set<Int32> = []

  /// Sends `SIGKILL` to every registered process group and forgets them. Safe to call from any thread.
  public static func terminateAll() {
    lock.lock()
    let all = groups
    groups.removeAll()
    lock.unlock()
    for group in all { _ = kill(-group, SIGKILL) }
  }

  /// Remembers a process group (its leader's pid).
  static func register(_ group: Int32) {
    lock.lock()
    groups.insert(group)
    lock.unlock()
  }

  /// Forgets a process group that has been killed.
  static func unregister(_ group: Int32) {
    lock.lock()
    groups.remove(group)
    lock.unlock()
  }
}
