/// The byte-level state machine behind ``JSONParser`` (RFC 8259 grammar).
struct JSONCursor {
  /// A parse failure at a byte offset, with the path being read.
  struct Failure: Error {
    var message: String
    var offset: Int
    var path: [JSONPath.Component]
  }

  let bytes: UnsafeRawBufferPointer
  let maximumDepth: Int
  /// Whether to keep the JSON path while parsing. Off on the fast path; a failed parse is repeated with it on, so
  /// only errors pay for paths.
  let tracksPath: Bool
  var offset = 0
  var depth = 0
  var path: [JSONPath.Component] = []
  /// A value to find instead of parsing the document (``JSONParser/location(of:in:)``): reaching it, with
  /// ``tracksPath`` on, throws a ``Failure`` with the message ``targetReached`` at its first byte.
  var target: [JSONPath.Component]? = nil
  /// An array whose elements to find (``JSONParser/elementLines(of:in:)``): with ``tracksPath`` on, the byte offset
  /// where each of its elements starts is added to ``elementOffsets`` as the document is parsed.
  var elementsOf: [JSONPath.Component]? = nil
  /// The offsets found for ``elementsOf``, in order.
  var elementOffsets: [Int] = []

  /// The message of the ``Failure`` that says ``target`` was reached.
  static let targetReached = "target reached"

  // MARK: - Document

  mutating func parseDocument() throws(Failure) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      throw fail("a byte-order mark (U+FEFF) is not allowed at the start of JSON text (RFC 8259 §8.1)")
    }
    skipWhitespace()
    guard offset < bytes.count else {
      throw fail(
        bytes.isEmpty
          ? "the file is empty; expected a JSON value" : "the file holds only white space; expected a JSON value")
    }
    let value = try parseValue()
    skipWhitespace()
    if offset < bytes.count {
      throw fail("unexpected \(describeCurrent()) after the end of the JSON value")
    }
    return value
  }

  // MARK: - Values

  mutating func parseValue() throws(Failure) -> JSONValue {
    if tracksPath, let target, path == target { throw fail(Self.targetReached) }
    guard offset < bytes.count else { throw fail("unexpected end of file; expected a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw fail("unexpected \(describeCurrent()); expected a value")
    }
  }

  mutating func parseObject() throws(Failure) -> JSONValue {
    try enterContainer()
    offset += 1
    var members: [(key: String, value: JSONValue)] = []
    // Where each key starts, kept only in the diagnostic pass (tracksPath), which locates a duplicate; the fast pass
    // only needs to notice one.
    var keyOffsets: [Int] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return .object(JSONObject())
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        throw fail("unexpected \(describeCurrent()); expected a string key in double quotes")
      }
      let keyOffset = offset
      let key = try parseString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw fail("unexpected \(describeCurrent()); expected ':' after key") }
      offset += 1
      skipWhitespace()
      if tracksPath { path.append(.key(key)) }
      let value = try parseValue()
      if tracksPath { path.removeLast() }
      if members.count < Self.linearDuplicateCheckLimit, members.contains(where: { ScalarOrder.equal($0.key, key) }) {
        offset = keyOffset
        throw fail("duplicate key '\(key)' (each key may appear once in an object)")
      }
      if members.isEmpty { members.reserveCapacity(8) }
      members.append((key, value))
      if tracksPath { keyOffsets.append(keyOffset) }
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"): return try closeObject(&members, keyOffsets: keyOffsets)
      default: throw fail("unexpected \(describeCurrent()); expected ',' or '}' after an object member")
      }
    }
  }

  /// Consumes the `}` of an object whose members are read: rejects a duplicate key among many members (few are
  /// checked as they are read), and sorts the members by key.
  private mutating func closeObject(_ members: inout [(key: String, value: JSONValue)], keyOffsets: [Int])
    throws(Failure) -> JSONValue
  {
    offset += 1
    depth -= 1
    if members.count > Self.linearDuplicateCheckLimit { try rejectDuplicates(members, keyOffsets: keyOffsets) }
    Self.sortByKey(&members)
    return .object(JSONObject(sortedUniqueMembers: members))
  }

  mutating func parseArray() throws(Failure) -> JSONValue {
    try enterContainer()
    offset += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if tracksPath {
        if let elementsOf, path == elementsOf { elementOffsets.append(offset) }
        path.append(.index(elements.count))
      }
      if elements.isEmpty { elements.reserveCapacity(4) }
      elements.append(try parseValue())
      if tracksPath { path.removeLast() }
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        depth -= 1
        return .array(elements)
      default: throw fail("unexpected \(describeCurrent()); expected ',' or ']' after an array element")
      }
    }
  }

  /// Objects up to this size are checked for duplicate keys as they are read (cheap and precise); larger ones are
  /// checked once, by sorting, so that an object with a million keys is not quadratic.
  static let linearDuplicateCheckLimit = 16

  /// Throws at the first duplicate key in document order, found by sorting the keys.
  mutating func rejectDuplicates(_ members: [(key: String, value: JSONValue)], keyOffsets: [Int])
    throws(Failure)
  {
    let order = members.indices.sorted { ScalarOrder.less(members[$0].key, members[$1].key) }
    var first: (offset: Int, key: String)?
    for (a, b) in zip(order, order.dropFirst()) where ScalarOrder.equal(members[a].key, members[b].key) {
      // Without offsets (the fast pass) any duplicate will do: the diagnostic pass finds the first.
      guard keyOffsets.count == members.count else {
        throw fail("duplicate key '\(members[b].key)' (each key may appear once in an object)")
      }
      let later = max(keyOffsets[a], keyOffsets[b])
      if later < first?.offset ?? Int.max { first = (later, members[b].key) }
    }
    guard let first else { return }
    offset = first.offset
    throw fail("duplicate key '\(first.key)' (each key may appear once in an object)")
  }

  /// Sorts members by key in scalar order: insertion sort for the small objects that dominate (states, actions),
  /// the standard sort otherwise.
  static func sortByKey(_ members: inout [(key: String, value: JSONValue)]) {
    guard members.count > 1 else { return }
    guard members.count <= 12 else {
      members.sort { ScalarOrder.less($0.key, $1.key) }
      return
    }
    for index in 1..<members.count {
      var position = index
      while position > 0, ScalarOrder.less(members[position].key, members[position - 1].key) {
        members.swapAt(position, position - 1)
        position -= 1
      }
    }
  }

  mutating func enterContainer() throws(Failure) {
    depth += 1
    if depth > maximumDepth {
      throw fail("nesting is deeper than \(maximumDepth) levels")
    }
  }

  // MARK: - Helpers

  mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
    let start = offset
    let text = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for byte in text {
      guard offset < bytes.count, bytes[offset] == byte else {
        offset = start
        throw fail("unexpected \(describeCurrent()); expected a value (did you mean '\(literal)'?)")
      }
      offset += 1
    }
  }

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  func describeCurrent() -> String {
    guard offset < bytes.count else { return "end of file" }
    let byte = bytes[offset]
    if byte >= 0x80 { return "byte 0x\(hex(byte))" }
    return "character '\(printable(byte))'"
  }

  func printable(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : ControlEscaping.unicodeEscape(UInt32(byte))
  }

  func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  func fail(_ message: String) -> Failure {
    Failure(message: message, offset: offset, path: path)
  }
}

// MARK: - Strings

/// String literals of ``JSONCursor``: escapes, surrogate pairs and UTF-8 validation (RFC 8259 §7, §8).
extension JSONCursor {
  // MARK: - Strings

  mutating func parseString() throws(Failure) -> String {
    let start = offset
    offset += 1
    // Built only when the string has escapes, appended to in place (never copied), so long strings with many
    // escapes stay linear.
    var result = ""
    var sawEscape = false
    var runStart = offset
    // Whether the run since `runStart` is all ASCII, noted during the scan so the run is not read again to find out.
    var runIsASCII = true
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        let tail = try decodeRun(from: runStart, to: offset, stringStart: start, isASCII: runIsASCII)
        offset += 1
        guard sawEscape else { return tail }
        result += tail
        return result
      case UInt8(ascii: "\\"):
        sawEscape = true
        result += try decodeRun(from: runStart, to: offset, stringStart: start, isASCII: runIsASCII)
        result.unicodeScalars.append(try parseEscape())
        runStart = offset
        runIsASCII = true
      case 0x00..<0x20:
        throw fail("control character U+\(hex(byte)) must be escaped inside a string (RFC 8259 §7)")
      case 0x80...:
        runIsASCII = false
        offset += 1
      default:
        offset += 1
      }
    }
    offset = start
    throw fail("unterminated string (no closing '\"' before the end of file)")
  }

  /// Decodes the raw bytes between escapes, validating UTF-8; `isASCII` says the scan found no byte over 0x7F.
  mutating func decodeRun(from start: Int, to end: Int, stringStart: Int, isASCII: Bool) throws(Failure) -> String {
    let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    if isASCII { return String(decoding: slice, as: UTF8.self) }
    if let string = String(validating: slice, as: UTF8.self) { return string }
    var index = start
    var valid = UTF8.ForwardParser()
    var iterator = slice.makeIterator()
    decoding: while true {
      switch valid.parseScalar(from: &iterator) {
      case .valid(let encoded): index += encoded.count
      case .emptyInput: break decoding
      case .error(let length):
        _ = length
        break decoding
      }
    }
    offset = index
    throw fail("invalid UTF-8 byte 0x\(hex(bytes[index])) in a string; the file must be UTF-8 (RFC 8259 §8.1)")
  }

  /// The scalar whose UTF-8 form starts at `index`, or `nil` when the bytes there are not valid UTF-8.
  func scalar(at index: Int) -> Unicode.Scalar? {
    var iterator = bytes[index..<min(bytes.count, index + 4)].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return nil
  }

  /// A scalar as messages show it: printable ASCII as it is, anything else as `\uXXXX`.
  static func printable(_ scalar: Unicode.Scalar) -> String {
    (0x20..<0x7F).contains(scalar.value) ? String(scalar) : ControlEscaping.unicodeEscape(scalar.value)
  }

  mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
    offset += 1
    guard offset < bytes.count else { throw fail("unterminated escape sequence at the end of file") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): return try parseUnicodeEscape()
    default:
      offset -= 2
      // Name the character after the backslash, not the first byte of its UTF-8 form ('\u00F0', not '\u00C3').
      let character = byte < 0x80 ? printable(byte) : scalar(at: offset + 1).map(Self.printable) ?? printable(byte)
      throw fail("invalid escape '\\\(character)'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
    }
  }

  mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
    let escapeStart = offset - 2
    let high = try parseHex4()
    if (0xD800..<0xDC00).contains(high) {
      guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
      else {
        offset = escapeStart
        throw fail(
          "lone high surrogate \(ControlEscaping.unicodeEscape(high)) (not followed by a low surrogate) is not a Unicode scalar"
        )
      }
      offset += 2
      let low = try parseHex4()
      guard (0xDC00..<0xE000).contains(low) else {
        offset = escapeStart
        throw fail(
          "high surrogate \(ControlEscaping.unicodeEscape(high)) followed by \(ControlEscaping.unicodeEscape(low)), which is not a low surrogate"
        )
      }
      let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
    guard let scalar = Unicode.Scalar(high) else {
      offset = escapeStart
      throw fail("lone low surrogate \(ControlEscaping.unicodeEscape(high)) is not a Unicode scalar")
    }
    return scalar
  }

  mutating func parseHex4() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard offset < bytes.count, let digit = hexDigitValue(bytes[offset]) else {
        throw fail("expected 4 hexadecimal digits after \\u")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }
}

// MARK: - JSONCursor+Numbers

/// Number literals of ``JSONCursor`` (RFC 8259 §6): exact 64-bit integers, finite doubles.
extension JSONCursor {
  // MARK: - Numbers

  mutating func parseNumber() throws(Failure) -> JSONNumber {
    let start = offset
    var isInteger = true
    if peek() == UInt8(ascii: "-") { offset += 1 }
    if peek() == UInt8(ascii: "0") {
      offset += 1
      if let next = peek(), isDigit(next) { throw fail("leading zeros are not allowed in numbers (RFC 8259 §6)") }
    } else {
      guard skipDigits() > 0 else { throw fail("expected a digit in number") }
    }
    if peek() == UInt8(ascii: ".") {
      isInteger = false
      offset += 1
      guard skipDigits() > 0 else { throw fail("expected a digit after the decimal point") }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      isInteger = false
      offset += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
      guard skipDigits() > 0 else { throw fail("expected a digit in the exponent") }
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let double = Double(text), double.isFinite else {
      offset = start
      throw fail("number \(text) is out of range (it must fit an IEEE 754 double)")
    }
    return .double(double)
  }

  mutating func skipDigits() -> Int {
    var count = 0
    while let byte = peek(), isDigit(byte) {
      offset += 1
      count += 1
    }
    return count
  }
}
