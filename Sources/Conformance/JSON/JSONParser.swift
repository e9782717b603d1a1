import Foundation

/// A strict RFC 8259 JSON parser that reports line and column, rejects duplicate keys and bounds nesting depth.
///
/// Foundation's `JSONSerialization` is not used because, on Linux, it keeps the last of duplicate keys silently,
/// reports syntax errors only as "around character N", and returns bridged `Any` values that lose the distinction this
/// format needs (exact 64-bit integers, strings by Unicode scalars).
///
/// Rules beyond RFC 8259: object keys must be unique (RFC 8259 §4 says SHOULD; a scenario with two `"email"` keys is
/// almost always a typo), input must be valid UTF-8 (RFC 8259 §8.1), a leading byte-order mark is rejected, nesting is
/// limited to ``maximumDepth`` levels, and numbers must be finite as `Double`.
package struct JSONParser: Sendable {
  /// The deepest nesting of arrays and objects accepted; deeper input fails with a syntax error (no stack overflow).
  package var maximumDepth: Int

  /// Creates a parser.
  ///
  /// - Parameter maximumDepth: Nesting limit for arrays and objects, 1 or more; default 256.
  package init(maximumDepth: Int = 256) {
    self.maximumDepth = maximumDepth
  }

  /// Parses one JSON document (any value at the top level), surrounded by optional white space.
  ///
  /// - Parameter data: UTF-8 encoded JSON text.
  /// - Returns: The parsed value.
  /// - Throws: ``JSONSyntaxError`` with line, column and the JSON path reached, for malformed JSON, invalid UTF-8,
  ///   a duplicate key, a number out of `Double` range or nesting deeper than ``maximumDepth``.
  package func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
    try data.withUnsafeBytes { raw in parse(bytes: raw) }.get()
  }

  /// Parses UTF-8 bytes as ``parse(_:)-(Data)`` does; the result carries the error instead of throwing it.
  func parse(bytes raw: UnsafeRawBufferPointer) -> Result<JSONValue, JSONSyntaxError> {
    var cursor = JSONCursor(bytes: raw, maximumDepth: maximumDepth, tracksPath: false)
    do throws(JSONCursor.Failure) {
      return .success(try cursor.parseDocument())
    } catch {
      // Parse again, keeping the path this time, to say where the error is.
      var diagnostic = JSONCursor(bytes: raw, maximumDepth: maximumDepth, tracksPath: true)
      var failure = error
      do throws(JSONCursor.Failure) {
        _ = try diagnostic.parseDocument()
      } catch {
        failure = error
      }
      let (line, column) = Self.location(of: failure.offset, in: raw)
      return .failure(
        JSONSyntaxError(message: failure.message, line: line, column: column, path: JSONPath(failure.path)))
    }
  }

  /// Parses a string holding one JSON document.
  ///
  /// - Throws: ``JSONSyntaxError`` as ``parse(_:)-(Data)``.
  package func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Data(text.utf8))
  }

  /// Where the value at `path` starts in a document: its 1-based line and column (Unicode scalars), or `nil` when the
  /// document has no value there or does not parse. For errors found after parsing, which know only the path.
  static func location(of path: JSONPath, in raw: UnsafeRawBufferPointer) -> (line: Int, column: Int)? {
    var cursor = JSONCursor(bytes: raw, maximumDepth: 256, tracksPath: true)
    cursor.target = path.components
    do throws(JSONCursor.Failure) {
      _ = try cursor.parseDocument()
      return nil
    } catch {
      guard error.message == JSONCursor.targetReached else { return nil }
      return location(of: error.offset, in: raw)
    }
  }

  /// The 1-based line where each element of the array at `path` starts, in order, found in one parse of the document
  /// (so that locating every row of a large outline stays linear); empty when the document has no array there or
  /// does not parse.
  static func elementLines(of path: JSONPath, in raw: UnsafeRawBufferPointer) -> [Int] {
    var cursor = JSONCursor(bytes: raw, maximumDepth: 256, tracksPath: true)
    cursor.elementsOf = path.components
    do throws(JSONCursor.Failure) {
      _ = try cursor.parseDocument()
    } catch {
      return []
    }
    var lines: [Int] = []
    lines.reserveCapacity(cursor.elementOffsets.count)
    var line = 1
    var index = 0
    for offset in cursor.elementOffsets {
      while index < min(offset, raw.count) {
        if raw[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
      }
      lines.append(line)
    }
    return lines
  }

  /// Converts a byte offset to a 1-based line and a 1-based column counted in Unicode scalars.
  static func location(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for index in 0..<min(offset, bytes.count) {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}

// MARK: - JSONFile

/// Reads and parses one JSON input file, turning every failure into an ``InputError`` that names the file.
package enum JSONFile {
  /// Files larger than this are refused before they are read (16 MiB); no scenario or manifest needs more.
  package static let maximumSize = 16 * 1024 * 1024

  /// Reads `url` and parses it with ``JSONParser``.
  ///
  /// - Returns: The value, or an error naming `displayName` with line and column for syntax errors, and a plain
  ///   message for unreadable, oversized or non-UTF-8 files.
  static func read(_ url: URL, displayName: String, parser: JSONParser = JSONParser()) -> Result<JSONValue, InputError>
  {
    // One path lookup: open, then fstat the descriptor, which costs less than a stat before the open. Opening
    // follows symbolic links, so a link cannot smuggle in a larger file; O_NONBLOCK keeps a FIFO from blocking the
    // open, and anything but a regular file is refused before a byte is read.
    let descriptor = url.withUnsafeFileSystemRepresentation { path in path.map { open($0, openFlags) } ?? -1 }
    guard descriptor >= 0 else { return .failure(cannotRead(displayName, errno)) }
    defer { close(descriptor) }
    return status(of: descriptor, displayName: displayName).flatMap { info in
      read(descriptor: descriptor, status: info, displayName: displayName, parser: parser)
    }
  }

  /// The flags every input file is opened with: read only, not blocking on a FIFO, closed on exec, never a
  /// controlling terminal.
  static let openFlags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY

  /// The error for a file that cannot be opened or read, with the system's reason (`strerror`) and, for a limit of
  /// open files (`EMFILE`, `ENFILE`), what to do.
  static func cannotRead(_ displayName: String, _ code: Int32) -> InputError {
    InputError(file: displayName, path: nil, message: "cannot read the file: \(reason(code))")
  }

  /// `strerror(code)`, followed for `EMFILE` and `ENFILE` by what to do: a run holds open only the files it reads
  /// (one a task) and the one folder the walk is listing, so the limit is very low, or other programs hold the rest.
  static func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    guard code == EMFILE || code == ENFILE else { return text }
    return text + " (raise the limit of open files, for example with 'ulimit -n 1024')"
  }

  /// `fstat` of an open file, or the error naming `displayName`.
  static func status(of descriptor: Int32, displayName: String) -> Result<stat, InputError> {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(cannotRead(displayName, errno)) }
    return .success(info)
  }

  /// Reads an open file whose `fstat` is `info` and parses it; the caller closes `descriptor`.
  ///
  /// - Returns: The value, or an error naming `displayName`: a folder, a pipe, socket or device, a file over
  ///   ``maximumSize``, a read error, or a syntax error with line and column.
  static func read(descriptor: Int32, status info: stat, displayName: String, parser: JSONParser = JSONParser())
    -> Result<JSONValue, InputError>
  {
    contents(descriptor: descriptor, status: info, displayName: displayName).flatMap { bytes in
      parse(bytes, displayName: displayName, parser: parser)
    }
  }

  /// Parses a file's bytes (from ``contents(descriptor:status:displayName:)``) with `parser`.
  ///
  /// - Returns: The value, or the syntax error with line and column, naming `displayName`.
  static func parse(_ bytes: [UInt8], displayName: String, parser: JSONParser = JSONParser())
    -> Result<JSONValue, InputError>
  {
    bytes.withUnsafeBytes { parser.parse(bytes: $0) }.mapError { InputError(file: displayName, syntax: $0) }
  }

  /// The bytes of an open file whose `fstat` is `info`, for a caller that needs them after parsing (to locate a JSON
  /// path: ``JSONParser/location(of:in:)``); the caller closes `descriptor`.
  ///
  /// - Returns: The bytes, or an error naming `displayName`: a folder, a pipe, socket or device, a file over
  ///   ``maximumSize``, or a read error.
  static func contents(descriptor: Int32, status info: stat, displayName: String) -> Result<[UInt8], InputError> {
    func failure(_ message: String) -> Result<[UInt8], InputError> {
      .failure(InputError(file: displayName, path: nil, message: message))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return failure("this is a folder, not a JSON file")
    default: return failure("this is not a regular file (a pipe, socket or device)")
    }
    let size = Int(info.st_size)
    if size > maximumSize {
      return failure(
        "the file is \(size) bytes, over the limit of \(maximumSize) bytes; split it into smaller scenarios")
    }
    // Read into uninitialized storage (no zero fill); a file that grew since fstat is read up to its stat'd size
    // plus one byte, so growth past the limit is still caught.
    var readError: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
      count = 0
      guard let base = buffer.baseAddress else { return }
      while count < buffer.count {
        let got = Foundation.read(descriptor, base + count, buffer.count - count)
        if got < 0 {
          if errno == EINTR { continue }
          readError = errno
          return
        }
        if got == 0 { break }
        count += got
      }
    }
    if readError != 0 { return .failure(cannotRead(displayName, readError)) }
    if bytes.count > maximumSize {
      return failure("the file grew past the limit of \(maximumSize) bytes while it was read")
    }
    return .success(bytes)
  }
}

// MARK: - IssueList

/// Problems found while checking one document, before they are tied to a file.
struct IssueList {
  private(set) var items: [(path: JSONPath, message: String)] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func add(_ path: JSONPath, _ message: String) {
    items.append((path, message))
  }

  mutating func append(contentsOf other: IssueList) {
    items.append(contentsOf: other.items)
  }

  /// The problems as errors of `file`: at most ``maximumPerFile``, then one that counts the rest (a file with a
  /// million unknown keys must not print a million lines).
  func errors(file: String) -> [InputError] {
    var errors = items.prefix(Self.maximumPerFile).map { InputError(file: file, path: $0.path, message: $0.message) }
    if items.count > Self.maximumPerFile {
      errors.append(
        InputError(
          file: file, path: nil,
          message:
            "… and \(ReportText.plural(items.count - Self.maximumPerFile, "more problem", "more problems")) in this file (fix these first)"
        ))
    }
    return errors
  }

  /// How many problems of one file are listed.
  static let maximumPerFile = 100
}
