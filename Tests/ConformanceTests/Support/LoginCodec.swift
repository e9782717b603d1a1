import LoginFeature

@testable import Conformance

/// A hand-written codec for the Swift login feature (Conformance/features/login.json): the ``FeatureCodec`` escape
/// hatch, kept to check that the Codable bridge gives the same traces and as an example of the protocol.
///
/// State `{"email": string, "password": string, "isLoading": bool, "error": string|null}`; actions
/// `emailChanged`, `passwordChanged`, `submit`, `loginResponse` (with `result` `success`/`failure`), `dismissed`;
/// effects `authenticate` and `cancel`.
struct LoginCodec: FeatureCodec {
  /// The codec converts ``LoginReducer``'s types.
  typealias Feature = LoginReducer

  /// Creates the codec.
  init() {}

  /// `login`.
  var feature: String { "login" }

  /// Decodes `{"email", "password", "isLoading", "error"}`; extra keys are rejected.
  ///
  /// - Throws: ``CodecError`` for a missing key, a wrong type or an unknown key.
  func decodeState(_ value: JSONValue) throws(CodecError) -> LoginState {
    try Self.rejectUnknownKeys(value, allowed: ["email", "password", "isLoading", "error"])
    return LoginState(
      email: try value.string("email"), password: try value.string("password"),
      isLoading: try value.bool("isLoading"), error: try value.optionalString("error"))
  }

  /// Encodes every field; `error` is an explicit `null` when absent.
  func encodeState(_ state: LoginState) -> JSONValue {
    // Built in key order directly: this runs once per step of every scenario.
    .object(
      JSONObject(sortedUniqueMembers: [
        ("email", .string(state.email)), ("error", state.error.map(JSONValue.string) ?? .null),
        ("isLoading", .bool(state.isLoading)), ("password", .string(state.password)),
      ]))
  }

  /// Decodes an action by its `type`.
  ///
  /// - Throws: ``CodecError`` for an unknown `type`, a missing or mistyped field, or an extra key.
  func decodeAction(_ value: JSONValue) throws(CodecError) -> LoginAction {
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
  func encodeEffect(_ effect: LoginEffect) -> JSONValue {
    switch effect {
    case .authenticate(let email, let password):
      return .object(
        JSONObject(sortedUniqueMembers: [
          ("email", .string(email)), ("password", .string(password)), ("type", .string("authenticate")),
        ]))
    case .cancel(let id):
      return .object(JSONObject(sortedUniqueMembers: [("id", .string(id)), ("type", .string("cancel"))]))
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
    for member in object.members where !allowed.contains(where: { ScalarOrder.equal($0, member.key) }) {
      throw CodecError(path: JSONPath([.key(member.key)]), message: "unknown key '\(member.key)'")
    }
  }
}
