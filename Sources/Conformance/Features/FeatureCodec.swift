import UnidirectionalFlow

/// Converts one feature's Swift state, actions and effects to and from their JSON form (the feature manifest's
/// shapes), so the in-process Swift implementation can run scenarios through the real reducer.
///
/// To put a new Swift feature under conformance, write a codec for it and add a ``ReducerAdapter`` of it to
/// ``SwiftImplementation``'s adapters.
public protocol FeatureCodec: Sendable {
  /// The reducer whose types this codec converts.
  associatedtype Feature: Reducer

  /// The feature's name, as in its manifest, e.g. `login`.
  var feature: String { get }

  /// Decodes a full state.
  ///
  /// - Throws: ``CodecError`` naming the JSON path of the first problem.
  func decodeState(_ value: JSONValue) throws(CodecError) -> Feature.State

  /// Encodes a full state, every field present (optionals as explicit `null`).
  func encodeState(_ state: Feature.State) -> JSONValue

  /// Decodes an action `{"type": …, …}`.
  ///
  /// - Throws: ``CodecError`` naming the JSON path of the first problem.
  func decodeAction(_ value: JSONValue) throws(CodecError) -> Feature.Action

  /// Encodes an effect as `{"type": …, …}`.
  func encodeEffect(_ effect: Feature.Effect) -> JSONValue
}

/// A JSON value that a codec could not turn into a Swift value.
public struct CodecError: Error, Sendable, Equatable {
  /// Where, relative to the decoded value, e.g. `result.type`.
  public var path: JSONPath
  /// What is wrong, e.g. `unknown case 'succes'`.
  public var message: String

  /// Creates an error.
  public init(path: JSONPath, message: String) {
    self.path = path
    self.message = message
  }
}

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
