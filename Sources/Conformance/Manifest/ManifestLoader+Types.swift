// MARK: - Fields and type descriptors (format §2.3)

extension ManifestLoader {
  func readFields(_ value: JSONValue, at path: JSONPath, typeNames: TypeNames, issues: inout IssueList)
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

  func readDescriptor(_ value: JSONValue, at path: JSONPath, typeNames: TypeNames, issues: inout IssueList)
    -> TypeDescriptor?
  {
    guard var reader = ObjectReader(value, at: path, what: "a type descriptor", issues: &issues) else { return nil }
    _ = reader.string("description", required: false, issues: &issues)
    let nullable = reader.bool("nullable", issues: &issues) ?? false
    var allowed = ["type", "nullable", "description"]
    let type = reader.string("type", required: true, issues: &issues)
    let base = type.flatMap {
      readBase($0, &reader, allowed: &allowed, at: path, typeNames: typeNames, issues: &issues)
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
    if !allowed.contains("tolerance"), reader.value("tolerance") != nil {
      allowed.append("tolerance")
      issues.add(
        path.appending(key: "tolerance"),
        "'tolerance' is only allowed with \"type\": \"number\", not '\(type ?? "")'; other values compare exactly")
    }
    if !allowed.contains("format"), reader.value("format") != nil {
      allowed.append("format")
      issues.add(
        path.appending(key: "format"),
        "'format' is only allowed with \"type\": \"string\" or \"integer\", not '\(type ?? "")'")
    }
    reader.reportUnknownKeys(allowed: allowed, issues: &issues)
    guard let base else { return nil }
    return nullable ? .nullable(base) : base
  }

  /// The descriptor of one `type`, reading the keys that kind allows (and adding them to `allowed`).
  private func readBase(
    _ type: String, _ reader: inout ObjectReader, allowed: inout [String], at path: JSONPath, typeNames: TypeNames,
    issues: inout IssueList
  ) -> TypeDescriptor? {
    switch type {
    case "string":
      allowed += ["enum", "format"]
      return readString(&reader, at: path, issues: &issues)
    case "boolean": return .boolean
    case "integer":
      allowed += ["minimum", "maximum", "format"]
      return readInteger(&reader, at: path, issues: &issues)
    case "number":
      allowed += ["minimum", "maximum", "tolerance"]
      let tolerance = readTolerance(reader, at: path, issues: &issues)
      return readRange(reader, at: path, wholeNumbers: false, issues: &issues).map {
        var range = $0
        range.tolerance = tolerance
        return .number(range)
      }
    case "array":
      allowed.append("items")
      return reader.required("items", issues: &issues).flatMap {
        readDescriptor($0, at: path.appending(key: "items"), typeNames: typeNames, issues: &issues)
      }.map { .array($0) }
    case "object":
      allowed += ["fields", "ref"]
      return readObject(&reader, at: path, typeNames: typeNames, issues: &issues)
    case "union":
      allowed.append("ref")
      return readRef(&reader, kind: .union, at: path, typeNames: typeNames, issues: &issues).map { .union($0) }
    default:
      let kinds = ["string", "boolean", "integer", "number", "array", "object", "union"]
      issues.add(path.appending(key: "type"), "unknown type '\(type)' (allowed: \(kinds.joined(separator: ", ")))")
      return nil
    }
  }

  /// A `string`: plain, with an `enum`, or with a `format` (format v1.2, README §15); not both `enum` and `format`.
  private func readString(_ reader: inout ObjectReader, at path: JSONPath, issues: inout IssueList) -> TypeDescriptor? {
    let format = reader.string("format", required: false, issues: &issues)
    if let values = reader.value("enum") {
      if format != nil {
        issues.add(path.appending(key: "format"), "'format' and 'enum' cannot be combined; a value has one of them")
        return nil
      }
      return readEnum(values, at: path.appending(key: "enum"), issues: &issues).map { .stringEnum($0) }
    }
    guard let format else { return .string }
    guard let known = StringFormat(rawValue: format) else {
      let names = StringFormat.allCases.map(\.rawValue).joined(separator: ", ")
      issues.add(path.appending(key: "format"), "unknown string format '\(format)' (allowed: \(names))")
      return nil
    }
    return .formatted(known)
  }

  /// An `integer`: its range, within the `format`'s width when given (`int32`: −2³¹…2³¹−1, the range when no bound
  /// is given; `int64`, the default: −2⁶³…2⁶³−1; README §15).
  private func readInteger(_ reader: inout ObjectReader, at path: JSONPath, issues: inout IssueList)
    -> TypeDescriptor?
  {
    guard var range = readRange(reader, at: path, wholeNumbers: true, issues: &issues) else { return nil }
    switch reader.string("format", required: false, issues: &issues) {
    case nil, "int64": return .integer(range)
    case "int32":
      let low = JSONNumber.integer(Int64(Int32.min))
      let high = JSONNumber.integer(Int64(Int32.max))
      for (key, bound) in [("minimum", range.minimum), ("maximum", range.maximum)] {
        guard let bound, !NumericRange(minimum: low, maximum: high).contains(bound) else { continue }
        issues.add(
          path.appending(key: key),
          "\(key) \(NumericRange.render(bound)) is outside an int32 (-2147483648 to 2147483647)")
        return nil
      }
      range = NumericRange(minimum: range.minimum ?? low, maximum: range.maximum ?? high)
      return .integer(range)
    case let other?:
      issues.add(path.appending(key: "format"), "unknown integer format '\(other)' (allowed: int32, int64)")
      return nil
    }
  }

  /// An `object`: inline `fields`, or `ref` naming an object type of `types` (format v1.2), not both.
  private func readObject(
    _ reader: inout ObjectReader, at path: JSONPath, typeNames: TypeNames,
    issues: inout IssueList
  ) -> TypeDescriptor? {
    if reader.value("ref") != nil {
      if reader.value("fields") != nil {
        issues.add(path, "an object has either 'fields' or a 'ref' to a named object type, not both")
        return nil
      }
      return readRef(&reader, kind: .object, at: path, typeNames: typeNames, issues: &issues).map { .objectRef($0) }
    }
    return reader.required("fields", issues: &issues).map {
      .object(readFields($0, at: path.appending(key: "fields"), typeNames: typeNames, issues: &issues))
    }
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

  /// The `tolerance` of a `number` descriptor (README §17.4): a non-negative number, or `nil` when absent or after
  /// recording a problem at `path.tolerance`.
  private func readTolerance(_ reader: ObjectReader, at path: JSONPath, issues: inout IssueList) -> Double? {
    guard let value = reader.value("tolerance") else { return nil }
    guard case .number(let number) = value, number.doubleValue >= 0 else {
      issues.add(
        path.appending(key: "tolerance"),
        "expected a non-negative number (how far apart two values may be), got \(JSONRenderer.compact(value, style: .display))"
      )
      return nil
    }
    return number.doubleValue
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
