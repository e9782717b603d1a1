/// A value the Codable bridge could not convert, at a neutral JSON path (relative to the value being converted).
struct BridgeError: Error, Sendable {
  /// Where, in the neutral JSON form, e.g. `result.type`.
  var path: JSONPath
  /// What is wrong, naming the Swift type, e.g. `expected String for LoginAction, got integer`.
  var message: String

  /// The neutral path and message of any error thrown while decoding or encoding: a ``BridgeError`` as it is, a
  /// `DecodingError` or `EncodingError` from synthesized code translated (its coding path holds neutral keys, since
  /// the bridge's decoders report those).
  static func from(_ error: any Error, pending: BridgeError?) -> BridgeError {
    if let pending { return pending }
    if let error = error as? BridgeError { return error }
    switch error {
    case DecodingError.typeMismatch(let type, let context):
      return BridgeError(path: path(context.codingPath), message: "expected \(type): \(context.debugDescription)")
    case DecodingError.valueNotFound(let type, let context):
      return BridgeError(path: path(context.codingPath), message: "expected \(type), got null")
    case DecodingError.keyNotFound(let key, let context):
      return BridgeError(path: path(context.codingPath + [key]), message: "missing key '\(key.stringValue)'")
    case DecodingError.dataCorrupted(let context) where context.debugDescription.hasPrefix("Cannot initialize"):
      // A RawRepresentable enum: its raw values must be the manifest's values.
      return BridgeError(
        path: path(context.codingPath),
        message: "\(context.debugDescription); the Swift enum's raw values must be the manifest's values")
    case DecodingError.dataCorrupted(let context):
      return BridgeError(path: path(context.codingPath), message: context.debugDescription)
    case EncodingError.invalidValue(let value, let context):
      return BridgeError(path: path(context.codingPath), message: "cannot encode \(value): \(context.debugDescription)")
    default:
      return BridgeError(path: .root, message: "\(error)")
    }
  }

  private static func path(_ keys: [any CodingKey]) -> JSONPath {
    JSONPath(keys.map { key in key.intValue.map(JSONPath.Component.index) ?? .key(key.stringValue) })
  }
}
