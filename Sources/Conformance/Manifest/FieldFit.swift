/// Whether a platform type a harness announces in `hello` (`fields`, harness protocol §2.1) holds every value a
/// manifest type descriptor admits (format v1.2, Conformance/README.md §15.4).
enum FieldFit {
  /// The ranges of the integer types a harness may announce.
  private static let integerRanges: [String: ClosedRange<Int64>] = [
    "Byte": Int64(Int8.min)...Int64(Int8.max), "Short": Int64(Int16.min)...Int64(Int16.max),
    "Int": Int64(Int32.min)...Int64(Int32.max),
  ]

  /// Whether `platform` holds every value of `declared`: an integer type the whole range, `UUID` a `uuid` and
  /// `Instant` a `date-time`. An unknown platform name holds anything (nothing to say about it).
  static func holds(_ platform: String, _ declared: TypeDescriptor) -> Bool {
    var type = declared
    if case .nullable(let wrapped) = type { type = wrapped }
    switch (platform, type) {
    case ("UUID", .formatted(.uuid)), ("Instant", .formatted(.dateTime)): return true
    case ("UUID", _), ("Instant", _): return false
    case (_, .integer(let range)):
      guard let holdable = integerRanges[platform] else { return true }
      let low = range.minimum?.int64Value ?? .min
      let high = range.maximum?.int64Value ?? .max
      return holdable.contains(low) && holdable.contains(high)
    default: return integerRanges[platform] == nil
    }
  }
}

extension FeatureManifest {
  /// The descriptor at a field path as harnesses announce it: `state.count`, `actions.setLimit.value`, then a field
  /// name per nested object, a case name per union, and `[]` per array; `nil` when the manifest has no such field.
  func descriptor(at path: String) -> TypeDescriptor? {
    var parts = path.split(separator: ".").map(String.init)
    guard !parts.isEmpty else { return nil }
    var fields: [TypeDescriptor.Field]
    switch parts.removeFirst() {
    case "state": fields = stateFields
    case "actions":
      guard !parts.isEmpty, let item = actions.case(named: parts.removeFirst()) else { return nil }
      fields = item.fields
    default: return nil
    }
    guard !parts.isEmpty, let first = fields.first(where: { $0.name == parts[0] }) else { return nil }
    var type = first.type
    for part in parts.dropFirst() {
      if case .nullable(let wrapped) = type { type = wrapped }
      switch type {
      case .array(let items) where part == "[]": type = items
      case .object(let members):
        guard let member = members.first(where: { $0.name == part }) else { return nil }
        type = member.type
      case .objectRef(let name):
        guard let member = objectTypes[name]?.first(where: { $0.name == part }) else { return nil }
        type = member.type
      case .union(let name):
        guard let item = types[name]?.case(named: part) else { return nil }
        fields = item.fields
        type = .object(fields)
      default: return nil
      }
    }
    return type
  }
}
