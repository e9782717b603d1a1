// MARK: - LoginValidation

/// The text rules behind login spec L3: `White_Space` trimming, the email check, and password length in
/// extended grapheme clusters, with the exact messages the spec prescribes.
///
/// A namespace (caseless enum); every function is pure.
///
/// ```swift
/// let trimmed = LoginValidation.trimmingWhiteSpace("  ada@example.com\u{3000}")  // "ada@example.com"
/// LoginValidation.isValidEmailAddress(trimmed)                                  // true
/// LoginValidation.graphemeCount("👍🏽")                                         // 1
/// ```
public enum LoginValidation {
  // MARK: - Messages

  /// L3.c: the trimmed email is empty.
  public static let emailRequiredMessage = "Email is required."
  /// L3.d: the trimmed email is not a valid address.
  public static let invalidEmailMessage = "Enter a valid email address."
  /// L3.e: the password is shorter than ``minimumPasswordLength`` grapheme clusters.
  public static let passwordTooShortMessage = "Password must be at least 8 characters."
  /// L3.e: the minimum password length, in extended grapheme clusters: 8.
  public static let minimumPasswordLength = 8

  // MARK: - White_Space

  /// Whether `scalar` has the Unicode `White_Space` property (login spec L3.b).
  ///
  /// Exactly the 25 code points listed as `White_Space` in Unicode's `PropList.txt` (unchanged since
  /// Unicode 6.3, when U+180E MONGOLIAN VOWEL SEPARATOR was removed):
  ///
  /// ```
  /// 0009..000D    ; White_Space # Cc   [5] <control-0009>..<control-000D>
  /// 0020          ; White_Space # Zs       SPACE
  /// 0085          ; White_Space # Cc       <control-0085>
  /// 00A0          ; White_Space # Zs       NO-BREAK SPACE
  /// 1680          ; White_Space # Zs       OGHAM SPACE MARK
  /// 2000..200A    ; White_Space # Zs  [11] EN QUAD..HAIR SPACE
  /// 2028          ; White_Space # Zl       LINE SEPARATOR
  /// 2029          ; White_Space # Zp       PARAGRAPH SEPARATOR
  /// 202F          ; White_Space # Zs       NARROW NO-BREAK SPACE
  /// 205F          ; White_Space # Zs       MEDIUM MATHEMATICAL SPACE
  /// 3000          ; White_Space # Zs       IDEOGRAPHIC SPACE
  /// ```
  ///
  /// Not included, although often mistaken for white space: U+200B ZERO WIDTH SPACE, U+FEFF ZERO WIDTH
  /// NO-BREAK SPACE, U+180E, U+001C–U+001F (the information separators that Java's
  /// `Character.isWhitespace`, and so Kotlin's `trim()`, treat as white space). Foundation's
  /// `.whitespacesAndNewlines` is not this set either, so the set is written out by value.
  ///
  /// - Parameter scalar: The Unicode scalar to classify.
  /// - Returns: `true` for the 25 `White_Space` code points, `false` for every other scalar.
  public static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0009...0x000D, 0x0020, 0x0085, 0x00A0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F,
      0x205F, 0x3000:
      true
    default:
      false
    }
  }

  /// Removes leading and trailing `White_Space` scalars (login spec L3.b); everything else is kept
  /// verbatim, including interior white space and non-`White_Space` format characters such as U+200B.
  ///
  /// Works on Unicode scalars, so a combining mark after a trailing space keeps that space (the mark is
  /// not `White_Space`). The result is never normalised.
  ///
  /// - Parameter text: The text to trim.
  /// - Returns: `text` without its leading and trailing `White_Space` scalars; empty if it had only those.
  public static func trimmingWhiteSpace(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }),
      let last = scalars.lastIndex(where: { !isWhiteSpace($0) })
    else { return "" }
    return String(Substring(scalars[first...last]))
  }

  /// Whether `text` contains any `White_Space` scalar (login spec L3.d, last clause).
  ///
  /// - Parameter text: The text to search.
  /// - Returns: `true` if any scalar of `text` is `White_Space` (see ``isWhiteSpace(_:)``).
  public static func containsWhiteSpace(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isWhiteSpace)
  }

  // MARK: - Email

  /// Whether an already trimmed email passes login spec L3.d.
  ///
  /// Valid when, counting Unicode scalars (not Swift `Character`s, which can glue a combining mark onto
  /// `@` or `.`): there is exactly one `@` (U+0040); the part before it is non-empty; the part after it
  /// contains a `.` (U+002E) and neither starts nor ends with one; and no scalar is `White_Space`.
  ///
  /// - Parameter trimmed: The email after ``trimmingWhiteSpace(_:)``.
  /// - Returns: `true` if the address is valid under L3.d.
  public static func isValidEmailAddress(_ trimmed: String) -> Bool {
    let scalars = Array(trimmed.unicodeScalars)
    let at: Unicode.Scalar = "@"
    let dot: Unicode.Scalar = "."
    guard let atIndex = scalars.firstIndex(of: at),
      atIndex == scalars.lastIndex(of: at),  // exactly one '@'
      atIndex > scalars.startIndex  // non-empty local part
    else { return false }
    let domain = scalars[(atIndex + 1)...]
    guard domain.contains(dot), domain.first != dot, domain.last != dot else { return false }
    return !scalars.contains(where: isWhiteSpace)
  }

  // MARK: - Password

  /// The number of extended grapheme clusters in `text` (Unicode UAX #29), as login spec L3.e counts.
  ///
  /// Swift's `Character` is an extended grapheme cluster, so this is `text.count`: "👍🏽" (thumbs up +
  /// skin tone), "👨‍👩‍👧" (a ZWJ family) and "e\u{301}" (e + combining acute) each count as 1.
  ///
  /// - Parameter text: The text to measure.
  /// - Returns: The number of extended grapheme clusters, `0` for an empty string.
  public static func graphemeCount(_ text: String) -> Int {
    text.count
  }
}
