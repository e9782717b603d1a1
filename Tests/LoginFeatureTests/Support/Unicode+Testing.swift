import LoginFeature
import Testing

// MARK: - Unicode helpers for tests

/// The 25 `White_Space` code points of Unicode `PropList.txt`, written out independently of
/// `LoginValidation` (login spec L3.b).
let whiteSpaceScalars: [Unicode.Scalar] = scalars([
  0x0009...0x000D, 0x0020...0x0020, 0x0085...0x0085, 0x00A0...0x00A0, 0x1680...0x1680,
  0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
])

/// Scalars that look like white space but are not `White_Space` (login spec L3.b: "NOT U+200B, U+FEFF,
/// U+180E, U+001C–U+001F").
let notWhiteSpaceScalars: [Unicode.Scalar] = scalars([
  0x200B...0x200B, 0xFEFF...0xFEFF, 0x180E...0x180E, 0x001C...0x001F,
])

private func scalars(_ ranges: [ClosedRange<UInt32>]) -> [Unicode.Scalar] {
  ranges.flatMap { $0 }.compactMap { Unicode.Scalar($0) }
}

extension Unicode.Scalar {
  /// "U+XXXX", for test names and messages.
  var codePoint: String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension String {
  /// The string's Unicode scalars as an array: compare these to see differences that `==` hides
  /// (Swift compares strings by canonical equivalence).
  var scalars: [Unicode.Scalar] { Array(unicodeScalars) }

  /// `count` copies of `self`, concatenated.
  func repeated(_ count: Int) -> String {
    String(repeating: self, count: count)
  }
}

/// Applies one action with ``LoginReducer`` and returns the new state and the effects.
func reduce(_ state: LoginState, _ action: LoginAction) -> (state: LoginState, effects: [LoginEffect]) {
  var state = state
  let effects = LoginReducer().reduce(into: &state, action: action)
  return (state, effects)
}

extension Unicode.Scalar: @retroactive CustomTestStringConvertible {
  /// The scalar as `U+XXXX`, so test reports name invisible characters.
  public var testDescription: String { codePoint }
}
