import Conformance
import Foundation

/// A report file named on the command line (`--junit`, `--json`, `--events`, `--html`), checked before the run and written atomically
/// after it.
///
/// An existing file is replaced only when it is a report of the same kind from an earlier run (a JUnit document that
/// starts with this tool's header, a JSON document whose `format` is `udf-conformance-report`, an event stream, or an
/// HTML page that starts with this tool's head); anything else — a scenario, a manifest, a folder — is refused before
/// the run starts, so a typo never overwrites a file by surprise.
struct ReportFile {
  enum Kind {
    case junit
    case json
    /// An `--events` file: its first line is a `header` record (README §11.5).
    case events
    /// An `--html` page: it starts with ``HTMLReporter/head`` and ends with ``HTMLReporter/tail``.
    case html
  }

  let url: URL
  let display: String
  let kind: Kind

  /// Checks the target.
  ///
  /// - Throws: ``CLIError/input(_:)`` when it is a folder, an existing file that is not a report of this kind, or its
  ///   folder does not exist.
  init(_ path: String, kind: Kind, workspace: Workspace) throws(CLIError) {
    // The file a link names (even one not written yet) is checked and written; the link stays a link.
    url = FileWriter.target(of: workspace.url(for: path))
    display = path
    self.kind = kind
    var info = stat()
    if stat(url.path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw .input("'\(path)' is a folder; give a file name for the report")
      default:
        throw .input("'\(path)' is not a regular file (a pipe, socket or device); give a file name for the report")
      }
      // A file that cannot be opened cannot be told to be a report: say why, rather than that it is not one.
      let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard descriptor >= 0 else {
        throw .input(
          "cannot read '\(path)' to check that it is a conformance report: \(String(cString: strerror(errno))); "
            + "refusing to overwrite it")
      }
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      let isReport =
        switch kind {
        case .junit: Self.isJUnitReport(handle)
        case .json: Self.isJSONReport(handle)
        case .events: Self.isEventStream(handle)
        case .html: Self.isHTMLReport(handle)
        }
      guard isReport else {
        throw .input(
          "'\(path)' exists and is not a conformance report; refusing to overwrite it (remove it or choose another name)"
        )
      }
    }
    // A missing folder is created when the report is written (`--junit build/reports/parity.xml` in a fresh
    // checkout); a file standing where a folder must be is an error now, before anything runs.
    var folder = url.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
      folder = folder.deletingLastPathComponent()
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .input("cannot create the folder of '\(path)': '\(folder.path)' is a file")
    }
  }

  /// Whether the file is a JUnit report written by this tool: it starts with the exact header this tool writes and
  /// ends as its reports end (`</testsuites>` and a newline). Only its first and last bytes are read.
  private static func isJUnitReport(_ handle: FileHandle) -> Bool {
    let header = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"conformance\"".utf8)
    let footer = Data("</testsuites>\n".utf8)
    guard (try? handle.read(upToCount: header.count)) == header, let size = try? handle.seekToEnd(),
      size >= UInt64(header.count + footer.count), (try? handle.seek(toOffset: size - UInt64(footer.count))) != nil
    else { return false }
    return (try? handle.readToEnd()) == footer
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

  /// Whether the file is an HTML report written by this tool: it starts with the page head this tool writes and ends
  /// as its pages end. Only its first and last bytes are read.
  private static func isHTMLReport(_ handle: FileHandle) -> Bool {
    let head = Data(HTMLReporter.head.utf8)
    let tail = Data(HTMLReporter.tail.utf8)
    guard (try? handle.read(upToCount: head.count)) == head, let size = try? handle.seekToEnd(),
      size >= UInt64(head.count + tail.count), (try? handle.seek(toOffset: size - UInt64(tail.count))) != nil
    else { return false }
    return (try? handle.readToEnd()) == tail
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
          Self.isReport(at: url, kind: kind)
            ? nil
            : "'\(display)' exists and is not a conformance report; refusing to overwrite it (remove it or choose "
              + "another name)"
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
    case .junit: return isJUnitReport(handle)
    case .json: return isJSONReport(handle)
    case .events: return isEventStream(handle)
    case .html: return isHTMLReport(handle)
    }
  }
}
