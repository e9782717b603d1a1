import LoginFeature
import Testing

// MARK: - L1, L2: field edits

struct LoginReducerFieldTests {
  static let values = [
    "", "ada@example.com", "  padded  ", "\u{200B}", "\u{3000}", "e\u{301}", "👨‍👩‍👧", "a\u{0}b",
  ]
  static let busy = LoginState(email: "old", password: "old", isLoading: true, error: "Some error.")

  @Test(arguments: values)
  func emailChangedStoresTheValueVerbatim(value: String) {
    let (state, effects) = reduce(Self.busy, .emailChanged(value))
    #expect(state.email.scalars == value.scalars)
    #expect(state.password == "old" && state.isLoading && state.error == "Some error.")
    #expect(effects == [])
  }

  @Test(arguments: values)
  func passwordChangedStoresTheValueVerbatim(value: String) {
    let (state, effects) = reduce(Self.busy, .passwordChanged(value))
    #expect(state.password.scalars == value.scalars)
    #expect(state.email == "old" && state.isLoading && state.error == "Some error.")
    #expect(effects == [])
  }

  /// Swift's `==` is canonical equivalence, so it would hide normalisation; compare scalars instead.
  @Test func decomposedInputIsStoredWithoutNormalisation() {
    let nfd = "jose\u{301}@example.com"
    let nfc = "jos\u{E9}@example.com"
    #expect(nfd == nfc, "precondition: String == treats NFD and NFC as equal")
    var state = LoginState()
    _ = LoginReducer().reduce(into: &state, action: .emailChanged(nfd))
    _ = LoginReducer().reduce(into: &state, action: .passwordChanged("pa\u{301}ssword"))
    #expect(state.email.scalars == nfd.scalars)
    #expect(state.email.scalars != nfc.scalars)
    #expect(state.password.scalars == "pa\u{301}ssword".scalars)
  }
}

// MARK: - L3: submit

struct LoginReducerSubmitTests {
  static let valid = "ada@example.com"
  static let password = "correct horse"

  @Test(arguments: [
    LoginState(email: valid, password: password, isLoading: true),
    LoginState(email: "", password: "", isLoading: true, error: "Email is required."),
    LoginState(email: "bad", password: "x", isLoading: true),
  ])
  func submitWhileLoadingIsIgnored(state: LoginState) {
    let (next, effects) = reduce(state, .submit)
    #expect(next == state)
    #expect(effects == [])
  }

  @Test(arguments: [
    // (case, email, password, expected error): L3.c before L3.d before L3.e.
    ("c: empty", "", password, "Email is required."),
    ("c: spaces only, short password", "   ", "x", "Email is required."),
    ("c: every White_Space scalar", String(String.UnicodeScalarView(whiteSpaceScalars)), "", "Email is required."),
    ("d: U+200B only is not trimmed", "\u{200B}", password, "Enter a valid email address."),
    ("d: U+FEFF only is not trimmed", "\u{FEFF}", password, "Enter a valid email address."),
    ("d before e", "nope", "x", "Enter a valid email address."),
    ("d: interior space", "ada @example.com", password, "Enter a valid email address."),
    ("e: 7 ASCII", valid, "1234567", "Password must be at least 8 characters."),
    ("e: empty", valid, "", "Password must be at least 8 characters."),
    ("e: 7 skin-tone emoji (14 scalars)", valid, "👍🏽".repeated(7), "Password must be at least 8 characters."),
    ("e: 7 ZWJ families", valid, "👨‍👩‍👧".repeated(7), "Password must be at least 8 characters."),
    ("e: 7 × e + U+0301", valid, "e\u{301}".repeated(7), "Password must be at least 8 characters."),
    ("e: 4 emoji (8 UTF-16 units)", valid, "😀".repeated(4), "Password must be at least 8 characters."),
  ])
  func invalidSubmitSetsOnlyTheError(name: String, email: String, password: String, message: String) {
    let state = LoginState(email: email, password: password, error: "Previous error.")
    let (next, effects) = reduce(state, .submit)
    #expect(next.error == message, "\(name)")
    #expect(next.email.scalars == email.scalars)
    #expect(next.password.scalars == password.scalars)
    #expect(!next.isLoading)
    #expect(effects == [])
  }

  @Test(arguments: [
    ("8 ASCII", "12345678"),
    ("8 spaces (passwords are not trimmed)", " ".repeated(8)),
    ("8 skin-tone emoji", "👍🏽".repeated(8)),
    ("8 ZWJ families", "👨‍👩‍👧".repeated(8)),
    ("8 × e + U+0301", "e\u{301}".repeated(8)),
  ])
  func validSubmitStartsAuthentication(name: String, password: String) {
    let state = LoginState(email: Self.valid, password: password, error: "Previous error.")
    let (next, effects) = reduce(state, .submit)
    #expect(next == LoginState(email: Self.valid, password: password, isLoading: true, error: nil), "\(name)")
    #expect(effects == [.authenticate(email: Self.valid, password: password)])
    guard case .authenticate(_, let sent) = effects.first else { return }
    #expect(sent.scalars == password.scalars)
  }

  @Test(arguments: whiteSpaceScalars)
  func surroundingWhiteSpaceIsTrimmedFromTheSentEmailButKeptInState(scalar: Unicode.Scalar) {
    let typed = "\(scalar)\(scalar)\(Self.valid)\(scalar)"
    let (next, effects) = reduce(LoginState(email: typed, password: Self.password), .submit)
    #expect(next.email.scalars == typed.scalars)
    #expect(next.isLoading)
    #expect(sentEmail(effects)?.scalars == Self.valid.scalars)
  }

  @Test(arguments: notWhiteSpaceScalars)
  func lookalikeScalarsAreNotTrimmedAndAreSent(scalar: Unicode.Scalar) {
    let typed = " \(scalar)\(Self.valid)\(scalar) "
    let (next, effects) = reduce(LoginState(email: typed, password: Self.password), .submit)
    #expect(next.isLoading)
    #expect(sentEmail(effects)?.scalars == "\(scalar)\(Self.valid)\(scalar)".scalars)
  }

  @Test(arguments: whiteSpaceScalars)
  func interiorWhiteSpaceIsAnInvalidAddress(scalar: Unicode.Scalar) {
    let (next, effects) = reduce(LoginState(email: "ada\(scalar)@example.com", password: Self.password), .submit)
    #expect(next.error == "Enter a valid email address.")
    #expect(effects == [])
  }

  @Test func zeroWidthSpaceInsideAValidAddressStaysAndIsSent() {
    let typed = "ad\u{200B}a@example.com"
    let (next, effects) = reduce(LoginState(email: typed, password: Self.password), .submit)
    #expect(next.isLoading)
    #expect(sentEmail(effects)?.scalars == typed.scalars)
    #expect(sentEmail(effects)?.unicodeScalars.contains("\u{200B}") == true)
  }

  @Test func decomposedEmailIsSentWithoutNormalisation() {
    let typed = " jose\u{301}@example.com "
    let (_, effects) = reduce(LoginState(email: typed, password: Self.password), .submit)
    #expect(sentEmail(effects)?.scalars == "jose\u{301}@example.com".scalars)
  }

  @Test(arguments: [
    ("'@' + combining mark is still one '@'", "a@\u{301}b.c"),
    ("'.' + combining mark is still a '.'", "a@b.\u{301}c"),
  ])
  func ruleDCountsScalarsNotCharacters(name: String, email: String) {
    let (next, effects) = reduce(LoginState(email: email, password: Self.password), .submit)
    #expect(next.error == nil, "\(name)")
    #expect(sentEmail(effects)?.scalars == email.scalars)
  }

  private func sentEmail(_ effects: [LoginEffect]) -> String? {
    guard effects.count == 1, case .authenticate(let email, _) = effects[0] else { return nil }
    return email
  }
}
