import Foundation

/// The members of a JSON object, kept sorted by key in Unicode scalar order so that rendering is stable and equality
/// ignores the order the keys were written in.
///
/// Keys are compared by exact Unicode scalar sequence (UTF-8 bytes), never by Swift's canonical-equivalence `==`, so
/// the NFC and NFD spellings of a key are two different keys (scenario format §5).
public struct JSONObject: Sendable, Equatable {
  /// The members, sorted by key in UTF-8 byte order (which is Unicode scalar order).
  public private(set) var members: [(key: String, value: JSONValue)]

  /// Creates an empty object.
  public init() { members = [] }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The keys in Unicode scalar order.
  public var keys: [String] { members.map(\.key) }

  /// The value for `key`, or `nil`; setting `nil` removes the member.
  ///
  /// - Parameter key: Matched by exact Unicode scalar sequence.
  public subscript(key: String) -> JSONValue? {
    get {
      if members.count <= 8 {
        for member in members where ScalarOrder.equal(member.key, key) { return member.value }
        return nil
      }
      let index = insertionIndex(of: key)
      guard index < members.count, ScalarOrder.equal(members[index].key, key) else { return nil }
      return members[index].value
    }
    set {
      let index = insertionIndex(of: key)
      let exists = index < members.count && ScalarOrder.equal(members[index].key, key)
      switch (exists, newValue) {
      case (true, let value?): members[index].value = value
      case (true, nil): members.remove(at: index)
      case (false, let value?): members.insert((key, value), at: index)
      case (false, nil): break
      }
    }
  }

  /// Whether the object has a member named `key` (a member whose value is `null` counts).
  public func contains(_ key: String) -> Bool { self[key] != nil }

  /// Compares member by member; key order is irrelevant because members are kept sorted.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { ScalarOrder.equal($0.key, $1.key) && $0.value == $1.value }
  }

  /// Binary search for the first member whose key is not below `key`.
  private func insertionIndex(of key: String) -> Int {
    var low = 0
    var high = members.count
    while low < high {
      let mid = (low + high) / 2
      if ScalarOrder.less(members[mid].key, key) { low = mid + 1 } else { high = mid }
    }
    return low
  }
}

// MARK: - Internal construction

extension JSONObject {
  /// Creates an object from members that are already sorted by key bytes and unique (the parser's fast path).
  init(sortedUniqueMembers: [(key: String, value: JSONValue)]) {
    members = sortedUniqueMembers
  }

  /// Builds an object from members in any order, sorting them once; of two members with the same key, the later
  /// one is kept.
  init(unsortedMembers: consuming [(key: String, value: JSONValue)]) {
    var sorted = unsortedMembers
    if sorted.count > 12 {
      // A large object (a dictionary in a state): a stable n log n sort, not insertion sort's n².
      sorted = sorted.enumerated().sorted {
        ScalarOrder.less($0.element.key, $1.element.key)
          || (!ScalarOrder.less($1.element.key, $0.element.key) && $0.offset < $1.offset)
      }.map(\.element)
    }
    // Insertion sort: stable, in place, and the fastest for the handful of fields a state or an effect has (and a
    // single pass over what the sort above already ordered).
    var hasDuplicates = false
    for index in sorted.indices.dropFirst() {
      let member = sorted[index]
      var position = index
      while position > 0, ScalarOrder.less(member.key, sorted[position - 1].key) {
        sorted[position] = sorted[position - 1]
        position -= 1
      }
      sorted[position] = member
      if position > 0, ScalarOrder.equal(sorted[position - 1].key, member.key) { hasDuplicates = true }
    }
    if hasDuplicates {
      var unique: [(key: String, value: JSONValue)] = []
      for member in sorted {
        if let last = unique.last, ScalarOrder.equal(last.key, member.key) {
          unique[unique.count - 1] = member
        } else {
          unique.append(member)
        }
      }
      sorted = unique
    }
    members = sorted
  }
}

// MARK: - JSONMerge

extension JSONValue {
  /// Applies a scenario's `changes` to a state: a deep merge where objects merge key by key and everything else
  /// replaces.
  ///
  /// This is scenario format §3.3: scalars, arrays and `null` replace the previous value, so `{"error": null}` sets
  /// `error` to `null`. It differs from RFC 7386 (JSON Merge Patch), where `null` deletes the member: a scenario can
  /// never delete a state field.
  ///
  /// ```swift
  /// let state: JSONValue = ["email": "a", "error": "x"]
  /// state.merging(["error": .null]) == ["email": "a", "error": .null]  // true
  /// ```
  ///
  /// - Parameter changes: The partial value to lay over this one.
  /// - Returns: The merged value.
  package func merging(_ changes: JSONValue) -> JSONValue {
    guard case .object(var base) = self, case .object(let patch) = changes else { return changes }
    for member in patch.members {
      if let existing = base[member.key] {
        base[member.key] = existing.merging(member.value)
      } else {
        base[member.key] = member.value
      }
    }
    return .object(base)
  }

  /// Every leaf path in this value, where a leaf is anything but a non-empty object.
  ///
  /// Used to list what a non-exhaustive step did not check: `{"a": {"b": 1}, "c": []}` has leaves `a.b` and `c`.
  ///
  /// - Parameter prefix: The path of this value.
  /// - Returns: Paths in key order.
  func leafPaths(prefix: JSONPath) -> [JSONPath] {
    guard case .object(let object) = self, !object.isEmpty else { return [prefix] }
    return object.members.flatMap { $0.value.leafPaths(prefix: prefix.appending(key: $0.key)) }
  }
}

// MARK: - ScalarOrder

/// Byte-wise comparison of strings' UTF-8, which is comparison by Unicode scalar sequence (scenario format §5).
///
/// Swift's `String ==` and `<` use canonical equivalence; these never do. They compare the UTF-8 buffers with
/// `memcmp`, which is also much faster than the generic `elementsEqual` on the UTF-8 views.
enum ScalarOrder {
  /// Whether `a` and `b` have the same Unicode scalars.
  @inline(__always)
  static func equal(_ a: String, _ b: String) -> Bool {
    if identical(a, b) { return true }
    guard a.utf8.count == b.utf8.count else { return false }
    return compare(a, b) == 0
  }

  /// Whether `a` sorts before `b` by Unicode scalar values.
  @inline(__always)
  static func less(_ a: String, _ b: String) -> Bool {
    compare(a, b) < 0
  }

  /// Negative, zero or positive as `a` sorts before, with or after `b`.
  static func compare(_ a: String, _ b: String) -> Int {
    if identical(a, b) { return 0 }
    // Most keys that differ do so in their first byte; reading it copies neither string's bytes.
    if let first = a.utf8.first, let other = b.utf8.first, first != other { return Int(first) - Int(other) }
    var a = a
    var b = b
    return a.withUTF8 { left in
      b.withUTF8 { right in
        let common = min(left.count, right.count)
        if common > 0, let l = left.baseAddress, let r = right.baseAddress {
          let result = memcmp(l, r, common)
          if result != 0 { return Int(result) }
        }
        return left.count - right.count
      }
    }
  }

  /// Whether `a` and `b` have the same representation: the same small string, whose bytes are stored inline (a key
  /// such as `"email"` read from a scenario and the same key read from a manifest), or the same storage object. Such
  /// strings are equal; strings with different representations may still be, so this only short-cuts `memcmp`.
  @inline(__always)
  private static func identical(_ a: String, _ b: String) -> Bool {
    // A `String` is two words on 64-bit platforms; elsewhere there is no short cut (folded away at compile time).
    guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return false }
    return unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
  }
}
