import CProcessControl
import Foundation

/// Every harness process group this process has started and not yet killed, so that an interrupted run (Ctrl-C, a
/// CI job's timeout) can take its harnesses down with it.
///
/// Harnesses run in process groups of their own (so a hang can be ended with one `kill(-pgid, …)`), which also means
/// a terminal's Ctrl-C does not reach them. `conformance` calls ``terminateAll()`` from its SIGINT/SIGTERM/SIGHUP
/// handler.
package enum HarnessProcessGroups {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var groups: Set<Int32> = []

  /// Sends `SIGKILL` to every registered process group and forgets them, then kills and reaps the orphans this
  /// process adopted (see ``adoptOrphans()``). Safe to call from any thread.
  package static func terminateAll() {
    lock.lock()
    let all = groups
    groups.removeAll()
    lock.unlock()
    for group in all { _ = kill(-group, SIGKILL) }
    killAdoptedOrphans()
  }

  /// Makes this process a child subreaper (Linux `prctl(PR_SET_CHILD_SUBREAPER)`): a harness's grandchild that
  /// leaves its process group with `setsid()` and is orphaned is reparented to this process instead of init, so
  /// ``killAdoptedOrphans()`` can still end it. On macOS there is no subreaper: such a grandchild outlives the run
  /// (Conformance/PROTOCOL.md §5). Call once, at start.
  ///
  /// - Returns: Whether the process is now a subreaper.
  @discardableResult
  package static func adoptOrphans() -> Bool {
    conformance_become_child_subreaper() == 0
  }

  /// Makes this process receive `SIGTERM` when its parent dies (Linux `PR_SET_PDEATHSIG`), and sends it now when the
  /// parent is already gone: a worker killed along with its supervisor (even by `SIGKILL`) then ends its harnesses
  /// and writes nothing more, through its ordinary `SIGTERM` handling. Does nothing where the platform cannot (macOS).
  package static func endWhenParentDies() {
    guard conformance_signal_on_parent_death(SIGTERM) == 0 else { return }
    if getppid() == 1 { kill(getpid(), SIGTERM) }
  }

  /// Kills and reaps every process whose parent is this one and that no registered harness group still owns: the
  /// orphans a subreaper adopted. Linux only (it reads `/proc`); elsewhere it does nothing.
  package static func killAdoptedOrphans() {
    let me = getpid()
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
    lock.lock()
    let live = groups
    lock.unlock()
    for entry in entries {
      guard let pid = Int32(entry), pid != me,
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // After "pid (comm) ": state, ppid, pgrp, …
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, Int32(fields[1]) == me, let group = Int32(fields[2]), !live.contains(group) else {
        continue
      }
      _ = kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
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
