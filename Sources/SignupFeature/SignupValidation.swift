// MARK: - SignupValidation

/// The text rules behind signup spec S1, S2 and S6: `trim`, `normalize`, the valid-username test, the age digits
/// and the display-name length, with the exact messages of signup spec §5.
///
/// A namespace (caseless enum) of pure functions, internal to the feature: the feature depends only on
/// `UnidirectionalFlow`, so it does not borrow the login feature's helpers.
enum SignupValidation {
  // MARK: - Messages (signup spec §5)

  /// S2, S6 username, S7 usernameTaken.
  static let usernameTakenMessage = "That username is taken."
  /// S6 username: the normalized username is empty.
  static let usernameRequiredMessage = "Username is required."
  /// S6 username: the normalized username is not valid (ASCII hyphen-minus in "a-z").
  static let usernameInvalidMessage = "Use 3 to 20 letters a-z, digits or underscores."
  /// S6 displayName: the trimmed display name is empty.
  static let displayNameRequiredMessage = "Display name is required."
  /// S6 displayName: more than ``maximumDisplayNameLength`` grapheme clusters.
  static let displayNameTooLongMessage = "Display name must be at most 30 characters."
  /// S6 age: the trimmed age is empty.
  static let ageRequiredMessage = "Age is required."
  /// S6 age: not 1 to 3 ASCII digits.
  static let ageNotDigitsMessage = "Enter your age in digits."
  /// S6 age: less than ``minimumAge``.
  static let ageTooLowMessage = "You must be at least 13."
  /// S6 age: more than ``maximumAge``.
  static let ageTooHighMessage = "Enter a real age."
  /// S6 terms: not accepted.
  static let termsMessage = "Accept the terms to continue."

  /// S6 displayName: at most 30 extended grapheme clusters.
  static let maximumDisplayNameLength = 30
  /// S6 age: at least 13.
  static let minimumAge = 13
  /// S6 age: at most 130.
  static let maximumAge = 130

  // MARK: - trim (signup spec §3.1)

  /// Whether `scalar` has the Unicode `White_Space` property: the 25 code points of `PropList.txt` listed in
  /// login spec §3.1 (0009–000D, 0020, 0085, 00A0, 1680, 2000–200A, 2028, 2029, 202F, 205F, 3000).
  ///
  /// Written out by value: Foundation's `.whitespacesAndNewlines` also holds U+200B, which is not `White_Space`.
  static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0009...0x000D, 0x0020, 0x0085, 0x00A0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
      true
    default:
      false
    }
  }

  /// `trim(s)` of signup spec §3.1: `text` without its leading and trailing `White_Space` scalars.
  ///
  /// Works on scalars, not grapheme clusters; interior scalars and U+200B are kept; nothing is normalised.
  ///
  /// - Parameter text: The text to trim.
  /// - Returns: The trimmed text; empty if `text` held only `White_Space`.
  static func trim(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }),
      let last = scalars.lastIndex(where: { !isWhiteSpace($0) })
    else { return "" }
    return String(Substring(scalars[first...last]))
  }

  // MARK: - normalize (signup spec §3.2)

  /// `normalize(s)` of signup spec §3.2: ``trim(_:)``, then each scalar replaced by its Unicode default full
  /// lower-case mapping, with no locale and no context.
  ///
  /// `Unicode.Scalar.Properties.lowercaseMapping` is that mapping (`SpecialCasing.txt` unconditional entries, else
  /// `UnicodeData.txt`'s simple mapping): U+0130 İ becomes "i\u{307}", U+212A KELVIN SIGN becomes "k", and Σ always
  /// becomes σ because each scalar is mapped alone (no `Final_Sigma`). It takes no locale, so `I` is `i` everywhere.
  ///
  /// - Parameter text: The username as typed.
  /// - Returns: The normalized username.
  static func normalize(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in trim(text).unicodeScalars {
      result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
    }
    return String(result)
  }

  /// Whether a normalized username is *valid* (signup spec §3.3): 3 to 20 scalars, each `a`–`z`, `0`–`9` or `_`.
  ///
  /// - Parameter normalized: The result of ``normalize(_:)``.
  /// - Returns: `true` if valid.
  static func isValidUsername(_ normalized: String) -> Bool {
    var count = 0
    for scalar in normalized.unicodeScalars {
      count += 1
      switch scalar.value {
      case 0x61...0x7A, 0x30...0x39, 0x5F: continue
      default: return false
      }
    }
    return (3...20).contains(count)
  }

  /// Whether two strings hold the same Unicode scalars (signup spec S2: "compared scalar by scalar"); Swift's `==`
  /// would use canonical equivalence instead.
  static func sameScalars(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
  }

  // MARK: - Display name and age (signup spec §3.4, §3.5)

  /// The number of extended grapheme clusters (UAX #29; signup spec §3.4): Swift's `String.count`.
  ///
  /// - Parameter text: The trimmed display name.
  /// - Returns: The cluster count; "👍🏽" counts 1.
  static func graphemeCount(_ text: String) -> Int {
    text.count
  }

  /// The value of an age that is 1 to 3 scalars in U+0030–U+0039 (signup spec §3.5), or `nil` for anything else.
  ///
  /// The digits are tested first and converted by hand, because `Int(_:)` accepts `+42` and
  /// `Character.wholeNumberValue` accepts Arabic-Indic and fullwidth digits.
  ///
  /// - Parameter trimmed: The trimmed age text.
  /// - Returns: 0–999, so `"042"` is 42; `nil` for `""`, `"0013"`, `"+42"`, `"٤٢"`, `"４２"`, `"4.2"`.
  static func ageValue(_ trimmed: String) -> Int? {
    var value = 0
    var count = 0
    for scalar in trimmed.unicodeScalars {
      guard (0x30...0x39).contains(scalar.value) else { return nil }
      value = value * 10 + Int(scalar.value - 0x30)
      count += 1
      if count > 3 { return nil }
    }
    return count == 0 ? nil : value
  }
}
