import Conformance
import Foundation

/// The one way the tool writes a file: reports, the baseline, recorded scenarios, fuzz findings and action-log
/// scenarios all go through ``write(to:display:expect:_:)``, so every writer behaves the same under edits, links,
/// read-only files, full disks and interruptions.
///
/// The rules:
/// - **Whole or not at all.** The bytes go to a temporary file beside the target (`.<name>.<random>.tmp`), are
///   flushed to disk, and only then take the target's place, by `rename(2)` (or `link(2)` for a new file, so a file
///   that appeared meanwhile is never overwritten). On a full disk the target is left as it was and no empty file is
///   left behind. Temporary files are registered, so a signal that ends the tool removes them
///   (``removeTemporaryFiles()``).
/// - **Only what it read.** Before the target is replaced it is checked again against ``Expectation``: the exact
///   bytes the tool read, a file that is still absent, or a kind of file (a report); anything else is left alone.
/// - **Links and permissions kept.** A symbolic link is written through and stays a link (a loop is an error). A file
///   with several hard links is rewritten in place (after the whole text was written to the temporary file, so a full
///   disk still fails before anything changes), so every link sees the new text. The file keeps its permission bits.
///   A file the user may not write (mode 0444, say) is refused, as an editor would, instead of being replaced
///   because its folder happens to be writable.
/// - **Regular files only.** A folder, a FIFO, a socket or a device is refused before anything is opened.
enum FileWriter {
  /// What the target must still be just before it is replaced.
  enum Expectation {
    /// The target must not exist (a new file: `fuzz --out`, `record --actions --out`).
    case absent
    /// The target must hold exactly these bytes, as the tool read them (`record --write`, `--update-baseline`), or
    /// be absent when `nil`.
    case contents(Data?)
    /// The target, when it exists, must pass this check, which returns why not (a report replaces only a report).
    case satisfies((URL) -> String?)
  }

  /// Why a file was not written; ``message`` names the file and what to do.
  struct Failure: Error {
    /// The message, e.g. `'s.json' changed while it was being recorded; run record again`.
    var message: String
  }

  /// Writes the bytes `produce` gives into a temporary file, then puts them in place of `url` as the rules above say.
  ///
  /// - Parameters:
  ///   - url: The file to write; a symbolic link is followed.
  ///   - display: How messages name the file, e.g. the path as the user gave it.
  ///   - expect: What the target must still be just before it is replaced.
  ///   - produce: Writes the text, piece by piece, to the sink it is given.
  /// - Throws: ``Failure`` when the target is not a regular file, is read-only, changed, exists when it must not, or
  ///   cannot be written (with the system's reason); the target is then left as it was.
  static func write(
    to url: URL, display: String, expect: Expectation, _ produce: ((Data) throws -> Void) throws -> Void
  ) throws(Failure) {
    let target = try resolve(url, display: display)
    let existing = try inspect(target, display: display, expect: expect)
    let folder = target.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(message: "cannot write '\(display)': cannot create its folder: \(error.localizedDescription)")
    }
    let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    let descriptor = TemporaryFiles.create(temporary.path, mode: existing?.mode ?? 0o666)
    guard descriptor >= 0 else { throw systemFailure(display, "cannot create a temporary file beside") }
    defer {
      unlink(temporary.path)
      TemporaryFiles.unregister(temporary.path)
    }
    let keepsOwner = try fill(descriptor, like: existing, display: display, produce)
    try check(target, display: display, expect: expect)
    // A hard-linked file, or one whose owner the new file could not take, is rewritten in place: a rename would break
    // the links, or hand another user's file to the writer.
    if let existing, existing.links > 1 || !keepsOwner {
      try copyInPlace(from: temporary, to: target, display: display)
    } else if case .absent = expect {
      // link(2) fails when a file appeared at the target meanwhile: it is never overwritten.
      guard link(temporary.path, target.path) == 0 else {
        if errno == EEXIST { throw Failure(message: "'\(display)' appeared while it was being written; not replaced") }
        throw systemFailure(display, "cannot write")
      }
    } else {
      guard rename(temporary.path, target.path) == 0 else { throw systemFailure(display, "cannot write") }
    }
  }

  /// Writes `data` in place of `url` (see ``write(to:display:expect:_:)``).
  static func write(_ data: Data, to url: URL, display: String, expect: Expectation) throws(Failure) {
    try write(to: url, display: display, expect: expect) { sink in try sink(data) }
  }

  // MARK: - Checks

  /// What the target was before the write: its permission bits, its number of hard links, and its owner and group.
  private struct Existing {
    var mode: mode_t
    var links: Int
    var owner: uid_t
    var group: gid_t
  }

  /// Why a file cannot be created in `folder`, as an `errno` value, or `nil` when it can: tried by creating and
  /// removing a registered temporary file there, as a write would, so root, read-only mounts and folders such as
  /// `/proc` answer truly where `access(2)` would not. Report options call it before the run.
  static func cannotCreateFile(in folder: URL) -> Int32? {
    let probe = folder.appendingPathComponent(".conformance-check.\(UUID().uuidString).tmp")
    let descriptor = TemporaryFiles.create(probe.path, mode: 0o600)
    guard descriptor >= 0 else { return errno }
    close(descriptor)
    unlink(probe.path)
    TemporaryFiles.unregister(probe.path)
    return nil
  }

  /// The file `url` names once its symbolic links are followed, even to a file that does not exist yet (where a
  /// write through the link would create it); `url` itself for a link loop.
  static func target(of url: URL) -> URL { (try? resolve(url, display: "")) ?? url }

  /// The file a symbolic link (or a chain of them) points to, or `url` when it is not a link; a loop is an error.
  private static func resolve(_ url: URL, display: String) throws(Failure) -> URL {
    var info = stat()
    guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return url }
    if stat(url.path, &info) != 0 {
      if errno == ELOOP { throw Failure(message: "'\(display)' is a symbolic link loop; not written") }
      // A dangling link: the file it names is created, and the link then points at it.
    }
    guard let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else { return url }
    let next =
      resolved.hasPrefix("/")
      ? URL(fileURLWithPath: resolved) : url.deletingLastPathComponent().appendingPathComponent(resolved)
    return try resolve(next.standardizedFileURL, display: display)
  }

  /// The target's mode and links, or `nil` when it does not exist, after refusing what must not be written.
  private static func inspect(_ target: URL, display: String, expect: Expectation) throws(Failure) -> Existing? {
    var info = stat()
    guard stat(target.path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw systemFailure(display, "cannot read")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw Failure(message: "'\(display)' is a folder; give a file name")
    default: throw Failure(message: "'\(display)' is not a regular file (a pipe, socket or device); not written")
    }
    if case .absent = expect {
      throw Failure(message: "'\(display)' already exists; not replaced (remove it, or choose another folder)")
    }
    // A file with no write permission for anyone is read-only on purpose, even to root, whom access(2) lets through.
    guard access(target.path, W_OK) == 0, info.st_mode & 0o222 != 0 else {
      throw Failure(message: "'\(display)' is read-only; not replaced (make it writable to let the tool write it)")
    }
    try check(target, display: display, expect: expect)
    return Existing(
      mode: info.st_mode & 0o7777, links: Int(info.st_nlink), owner: info.st_uid, group: info.st_gid)
  }

  /// Checks the target against `expect`, just before it is replaced and before anything is written.
  private static func check(_ target: URL, display: String, expect: Expectation) throws(Failure) {
    var info = stat()
    let exists = lstat(target.path, &info) == 0
    // Replaced meanwhile by something that is not a regular file (a FIFO would block a read): not ours to replace.
    if exists, info.st_mode & S_IFMT != S_IFREG {
      throw Failure(message: "'\(display)' is no longer a regular file; not replaced")
    }
    switch expect {
    case .absent:
      if exists { throw Failure(message: "'\(display)' appeared while it was being written; not replaced") }
    case .contents(let expected):
      let current = exists ? (try? Data(contentsOf: target)) : nil
      guard current == expected else {
        throw Failure(message: "'\(display)' changed while it was being worked on; not replaced (run again)")
      }
    case .satisfies(let isAcceptable):
      if exists, let refusal = isAcceptable(target) { throw Failure(message: refusal) }
    }
  }

  // MARK: - Writing

  /// Writes what `produce` gives to the temporary file `descriptor`, gives it the permission bits and the owner of the
  /// file it replaces, flushes it to disk and closes it.
  ///
  /// - Returns: Whether the temporary file has the owner of the file it replaces (always, for a new file).
  private static func fill(
    _ descriptor: Int32, like existing: Existing?, display: String, _ produce: ((Data) throws -> Void) throws -> Void
  ) throws(Failure) -> Bool {
    defer { close(descriptor) }
    try writeAll(descriptor, display: display, produce)
    var keepsOwner = true
    // The umask applied at creation; an existing file's bits are restored exactly, and its owner when it is not
    // the writer (possible for root, or for a group the writer is in).
    if let existing {
      fchmod(descriptor, existing.mode)
      if existing.owner != getuid() || existing.group != getgid() {
        keepsOwner = fchown(descriptor, existing.owner, existing.group) == 0
      }
    }
    guard fsync(descriptor) == 0 else { throw systemFailure(display, "cannot write") }
    return keepsOwner
  }

  /// Writes every piece `produce` gives to `descriptor`, retrying short writes.
  private static func writeAll(
    _ descriptor: Int32, display: String, _ produce: ((Data) throws -> Void) throws -> Void
  ) throws(Failure) {
    do {
      try produce { data in
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
          var offset = 0
          while offset < buffer.count, let base = buffer.baseAddress {
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
              if errno == EINTR { continue }
              throw systemFailure(display, "cannot write")
            }
            offset += written
          }
        }
      }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(message: "cannot write '\(display)': \(error)")
    }
  }

  /// Rewrites a hard-linked target in place with the temporary file's bytes, so every link sees them.
  private static func copyInPlace(from temporary: URL, to target: URL, display: String) throws(Failure) {
    guard let data = try? Data(contentsOf: temporary) else { throw systemFailure(display, "cannot write") }
    let descriptor = open(target.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw systemFailure(display, "cannot write") }
    defer { close(descriptor) }
    try writeAll(descriptor, display: display) { sink in try sink(data) }
    guard fsync(descriptor) == 0 else { throw systemFailure(display, "cannot write") }
  }

  /// `cannot write 'FILE': No space left on device`, with `errno`'s text.
  private static func systemFailure(_ display: String, _ what: String) -> Failure {
    Failure(message: "\(what) '\(display)': \(String(cString: strerror(errno)))")
  }

  // MARK: - Interruption

  /// Removes every temporary file a write has not finished with: called when a signal ends the tool.
  static func removeTemporaryFiles() { TemporaryFiles.removeAll() }
}

/// The temporary files of writes in progress, so that a signal that ends the tool leaves none behind.
///
/// A file is created and registered under one lock, and ``removeAll()`` closes the registry for good: a signal that
/// arrives between the creation and the registration, or while another write is about to start, still finds every
/// temporary file, and none is created after it.
private enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []
  nonisolated(unsafe) private static var closed = false

  /// Creates `path` (exclusively) and registers it; a descriptor, or -1 with `errno` set (`ECANCELED` once the tool
  /// is ending).
  static func create(_ path: String, mode: mode_t) -> Int32 {
    lock.withLock {
      guard !closed else {
        errno = ECANCELED
        return -1
      }
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      if descriptor >= 0 { paths.insert(path) }
      return descriptor
    }
  }

  static func unregister(_ path: String) { lock.withLock { _ = paths.remove(path) } }

  static func removeAll() {
    lock.withLock {
      closed = true
      for path in paths { unlink(path) }
    }
  }
}
