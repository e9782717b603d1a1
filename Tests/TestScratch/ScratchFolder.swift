import Foundation

/// Throwaway folders and files for tests, all inside one folder per test process that is removed when the process
/// exits, so a test run leaves nothing in the temporary directory, even where a test stops before its own clean-up.
///
/// ```swift
/// let folder = try ScratchFolder.make("corpus")  // <tmp>/udf-conformance-tests-<pid>/corpus-<UUID>
/// ```
public enum ScratchFolder {
  /// The process's folder, `<temporary directory>/udf-conformance-tests-<pid>`, made on first use and removed by an
  /// `atexit(3)` handler (a process that is killed leaves it behind).
  public static let root: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("udf-conformance-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { ScratchFolder.removeRoot() }
    return url
  }()

  /// Removes ``root`` and everything in it. Foundation gives up on a path longer than `PATH_MAX` (a test makes one),
  /// and then on the rest of the tree, so whatever it leaves is removed with `rm -rf`, which walks by descriptor.
  private static func removeRoot() {
    try? FileManager.default.removeItem(at: root)
    guard FileManager.default.fileExists(atPath: root.path) else { return }
    let words: [String] = ["/bin/rm", "-rf", "--", root.path]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
    defer { arguments.forEach { free($0) } }
    let noEnvironment: [UnsafeMutablePointer<CChar>?] = [nil]
    var pid = pid_t()
    guard posix_spawn(&pid, "/bin/rm", nil, nil, arguments + [nil], noEnvironment) == 0 else { return }
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
  }

  /// Makes a new, empty folder `<root>/<prefix>-<UUID>`.
  ///
  /// - Throws: The file system's error when the folder cannot be made.
  public static func make(_ prefix: String) throws -> URL {
    let url = path(prefix)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A fresh path `<root>/<prefix>-<UUID><suffix>` for a file or folder the test makes itself; nothing is created
  /// but ``root``.
  public static func path(_ prefix: String, suffix: String = "") -> URL {
    root.appendingPathComponent("\(prefix)-\(UUID().uuidString)\(suffix)")
  }
}
