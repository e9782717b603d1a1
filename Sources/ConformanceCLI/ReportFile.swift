import Conformance
import Foundation

/// A report file named on the command line (`--junit`, `--json`, `--events`, `--html`), checked before the run and written atomically
/// after it.
///
/// Every check a write could fail is made before any scenario runs, and each error names the option and the path
/// (`--html 'ro/r.html': cannot write in the folder 'ro': Permission denied`, exit status 2): an empty path, a folder,
/// a pipe or device, a file standing where a folder must be, a folder the tool cannot create a file in, a read-only
/// file, and an existing file that is not a report of this kind. Missing folders are created when the report is
/// written (`--junit build/reports/parity.xml` in a fresh checkout), as Jest and Playwright do for their output files.
///
/// An existing file is replaced only when it is a report of the same kind from an earlier run (a JUnit document that
/// starts with this tool's header, a JSON document whose `format` is `udf-conformance-report`, an event stream, or an
/// HTML page that starts with this tool's head); anything else — a scenario, a manifest, another kind of report — is
/// refused, saying what it is, so a typo never overwrites a file by surprise.
struct ReportFile {
  enum Kind: CaseIterable {
    case junit
    case json
    /// An `--events` file: its first line is a `header` record (README §11.5).
    case events
    /// An `--html` page: it starts with ``HTMLReporter/head`` and ends with ``HTMLReporter/tail``.
    case html

    /// The option that names a file of this kind, e.g. `--junit`.
    var option: String {
      switch self {
      case .junit: "--junit"
      case .json: "--json"
      case .events: "--events"
      case .html: "--html"
      }
    }

    /// What a file of this kind is, with its article, e.g. `an HTML report`.
    var noun: String {
      switch self {
      case .junit: "a JUnit report"
      case .json: "a JSON report"
      case .events: "an event stream"
      case .html: "an HTML report"
      }
    }
  }

  let url: URL
  let display: String
  let kind: Kind

  /// Checks the target, before the run.
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it; messages quote it.
  ///   - kind: The report's kind, which also names the option in messages.
  ///   - workspace: Resolves a relative path against the current directory.
  /// - Throws: ``CLIError/input(_:)`` naming the option and the path when the path is empty, a folder or not a regular
  ///   file, below a file, in a folder the tool cannot create a file in, a read-only file, or an existing file that is
  ///   not a report of this kind (saying what it is).
  init(_ path: String, kind: Kind, workspace: Workspace) throws(CLIError) {
    // The file a link names (even one not written yet) is checked and written; the link stays a link.
    let given = workspace.url(for: path)
    url = FileWriter.target(of: given)
    display = path
    self.kind = kind
    try Self.checkName(path, url: url, option: kind.option)
    if Self.exists(url) { try checkExisting() }
    try Self.checkFolder(of: path, url: url, option: kind.option, followedLink: url != given)
  }

  /// Refuses an existing file this report may not replace: one it cannot read, one that is not a report of this kind
  /// (saying what it is), or a read-only one.
  private func checkExisting() throws(CLIError) {
    let (path, kind) = (display, self.kind)
    // A file that cannot be opened cannot be told to be a report: say why, rather than that it is not one.
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw .input(
        "\(kind.option) '\(path)': cannot read it to check that it is a conformance report: "
          + "\(String(cString: strerror(errno))); refusing to overwrite it")
    }
    close(descriptor)
    if let refusal = Self.refusal(at: url, kind: kind) { throw .input("\(kind.option) '\(path)': \(refusal)") }
    var info = stat()
    // A file with no write permission for anyone is read-only on purpose, even to root, whom access(2) lets through.
    guard stat(url.path, &info) == 0, access(url.path, W_OK) == 0, info.st_mode & 0o222 != 0 else {
      throw .input("\(kind.option) '\(path)': the file is read-only; make it writable or choose another name")
    }
  }

  /// Checks that a file can be created or replaced at `url`, whatever is in it now: the rule every report option shares
  /// (`--summary` too, which appends rather than replaces).
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it; messages quote it, and name folders as parts of it.
  ///   - url: The file to write, links followed.
  ///   - option: How messages name the option, e.g. `--summary`.
  ///   - followedLink: Whether `url` is where a link led, so folders are named by their full path.
  /// - Throws: ``CLIError/input(_:)`` when the path is empty, names a folder or something else that is not a regular
  ///   file, lies below a file, or its nearest existing folder does not let the tool create a file (with the system's
  ///   reason).
  static func checkPlace(_ path: String, url: URL, option: String, followedLink: Bool = false) throws(CLIError) {
    try checkName(path, url: url, option: option)
    try checkFolder(of: path, url: url, option: option, followedLink: followedLink)
  }

  /// Refuses an empty path, and one that names a folder or anything else that is not a regular file.
  private static func checkName(_ path: String, url: URL, option: String) throws(CLIError) {
    guard !path.isEmpty else { throw .input("\(option) '': the path is empty; give a file name for the report") }
    var info = stat()
    if stat(url.path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw .input("\(option) '\(path)': it is a folder; give a file name for the report")
      default:
        throw .input(
          "\(option) '\(path)': it is not a regular file (a pipe, socket or device); give a file name for the report")
      }
    }
  }

  /// Refuses a path below a file, or whose nearest existing folder does not let the tool create a file.
  private static func checkFolder(of path: String, url: URL, option: String, followedLink: Bool) throws(CLIError) {
    // The nearest folder that exists, named as the user would: missing ones below it are created at the write.
    var folder = url.deletingLastPathComponent()
    var shown = followedLink ? folder.path : Self.parent(of: path)
    let missing = shown
    while !exists(folder), folder.path != "/" {
      folder = folder.deletingLastPathComponent()
      shown = followedLink ? folder.path : Self.parent(of: shown)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .input(
        missing == shown
          ? "\(option) '\(path)': cannot write in '\(shown)': it is a file, not a folder"
          : "\(option) '\(path)': cannot create the folder '\(missing)': '\(shown)' is a file")
    }
    if let error = FileWriter.cannotCreateFile(in: folder) {
      // Creating a file in a folder that exists fails with ENOENT in /proc and similar: say what it means.
      let reason = error == ENOENT ? "it does not accept new files" : String(cString: strerror(error))
      throw .input("\(option) '\(path)': cannot write in the folder '\(shown)': \(reason)")
    }
  }

  /// The folder part of a path as the user gave it: `ro` for `ro/r.html`, `.` for `r.html`, `/` for `/r.html`.
  private static func parent(of path: String) -> String {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// Whether anything (a file, a folder, a broken link's target aside) is at `url`.
  private static func exists(_ url: URL) -> Bool {
    var info = stat()
    return stat(url.path, &info) == 0
  }

  /// Why the existing file at `url` may not be replaced by a report of `kind`, or `nil` when it is such a report.
  ///
  /// A report of another kind is named (`it is a JSON report from this tool, not an HTML report`), so the user sees
  /// which option was given the wrong file.
  private static func refusal(at url: URL, kind: Kind) -> String? {
    if isReport(at: url, kind: kind) { return nil }
    let remedy = "refusing to overwrite it (remove it or choose another name)"
    if let other = Kind.allCases.first(where: { $0 != kind && isReport(at: url, kind: $0) }) {
      return "it is \(other.noun) from this tool, not \(kind.noun); \(remedy)"
    }
    return "it exists and is not \(kind.noun) from this tool; \(remedy)"
  }

  /// Whether the file starts with `head` and ends with `tail`, as this tool's JUnit reports (their header, then
  /// `</testsuites>` and a newline) and HTML pages (``HTMLReporter/head`` and ``HTMLReporter/tail``) do. Only its
  /// first and last bytes are read.
  private static func isWritten(_ handle: FileHandle, head: String, tail: String) -> Bool {
    let (head, tail) = (Data(head.utf8), Data(tail.utf8))
    guard (try? handle.read(upToCount: head.count)) == head, let size = try? handle.seekToEnd(),
      size >= UInt64(head.count + tail.count), (try? handle.seek(toOffset: size - UInt64(tail.count))) != nil
    else { return false }
    return (try? handle.readToEnd()) == tail
  }

  /// Whether the file is a JSON report written by this tool: it starts as this tool's reports start
  /// (`{"divergences":[`, the first of their sorted keys) and ends with their `tool` and `version` members. Only its
  /// first and last bytes are read, so checking a report of any size costs nothing.
  private static func isJSONReport(_ handle: FileHandle) -> Bool {
    let head = Data(#"{"divergences":["#.utf8)
    guard (try? handle.read(upToCount: head.count)) == head, let size = try? handle.seekToEnd(), size >= 160
    else { return false }
    guard (try? handle.seek(toOffset: size - 160)) != nil, let tail = try? handle.readToEnd() else { return false }
    let text = String(decoding: tail, as: UTF8.self)
    return text.contains(#","tool":{"name":"conformance","version":""#) && text.hasSuffix(#","version":1}"# + "\n")
  }

  /// Whether the file starts with the `header` record of an event stream (keys sorted: `baseline` comes first).
  private static func isEventStream(_ handle: FileHandle) -> Bool {
    guard let head = try? handle.read(upToCount: 64 << 10) else { return false }
    let firstLine = String(decoding: head.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    return firstLine.hasPrefix(#"{"baseline":"#)
      && firstLine.contains(#""format":"\#(EventStreamReporter.format)""#)
  }

  /// Writes the report through the one writer (``FileWriter``), piece by piece: whole or not at all, through a link,
  /// and only over a report of this kind — checked again just before the file is replaced, so a file created at the
  /// path during the run is left alone.
  ///
  /// - Parameter write: Writes the document to the sink it is given, piece by piece.
  /// - Throws: ``CLIError/input(_:)`` when the file cannot be written.
  func write(_ write: ((Data) throws -> Void) throws -> Void) throws(CLIError) {
    let kind = self.kind
    let display = self.display
    do {
      try FileWriter.write(
        to: url, display: display,
        expect: .satisfies { url in
          Self.refusal(at: url, kind: kind).map { "\(kind.option) '\(display)': \($0)" }
        }, write)
    } catch {
      throw .input(error.message)
    }
  }

  /// Whether the file at `url` is a report of `kind` written by this tool.
  private static func isReport(at url: URL, kind: Kind) -> Bool {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    switch kind {
    case .junit:
      return isWritten(
        handle, head: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"conformance\"",
        tail: "</testsuites>\n")
    case .json: return isJSONReport(handle)
    case .events: return isEventStream(handle)
    case .html: return isWritten(handle, head: HTMLReporter.head, tail: HTMLReporter.tail)
    }
  }
}

// MARK: - A command's report files

extension ReportFile {
  /// The `--junit`, `--json` and `--html` report files, checked before the run, none of them the `--summary` file.
  ///
  /// - Parameters:
  ///   - defaults: The files to use when an option is not given (Bazel's, under `--shard auto`).
  ///   - command: The command, for usage errors.
  /// - Throws: ``CLIError`` when a path cannot be written or two of them name the same file.
  static func files(
    _ scanner: ArgumentScanner, workspace: Workspace, defaults: (junit: String?, json: String?) = (nil, nil),
    command: String
  ) throws(CLIError) -> (junit: ReportFile?, json: ReportFile?, html: ReportFile?) {
    let values: [(option: String, path: String?)] = [
      ("junit", scanner.value("junit") ?? defaults.junit), ("json", scanner.value("json") ?? defaults.json),
      ("html", scanner.value("html")), ("summary", scanner.value("summary")),
    ]
    // The same file twice is said first: otherwise the second option would find a report there and refuse it.
    let given = values.compactMap { entry in entry.path.map { (entry.option, $0) } }
    for (index, first) in given.enumerated() {
      for second in given.dropFirst(index + 1)
      where FileWriter.target(of: workspace.url(for: first.1)).resolvingSymlinksInPath().path
        == FileWriter.target(of: workspace.url(for: second.1)).resolvingSymlinksInPath().path
      {
        throw .usage(
          "'--\(first.0)' and '--\(second.0)' name the same file '\(first.1)'; give each report its own file",
          command: command)
      }
    }
    func file(_ option: String, _ kind: ReportFile.Kind) throws(CLIError) -> ReportFile? {
      let path = values.first { $0.option == option }?.path ?? nil
      return try path.map { path throws(CLIError) in try ReportFile(path, kind: kind, workspace: workspace) }
    }
    return (try file("junit", .junit), try file("json", .json), try file("html", .html))
  }

  /// Writes each requested report file after the run; an error line for each that could not be written.
  ///
  /// - Returns: Whether every file was written.
  static func writeAll(
    _ writers: [(ReportFile?, ((Data) throws -> Void) throws -> Void)], console: Console
  ) -> Bool {
    var written = true
    for (file, write) in writers {
      guard let file else { continue }
      do {
        try file.write(write)
      } catch {
        console.error(error.message)
        written = false
      }
    }
    return written
  }
}
