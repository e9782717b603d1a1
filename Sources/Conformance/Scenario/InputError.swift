/// A problem with an input file — a scenario, a feature manifest or an implementations config — located by file,
/// JSON path and, for syntax errors, line and column.
///
/// Rendered by ``description`` as `FILE:LINE:COLUMN: MESSAGE` for syntax errors (the form editors and CI annotators
/// link) and `FILE: PATH: MESSAGE` otherwise, for example:
/// `Conformance/scenarios/login/x.json: steps[2].send.type: unknown action 'sumbit'; …`.
/// An invalid input makes `conformance` exit with status 2, while every other file still runs.
package struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file, as the user named it or relative to the working directory.
  package var file: String
  /// Where in the document, or `nil` when the problem is with the file as a whole (unreadable, too large).
  package var path: JSONPath?
  /// The 1-based line: a syntax error's, or, for a scenario file that parsed, where ``path`` starts in it (found
  /// after loading, so that reports and IDEs open the file there); `nil` when unknown.
  package var line: Int?
  /// The 1-based column (Unicode scalars) for syntax errors, else `nil`.
  package var column: Int?
  /// What is wrong and, where it helps, what to do; sentence case, user input in single quotes.
  package var message: String
  /// Whether ``line`` and ``column`` locate a problem found after parsing (at ``path``) rather than a syntax error;
  /// it is then shown as `FILE:LINE:COLUMN: PATH: MESSAGE`.
  package var isLocated = false

  /// Creates an error at a JSON path.
  package init(file: String, path: JSONPath?, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  /// Creates an error from a JSON syntax error, keeping its line, column and path.
  package init(file: String, syntax: JSONSyntaxError) {
    self.file = file
    self.path = syntax.path
    self.line = syntax.line
    self.column = syntax.column
    self.message = "invalid JSON: " + syntax.message
  }

  /// The error for a scenario whose id another file already uses (ids are unique across the corpus, scenario
  /// format §3.1).
  ///
  /// - Parameters:
  ///   - file: The later file, which is the one reported.
  ///   - id: The repeated id.
  ///   - other: The file that used it first.
  package static func duplicateID(file: String, id: String, other: String) -> InputError {
    InputError(
      file: file, path: JSONPath([.key("id")]),
      message: "duplicate id '\(id)', already used by \(other); ids must be unique across the corpus")
  }

  /// The error with the line and column where its ``path`` starts in `source` (the file's bytes), when it has one.
  package func located(in source: UnsafeRawBufferPointer) -> InputError {
    guard let path, line == nil, let (line, column) = JSONParser.location(of: path, in: source) else { return self }
    var located = self
    (located.line, located.column, located.isLocated) = (line, column, true)
    return located
  }

  /// The error with the line where its ``path`` starts in `source` (the file's bytes), when it has one; unlike
  /// ``located(in:)``, its text stays `FILE: PATH: MESSAGE`.
  package func lined(in source: UnsafeRawBufferPointer) -> InputError {
    guard let path, line == nil, let (line, _) = JSONParser.location(of: path, in: source) else { return self }
    var lined = self
    lined.line = line
    return lined
  }

  /// `FILE:LINE:COLUMN: MESSAGE (at PATH)` for a syntax error, `FILE:LINE:COLUMN: PATH: MESSAGE` for a located one,
  /// or `FILE: PATH: MESSAGE`.
  ///
  /// Control characters in the file name, path or message (which can quote scenario text) are shown as `\uXXXX`.
  package var description: String {
    let file = ControlEscaping.escape(file)
    let message = ControlEscaping.escape(message)
    let path = path.map { ControlEscaping.escape($0.description) }
    if let line, let column, isLocated, let path { return "\(file):\(line):\(column): \(path): \(message)" }
    if let line, let column {
      let at = path.map { $0 == JSONPath.root.description ? "" : " (at \($0))" } ?? ""
      return "\(file):\(line):\(column): \(message)\(at)"
    }
    if let path { return "\(file): \(path): \(message)" }
    return "\(file): \(message)"
  }
}
