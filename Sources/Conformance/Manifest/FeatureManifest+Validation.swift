// MARK: - Checking values against the manifest

extension FeatureManifest {
  /// Checks a state: a closed object with exactly the manifest's state fields (all required unless `partial`).
  ///
  /// - Parameters:
  ///   - value: The state, or a scenario's `changes` when `partial` is true.
  ///   - path: Where the value sits in its document, for messages.
  ///   - partial: Whether fields may be omitted (`changes`); unknown fields are errors either way.
  ///   - issues: Where problems are recorded.
  func checkState(_ value: JSONValue, at path: @autoclosure () -> JSONPath, partial: Bool, issues: inout IssueList) {
    checkFields(value, fields: stateFields, at: path(), what: "the \(feature) state", partial: partial, issues: &issues)
  }

  /// Checks an action: `{"type": case, ...fields}` for one of the manifest's actions.
  func checkAction(_ value: JSONValue, at path: @autoclosure () -> JSONPath, issues: inout IssueList) {
    checkCase(value, union: actions, noun: "action", at: path(), issues: &issues)
  }

  /// Checks an effect: `{"type": case, ...fields}` for one of the manifest's effects.
  func checkEffect(_ value: JSONValue, at path: @autoclosure () -> JSONPath, issues: inout IssueList) {
    checkCase(value, union: effects, noun: "effect", at: path(), issues: &issues)
  }

  /// Checks a one-off event (format v1.3): `{"type": case, ...fields}` for one of the manifest's `events`; a manifest
  /// without `events` accepts none.
  func checkEvent(_ value: JSONValue, at path: @autoclosure () -> JSONPath, issues: inout IssueList) {
    checkCase(value, union: events ?? Union(name: "event", cases: []), noun: "event", at: path(), issues: &issues)
  }

  /// Checks a call's `arguments`: a closed object of exactly the dependency's argument fields.
  func checkArguments(
    _ value: JSONValue, of dependency: Dependency, at path: @autoclosure () -> JSONPath, issues: inout IssueList
  ) {
    checkFields(
      value, fields: dependency.arguments, at: path(), what: "the arguments of '\(dependency.name)'", partial: false,
      issues: &issues)
  }

  /// Checks a `respond` step's `result` against the dependency's result type.
  func checkResult(
    _ value: JSONValue, of dependency: Dependency, at path: @autoclosure () -> JSONPath, issues: inout IssueList
  ) {
    check(value, against: dependency.result, at: path(), issues: &issues)
  }

  private func checkCase(
    _ value: JSONValue, union: Union, noun: String, at path: @autoclosure () -> JSONPath, issues: inout IssueList
  ) {
    guard case .object(let object) = value else {
      issues.add(path(), "expected \(article(noun)) \(noun) (an object with a 'type' key), got \(value.typeName)")
      return
    }
    var names: String { union.cases.map(\.name).joined(separator: ", ") }
    guard let discriminator = object["type"] else {
      issues.add(path(), "missing required key 'type' (the \(feature) \(noun)s are: \(names))")
      return
    }
    guard case .string(let name) = discriminator else {
      issues.add(path().appending(key: "type"), "expected a string, got \(discriminator.typeName)")
      return
    }
    // By index: the case's fields are read in place, without copying the case (this runs for every step).
    guard let index = union.cases.firstIndex(where: { ScalarOrder.equal($0.name, name) }) else {
      let suggestion =
        Suggestion.closest(to: name, among: union.cases.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
      issues.add(
        path().appending(key: "type"),
        "unknown \(noun) \(quotedName(name))\(suggestion) (the \(feature) manifest defines: \(names))")
      return
    }
    checkFields(
      value, fields: union.cases[index].fields, at: path(), what: "\(noun) '\(name)'", partial: false,
      discriminator: "type", issues: &issues)
  }

  /// Checks a closed object's members against `fields`; `discriminator` names a key that is allowed besides them.
  /// Allocates nothing when the value is valid: this runs for every action, state and effect of every scenario.
  private func checkFields(
    _ value: JSONValue, fields: [TypeDescriptor.Field], at path: @autoclosure () -> JSONPath,
    what: @autoclosure () -> String,
    partial: Bool, discriminator: String? = nil, issues: inout IssueList
  ) {
    guard case .object(let object) = value else {
      issues.add(path(), "expected \(what()) (an object), got \(value.typeName)")
      return
    }
    var found = 0
    for field in fields {
      if let member = object[field.name] {
        found += 1
        check(member, against: field.type, at: path().appending(key: field.name), partial: partial, issues: &issues)
      } else if !partial {
        issues.add(path(), "missing field '\(field.name)' of \(what())")
      }
    }
    // Keys and field names are unique, so when every member was found as a field (or is the discriminator), none is
    // unknown: the search below is skipped for valid values.
    if let discriminator, object[discriminator] != nil { found += 1 }
    if found == object.count { return }
    for member in object.members
    where member.key != discriminator && !fields.contains(where: { ScalarOrder.equal($0.name, member.key) }) {
      let known = fields.map(\.name)
      let suggestion = Suggestion.closest(to: member.key, among: known).map { "; did you mean '\($0)'?" } ?? ""
      let allowed = known.isEmpty ? "it has no fields" : "its fields are: \(known.joined(separator: ", "))"
      let name = quotedName(member.key)
      issues.add(path().appending(key: member.key), "unknown field \(name) of \(what())\(suggestion) (\(allowed))")
    }
  }

  /// Checks what a manifest that read without errors says about its values, once its types are whole: the named
  /// types (§15), then the initial state against `state` and the fields' `examples`. Stops at the first stage with
  /// a problem, since a later one would only repeat it.
  func checkValues(issues: inout IssueList) {
    guard issues.isEmpty else { return }
    checkNamedTypes(issues: &issues)
    guard issues.isEmpty else { return }
    checkState(initialState, at: JSONPath([.key("initialState")]), partial: false, issues: &issues)
    checkExamples(issues: &issues)
  }

  /// Checks every field's `examples` against the field's type (manifest format §2.7), at
  /// `actions.NAME.fields.FIELD.examples[i]` and the like.
  func checkExamples(issues: inout IssueList) {
    checkExamples(of: stateFields, at: JSONPath([.key("state")]), issues: &issues)
    for (key, union) in [("actions", actions), ("effects", effects)] + (events.map { [("events", $0)] } ?? []) {
      for item in union.cases {
        checkExamples(
          of: item.fields, at: JSONPath([.key(key), .key(item.name), .key("fields")]), issues: &issues)
      }
    }
    for name in types.keys.sorted() {
      for item in types[name]?.cases ?? [] {
        checkExamples(
          of: item.fields, at: JSONPath([.key("types"), .key(name), .key("cases"), .key(item.name), .key("fields")]),
          issues: &issues)
      }
    }
    for name in objectTypes.keys.sorted() {
      checkExamples(
        of: objectTypes[name] ?? [], at: JSONPath([.key("types"), .key(name), .key("fields")]), issues: &issues)
    }
    for name in dependencies.keys.sorted() {
      checkExamples(
        of: dependencies[name]?.arguments ?? [], at: JSONPath([.key("dependencies"), .key(name), .key("arguments")]),
        issues: &issues)
    }
  }

  private func checkExamples(of fields: [TypeDescriptor.Field], at path: JSONPath, issues: inout IssueList) {
    for field in fields {
      let fieldPath = path.appending(key: field.name)
      for (index, example) in field.examples.enumerated() {
        check(
          example, against: field.type, at: fieldPath.appending(key: "examples").appending(index: index),
          issues: &issues)
      }
      var type = field.type
      if case .nullable(let wrapped) = type { type = wrapped }
      if case .object(let inner) = type {
        checkExamples(of: inner, at: fieldPath.appending(key: "fields"), issues: &issues)
      }
    }
  }

  private func check(
    _ value: JSONValue, against type: TypeDescriptor, at path: @autoclosure () -> JSONPath, partial: Bool = false,
    issues: inout IssueList
  ) {
    var mismatchMessage: String { "expected \(type.description), got \(JSONRenderer.compact(value, style: .display))" }
    switch (type, value) {
    case (.nullable, .null): return
    case (.nullable(let wrapped), _): check(value, against: wrapped, at: path(), partial: partial, issues: &issues)
    case (.string, .string), (.boolean, .bool): return
    case (.formatted(let format), .string(let string)):
      // One spelling per value (README §15), so that equal values are equal JSON on every platform.
      if !format.admits(string) { issues.add(path(), mismatchMessage) }
    case (.stringEnum(let values), .string(let string)):
      // A closed set (manifest format §2.3): values compare scalar by scalar, as JSON equality does (§5).
      guard !values.contains(where: { ScalarOrder.equal($0, string) }) else { return }
      let suggestion = Suggestion.closest(to: string, among: values).map { "; did you mean '\($0)'?" } ?? ""
      issues.add(path(), mismatchMessage + suggestion)
    case (.number(let range), .number(let number)):
      checkRange(number, range, type: type, at: path(), issues: &issues)
    case (.integer(let range), .number(let number)):
      guard number.isInteger else { return issues.add(path(), mismatchMessage) }
      checkRange(number, range, type: type, at: path(), issues: &issues)
    case (.array(let items), .array(let elements)):
      for (index, element) in elements.enumerated() {
        check(element, against: items, at: path().appending(index: index), issues: &issues)
      }
    case (.object(let fields), .object):
      // In `changes`, nested objects merge key by key too (scenario format §3.3), so their fields may be omitted.
      checkFields(value, fields: fields, at: path(), what: "this object", partial: partial, issues: &issues)
    case (.objectRef(let name), .object):
      guard let fields = objectTypes[name] else { return issues.add(path(), mismatchMessage) }
      checkFields(value, fields: fields, at: path(), what: "\(name)", partial: partial, issues: &issues)
    case (.union(let name), _):
      guard let union = types[name] else { return issues.add(path(), mismatchMessage) }
      checkCase(value, union: union, noun: "\(name) case", at: path(), issues: &issues)
    default:
      issues.add(path(), mismatchMessage)
    }
  }

  /// Checks a number against its descriptor's `minimum` and `maximum` (format §2.3): one outside is an error such as
  /// `expected integer from 0 to 255, got 300 (above the maximum 255)`.
  private func checkRange(
    _ number: JSONNumber, _ range: NumericRange, type: TypeDescriptor, at path: @autoclosure () -> JSONPath,
    issues: inout IssueList
  ) {
    let side: String
    if let minimum = range.minimum, range.isBelow(number) {
      side = "below the minimum \(NumericRange.render(minimum))"
    } else if let maximum = range.maximum, range.isAbove(number) {
      side = "above the maximum \(NumericRange.render(maximum))"
    } else {
      return
    }
    issues.add(
      path(), "expected \(type.description), got \(JSONRenderer.compact(.number(number), style: .display)) (\(side))")
  }

  private func article(_ noun: String) -> String {
    noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }
}
