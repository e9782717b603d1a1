import HandwrittenLoginCodec
import LoginFeature
import SignupFeature

@testable import Conformance

/// The Swift implementations the tests run: the bundled login feature through the Codable bridge (as the
/// `conformance` executable registers it) and through the hand-written codec.
enum TestFeatures {
  /// Login through the Codable bridge.
  static let login = CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())

  /// Signup through the Codable bridge.
  static let signup = CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState())

  /// The in-process implementation as the `conformance` executable builds it, bound to the bundled manifests.
  static let swift = SwiftImplementation(features: [login, signup]).bound(to: TestPaths.manifests)

  /// Login alone through the Codable bridge, for tests that pin whole protocol replies.
  static let loginOnly = SwiftImplementation(features: [login]).bound(to: TestPaths.manifests)

  /// Login through the hand-written ``LoginCodec``.
  static let handwritten = SwiftImplementation(
    features: [ReducerAdapter(codec: LoginCodec(), reducer: LoginReducer(), initialState: LoginState())])
}
