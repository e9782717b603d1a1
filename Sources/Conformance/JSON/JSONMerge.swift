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
