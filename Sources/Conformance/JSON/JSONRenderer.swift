import Foundation

/// Writes ``JSONValue``s as JSON text with sorted keys, so the same value always renders the same way.
///
/// Two styles exist:
/// - ``Style/wire``: what goes into files and over the harness protocol. Valid RFC 8259 JSON in UTF-8; only `"`,
///   `\` and the control characters U+0000–U+001F are escaped, plus U+2028 and U+2029 (for JavaScript readers) and
///   what a terminal or an editor would act on when the file or a `--format json` report is shown: the C1 controls
///   U+007F–U+009F (U+009B is a CSI on many terminals) and the bidirectional controls (U+061C, U+200E, U+200F,
///   U+202A–U+202E, U+2066–U+2069, Unicode's Bidi_Control property), which reorder what a line shows.
/// - ``Style/display``: what people read in reports. Also valid JSON, but every scalar that is invisible or easily
///   confused is escaped as `\uXXXX`: controls, format characters (such as U+200B ZERO WIDTH SPACE and U+FEFF),
///   combining marks (so NFD `e\u0301` is told apart from NFC `é`), scalars that NFC replaces (so U+212A KELVIN SIGN
///   is told apart from `K`), every `White_Space` scalar except U+0020, private use and unassigned scalars.
package enum JSONRenderer {
  /// How strings are escaped.
  package enum Style: Sendable {
    /// Minimal escaping, for machines.
    case wire
    /// Escapes invisible and confusable scalars, for people.
    case display
  }

  /// Renders `value` on one line with sorted keys and no insignificant white space.
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - style: ``Style/wire`` (default) or ``Style/display``.
  /// - Returns: JSON text, e.g. `{"email":"a@b.co","isLoading":true}`.
  package static func compact(_ value: JSONValue, style: Style = .wire) -> String {
    var output: [UInt8] = []
    write(value, style: style, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Renders a string as a JSON string literal in the ``Style/display`` style, e.g. `"a\u200Bb"`.
  package static func quoted(_ string: String) -> String {
    var output: [UInt8] = []
    writeString(string, style: .display, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  // MARK: - Writing

  /// Appends `value`, rendered as ``compact(_:style:)`` renders it, to `output` as UTF-8: the one writer behind every
  /// rendering, which the harness protocol's requests use directly (no `String` between the value and the pipe).
  static func write(_ value: JSONValue, style: Style, to output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let bool): output.append(contentsOf: bool ? "true".utf8 : "false".utf8)
    case .number(let number): output.append(contentsOf: render(number).utf8)
    case .string(let string): writeString(string, style: style, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(element, style: style, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for (index, member) in object.members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(member.key, style: style, to: &output)
        output.append(UInt8(ascii: ":"))
        write(member.value, style: style, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Renders a number: integers in decimal, other values in Swift's shortest round-trip form (`1.5`, `1e-05`).
  ///
  /// A whole number beyond 64 bits and below 10^21 (a literal such as `9223372036854775808`, read as a double) is
  /// written in plain digits, as ECMAScript's Number::toString writes such numbers, so a message echoes it as the user
  /// wrote it rather than as `9.223372036854776e+18`; it reads back as the same double, since it cannot be an Int64.
  static func render(_ number: JSONNumber) -> String {
    switch number {
    case .integer(let value): return String(value)
    case .double(let value):
      if let whole = Int64(exactly: value), abs(value) < 1e15 { return "\(whole).0" }
      if value.rounded() == value, abs(value) >= 0x1p63, abs(value) < 1e21 { return String(format: "%.0f", value) }
      return "\(value)"
    }
  }

  /// Appends `string` as a JSON string literal escaped for `style`. The common case, a string with nothing to escape,
  /// is checked on its UTF-8 bytes and copied in one append.
  static func writeString(_ string: String, style: Style, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var string = string
    let plain = string.withUTF8 { bytes in
      guard needsNoEscaping(bytes, style: style) else { return false }
      output.append(contentsOf: bytes)
      return true
    }
    if !plain { writeEscaped(string, style: style, to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// The scalar-by-scalar path of ``writeString(_:style:to:)``, for a string with something to escape.
  private static func writeEscaped(_ string: String, style: Style, to output: inout [UInt8]) {
    output.reserveCapacity(output.count + string.utf8.count + 16)
    // Unicode property look-ups cost a binary search each: remember the verdict for recently seen scalars (a small
    // direct-mapped cache). Runs of scalars written as they are go in with one append each, not scalar by scalar.
    var verdicts = [UInt64](repeating: .max, count: 256)
    let scalars = string.unicodeScalars
    var runStart = scalars.startIndex
    var index = runStart
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let replacement: String?
      switch scalar {
      case "\"": replacement = "\\\""
      case "\\": replacement = "\\\\"
      case "\n": replacement = "\\n"
      case "\r": replacement = "\\r"
      case "\t": replacement = "\\t"
      case "\u{08}": replacement = "\\b"
      case "\u{0C}": replacement = "\\f"
      default:
        let escaped =
          scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 || isTerminalHazard(scalar)
          || (style == .display && cachedDisplayEscape(scalar, in: &verdicts))
        replacement = escaped ? escape(scalar) : nil
      }
      let next = scalars.index(after: index)
      if let replacement {
        output.append(contentsOf: string.utf8[runStart..<index])
        output.append(contentsOf: replacement.utf8)
        runStart = next
      }
      index = next
    }
    output.append(contentsOf: string.utf8[runStart..<scalars.endIndex])
  }

  /// A C1 control or a bidirectional control: escaped in every style (see ``Style/wire``).
  private static func isTerminalHazard(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Whether every byte can be written as is: printable ASCII other than `"` and `\\`, or (wire style) any
  /// non-ASCII byte except those of U+2028, U+2029 and the scalars of ``isTerminalHazard(_:)``. The common case,
  /// checked without decoding scalars.
  private static func needsNoEscaping(_ bytes: UnsafeBufferPointer<UInt8>, style: Style) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in bytes {
      switch byte {
      case 0x22, 0x5C, 0x00..<0x20, 0x7F: return false
      case 0x80...:
        if style == .display { return false }
        // U+0080–U+009F are C2 80–C2 9F; U+061C is D8 9C.
        if (previous == 0xC2 && byte <= 0x9F) || (previous == 0xD8 && byte == 0x9C) { return false }
        // U+200E, U+200F, U+2028–U+202E are E2 80 8E, 8F, A8–AE; U+2066–U+2069 are E2 81 A6–A9.
        if beforePrevious == 0xE2 && previous == 0x80 && (byte == 0x8E || byte == 0x8F || (0xA8...0xAE).contains(byte))
        {
          return false
        }
        if beforePrevious == 0xE2 && previous == 0x81 && (0xA6...0xA9).contains(byte) { return false }
      default: break
      }
      beforePrevious = previous
      previous = byte
    }
    return true
  }

  /// ``needsDisplayEscape(_:)`` through a direct-mapped cache: an entry is `value << 1 | verdict`, `.max` when empty.
  private static func cachedDisplayEscape(_ scalar: Unicode.Scalar, in cache: inout [UInt64]) -> Bool {
    if scalar.value < 0x80 { return scalar.value == 0x7F }
    let slot = Int(scalar.value & 0xFF)
    let entry = cache[slot]
    if entry != .max, UInt32(truncatingIfNeeded: entry >> 1) == scalar.value { return entry & 1 == 1 }
    let verdict = needsDisplayEscape(scalar)
    cache[slot] = UInt64(scalar.value) << 1 | (verdict ? 1 : 0)
    return verdict
  }

  /// Whether a scalar is invisible or confusable on a terminal (see ``Style/display``).
  static func needsDisplayEscape(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value == 0x7F }
    if scalar.properties.isWhitespace { return true }
    switch scalar.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .spacingMark, .privateUse, .unassigned, .surrogate,
      .lineSeparator, .paragraphSeparator, .spaceSeparator:
      return true
    default:
      return scalar.properties.isNoncharacterCodePoint || scalar.properties.isVariationSelector
        || changesUnderNFC(scalar)
    }
  }

  /// Whether NFC (UAX #15) replaces the scalar: a singleton such as U+212A KELVIN SIGN (→ `K`) or U+2126 OHM SIGN
  /// (→ `Ω`), or a composition exclusion such as U+0958 DEVANAGARI LETTER QA (→ U+0915 U+093C). Each looks like what
  /// it becomes, but compares unequal by scalars. The ranges hold every such scalar that is not a mark or a space
  /// (Unicode 15; the stability policy adds none to existing characters); Foundation's NFC decides within them.
  static func changesUnderNFC(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0374...0x0F69, 0x1F71...0x2ADC, 0xF900...0xFB4E, 0x1D15E...0x1D1C0, 0x2F800...0x2FA1D:
      return !String(scalar).precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(CollectionOfOne(scalar))
    default:
      return false
    }
  }

  /// `\uXXXX`, or a UTF-16 surrogate pair of escapes above U+FFFF.
  private static func escape(_ scalar: Unicode.Scalar) -> String {
    guard scalar.value > 0xFFFF else { return ControlEscaping.unicodeEscape(scalar.value) }
    let value = scalar.value - 0x10000
    return ControlEscaping.unicodeEscape(0xD800 + (value >> 10))
      + ControlEscaping.unicodeEscape(0xDC00 + (value & 0x3FF))
  }
}

// MARK: - JSONPrettyRenderer

extension JSONRenderer {
  /// Renders `value` over several lines with sorted keys and two-space indentation, in the ``Style/display`` style.
  ///
  /// Objects and arrays whose members are all scalars and that fit in 80 columns stay on one line, so a state or an
  /// effect reads at a glance and line diffs point at the member that changed. Given a `counterpart` (the other side
  /// of a diff), a container stays on one line only if the counterpart's value at the same place would too, so two
  /// values that differ in one member are laid out alike and their diff shows that member, not two layouts.
  ///
  /// - Parameters:
  ///   - value: The value to render.
  ///   - counterpart: The value it is compared with, if any.
  /// - Returns: The lines, without trailing newlines.
  package static func prettyLines(_ value: JSONValue, alongside counterpart: JSONValue? = nil) -> [String] {
    var lines: [String] = []
    writePretty(value, counterpart, indent: "", prefix: "", suffix: "", into: &lines)
    return lines
  }

  private static func writePretty(
    _ value: JSONValue, _ counterpart: JSONValue?, indent: String, prefix: String, suffix: String,
    into lines: inout [String]
  ) {
    let inline = compact(value, style: .display)
    func staysInline(_ candidate: JSONValue, _ text: @autoclosure () -> String) -> Bool {
      switch candidate {
      case .object(let object) where !object.isEmpty: break
      case .array(let elements) where !elements.isEmpty: break
      default: return true
      }
      return indent.count > 0 && !hasNestedContainer(candidate) && indent.count + prefix.count + text().count <= 80
    }
    // An empty container or a scalar is one line whatever its counterpart is.
    let isEmptyOrScalar = value.objectValue.map(\.isEmpty) ?? value.arrayValue.map(\.isEmpty) ?? true
    let counterpartInline = counterpart.map { staysInline($0, compact($0, style: .display)) } ?? true
    guard !isEmptyOrScalar && (!staysInline(value, inline) || !counterpartInline) else {
      lines.append(indent + prefix + inline + suffix)
      return
    }
    let inner = indent + "  "
    switch value {
    case .object(let object):
      lines.append(indent + prefix + "{")
      for (index, member) in object.members.enumerated() {
        let comma = index < object.count - 1 ? "," : ""
        writePretty(
          member.value, counterpart?.objectValue?[member.key], indent: inner, prefix: quoted(member.key) + ": ",
          suffix: comma, into: &lines)
      }
      lines.append(indent + "}" + suffix)
    case .array(let elements):
      let others = counterpart?.arrayValue ?? []
      lines.append(indent + prefix + "[")
      for (index, element) in elements.enumerated() {
        let comma = index < elements.count - 1 ? "," : ""
        let other = others.indices.contains(index) ? others[index] : nil
        writePretty(element, other, indent: inner, prefix: "", suffix: comma, into: &lines)
      }
      lines.append(indent + "]" + suffix)
    default:
      lines.append(indent + prefix + inline + suffix)
    }
  }

  private static func hasNestedContainer(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let object):
      return object.members.contains { $0.value.objectValue != nil || $0.value.arrayValue != nil }
    case .array(let elements): return elements.contains { $0.objectValue != nil || $0.arrayValue != nil }
    default: return false
    }
  }
}
