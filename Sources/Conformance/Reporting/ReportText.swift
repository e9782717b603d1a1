/// Small text rules every report and command shares: making outside text safe on one line, clipping, plurals,
/// seconds. One place, so that `1 file`/`2 files` and `0.37 s` read the same everywhere.
package enum ReportText {
  /// Text from a harness or a scenario, made safe and short: every control, format or separator character (ESC, CR,
  /// LF, U+202E, U+2028…) is shown as `\uXXXX` (``ControlEscaping``), so it can neither drive the terminal nor fake a
  /// report line, and it is clipped to `limit` Unicode scalars.
  package static func oneLine(_ text: String, limit: Int = 500) -> String {
    clip(ControlEscaping.escape(text), limit: limit)
  }

  /// A line cut to `limit` Unicode scalars (default 500), saying how much was left out, so a huge value cannot flood
  /// the report (the JSON report keeps values whole). Linear in the line's length.
  package static func clip(_ line: String, limit: Int = 500) -> String {
    guard line.utf8.count > limit else { return line }
    let scalars = line.unicodeScalars
    let total = scalars.count
    guard total > limit else { return line }
    var clipped = String(String.UnicodeScalarView(scalars.prefix(limit)))
    clipped += "… (\(total - limit) more characters)"
    return clipped
  }

  /// `error: MESSAGE`: how every error line starts, in the text report, on the command line and in Swift Testing
  /// issues, so the prefix is written in one place (as swift-argument-parser's `MessageInfo`).
  ///
  /// - Parameter message: The error, without the prefix, e.g. `no scenario files found`.
  /// - Returns: The line, without a newline.
  package static func error(_ message: String) -> String { error(message, style: .plain) }

  /// ``error(_:)`` with the prefix in `style`'s red.
  static func error(_ message: String, style: TextStyle) -> String { style.red("error: ") + message }

  /// Why an implementation did not start: an error line, then each further line of `error` (a harness's stderr tail)
  /// indented, every line made safe (``oneLine(_:limit:)``).
  package static func startErrorLines(implementation: String, error: String, style: TextStyle = .plain) -> [String] {
    let lines = error.split(separator: "\n", omittingEmptySubsequences: false)
    let headline = "the implementation '\(implementation)' did not start: \(oneLine(String(lines.first ?? "")))"
    return [Self.error(headline, style: style)] + lines.dropFirst().map { "  \(oneLine(String($0)))" }
  }

  /// What a shard's reports add to their titles, `shard 2/3 of 12 files` (the whole corpus's files and walk problems,
  /// ``ShardRun/filesBeforeSharding``), so that no report of a part reads as the whole run's; `nil` when the run is
  /// not a shard, whose reports, a merged run's included, say nothing of shards.
  package static func shard(of summary: RunSummary) -> String? {
    summary.shard.map { "shard \($0.shard) of \(plural($0.filesBeforeSharding, "file", "files"))" }
  }

  /// `1 scenario`, `2 scenarios`.
  package static func plural(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }

  /// Seconds for people: `0.004 s` below 0.1 s, `0.37 s` below 10 s, else whole seconds (`12 s`).
  package static func seconds(_ seconds: Double) -> String {
    if seconds < 0.1 { return "\((seconds * 1000).rounded() / 1000) s" }
    return seconds < 10 ? "\((seconds * 100).rounded() / 100) s" : "\(Int(seconds.rounded())) s"
  }

  /// A matrix cell: the text padded to at least 16 columns, with 2 spaces after it.
  static func pad(_ text: String) -> String {
    padded(text, to: max(16, text.count + 2))
  }

  /// A matrix cell under the column headed `header`: as wide as ``pad(_:)`` makes the header, so that a long
  /// implementation name (`kotlin-viewmodel`) keeps its column aligned.
  static func pad(_ text: String, under header: String) -> String {
    padded(text, to: max(16, header.count + 2, text.count + 2))
  }

  /// `text` followed by spaces up to `width` characters, or `text` as it is when it is that long already.
  ///
  /// Characters, not UTF-16 units, are counted, and nothing goes through `NSString`: Foundation's
  /// `padding(toLength:withPad:startingAt:)` bridges every call, which took about 0.05 s of CPU on a parity run
  /// of 10,000 scenarios (a cell per implementation per scenario), nearly half of the text report's time.
  package static func padded(_ text: String, to width: Int) -> String {
    let count = text.count
    return count >= width ? text : text + String(repeating: " ", count: width - count)
  }

  /// How many failing steps after the first are listed (by their mismatch lines, without diffs).
  static let maximumLaterSteps = 10

  /// How many mismatches or divergence rows a failure lists before summarising the rest.
  static let maximumListedItems = 50
}

// MARK: - ControlEscaping

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
