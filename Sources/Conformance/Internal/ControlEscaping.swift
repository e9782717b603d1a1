/// Shows invisible and control characters in untrusted text as `\uXXXX`, so text from a harness, a scenario or a file
/// name cannot drive the terminal it is printed on, reorder or hide what it shows, fake a line of the report, or make
/// a JUnit file invalid XML. The class (Unicode general categories): Cc (C0, DEL, C1 — ESC, BEL, CR, LF, NUL…), Cf
/// (format characters: the bidi controls U+202A–U+202E and U+2066–U+2069, U+200B–U+200F, U+2060, U+FEFF…), Zl
/// (U+2028), Zp (U+2029), and the noncharacters (U+FFFE, U+FFFF…, which XML 1.0 §2.2 forbids). Also the one place
/// that writes a `\uXXXX` escape, for every report and message.
package enum ControlEscaping {
  /// The text with every control character escaped; tabs are kept, and newlines too when `keepingNewlines`.
  package static func escape(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar, keepingNewlines: keepingNewlines) {
        result += unicodeEscape(scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `escape` replaces this scalar: a control character other than tab (and newline when kept).
  package static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
    guard scalar.value >= 0x7F || scalar.value < 0x20 else { return false }
    switch scalar.properties.generalCategory {
    case .control: return scalar != "\t" && !(keepingNewlines && scalar == "\n")
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return scalar.properties.isNoncharacterCodePoint
    }
  }

  /// `\u` and four upper-case hexadecimal digits, e.g. `\u001B` (a value above U+FFFF gets more digits).
  package static func unicodeEscape(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Bytes that may not be UTF-8 (a file name, a command-line argument) as text: ASCII as it is (control characters
  /// are escaped later with the rest of a message), every byte from 0x80 as `\xHH`, e.g. `caf\xE9.json`.
  package static func escapeBytes<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    var text = ""
    for byte in bytes {
      if byte < 0x80 {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let digits = String(byte, radix: 16, uppercase: true)
        text += "\\x" + (digits.count < 2 ? "0" : "") + digits
      }
    }
    return text
  }

  /// The bytes as a `String` when they are valid UTF-8, else `nil`.
  package static func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }
}
