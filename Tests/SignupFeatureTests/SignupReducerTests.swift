import SignupFeature
import Testing

// MARK: - S1 usernameChanged

struct SignupReducerUsernameTests {
  @Test func validNameIsStoredVerbatimAndStartsACheckWithTheNormalizedName() {
    let (state, effects) = reduce(
      SignupState(errors: .init(username: "That username is taken.")), .usernameChanged(value: " Kate "))
    #expect(state.username == " Kate ")
    #expect(state.availability == .checking)
    #expect(state.errors.username == nil)
    #expect(effects == [.checkAvailability(username: "kate")])
  }

  @Test func kelvinSignNormalizesToAValidName() {
    let (state, effects) = reduce(SignupState(), .usernameChanged(value: "\u{212A}ate"))
    #expect(state.username.scalars == "\u{212A}ate".scalars)
    #expect(effects == [.checkAvailability(username: "kate")])
  }

  @Test func typingWhileCheckingStartsANewCheckWithoutCancel() {
    let (state, effects) = reduce(
      SignupState(username: "kate", availability: .checking), .usernameChanged(value: "kated"))
    #expect(state.availability == .checking)
    #expect(effects == [.checkAvailability(username: "kated")])
  }

  @Test(arguments: ["\u{130}stanbul", "stra\u{DF}e", "kate\u{200B}", "ab", "abcdefghijklmnopqrstu", ""])
  func invalidNameWhileCheckingCancelsTheCheck(value: String) {
    let (state, effects) = reduce(
      SignupState(username: "kate", availability: .checking), .usernameChanged(value: value))
    #expect(state.username.scalars == value.scalars)
    #expect(state.availability == .unknown)
    #expect(effects == [.cancel(id: "availability")])
  }

  @Test(arguments: [SignupState.Availability.unknown, .available, .taken])
  func invalidNameWhileNotCheckingResetsAvailabilityWithoutEffects(availability: SignupState.Availability) {
    let (state, effects) = reduce(
      SignupState(username: "kate", availability: availability, errors: .init(username: "That username is taken.")),
      .usernameChanged(value: "k"))
    #expect(state.availability == .unknown)
    #expect(state.errors.username == nil)
    #expect(effects == [])
  }

  @Test func twentyCharactersStartACheckAndTwentyOneDoNot() {
    #expect(
      reduce(SignupState(), .usernameChanged(value: "abcdefghijklmnopqrst")).effects == [
        .checkAvailability(username: "abcdefghijklmnopqrst")
      ])
    #expect(reduce(SignupState(), .usernameChanged(value: "abcdefghijklmnopqrstu")).effects == [])
  }
}

// MARK: - S2 availabilityResponse

struct SignupReducerAvailabilityTests {
  let checking = SignupState(username: "Kate", availability: .checking)

  @Test func availableAnswerForTheCurrentNameMarksItAvailable() {
    let (state, effects) = reduce(checking, .availabilityResponse(username: "kate", available: true))
    #expect(state == SignupState(username: "Kate", availability: .available))
    #expect(effects == [])
  }

  @Test func takenAnswerForTheCurrentNameSetsTheError() {
    let (state, _) = reduce(checking, .availabilityResponse(username: "kate", available: false))
    #expect(state.availability == .taken)
    #expect(state.errors.username == "That username is taken.")
  }

  @Test func staleAnswerIsIgnored() {
    let (state, effects) = reduce(checking, .availabilityResponse(username: "kat", available: false))
    #expect(state == checking)
    #expect(effects == [])
  }

  @Test func answerForTheUnnormalizedNameIsIgnored() {
    #expect(reduce(checking, .availabilityResponse(username: "Kate", available: true)).state == checking)
  }

  @Test(arguments: [SignupState.Availability.unknown, .available, .taken])
  func answerWhileNotCheckingIsIgnored(availability: SignupState.Availability) {
    let idle = SignupState(username: "kate", availability: availability)
    #expect(reduce(idle, .availabilityResponse(username: "kate", available: false)).state == idle)
  }
}

// MARK: - S3, S4, S5 field edits

struct SignupReducerFieldTests {
  let withErrors = SignupState(
    errors: .init(username: "u", displayName: "d", age: "a", terms: "t"), isSubmitting: true, submitError: "s")

  @Test func displayNameIsStoredVerbatimAndClearsOnlyItsError() {
    let (state, effects) = reduce(withErrors, .displayNameChanged(value: " e\u{301} "))
    #expect(state.displayName.scalars == " e\u{301} ".scalars)
    #expect(state.errors == .init(username: "u", displayName: nil, age: "a", terms: "t"))
    #expect(state.isSubmitting && state.submitError == "s")
    #expect(effects == [])
  }

  @Test func ageIsStoredAsRawTextAndClearsOnlyItsError() {
    let (state, effects) = reduce(withErrors, .ageChanged(value: "\u{664}\u{662}"))
    #expect(state.age.scalars == "\u{664}\u{662}".scalars)
    #expect(state.errors == .init(username: "u", displayName: "d", age: nil, terms: "t"))
    #expect(effects == [])
  }

  @Test func termsToggledFlipsAndClearsOnlyItsError() {
    let (once, effects) = reduce(withErrors, .termsToggled)
    #expect(once.acceptedTerms)
    #expect(once.errors == .init(username: "u", displayName: "d", age: "a", terms: nil))
    #expect(effects == [])
    #expect(!reduce(once, .termsToggled).state.acceptedTerms)
  }
}
