import UnidirectionalFlow

/// Helpers for writing codecs: typed member access that throws ``CodecError`` with the member's path.
extension JSONValue {
  /// The string member `key` of this object.
  ///
  /// - Throws: ``CodecError`` when this is not an object, the member is missing, or it is not a string.
  public func string(_ key: String) throws(CodecError) -> String {
    guard let member = try self.member(key).stringValue else {
      throw CodecError(
        path: JSONPath([.key(key)]), message: "expected a string, got \(self[key]?.typeName ?? "nothing")")
    }
    return member
  }

  /// The string-or-null member `key` of this object.
  ///
  /// - Throws: ``CodecError`` when this is not an object, the member is missing, or it is neither string nor null.
  public func optionalString(_ key: String) throws(CodecError) -> String? {
    let member = try self.member(key)
    if case .null = member { return nil }
    guard let string = member.stringValue else {
      throw CodecError(path: JSONPath([.key(key)]), message: "expected a string or null, got \(member.typeName)")
    }
    return string
  }

  /// The Boolean member `key` of this object.
  ///
  /// - Throws: ``CodecError`` when this is not an object, the member is missing, or it is not a Boolean.
  public func bool(_ key: String) throws(CodecError) -> Bool {
    let member = try self.member(key)
    guard let bool = member.boolValue else {
      throw CodecError(path: JSONPath([.key(key)]), message: "expected true or false, got \(member.typeName)")
    }
    return bool
  }

  /// The member `key` of this object, whatever its type.
  ///
  /// - Throws: ``CodecError`` when this is not an object or has no such member.
  public func member(_ key: String) throws(CodecError) -> JSONValue {
    guard case .object(let object) = self else {
      throw CodecError(path: .root, message: "expected an object, got \(typeName)")
    }
    guard let member = object[key] else {
      throw CodecError(path: JSONPath([.key(key)]), message: "missing key '\(key)'")
    }
    return member
  }
}
