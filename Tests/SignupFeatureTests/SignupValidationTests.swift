import Testing

@testable import SignupFeature

// MARK: - trim and normalize (signup spec §3.1, §3.2)

struct SignupValidationTests {
  @Test func trimRemovesWhiteSpaceAtBothEndsIncludingNextLine() {
    #expect(SignupValidation.trim("\u{85}13\u{85}") == "13")
    #expect(SignupValidation.trim("\u{A0}\u{3000} a b \t\n") == "a b")
    #expect(SignupValidation.trim("\u{2028}\u{2029}") == "")
  }

  @Test func trimKeepsZeroWidthSpace() {
    #expect(SignupValidation.trim("\u{200B}kate\u{200B}").scalars == "\u{200B}kate\u{200B}".scalars)
  }

  @Test(arguments: [
    ("Kate", "kate"),
    ("\u{212A}ate", "kate"),  // KELVIN SIGN → k
    ("\u{130}stanbul", "i\u{307}stanbul"),  // SpecialCasing.txt unconditional: İ → i + U+0307
    ("STRASSE", "strasse"),
    ("stra\u{DF}e", "stra\u{DF}e"),  // ß is not folded to ss
    ("\u{3A3}\u{391}\u{3A3}", "\u{3C3}\u{3B1}\u{3C3}"),  // no Final_Sigma: Σ → σ at the end too
    ("I", "i"),  // no Turkish dotless ı, whatever the device locale
    ("\u{A0}Kate\u{85}", "kate"),
    ("KATE\u{200B}", "kate\u{200B}"),
  ])
  func normalizeTrimsThenLowerCasesEachScalarWithTheFullMapping(input: String, expected: String) {
    #expect(SignupValidation.normalize(input).scalars == expected.scalars)
  }

  @Test(arguments: ["abc", "a_1", "kate", "abcdefghijklmnopqrst", "___", "007"])
  func validUsernamesAreThreeToTwentyOfAToZDigitsUnderscore(name: String) {
    #expect(SignupValidation.isValidUsername(name))
  }

  @Test(arguments: [
    "", "ab", "abcdefghijklmnopqrstu", "Kate", "ka-te", "ka te", "stra\u{DF}e", "i\u{307}stanbul", "kate\u{200B}",
    "\u{3C3}\u{3B1}\u{3C3}",
  ])
  func otherUsernamesAreInvalid(name: String) {
    #expect(!SignupValidation.isValidUsername(name))
  }

  @Test(arguments: [("0", 0), ("7", 7), ("13", 13), ("042", 42), ("130", 130), ("999", 999)])
  func ageValueReadsOneToThreeASCIIDigits(text: String, value: Int) {
    #expect(SignupValidation.ageValue(text) == value)
  }

  @Test(arguments: ["", "0013", "1000", "+42", "-1", "4.2", "4 2", "\u{664}\u{662}", "\u{FF14}\u{FF12}", "42a"])
  func ageValueRefusesEverythingElse(text: String) {
    #expect(SignupValidation.ageValue(text) == nil)
  }

  @Test func graphemeCountCountsAnEmojiWithSkinToneAsOne() {
    #expect(SignupValidation.graphemeCount(String(repeating: "👍🏽", count: 30)) == 30)
    #expect(SignupValidation.graphemeCount("e\u{301}") == 1)
  }
}
