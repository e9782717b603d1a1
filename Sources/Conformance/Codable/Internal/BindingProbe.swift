/// Values a manifest admits at the edges of its types, which the Codable bridge decodes once when a feature is bound
/// to its manifest (format v1.2, Conformance/README.md §15.4): a Swift field whose type cannot hold a declared value
/// (an `Int32` where the manifest declares a 64-bit `integer`, a `UUID` where it declares a plain `string`) is then an
/// error at start-up naming the field, not a divergence found later by a scenario or the fuzzer.
///
/// A probe is one value per edge: every integer at its range's minimum, then every integer at its maximum; strings in
/// a format hold a valid example, other strings `""`, enums their first value, arrays one item, nullable values their
/// wrapped type, unions their first case, and a named type that contains itself ends at its array or `null`.
struct BindingProbe {
  /// The manifest whose types are probed.
  let manifest: FeatureManifest
  /// Whether integers take their maximum (else their minimum).
  let high: Bool

  /// A probe of the state.
  var state: JSONValue { object(manifest.stateFields, depth: 0) }

  /// A probe of each action case, in declaration order.
  var actions: [(name: String, value: JSONValue)] {
    manifest.actions.cases.map { item in
      var value = object(item.fields, depth: 0)
      if case .object(var members) = value {
        members["type"] = .string(item.name)
        value = .object(members)
      }
      return (item.name, value)
    }
  }

  private func object(_ fields: [TypeDescriptor.Field], depth: Int) -> JSONValue {
    var members = JSONObject()
    for field in fields { members[field.name] = value(of: field.type, depth: depth + 1) }
    return .object(members)
  }

  private func value(of type: TypeDescriptor, depth: Int) -> JSONValue {
    switch type {
    case .string: return .string("")
    case .formatted(.dateTime): return .string(StringFormat.sampleDate)
    case .formatted(.uuid): return .string(StringFormat.sampleUUID)
    case .stringEnum(let values): return .string(values.first ?? "")
    case .boolean: return .bool(false)
    case .integer(let range):
      let bound = high ? range.maximum?.int64Value ?? .max : range.minimum?.int64Value ?? .min
      return .number(.integer(bound))
    case .number(let range): return .number(high ? range.maximum ?? .integer(0) : range.minimum ?? .integer(0))
    case .array(let items): return .array(depth > 4 ? [] : [value(of: items, depth: depth + 1)])
    case .object(let fields): return object(fields, depth: depth)
    case .objectRef(let name): return object(manifest.objectTypes[name] ?? [], depth: depth)
    case .union(let name):
      guard let item = manifest.types[name]?.cases.first else { return .null }
      var members = object(item.fields, depth: depth).objectValue ?? JSONObject()
      members["type"] = .string(item.name)
      return .object(members)
    case .nullable(let wrapped): return depth > 4 ? .null : value(of: wrapped, depth: depth)
    }
  }
}
