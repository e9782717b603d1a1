/// Walks a manifest's types for `conformance coverage`: the union cases and enum values a type can hold
/// (``declared(in:at:)``), and those a value holds (``used(by:type:at:)``), each named by its path from the case that
/// holds it: `actions.loginResponse.result.failure`, `effects.register.kind.weekly`.
///
/// Both walks follow the same descriptors (arrays, nullables, objects, named object types, union cases' fields), so
/// every name a value yields is one the manifest declares. A named type met again inside itself is not walked twice.
struct CoverageWalk {
  /// The manifest whose named unions and object types the walk resolves.
  var manifest: FeatureManifest

  /// The items a case declares: the case itself, then each union case and enum value reachable from its fields.
  func declared(_ item: FeatureManifest.Case, at path: String) -> [String] {
    var names = [path]
    for field in item.fields { declared(in: field.type, at: path + "." + field.name, into: &names, seen: []) }
    return names
  }

  /// The items a value of a case uses: the case itself, then the union cases and enum values in its fields.
  func used(_ value: JSONValue, of item: FeatureManifest.Case, at path: String, into names: inout Set<String>) {
    names.insert(path)
    for field in item.fields {
      guard let fieldValue = value[field.name] else { continue }
      used(fieldValue, type: field.type, at: path + "." + field.name, into: &names)
    }
  }

  /// The union cases and enum values a value of `type` can hold, below `path`.
  func declared(in type: TypeDescriptor, at path: String, into names: inout [String], seen: Set<String>) {
    switch type {
    case .stringEnum(let values): names += values.map { Self.child(path, $0) }
    case .array(let element), .nullable(let element): declared(in: element, at: path, into: &names, seen: seen)
    case .object(let fields): declared(fields, at: path, into: &names, seen: seen)
    case .objectRef(let name):
      guard !seen.contains(name), let fields = manifest.objectTypes[name] else { return }
      declared(fields, at: path, into: &names, seen: seen.union([name]))
    case .union(let name):
      guard !seen.contains(name), let union = manifest.types[name] else { return }
      for item in union.cases {
        let casePath = Self.child(path, item.name)
        names.append(casePath)
        declared(item.fields, at: casePath, into: &names, seen: seen.union([name]))
      }
    case .string, .formatted, .boolean, .integer, .number: return
    }
  }

  private func declared(
    _ fields: [TypeDescriptor.Field], at path: String, into names: inout [String], seen: Set<String>
  ) {
    for field in fields { declared(in: field.type, at: path + "." + field.name, into: &names, seen: seen) }
  }

  /// The union cases and enum values `value`, of `type`, holds, below `path`.
  func used(_ value: JSONValue, type: TypeDescriptor, at path: String, into names: inout Set<String>) {
    switch type {
    case .stringEnum:
      if case .string(let text) = value { names.insert(Self.child(path, text)) }
    case .array(let element):
      for item in value.arrayValue ?? [] { used(item, type: element, at: path, into: &names) }
    case .nullable(let wrapped):
      if value != .null { used(value, type: wrapped, at: path, into: &names) }
    case .object(let fields): used(value, fields: fields, at: path, into: &names)
    case .objectRef(let name): used(value, fields: manifest.objectTypes[name] ?? [], at: path, into: &names)
    case .union(let name):
      guard let caseName = value["type"]?.stringValue, let item = manifest.types[name]?.case(named: caseName) else {
        return
      }
      let casePath = Self.child(path, item.name)
      names.insert(casePath)
      used(value, fields: item.fields, at: casePath, into: &names)
    case .string, .formatted, .boolean, .integer, .number: return
    }
  }

  private func used(_ value: JSONValue, fields: [TypeDescriptor.Field], at path: String, into names: inout Set<String>)
  {
    for field in fields {
      guard let fieldValue = value[field.name] else { continue }
      used(fieldValue, type: field.type, at: path + "." + field.name, into: &names)
    }
  }

  /// `path.name`, or `path["name"]` when the name is not an identifier (an enum value with a space), as JSON paths
  /// are written in messages (scenario format §1.4).
  static func child(_ path: String, _ name: String) -> String {
    let plain =
      name.first.map { $0.isLetter || $0 == "_" } == true
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    return plain ? path + "." + name : path + "[" + JSONRenderer.quoted(name) + "]"
  }
}
