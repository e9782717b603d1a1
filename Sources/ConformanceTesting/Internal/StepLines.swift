/// The line on which each element of a scenario document's top-level `steps` array starts, found by a small scan of
/// the JSON text (strings and escapes skipped, nesting tracked). Used only to place a failure in the file; a document
/// the scan cannot follow gives fewer lines, and callers fall back to line 1.
enum StepLines {
  /// The 1-based line of each step, in order.
  static func lines(in bytes: [UInt8]) -> [Int] {
    var scan = Scan(bytes: bytes)
    for index in bytes.indices {
      guard scan.read(at: index) else { break }
    }
    return scan.stepLines
  }
}

// MARK: - The scan

extension StepLines {
  /// The state of the scan after each byte.
  private struct Scan {
    let bytes: [UInt8]
    /// The lines found so far.
    private(set) var stepLines: [Int] = []
    /// The 1-based line of the current byte.
    private var line = 1
    /// The number of objects and arrays open.
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var stringStart = 0
    /// The last string that ended: a key when an array opens after it.
    private var lastKey: ArraySlice<UInt8> = []
    /// The depth of the `steps` array once it opened.
    private var stepsDepth: Int?
    /// Whether the next value is an element of `steps`.
    private var expectingElement = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads the byte at `index`; `false` once the `steps` array has closed.
    mutating func read(at index: Int) -> Bool {
      if bytes[index] == UInt8(ascii: "\n") { line += 1 }
      guard inString else { return readOutsideStrings(at: index) }
      readInString(at: index)
      return true
    }

    /// Reads a byte of a string, where only an escape or the closing quote matters.
    private mutating func readInString(at index: Int) {
      let byte = bytes[index]
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
        lastKey = bytes[stringStart..<index]
      }
    }

    /// Reads a byte outside strings; `false` once the `steps` array has closed.
    private mutating func readOutsideStrings(at index: Int) -> Bool {
      let byte = bytes[index]
      let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
      if expectingElement, !isSpace, byte != UInt8(ascii: "]") {
        stepLines.append(line)
        expectingElement = false
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        stringStart = index + 1
      case UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "["):
        depth += 1
        if stepsDepth == nil, depth == 2, lastKey.elementsEqual("steps".utf8) {
          stepsDepth = depth
          expectingElement = true
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == stepsDepth { return false }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == stepsDepth { expectingElement = true }
      default:
        break
      }
      return true
    }
  }
}
