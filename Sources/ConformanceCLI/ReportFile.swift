import Foundation

/// A report file named on the command line (`--junit`, `--json`), checked before the run and written atomically
/// after it.
///
/// An existing file is replaced only when it is a report of the same kind from an earlier run (a JUnit document, or a
/// JSON report with `"format": "udf-conformance-report"`); anything else — a scenario, a manifest, a folder — is
/// refused before the run starts, so a typo never overwrites a file by surprise.
struct ReportFile {
  enum Kind {
    case junit
    case json
  }

  let url: URL
  let display: String

  /// Checks the target.
  ///
  /// - Throws: ``CLIError/input(_:)`` when it is a folder, an existing file that is not a report of this kind, or its
  ///   folder does not exist.
  init(_ path: String, kind: Kind, workspace: Workspace) throws(CLIError) {
    url = workspace.url(for: path)
    display = path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { throw .input("'\(path)' is a folder; give a file name for the report") }
      let head = (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } ?? ""
      let isReport =
        switch kind {
        case .junit: head.contains("<testsuites name=\"conformance\"")
        case .json: head.contains("\"format\":\"udf-conformance-report\"")
        }
      guard isReport else {
        throw .input(
          "'\(path)' exists and is not a conformance report; refusing to overwrite it (remove it or choose another name)"
        )
      }
    }
    let folder = url.deletingLastPathComponent()
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw .input("the folder of '\(path)' does not exist")
    }
  }

  /// Writes the report atomically (a temporary file renamed into place).
  ///
  /// - Throws: ``CLIError/input(_:)`` when the file cannot be written.
  func write(_ text: String) throws(CLIError) {
    do {
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw .input("cannot write the report '\(display)': \(error.localizedDescription)")
    }
  }
}
