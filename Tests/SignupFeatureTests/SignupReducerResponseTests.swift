import Foundation
import SignupFeature
import Testing

/// A created account, for the success cases.
private let account = Account(
  userId: UUID(uuidString: "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") ?? UUID(), createdAt: Date(timeIntervalSince1970: 0))

// MARK: - S7 registerResponse

struct SignupReducerRegisterResponseTests {
  let submitting = SignupState(
    username: "kate", displayName: "Kate", age: "42", acceptedTerms: true, availability: .available,
    isSubmitting: true)

  @Test func successStoresTheUserId() {
    let (state, effects) = reduce(submitting, .registerResponse(result: .success(account: account)))
    #expect(!state.isSubmitting)
    #expect(state.userId == account.userId)
    #expect(effects == [])
  }

  @Test func failureStoresTheMessageVerbatim() {
    let (state, _) = reduce(submitting, .registerResponse(result: .failure(message: "")))
    #expect(!state.isSubmitting)
    #expect(state.submitError == "")
  }

  @Test func usernameTakenMarksTheNameTaken() {
    let (state, _) = reduce(submitting, .registerResponse(result: .usernameTaken))
    #expect(!state.isSubmitting)
    #expect(state.availability == .taken)
    #expect(state.errors.username == "That username is taken.")
  }

  @Test func failureThenRetryClearsSubmitError() {
    let failed = reduce(submitting, .registerResponse(result: .failure(message: "Server down."))).state
    let (retried, effects) = reduce(failed, .submit)
    #expect(retried.submitError == nil)
    #expect(retried.isSubmitting)
    #expect(effects == [.register(username: "kate", displayName: "Kate", age: 42)])
  }

  @Test(arguments: [RegisterResult.success(account: account), .failure(message: "x"), .usernameTaken])
  func responseWhileNotSubmittingIsIgnored(result: RegisterResult) {
    let idle = SignupState(username: "kate", availability: .checking)
    #expect(reduce(idle, .registerResponse(result: result)) == (idle, []))
  }
}

// MARK: - S8 dismissed

struct SignupReducerDismissTests {
  @Test func dismissWhileCheckingAndSubmittingCancelsBothInOrder() {
    let busy = SignupState(username: "kate", availability: .checking, isSubmitting: true, submitError: nil)
    let (state, effects) = reduce(busy, .dismissed)
    #expect(state == SignupState(username: "kate", availability: .unknown, isSubmitting: false))
    #expect(effects == [.cancel(id: "availability"), .cancel(id: "register")])
    #expect(reduce(state, .availabilityResponse(username: "kate", available: true)).state == state)
    #expect(reduce(state, .registerResponse(result: .success(account: account))).state == state)
  }

  @Test func dismissWhileOnlySubmittingCancelsTheRegisterRequest() {
    let busy = SignupState(username: "kate", availability: .available, isSubmitting: true)
    let (state, effects) = reduce(busy, .dismissed)
    #expect(state.availability == .available && !state.isSubmitting)
    #expect(effects == [.cancel(id: "register")])
  }

  @Test func dismissWhileIdleIsIgnored() {
    let idle = SignupState(username: "kate", availability: .taken, errors: .init(username: "That username is taken."))
    #expect(reduce(idle, .dismissed) == (idle, []))
  }
}

// MARK: - Effects

struct SignupEffectTests {
  @Test func effectsDeclareTheirCancellationIds() {
    #expect(SignupEffect.checkAvailability(username: "kate").cancellationID == "availability")
    #expect(SignupEffect.register(username: "kate", displayName: "K", age: 42).cancellationID == "register")
    #expect(SignupEffect.cancel(id: "register").cancellationID == nil)
    #expect(SignupEffect.cancel(id: "register").cancelledID == "register")
    #expect(SignupEffect.checkAvailability(username: "kate").cancelledID == nil)
  }
}
