/// Text made safe for the HTML report: every value from a scenario, a harness or a file name goes through
/// ``escape(_:)`` before it reaches the page, in text and in (always double-quoted) attributes alike.
///
/// The report's diff lines are the text report's own (``VerdictText``), rendered with colours on: the tool's styles
/// arrive as ``TextStyle/Mark`` stand-ins and become `<span class="…">` here, after the text between them is escaped,
/// so the page shows the CLI's `-`/`+` colouring without a second renderer.
enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` as character references (HTML §13.1.2.6, §13.5), and every control,
  /// format or separator character as `\uXXXX` (``ControlEscaping``): safe as element text and as a quoted attribute
  /// value, so no scenario value can open an element, close an attribute or run script.
  static func escape(_ text: String) -> String {
    let text = ControlEscaping.escape(text)
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A line of the text report, written with ``TextStyle`` colours on, as HTML: the text escaped, each style a
  /// `<span>` (`r` red, `g` green, `y` yellow, `d` dim, `b` bold). Spans never nest and every span is closed by the
  /// line's end, so a stand-in that came from a scenario value can at most colour text, never unbalance the page.
  static func styledLine(_ line: String) -> String {
    var result = ""
    var plain = ""
    var open = false
    func flush() {
      result += escape(plain)
      plain = ""
    }
    for scalar in line.unicodeScalars {
      guard let mark = TextStyle.Mark(rawValue: scalar) else {
        plain.unicodeScalars.append(scalar)
        continue
      }
      flush()
      if open { result += "</span>" }
      open = mark != .reset
      if open { result += "<span class=\"\(className(mark))\">" }
    }
    flush()
    if open { result += "</span>" }
    return result
  }

  private static func className(_ mark: TextStyle.Mark) -> String {
    switch mark {
    case .reset: return ""
    case .green: return "g"
    case .red: return "r"
    case .yellow: return "y"
    case .dim: return "d"
    case .bold: return "b"
    }
  }
}
