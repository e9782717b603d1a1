import Foundation

/// What the Codable bridge knows about a JSON value's place in a feature manifest: which objects are tagged unions
/// (`{"type": name, …fields}`) and how their case and field names map onto Swift's synthesized `Codable` form.
///
/// Built once per feature from its manifest (Conformance/README.md, feature manifests: `platforms.swift` and each
/// case's `swift` name). Without a manifest every value is ``opaque``: case names are taken as they are and a
/// single unlabelled associated value maps onto the only field.
indirect enum CodingShape: Sendable {
  /// Nothing known: names map to themselves.
  case opaque
  /// A closed object (a state, a nested object type): the shape of each field.
  case object([String: CodingShape])
  /// An array whose elements all have one shape.
  case array(CodingShape)
  /// A tagged union: the actions, the effects, or a named type.
  case union(UnionShape)
  /// A named object type of the manifest (format v1.2), shared by every field that refers to it, so that a type
  /// may contain itself (a comment's replies).
  case named(ObjectShape)

  /// The shape of a type descriptor, with named types resolved in `named`.
  init(_ descriptor: TypeDescriptor, named: NamedShapes) {
    switch descriptor {
    case .nullable(let wrapped): self = CodingShape(wrapped, named: named)
    case .array(let items): self = .array(CodingShape(items, named: named))
    case .object(let fields): self = .object(Self.fields(fields, named: named))
    case .union(let name): self = named.unions[name].map(CodingShape.union) ?? .opaque
    case .objectRef(let name): self = named.objects[name].map(CodingShape.named) ?? .opaque
    default: self = .opaque  // Scalars (strings, enums of strings, numbers, Booleans) need no mapping.
    }
  }

  /// The shapes of a list of fields, by name.
  static func fields(_ fields: [TypeDescriptor.Field], named: NamedShapes) -> [String: CodingShape] {
    var shapes: [String: CodingShape] = [:]
    for field in fields { shapes[field.name] = CodingShape(field.type, named: named) }
    return shapes
  }

  /// The shape of a field of an object shape; ``opaque`` when unknown.
  func field(_ name: String) -> CodingShape {
    switch self {
    case .object(let fields): return fields[name] ?? .opaque
    case .named(let object): return object.fields[name] ?? .opaque
    default: return .opaque
    }
  }

  /// The shape of the member or element at `component`; ``opaque`` when unknown.
  func field(key component: JSONPath.Component) -> CodingShape {
    switch (self, component) {
    case (.object, .key(let name)), (.named, .key(let name)): return field(name)
    case (.array(let items), .index): return items
    default: return .opaque
    }
  }
}

/// A named object type's field shapes, constructed empty and filled once by ``CodingShapes`` (so that types may refer
/// to each other and to themselves), then only read.
final class ObjectShape: @unchecked Sendable {
  /// Each field's shape, by name.
  var fields: [String: CodingShape] = [:]
}

/// The manifest's named types as shapes, by name: its unions and its object types (`types`).
struct NamedShapes: Sendable {
  /// The named unions.
  var unions: [String: UnionShape] = [:]
  /// The named object types.
  var objects: [String: ObjectShape] = [:]
}

// MARK: - UnionShape

/// A tagged union's cases with their neutral (manifest) and Swift names.
///
/// Constructed empty and filled once by ``CodingShapes`` (so unions may refer to each other), then only read.
final class UnionShape: @unchecked Sendable {
  /// One case: its names, its fields in declaration order, and their shapes.
  final class Case: Sendable {
    /// The manifest's discriminator, e.g. `emailChanged`.
    let neutral: String
    /// The Swift enum case name (the manifest's `swift` name, else the neutral name).
    let swift: String
    /// The fields in key order; a single unlabelled associated value (`_0`) maps onto the only one.
    let fieldOrder: [String]
    /// Each field's shape.
    let fields: [String: CodingShape]

    init(neutral: String, swift: String, fieldOrder: [String], fields: [String: CodingShape]) {
      self.neutral = neutral
      self.swift = swift
      self.fieldOrder = fieldOrder
      self.fields = fields
    }
  }

  /// The union's name in messages: `action`, `effect`, or the type's name.
  let name: String
  /// The cases, in key order (a manifest's objects are unordered). A union has a handful: a linear scan beats hashing
  /// the name.
  private(set) var cases: [Case] = []
  /// Neutral names in key order, for messages.
  var neutralNames: [String] { cases.map(\.neutral) }

  init(name: String) { self.name = name }

  /// Adds a case; called only while the shapes are built.
  func add(_ entry: Case) { cases.append(entry) }

  /// The case whose neutral name is `name`, scalar for scalar: a canonically equivalent spelling (U+212A KELVIN SIGN
  /// for `K`) is another name, as for the scenario loader (Conformance/README.md §2.4).
  func byNeutral(_ name: String) -> Case? { cases.first { ScalarOrder.equal($0.neutral, name) } }

  /// The case whose Swift name is `name`, scalar for scalar.
  func bySwift(_ name: String) -> Case? { cases.first { ScalarOrder.equal($0.swift, name) } }
}

// MARK: - CodingShapes

/// The shapes of one feature's state, actions and effects.
struct CodingShapes: Sendable {
  /// The state's shape.
  var state: CodingShape
  /// The actions' union.
  var actions: CodingShape
  /// The effects' union.
  var effects: CodingShape
  /// The one-off events' union (format v1.3); opaque when the manifest declares none.
  var events: CodingShape = .opaque
  /// The manifest's named types (`types`), by name: among them the result types of dependencies (runtime scenarios).
  var named = NamedShapes()

  /// No manifest: everything opaque.
  static let opaque = CodingShapes(state: .opaque, actions: .opaque, effects: .opaque)

  /// The shapes a manifest declares, with the Swift names of its `swift` platform.
  init(manifest: FeatureManifest) {
    var named = NamedShapes()
    for name in manifest.types.keys { named.unions[name] = UnionShape(name: name) }
    for name in manifest.objectTypes.keys { named.objects[name] = ObjectShape() }
    for (name, union) in manifest.types {
      if let shape = named.unions[name] { Self.fill(shape, with: union, named: named) }
    }
    for (name, fields) in manifest.objectTypes {
      named.objects[name]?.fields = CodingShape.fields(fields, named: named)
    }
    let actions = UnionShape(name: "action")
    Self.fill(actions, with: manifest.actions, named: named)
    let effects = UnionShape(name: "effect")
    Self.fill(effects, with: manifest.effects, named: named)
    self.init(
      state: .object(CodingShape.fields(manifest.stateFields, named: named)), actions: .union(actions),
      effects: .union(effects))
    if let declared = manifest.events {
      let events = UnionShape(name: "event")
      Self.fill(events, with: declared, named: named)
      self.events = .union(events)
    }
    self.named = named
  }

  private init(state: CodingShape, actions: CodingShape, effects: CodingShape) {
    self.state = state
    self.actions = actions
    self.effects = effects
  }

  private static func fill(_ shape: UnionShape, with union: FeatureManifest.Union, named: NamedShapes) {
    for entry in union.cases {
      shape.add(
        UnionShape.Case(
          neutral: entry.name, swift: entry.platformNames["swift"] ?? entry.name,
          fieldOrder: entry.fields.map(\.name), fields: CodingShape.fields(entry.fields, named: named)))
    }
  }
}

// MARK: - NeutralFormats

/// The one spelling of a `Date` and a `UUID` in the neutral form (format v1.2, Conformance/README.md §15): RFC 3339 UTC
/// with milliseconds, and the lower-case canonical UUID. Synthesized `Codable` would write a `Date` as seconds since
/// 2001 and a `UUID` in upper case, and Foundation on Linux parses malformed UUIDs; the bridge uses these instead.
enum NeutralFormats {
  /// `2026-12-02T13:05:00.000Z` for a date, rounded to the nearest millisecond (proleptic Gregorian calendar, UTC).
  static func text(of date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
    let (year, month, day) = civil(fromDays: days)
    let seconds = dayMilliseconds / 1000
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(seconds / 3600, 2)):"
      + "\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2)).\(padded(dayMilliseconds % 1000, 3))Z"
  }

  /// The date `text` spells, or `nil` unless it is exactly in ``StringFormat/dateTime``.
  static func date(from text: String) -> Date? {
    guard StringFormat.dateTime.admits(text) else { return nil }
    let digits = Array(text.utf8).map { Int64($0) - 48 }
    func number(_ range: Range<Int>) -> Int64 { digits[range].reduce(0) { $0 * 10 + $1 } }
    let days = days(fromCivil: number(0..<4), number(5..<7), number(8..<10))
    let seconds = number(11..<13) * 3600 + number(14..<16) * 60 + number(17..<19)
    let milliseconds = (days * 86_400 + seconds) * 1000 + number(20..<23)
    return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// The UUID `text` spells, or `nil` unless it is exactly in ``StringFormat/uuid`` (lower case, 8-4-4-4-12).
  static func uuid(from text: String) -> UUID? {
    guard StringFormat.uuid.admits(text) else { return nil }
    return UUID(uuidString: text)
  }

  /// `uuid` in lower case.
  static func text(of uuid: UUID) -> String { uuid.uuidString.lowercased() }

  // Howard Hinnant's `days_from_civil` and `civil_from_days` (proleptic Gregorian, day 0 = 1970-01-01).

  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivision(y, 400).quotient
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDivision(z, 146_097).quotient
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = ((a % b) + b) % b
    return ((a - remainder) / b, remainder)
  }

  private static func padded(_ number: Int64, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
