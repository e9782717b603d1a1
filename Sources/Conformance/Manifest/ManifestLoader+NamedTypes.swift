// MARK: - Named types (format §2.2.1, §15)

extension ManifestLoader {
  /// What a name in `types` declares: a union (`cases`) or an object type (`fields`, format v1.2).
  enum NamedKind: Sendable {
    case union
    case object
  }

  /// Every name declared under `types`, with its kind (also of types with problems, so that fields naming them do not
  /// add a second error).
  typealias TypeNames = [String: NamedKind]

  /// `types`: the named unions and the named object types, by name, and every declared name with its kind.
  func readTypes(_ reader: inout ObjectReader, issues: inout IssueList) -> (
    unions: [String: FeatureManifest.Union], objects: [String: [TypeDescriptor.Field]], names: TypeNames
  ) {
    let typesObject = reader.object("types", required: false, issues: &issues) ?? JSONObject()
    var names: TypeNames = [:]
    for member in typesObject.members {
      // An entry with `fields` is an object type; anything else is read as a union, as in format v1.1.
      let isObject = member.value.objectValue.map { $0["fields"] != nil && $0["cases"] == nil } ?? false
      names[member.key] = isObject ? .object : .union
    }
    var unions: [String: FeatureManifest.Union] = [:]
    var objects: [String: [TypeDescriptor.Field]] = [:]
    for member in typesObject.members {
      let path = JSONPath([.key("types"), .key(member.key)])
      if !ManifestNames.isTypeName(member.key) {
        issues.add(path, "type name '\(member.key)' is not upper camel case (e.g. 'LoginResult')")
      }
      let what = names[member.key] == .object ? "a named object type" : "a named union"
      guard var typeReader = ObjectReader(member.value, at: path, what: what, issues: &issues) else { continue }
      _ = typeReader.string("description", required: false, issues: &issues)
      _ = typeReader.string("swift", required: false, issues: &issues)
      _ = typeReader.string("kotlin", required: false, issues: &issues)
      if names[member.key] == .object {
        objects[member.key] = readObjectType(&typeReader, at: path, names: names, issues: &issues)
      } else {
        unions[member.key] = readUnion(&typeReader, named: member.key, at: path, names: names, issues: &issues)
      }
    }
    return (unions, objects, names)
  }

  /// An object type's `fields` (format v1.2, §15.1); `nil` when missing.
  private func readObjectType(
    _ reader: inout ObjectReader, at path: JSONPath, names: TypeNames, issues: inout IssueList
  )
    -> [TypeDescriptor.Field]?
  {
    let fields = reader.required("fields", issues: &issues).map {
      readFields($0, at: path.appending(key: "fields"), typeNames: names, issues: &issues)
    }
    reader.reportUnknownKeys(allowed: ["fields", "description", "swift", "kotlin"], issues: &issues)
    return fields
  }

  /// A union's `cases` (§2.2.1); an entry with both `cases` and `fields` is an error at the entry.
  private func readUnion(
    _ reader: inout ObjectReader, named name: String, at path: JSONPath, names: TypeNames, issues: inout IssueList
  ) -> FeatureManifest.Union {
    if reader.value("cases") != nil, reader.value("fields") != nil {
      issues.add(path, "a named type has either 'cases' (a union) or 'fields' (an object type), not both")
    }
    let cases = reader.required("cases", issues: &issues).map {
      readCases($0, at: path.appending(key: "cases"), typeNames: names, issues: &issues)
    }
    reader.reportUnknownKeys(allowed: ["cases", "fields", "description", "swift", "kotlin"], issues: &issues)
    return FeatureManifest.Union(name: name, cases: cases ?? [])
  }

  /// The `ref` of a `union` or `object` descriptor: a name declared under `types` with the kind the descriptor
  /// expects; `nil` after recording the problem at `path.ref`.
  func readRef(
    _ reader: inout ObjectReader, kind: NamedKind, at path: JSONPath, typeNames: TypeNames,
    issues: inout IssueList
  ) -> String? {
    guard let ref = reader.string("ref", required: true, issues: &issues) else { return nil }
    switch typeNames[ref] {
    case kind?: return ref
    case .object?:
      issues.add(path.appending(key: "ref"), "'\(ref)' is an object type; refer to it with \"type\": \"object\"")
    case .union?:
      issues.add(path.appending(key: "ref"), "'\(ref)' is a union; refer to it with \"type\": \"union\"")
    case nil:
      let suggestion = Suggestion.closest(to: ref, among: Array(typeNames.keys)).map { "; did you mean '\($0)'?" }
      issues.add(path.appending(key: "ref"), "unknown type '\(ref)'\(suggestion ?? ""); declare it under 'types'")
    }
    return nil
  }
}

// MARK: - Checks across named types

extension FeatureManifest {
  /// Checks that every named object type is used, and that none contains itself through fields that are all
  /// required objects (no array or `null` to end it, so no finite value exists): errors at `types.NAME` and
  /// `types.NAME.fields.FIELD`. Unions are not checked for use, so that v1.1 manifests load unchanged.
  func checkNamedTypes(issues: inout IssueList) {
    var used = Set<String>()
    var pending: [TypeDescriptor] = stateFields.map(\.type)
    for item in actions.cases + effects.cases + (events?.cases ?? []) { pending += item.fields.map(\.type) }
    for dependency in dependencies.values { pending += dependency.arguments.map(\.type) + [dependency.result] }
    while let type = pending.popLast() {
      for name in Self.references(in: type) where used.insert(name).inserted {
        pending += objectTypes[name]?.map(\.type) ?? []
        for item in types[name]?.cases ?? [] { pending += item.fields.map(\.type) }
      }
    }
    for name in objectTypes.keys.sorted() where !used.contains(name) {
      issues.add(
        JSONPath([.key("types"), .key(name)]),
        "object type '\(name)' is not used: no state field, action, effect, event or dependency refers to it (remove it, "
          + "or refer to it with {\"type\": \"object\", \"ref\": \"\(name)\"})")
    }
    for name in objectTypes.keys.sorted() {
      guard let route = route(from: name, to: name, seen: []) else { continue }
      issues.add(
        JSONPath([.key("types"), .key(name), .key("fields"), .key(route[0])]),
        "object type '\(name)' contains itself through '\(route.joined(separator: "."))' with no array or null to "
          + "end it, so no value of it is finite; make a field on the way nullable or an array")
    }
  }

  /// The names of the named types `type` refers to, nested inline objects and arrays included.
  private static func references(in type: TypeDescriptor) -> [String] {
    switch type {
    case .union(let name), .objectRef(let name): return [name]
    case .nullable(let wrapped), .array(let wrapped): return references(in: wrapped)
    case .object(let fields): return fields.flatMap { references(in: $0.type) }
    default: return []
    }
  }

  /// The field names from object type `start` to object type `goal` through required object fields only, or `nil`.
  private func route(from start: String, to goal: String, seen: Set<String>) -> [String]? {
    route(through: objectTypes[start] ?? [], to: goal, seen: seen.union([start]))
  }

  private func route(through fields: [TypeDescriptor.Field], to goal: String, seen: Set<String>) -> [String]? {
    for field in fields {
      switch field.type {
      case .objectRef(let name) where name == goal: return [field.name]
      case .objectRef(let name) where !seen.contains(name):
        if let rest = route(from: name, to: goal, seen: seen) { return [field.name] + rest }
      case .object(let inner):
        if let rest = route(through: inner, to: goal, seen: seen) { return [field.name] + rest }
      default: continue
      }
    }
    return nil
  }
}

// MARK: - ManifestNames

/// The name rules of feature manifest format v1 (Conformance/README.md §1.3), the same patterns as
/// `Conformance/schema/manifest.schema.json`, so the runner and the schema check agree.
enum ManifestNames {
  /// A case name, the wire discriminator: lower camel case, `^[a-z][A-Za-z0-9]*$` (`emailChanged`).
  static func isCaseName(_ name: String) -> Bool {
    matches(name, first: isLower, rest: { isLetter($0) || isDigit($0) })
  }

  /// A field name: `^[A-Za-z_][A-Za-z0-9_]*$` (`isLoading`, `user_id`).
  static func isFieldName(_ name: String) -> Bool {
    matches(
      name, first: { isLetter($0) || $0 == UInt8(ascii: "_") },
      rest: { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
  }

  /// A named union: upper camel case, `^[A-Z][A-Za-z0-9]*$` (`LoginResult`).
  static func isTypeName(_ name: String) -> Bool {
    matches(name, first: isUpper, rest: { isLetter($0) || isDigit($0) })
  }

  /// A platform key: `^[a-z][a-z0-9]*$` (`swift`, `kotlin`).
  static func isPlatformName(_ name: String) -> Bool {
    matches(name, first: isLower, rest: { isLower($0) || isDigit($0) })
  }

  /// A spec rule id: `^[A-Z]+[0-9]+(\.[a-z])?$` (`L3`, `L3.d`, and the runtime rules' `LR1`).
  static func isRuleID(_ rule: String) -> Bool {
    let bytes = Array(rule.utf8)
    guard let first = bytes.first, isUpper(first) else { return false }
    var index = 1
    while index < bytes.count, isUpper(bytes[index]) { index += 1 }
    let digits = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    guard index > digits else { return false }
    if index == bytes.count { return true }
    return index + 2 == bytes.count && bytes[index] == UInt8(ascii: ".") && isLower(bytes[index + 1])
  }

  private static func matches(_ name: String, first: (UInt8) -> Bool, rest: (UInt8) -> Bool) -> Bool {
    guard let head = name.utf8.first, first(head) else { return false }
    return name.utf8.dropFirst().allSatisfy(rest)
  }

  private static func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
  private static func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
  private static func isLetter(_ byte: UInt8) -> Bool { isLower(byte) || isUpper(byte) }
  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
