struct BridgeUnkeyedEncoding: UnkeyedEncodingContainer {
  let array: ArrayStorage
  var codingPath: [any CodingKey] { [] }
  var count: Int { array.elements.count }

  mutating func encodeNil() throws { array.elements.append(.value(.null)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    do {
      array.elements.append(try EncodedNode.encoding(value))
    } catch let error as BridgeError {
      throw BridgeError(path: JSONPath([.index(array.elements.count)]).appending(error.path), message: error.message)
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectStorage()
    array.elements.append(.object(nested))
    return KeyedEncodingContainer(BridgeKeyedEncoding<NestedKey>(object: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    array.elements.append(.array(nested))
    return BridgeUnkeyedEncoding(array: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = BridgeEncoder(owner: Any.self)
    let nested = ObjectStorage()
    encoder.storage = .object(nested)
    array.elements.append(.object(nested))
    return encoder
  }
}
