/// The line on which each element of a scenario document's top-level `steps` array starts, found by a small scan of
/// the JSON text (strings and escapes skipped, nesting tracked). Used only to place a failure in the file; a document
/// the scan cannot follow gives fewer lines, and callers fall back to line 1.
enum StepLines {
  /// The 1-based line of each step, in order.
  static func lines(in bytes: [UInt8]) -> [Int] {
    var line = 1
    var depth = 0
    var inString = false
    var escaped = false
    var stringStart = 0
    var lastKey: ArraySlice<UInt8> = []
    var stepsDepth: Int?
    var expectingElement = false
    var result: [Int] = []
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\n") { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          lastKey = bytes[stringStart..<index]
        }
        continue
      }
      let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
      if expectingElement, !isSpace, byte != UInt8(ascii: "]") {
        result.append(line)
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
        if depth == stepsDepth { return result }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == stepsDepth { expectingElement = true }
      default:
        break
      }
    }
    return result
  }
}
