// MARK: - Placeholders (Conformance/README.md §17.2)

extension ScenarioOutline {
  /// A placeholder found in a string: the parameter it names and where it lies, as UTF-8 offsets of `<` and past `>`.
  struct Placeholder {
    var name: String
    var range: Range<Int>
  }

  /// The placeholders of `text`: `<` an identifier (`^[A-Za-z_][A-Za-z0-9_]*$`) `>`. Any other `<` is plain text, so
  /// `"a < b"` and `"<>"` hold none.
  static func placeholders(in text: String) -> [Placeholder] {
    let bytes = Array(text.utf8)
    var found: [Placeholder] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, isNameByte(bytes[end], first: end == index + 1) { end += 1 }
      if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: ">") {
        let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        found.append(Placeholder(name: name, range: index..<(end + 1)))
        index = end + 1
      } else {
        index += 1
      }
    }
    return found
  }

  private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
    byte.isASCIILetter || byte == UInt8(ascii: "_")
      || (!first && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
  }

  /// Records each placeholder in `value` that names no parameter, and collects the parameters used.
  static func checkPlaceholders(
    in value: JSONValue, at path: JSONPath, parameters: Set<String>, used: inout Set<String>, issues: inout IssueList
  ) {
    switch value {
    case .string(let text):
      for placeholder in placeholders(in: text) {
        guard !parameters.contains(placeholder.name) else {
          used.insert(placeholder.name)
          continue
        }
        let suggestion =
          Suggestion.closest(to: placeholder.name, among: parameters.sorted()).map { "; did you mean '<\($0)>'?" } ?? ""
        issues.add(
          path,
          "placeholder '<\(placeholder.name)>' names no parameter\(suggestion) (parameters: \(parameters.sorted().map { "'\($0)'" }.joined(separator: ", ")))"
        )
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        checkPlaceholders(
          in: element, at: path.appending(index: index), parameters: parameters, used: &used, issues: &issues)
      }
    case .object(let object):
      for member in object.members {
        checkPlaceholders(
          in: member.value, at: path.appending(key: member.key), parameters: parameters, used: &used, issues: &issues)
      }
    case .null, .bool, .number:
      break
    }
  }

  /// `value` with the row's values in place of its placeholders; a value that is not a string or number inside a
  /// longer string is recorded at the row's parameter.
  static func substitute(
    in value: JSONValue, at path: JSONPath, row: Int, values: JSONObject, issues: inout IssueList
  ) -> JSONValue {
    switch value {
    case .string(let text):
      return substitute(text, at: path, row: row, values: values, issues: &issues)
    case .array(let elements):
      return .array(
        elements.enumerated().map { index, element in
          substitute(in: element, at: path.appending(index: index), row: row, values: values, issues: &issues)
        })
    case .object(var object):
      for member in object.members {
        object[member.key] = substitute(
          in: member.value, at: path.appending(key: member.key), row: row, values: values, issues: &issues)
      }
      return .object(object)
    case .null, .bool, .number:
      return value
    }
  }

  /// One string: the value itself when the string is exactly one placeholder, else the text with each placeholder
  /// replaced by its value's text.
  private static func substitute(
    _ text: String, at path: JSONPath, row: Int, values: JSONObject, issues: inout IssueList
  ) -> JSONValue {
    let found = placeholders(in: text)
    guard !found.isEmpty else { return .string(text) }
    let bytes = Array(text.utf8)
    if found.count == 1, found[0].range == 0..<bytes.count, let whole = values[found[0].name] { return whole }
    var result: [UInt8] = []
    var offset = 0
    for placeholder in found {
      result += bytes[offset..<placeholder.range.lowerBound]
      offset = placeholder.range.upperBound
      switch values[placeholder.name] {
      case .string(let string)?: result += Array(string.utf8)
      case .number(let number)?: result += Array(JSONRenderer.compact(.number(number)).utf8)
      case let other?:
        issues.add(
          JSONPath([.key("examples"), .index(row), .key("values"), .key(placeholder.name)]),
          "the value of '\(placeholder.name)' (\(JSONRenderer.compact(other, style: .display)), \(other.typeName)) cannot go inside the longer string at \(path); only a string or a number can (or make the whole string \"<\(placeholder.name)>\")"
        )
      case nil: break  // Reported by checkPlaceholders.
      }
    }
    result += bytes[offset...]
    return .string(String(decoding: result, as: UTF8.self))
  }
}
