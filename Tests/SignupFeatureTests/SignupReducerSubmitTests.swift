import SignupFeature
import Testing

// MARK: - S6 submit

struct SignupReducerSubmitTests {
  func errors(after state: SignupState) -> SignupState.FieldErrors {
    reduce(state, .submit).state.errors
  }

  @Test func validFormRegistersWithNormalizedNameTrimmedDisplayNameAndIntegerAge() {
    var form = validForm
    form.displayName = "\u{3000} Kate K. \u{85}"
    form.age = " 042 "
    form.submitError = "Old failure."
    let (state, effects) = reduce(form, .submit)
    #expect(state.isSubmitting)
    #expect(state.errors == SignupState.FieldErrors())
    #expect(state.submitError == nil)
    #expect(effects == [.register(username: "kate", displayName: "Kate K.", age: 42)])
  }

  @Test func submitWhileSubmittingIsIgnored() {
    var busy = validForm
    busy.isSubmitting = true
    busy.age = "x"
    #expect(reduce(busy, .submit) == (busy, []))
  }

  @Test func everyFieldWrongSetsFourErrorsAndNoEffect() {
    let (state, effects) = reduce(SignupState(submitError: "Old failure."), .submit)
    #expect(
      state.errors
        == .init(
          username: "Username is required.", displayName: "Display name is required.", age: "Age is required.",
          terms: "Accept the terms to continue."))
    #expect(state.submitError == nil)
    #expect(!state.isSubmitting)
    #expect(effects == [])
  }

  @Test(arguments: [
    ("\u{3000}\u{85}", "Username is required."),
    ("ab", "Use 3 to 20 letters a-z, digits or underscores."),
    ("\u{130}stanbul", "Use 3 to 20 letters a-z, digits or underscores."),
    ("stra\u{DF}e", "Use 3 to 20 letters a-z, digits or underscores."),
    ("\u{200B}", "Use 3 to 20 letters a-z, digits or underscores."),
  ])
  func usernameErrorsInClauseOrder(username: String, message: String) {
    var form = validForm
    form.username = username
    form.availability = .taken
    #expect(errors(after: form).username == message)
  }

  @Test func takenAvailabilityBlocksAndCheckingOrUnknownDoNot() {
    var form = validForm
    form.availability = .taken
    #expect(errors(after: form).username == "That username is taken.")
    form.availability = .checking
    #expect(reduce(form, .submit).effects == [.register(username: "kate", displayName: "Kate", age: 42)])
    form.availability = .unknown
    #expect(reduce(form, .submit).state.isSubmitting)
  }

  @Test func thirtyEmojiWithSkinTonesAreAcceptedAndThirtyOneAreTooLong() {
    var form = validForm
    form.displayName = String(repeating: "👍🏽", count: 30)
    #expect(errors(after: form).displayName == nil)
    form.displayName = String(repeating: "👍🏽", count: 31)
    #expect(errors(after: form).displayName == "Display name must be at most 30 characters.")
  }

  @Test(arguments: [
    ("", "Age is required."), ("\u{85}\u{A0}", "Age is required."),
    ("0013", "Enter your age in digits."), ("+42", "Enter your age in digits."), ("-1", "Enter your age in digits."),
    ("4.2", "Enter your age in digits."), ("\u{664}\u{662}", "Enter your age in digits."),
    ("\u{FF14}\u{FF12}", "Enter your age in digits."),
    ("12", "You must be at least 13."), ("000", "You must be at least 13."),
    ("131", "Enter a real age."), ("999", "Enter a real age."),
  ])
  func ageErrorsInClauseOrder(age: String, message: String) {
    var form = validForm
    form.age = age
    let (state, effects) = reduce(form, .submit)
    #expect(state.errors == .init(age: message))
    #expect(effects == [])
  }

  @Test(arguments: [("13", 13), ("130", 130), ("042", 42), ("\u{85}13\u{85}", 13)])
  func agesInRangeAreSentAsIntegers(age: String, value: Int) {
    var form = validForm
    form.age = age
    #expect(reduce(form, .submit).effects == [.register(username: "kate", displayName: "Kate", age: value)])
  }

  @Test func termsNotAcceptedBlocks() {
    var form = validForm
    form.acceptedTerms = false
    let (state, effects) = reduce(form, .submit)
    #expect(state.errors == .init(terms: "Accept the terms to continue."))
    #expect(effects == [])
  }
}
