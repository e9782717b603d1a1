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
