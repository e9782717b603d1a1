import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the file a harness command's `argv[0]` names, the way a shell would, but relative to the harness's working
/// directory rather than the runner's.
///
/// - An absolute path is used as it is.
/// - A relative path containing `/` (`scripts/kotlin-harness`, `./harness`) resolves against the working directory.
/// - A bare name (`python3`) is looked up in each folder of `PATH` in order (POSIX.1-2017 XCU §2.9.1.1); an empty
///   `PATH` entry means the working directory.
enum ExecutableLocator {
  /// Resolves `command` for a process started in `workingDirectory` with the environment's `PATH`.
  ///
  /// - Returns: The absolute path of an executable regular file, or a sentence fragment saying why there is none,
  ///   naming the command and the working directory.
  static func locate(_ command: String, workingDirectory: String, path: String?) -> Result<String, LocateFailure> {
    if command.isEmpty { return .failure(LocateFailure(message: "the command is empty")) }
    if command.contains("/") {
      let absolute = command.hasPrefix("/") ? command : (workingDirectory as NSString).appendingPathComponent(command)
      let standardized = (absolute as NSString).standardizingPath
      switch check(standardized) {
      case .executable: return .success(standardized)
      case .missing:
        let resolved = command.hasPrefix("/") ? "" : " (resolved against the working directory '\(workingDirectory)')"
        return .failure(LocateFailure(message: "'\(standardized)' does not exist\(resolved)"))
      case .directory: return .failure(LocateFailure(message: "'\(standardized)' is a folder, not an executable file"))
      case .notExecutable:
        return .failure(
          LocateFailure(message: "'\(standardized)' is not executable; make it so with 'chmod +x \(standardized)'"))
      }
    }
    let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
    var nonExecutable: String?
    for folder in folders {
      let base = folder.isEmpty ? workingDirectory : String(folder)
      let candidate =
        ((base.hasPrefix("/") ? base : (workingDirectory as NSString).appendingPathComponent(base))
        as NSString).appendingPathComponent(command)
      switch check(candidate) {
      case .executable: return .success(candidate)
      case .notExecutable: nonExecutable = nonExecutable ?? candidate
      case .missing, .directory: continue
      }
    }
    if let nonExecutable {
      return .failure(
        LocateFailure(message: "'\(command)' was found on PATH at '\(nonExecutable)', but it is not executable"))
    }
    return .failure(
      LocateFailure(
        message: "'\(command)' was not found on PATH (\(path ?? "unset")); give a path containing '/' "
          + "(relative to the working directory '\(workingDirectory)') or add its folder to PATH"))
  }

  /// Why a command could not be resolved.
  struct LocateFailure: Error, Sendable {
    /// A sentence fragment, e.g. `'scripts/x' does not exist (resolved against the working directory '/w')`.
    var message: String
  }

  private enum FileKind {
    case executable, notExecutable, directory, missing
  }

  private static func check(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    if info.st_mode & S_IFMT == S_IFDIR { return .directory }
    return access(path, X_OK) == 0 ? .executable : .notExecutable
  }
}
