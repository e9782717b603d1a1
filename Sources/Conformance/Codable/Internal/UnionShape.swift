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
