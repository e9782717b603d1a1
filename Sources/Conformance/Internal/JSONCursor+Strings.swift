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
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        let tail = try decodeRun(from: runStart, to: offset, stringStart: start)
        offset += 1
        guard sawEscape else { return tail }
        result += tail
        return result
      case UInt8(ascii: "\\"):
        sawEscape = true
        result += try decodeRun(from: runStart, to: offset, stringStart: start)
        result.unicodeScalars.append(try parseEscape())
        runStart = offset
      case 0x00..<0x20:
        throw fail("control character U+\(hex(byte)) must be escaped inside a string (RFC 8259 §7)")
      default:
        offset += 1
      }
    }
    offset = start
    throw fail("unterminated string (no closing '\"' before the end of file)")
  }

  /// Decodes the raw bytes between escapes, validating UTF-8.
  mutating func decodeRun(from start: Int, to end: Int, stringStart: Int) throws(Failure) -> String {
    let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
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
