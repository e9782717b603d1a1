/// Shows control characters (Unicode general category Cc: C0, DEL, C1 — ESC, BEL, CR, LF, NUL…) in untrusted text as
/// `\uXXXX`, so text from a harness, a scenario or a file name cannot drive the terminal it is printed on or fake a
/// line of the report.
enum ControlEscaping {
  /// The text with every control character escaped; tabs are kept.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control, scalar != "\t" {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        result.append(
          contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
