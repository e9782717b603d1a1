// MARK: - BridgeCoding

/// One-call conversions through the Codable bridge, with errors as ``CodecError``s at paths under a prefix.
enum BridgeCoding {
  /// Decodes `value` as `type`.
  ///
  /// - Parameters:
  ///   - prefix: Where `value` sits, e.g. `steps[3].send`; error paths start with it.
  /// - Throws: ``CodecError`` naming the path and the Swift type.
  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, shape: CodingShape, at prefix: JSONPath)
    throws(CodecError) -> T
  {
    let context = DecodingContext()
    let decoder = BridgeDecoder(value: value, shape: shape, owner: type, parent: nil, component: nil, context: context)
    do {
      return try T(from: decoder)
    } catch {
      throw located(BridgeError.from(error, pending: context.pending), under: prefix)
    }
  }

  /// Encodes `value`.
  ///
  /// - Parameters:
  ///   - prefix: Where the value will sit, e.g. `state`; error paths start with it.
  /// - Throws: ``CodecError`` naming the path.
  static func encode<T: Encodable>(_ value: T, shape: CodingShape, at prefix: JSONPath) throws(CodecError)
    -> JSONValue
  {
    do {
      return try BridgeEncoder.encode(value, shape: shape)
    } catch {
      throw located(BridgeError.from(error, pending: nil), under: prefix)
    }
  }

  private static func located(_ error: BridgeError, under prefix: JSONPath) -> CodecError {
    CodecError(path: prefix.appending(error.path), message: error.message)
  }
}
