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
