import Conformance
import Foundation
import LoginFeature
import UnidirectionalFlow

/// The seeded cross-platform bugs, one per class, as login reducers that differ from login.md in one
/// place each: what `conformance fuzz` must find against the correct Swift login. Test support only, shared by the
/// fuzz tests and `FuzzBenchTool`: never declared in Conformance/implementations.json, never shipped in the
/// `conformance` tool.
package enum LoginMutation: String, CaseIterable, Sendable {
  /// Trim sets: L3.b trims with Kotlin's `Char.isWhitespace` (login.md §6.2): U+001C–U+001F are trimmed, U+0085 is
  /// not.
  case trimsWithJavaWhitespace
  /// Trim sets: L3.b trims with Foundation's `.whitespacesAndNewlines` (login.md §6.1), which holds U+200B.
  case trimsWithFoundationWhitespace
  /// UTF-16 vs grapheme length: L3.e counts UTF-16 code units (Kotlin's `String.length`).
  case countsUTF16Units
  /// Split semantics: L3.d splits at `@` dropping empty parts, so `a@@b.co` passes (one the bundled scenarios
  /// missed).
  case splitDropsEmptyParts
  /// NFC normalisation: L3.f sends the trimmed email in NFC.
  case normalizesEmailToNFC
  /// Case mapping: L3.f sends the trimmed email lower-cased (the other one the bundled scenarios missed).
  case lowercasesEmail
  /// Missing guard: L4.a is gone, so a response while idle lands.
  case lacksLateResponseGuard
  /// Missing guard: L3.a is gone, so a submit while loading validates again and starts a second request.
  case lacksDoubleSubmitGuard

  /// The in-process implementation named `mutant` that runs this mutant.
  package var implementation: SwiftImplementation {
    SwiftImplementation(
      name: "mutant",
      features: [CodableFeature("login", reducer: MutantLoginReducer(mutation: self), initialState: LoginState())])
  }
}

/// ``LoginReducer`` with one ``LoginMutation`` applied.
package struct MutantLoginReducer: Reducer {
  /// The one place where this reducer differs from ``LoginReducer``.
  package let mutation: LoginMutation

  /// Creates the reducer with `mutation` applied.
  package init(mutation: LoginMutation) {
    self.mutation = mutation
  }

  /// Reduces as ``LoginReducer`` does, except where ``mutation`` says otherwise.
  package func reduce(into state: inout LoginState, action: LoginAction) -> [LoginEffect] {
    switch action {
    case .emailChanged(let value):
      state.email = value
      return []
    case .passwordChanged(let value):
      state.password = value
      return []
    case .submit:
      if state.isLoading, mutation != .lacksDoubleSubmitGuard { return [] }
      let trimmed = trim(state.email)
      if trimmed.isEmpty {
        state.error = LoginValidation.emailRequiredMessage
        return []
      }
      if !isValidEmail(trimmed) {
        state.error = LoginValidation.invalidEmailMessage
        return []
      }
      let length = mutation == .countsUTF16Units ? state.password.utf16.count : state.password.count
      if length < LoginValidation.minimumPasswordLength {
        state.error = LoginValidation.passwordTooShortMessage
        return []
      }
      state.isLoading = true
      state.error = nil
      var sent = trimmed
      if mutation == .normalizesEmailToNFC { sent = trimmed.precomposedStringWithCanonicalMapping }
      if mutation == .lowercasesEmail { sent = trimmed.lowercased() }
      return [.authenticate(email: sent, password: state.password)]
    case .loginResponse(let result):
      guard state.isLoading || mutation == .lacksLateResponseGuard else { return [] }
      state.isLoading = false
      switch result {
      case .success: state.error = nil
      case .failure(let message): state.error = message
      }
      return []
    case .dismissed:
      guard state.isLoading else { return [] }
      state.isLoading = false
      return [.cancel(id: LoginEffect.authenticateID)]
    }
  }

  private func trim(_ text: String) -> String {
    switch mutation {
    case .trimsWithJavaWhitespace:
      let scalars = text.unicodeScalars
      let isJavaWhitespace: (Unicode.Scalar) -> Bool = { scalar in
        (0x1C...0x1F).contains(scalar.value) || (LoginValidation.isWhiteSpace(scalar) && scalar.value != 0x85)
      }
      guard let first = scalars.firstIndex(where: { !isJavaWhitespace($0) }),
        let last = scalars.lastIndex(where: { !isJavaWhitespace($0) })
      else { return "" }
      return String(Substring(scalars[first...last]))
    case .trimsWithFoundationWhitespace:
      return text.trimmingCharacters(in: .whitespacesAndNewlines)
    default:
      return LoginValidation.trimmingWhiteSpace(text)
    }
  }

  private func isValidEmail(_ trimmed: String) -> Bool {
    guard mutation == .splitDropsEmptyParts else { return LoginValidation.isValidEmailAddress(trimmed) }
    let parts = trimmed.unicodeScalars.split(separator: "@", omittingEmptySubsequences: true)
    guard parts.count == 2 else { return false }
    let domain = Array(parts[1])
    guard domain.contains("."), domain.first != ".", domain.last != "." else { return false }
    return !LoginValidation.containsWhiteSpace(trimmed)
  }
}
