// The optional scalars one by one: `KeyedDecodingContainerProtocol` gives each its own requirement, and its default
// would decode an optional the manifest does not name as nil without a word (see `isPresent`).
extension BridgeKeyedDecoding {
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }
}
