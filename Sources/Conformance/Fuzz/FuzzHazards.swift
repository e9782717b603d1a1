/// The characters where platforms are known to differ, by class: what the string generator of
/// `conformance fuzz` inserts, replaces and wraps dictionary values with.
///
/// Each piece is a short string of Unicode scalars (one scalar, or a sequence such as CR LF or an emoji ZWJ
/// sequence). By default only pieces whose Unicode properties agree across the versions the spec covers are used
/// (login.md §3.3: Unicode 15.0 as normative, ICU 72 on the Kotlin side, Swift 6.3's Unicode 17.0 data), so
/// Unicode-version differences cannot drown real divergences; ``versionDependent`` holds the ones that do not agree
/// (the classes of login.md §3.3's table and Conformance/unicode/known-divergences.json), used only with
/// `--unicode-all`.
package enum FuzzHazards {
  /// A named class of pieces.
  package struct HazardClass: Sendable {
    /// The class's name, e.g. `white-space`.
    package var name: String
    /// Its pieces.
    package var pieces: [String]
  }

  /// The 25 `White_Space` scalars (login.md §3.1, Unicode `PropList.txt`).
  package static let whiteSpace = HazardClass(
    name: "white-space",
    pieces: ([0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680] + Array(0x2000...0x200A)
      + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000]).map(piece))

  /// Look-alikes of white space that are not `White_Space` (login.md §3.1): U+200B, U+200C, U+200D, U+2060,
  /// U+FEFF, U+180E and U+001C–U+001F.
  package static let notWhiteSpace = HazardClass(
    name: "not-white-space",
    pieces: [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0x1C, 0x1D, 0x1E, 0x1F].map(piece))

  /// Combining marks, and NFC/NFD pairs (each letter precomposed and decomposed, and U+212B ANGSTROM SIGN, whose
  /// NFC is U+00C5).
  package static let combining = HazardClass(
    name: "combining",
    pieces: [
      "\u{301}", "\u{308}", "\u{327}", "\u{30A}", "\u{20DD}", "\u{E9}", "e\u{301}", "\u{F1}", "n\u{303}", "\u{C5}",
      "A\u{30A}", "\u{212B}", "\u{FC}", "u\u{308}",
    ])

  /// Emoji with a modifier and with ZWJ, and regional indicators (segmentation rules stable since Unicode 11:
  /// GB9, GB11, GB12/13).
  package static let emoji = HazardClass(
    name: "emoji",
    pieces: [
      "\u{1F44D}", "\u{1F44D}\u{1F3FD}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
      "\u{1F1EB}\u{1F1F7}", "\u{1F1E9}\u{1F1EA}", "\u{1F1EB}", "\u{2764}\u{FE0F}", "\u{1F3FD}",
    ])

  /// Hangul jamo (L, V, T and a precomposed syllable) and CR LF (GB3, GB6–GB8).
  package static let hangulAndLineBreaks = HazardClass(
    name: "hangul-crlf", pieces: ["\u{1100}", "\u{1161}", "\u{11A8}", "\u{1100}\u{1161}\u{11A8}", "\u{AC01}", "\r\n"])

  /// Look-alikes of `@` and `.` (U+FF20, U+FE6B, U+FF0E, U+3002, U+FE52, U+2024), which L3.d does not count.
  package static let lookAlikes = HazardClass(
    name: "look-alikes", pieces: [0xFF20, 0xFE6B, 0xFF0E, 0x3002, 0xFE52, 0x2024].map(piece))

  /// Case-mapping specials: İ, ı, ß, ς, σ, Σ, U+212A KELVIN SIGN, ﬀ.
  package static let caseSpecials = HazardClass(
    name: "case-specials", pieces: [0x130, 0x131, 0xDF, 0x3C2, 0x3C3, 0x3A3, 0x212A, 0xFB00].map(piece))

  /// Non-ASCII digits (Arabic-Indic, fullwidth, Devanagari) and bidi marks and controls.
  package static let digitsAndBidi = HazardClass(
    name: "digits-bidi",
    pieces: [0x664, 0x662, 0xFF14, 0xFF12, 0x966, 0x200E, 0x200F, 0x202E, 0x2066, 0x2069].map(piece))

  /// Characters whose segmentation differs between the Unicode versions of the platforms (login.md §3.3): a mark
  /// assigned after 15.0 (U+0897), a mark of 14.0 that Unicode 13 data splits (U+0C3C), pictographs that lost
  /// Extended_Pictographic in 17.0 (U+2701, U+1F000), a GB9c Indic conjunct, and a Prepend character (U+0600).
  package static let versionDependent = HazardClass(
    name: "version-dependent",
    pieces: [
      "\u{897}", "\u{C3C}", "\u{2701}", "\u{2701}\u{200D}\u{2701}", "\u{1F000}", "\u{915}\u{94D}\u{924}", "\u{600}",
    ])

  /// The classes the generator draws from: every class above, ``versionDependent`` only when `unicodeAll`.
  package static func classes(unicodeAll: Bool) -> [HazardClass] {
    let stable = [
      whiteSpace, notWhiteSpace, combining, emoji, hangulAndLineBreaks, lookAlikes, caseSpecials, digitsAndBidi,
    ]
    return unicodeAll ? stable + [versionDependent] : stable
  }

  /// Whether `text` holds a scalar of ``versionDependent`` (such a dictionary value is left out by default). Only
  /// the scalars listed there are known: a dictionary value with another post-15.0 character is caught only by its
  /// scenario's `unicode-version-dependent` tag (``FuzzDictionary``).
  package static func isVersionDependent(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in versionDependentScalars.contains(scalar.value) }
  }

  private static let versionDependentScalars: Set<UInt32> = [0x897, 0xC3C, 0x2701, 0x1F000, 0x94D, 0x600]

  private static func piece(_ value: Int) -> String {
    Unicode.Scalar(UInt32(value)).map { String(Character($0)) } ?? ""
  }
}
