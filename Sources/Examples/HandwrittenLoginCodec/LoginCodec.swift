import Conformance
import LoginFeature

/// A hand-written codec for the Swift login feature (Conformance/features/login.json): an example of the
/// ``FeatureCodec`` escape hatch for types that are not `Codable`, written against the public API only.
///
/// The `conformance` executable runs login through ``CodableFeature`` instead; this codec is kept so the tests can
/// check that both give the same trace on every bundled scenario, and so `scripts/bench` can time the bridge beside
/// it (`conformance-handwritten`).
///
/// State `{"email": string, "password": string, "isLoading": bool, "error": string|null}`; actions
/// `emailChanged`, `passwordChanged`, `submit`, `loginResponse` (with `result` `success`/`failure`), `dismissed`;
/// effects `authenticate` and `cancel`.
public struct LoginCodec: FeatureCodec {
  /// The codec converts ``LoginReducer``'s types.
  public typealias Feature = LoginReducer

  /// Creates the codec.
  public init() {}

  /// `login`.
  public var feature: String { "login" }

  /// Decodes `{"email", "password", "isLoading", "error"}`; extra keys are rejected.
  ///
  /// - Throws: ``CodecError`` for a missing key, a wrong type or an unknown key.
  public func decodeState(_ value: JSONValue) throws(CodecError) -> LoginState {
    try Self.rejectUnknownKeys(value, allowed: ["email", "password", "isLoading", "error"])
    return LoginState(
      email: try value.string("email"), password: try value.string("password"),
      isLoading: try value.bool("isLoading"), error: try value.optionalString("error"))
  }

  /// Encodes every field; `error` is an explicit `null` when absent.
  public func encodeState(_ state: LoginState) -> JSONValue {
    [
      "email": .string(state.email), "error": state.error.map(JSONValue.string) ?? .null,
      "isLoading": .bool(state.isLoading), "password": .string(state.password),
    ]
  }

  /// Decodes an action by its `type`.
  ///
  /// - Throws: ``CodecError`` for an unknown `type`, a missing or mistyped field, or an extra key.
  public func decodeAction(_ value: JSONValue) throws(CodecError) -> LoginAction {
    switch try value.string("type") {
    case "emailChanged":
      try Self.rejectUnknownKeys(value, allowed: ["type", "value"])
      return .emailChanged(try value.string("value"))
    case "passwordChanged":
      try Self.rejectUnknownKeys(value, allowed: ["type", "value"])
      return .passwordChanged(try value.string("value"))
    case "submit":
      try Self.rejectUnknownKeys(value, allowed: ["type"])
      return .submit
    case "dismissed":
      try Self.rejectUnknownKeys(value, allowed: ["type"])
      return .dismissed
    case "loginResponse":
      try Self.rejectUnknownKeys(value, allowed: ["type", "result"])
      do {
        return .loginResponse(try decodeResult(try value.member("result")))
      } catch {
        throw CodecError(path: JSONPath([.key("result")]).appending(error.path), message: error.message)
      }
    case let other:
      throw CodecError(path: JSONPath([.key("type")]), message: "unknown action '\(other)'")
    }
  }

  /// Encodes `authenticate` and `cancel` effects.
  public func encodeEffect(_ effect: LoginEffect) -> JSONValue {
    switch effect {
    case .authenticate(let email, let password):
      return ["email": .string(email), "password": .string(password), "type": "authenticate"]
    case .cancel(let id):
      return ["id": .string(id), "type": "cancel"]
    }
  }

  private func decodeResult(_ value: JSONValue) throws(CodecError) -> LoginResult {
    switch try value.string("type") {
    case "success":
      try Self.rejectUnknownKeys(value, allowed: ["type", "userId"])
      return .success(userId: try value.string("userId"))
    case "failure":
      try Self.rejectUnknownKeys(value, allowed: ["type", "message"])
      return .failure(message: try value.string("message"))
    case let other:
      throw CodecError(path: JSONPath([.key("type")]), message: "unknown case '\(other)'")
    }
  }

  private static func rejectUnknownKeys(_ value: JSONValue, allowed: [String]) throws(CodecError) {
    guard case .object(let object) = value else {
      throw CodecError(path: .root, message: "expected an object, got \(value.typeName)")
    }
    for member in object.members
    where !allowed.contains(where: { $0.unicodeScalars.elementsEqual(member.key.unicodeScalars) }) {
      throw CodecError(path: JSONPath([.key(member.key)]), message: "unknown key '\(member.key)'")
    }
  }
}
