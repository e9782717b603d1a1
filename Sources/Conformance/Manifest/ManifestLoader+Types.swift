// MARK: - Fields and type descriptors (format §2.3)

extension ManifestLoader {
  func readFields(_ value: JSONValue, at path: JSONPath, typeNames: Set<String>, issues: inout IssueList)
    -> [TypeDescriptor.Field]
  {
    guard case .object(let object) = value else {
      issues.add(path, "expected an object of fields (field name → type descriptor), got \(value.typeName)")
      return []
    }
    for key in object.keys where !ManifestNames.isFieldName(key) {
      issues.add(path.appending(key: key), "field name '\(key)' is not an identifier (letters, digits and '_')")
    }
    return object.members.compactMap { member in
      let memberPath = path.appending(key: member.key)
      var descriptor = member.value
      var examples: [JSONValue] = []
      // `examples` belongs to the field, not to its type: read it here, and the type without it.
      if case .object(var members) = member.value, let given = members["examples"] {
        members["examples"] = nil
        descriptor = .object(members)
        if case .array(let values) = given, !values.isEmpty {
          examples = values
        } else {
          issues.add(
            memberPath.appending(key: "examples"),
            "expected a non-empty array of example values of the field, got \(JSONRenderer.compact(given, style: .display))"
          )
        }
      }
      return readDescriptor(descriptor, at: memberPath, typeNames: typeNames, issues: &issues)
        .map { TypeDescriptor.Field(name: member.key, type: $0, examples: examples) }
    }
  }

  func readDescriptor(_ value: JSONValue, at path: JSONPath, typeNames: Set<String>, issues: inout IssueList)
    -> TypeDescriptor?
  {
    guard var reader = ObjectReader(value, at: path, what: "a type descriptor", issues: &issues) else { return nil }
    _ = reader.string("description", required: false, issues: &issues)
    let nullable = reader.bool("nullable", issues: &issues) ?? false
    let kinds = ["string", "boolean", "integer", "number", "array", "object", "union"]
    var allowed = ["type", "nullable", "description"]
    var base: TypeDescriptor?
    let type = reader.string("type", required: true, issues: &issues)
    switch type {
    case "string":
      allowed.append("enum")
      if let values = reader.value("enum") {
        base = readEnum(values, at: path.appending(key: "enum"), issues: &issues).map { .stringEnum($0) }
      } else {
        base = .string
      }
    case "boolean": base = .boolean
    case "integer":
      allowed += ["minimum", "maximum"]
      base = readRange(reader, at: path, wholeNumbers: true, issues: &issues).map { .integer($0) }
    case "number":
      allowed += ["minimum", "maximum"]
      base = readRange(reader, at: path, wholeNumbers: false, issues: &issues).map { .number($0) }
    case "array":
      allowed.append("items")
      base = reader.required("items", issues: &issues).flatMap {
        readDescriptor($0, at: path.appending(key: "items"), typeNames: typeNames, issues: &issues)
      }.map { .array($0) }
    case "object":
      allowed.append("fields")
      base = reader.required("fields", issues: &issues).map {
        .object(readFields($0, at: path.appending(key: "fields"), typeNames: typeNames, issues: &issues))
      }
    case "union":
      allowed.append("ref")
      if let ref = reader.string("ref", required: true, issues: &issues) {
        if typeNames.contains(ref) {
          base = .union(ref)
        } else {
          issues.add(path.appending(key: "ref"), "unknown type '\(ref)'; declare it under 'types'")
        }
      }
    case let other?:
      issues.add(path.appending(key: "type"), "unknown type '\(other)' (allowed: \(kinds.joined(separator: ", ")))")
    case nil: break
    }
    if let type, type != "string", reader.value("enum") != nil {
      allowed.append("enum")
      issues.add(path.appending(key: "enum"), "'enum' is only allowed with \"type\": \"string\", not '\(type)'")
    }
    for key in ["minimum", "maximum"] where !allowed.contains(key) && reader.value(key) != nil {
      allowed.append(key)
      issues.add(
        path.appending(key: key),
        "'\(key)' is only allowed with \"type\": \"integer\" or \"number\", not '\(type ?? "")'")
    }
    reader.reportUnknownKeys(allowed: allowed, issues: &issues)
    guard let base else { return nil }
    return nullable ? .nullable(base) : base
  }

  /// The `minimum` and `maximum` of an `integer` or `number` descriptor (format §2.3), each optional: a number, whole
  /// and within the 64-bit signed range for an integer, and `minimum` not above `maximum`. `nil` after recording a
  /// problem at `path.minimum` or `path.maximum`.
  private func readRange(_ reader: ObjectReader, at path: JSONPath, wholeNumbers: Bool, issues: inout IssueList)
    -> NumericRange?
  {
    var bounds: [JSONNumber?] = []
    var valid = true
    for key in ["minimum", "maximum"] {
      guard let value = reader.value(key) else {
        bounds.append(nil)
        continue
      }
      if case .number(let number) = value, !wholeNumbers || number.isInteger {
        bounds.append(wholeNumbers ? number.int64Value.map(JSONNumber.integer) : number)
      } else {
        let expected = wholeNumbers ? "a whole number from -2^63 to 2^63-1 (the bound of an integer)" : "a number"
        issues.add(
          path.appending(key: key), "expected \(expected), got \(JSONRenderer.compact(value, style: .display))")
        bounds.append(nil)
        valid = false
      }
    }
    let range = NumericRange(minimum: bounds[0], maximum: bounds[1])
    if let minimum = range.minimum, let maximum = range.maximum, range.isBelow(maximum) {
      issues.add(
        path.appending(key: "maximum"),
        "maximum \(NumericRange.render(maximum)) is below the minimum \(NumericRange.render(minimum))")
      valid = false
    }
    return valid ? range : nil
  }

  /// Reads the values of a string enum (manifest format §2.3): a non-empty array of distinct strings, compared
  /// scalar by scalar. Returns `nil` after recording every problem.
  private func readEnum(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> [String]? {
    guard case .array(let items) = value else {
      issues.add(path, "expected an array of the allowed strings, got \(value.typeName)")
      return nil
    }
    guard !items.isEmpty else {
      issues.add(path, "an enum needs at least one value")
      return nil
    }
    var values: [String] = []
    var valid = true
    for (index, item) in items.enumerated() {
      guard case .string(let string) = item else {
        issues.add(path.appending(index: index), "expected a string, got \(item.typeName)")
        valid = false
        continue
      }
      if let first = values.firstIndex(where: { ScalarOrder.equal($0, string) }) {
        issues.add(
          path.appending(index: index),
          "duplicate value \(JSONRenderer.compact(item, style: .display)) (already at \(path.appending(index: first)))")
        valid = false
      }
      values.append(string)
    }
    return valid ? values : nil
  }
}
