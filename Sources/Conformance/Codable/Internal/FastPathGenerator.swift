/// What `conformance generate-fast-path` learned about one Swift enum case: the labels of its associated values in
/// declaration order.
struct ProbedCase {
  /// `nil` for a single unlabelled value (`case emailChanged(String)`); `[]` for none; else the labels in the order
  /// Swift declares them, which a call or a pattern must follow.
  var labels: [String]?
}

/// A union the generator could read: its Swift type and each case it decoded.
struct ProbedUnion {
  var swiftType: String
  var module: String
  var cases: [String: ProbedCase] = [:]
}

/// Writes the Swift source of a ``CodableFastPath`` from a manifest and what decoding probe values through the bridge
/// showed about the Swift types (`Mirror` gives each decoded case's labels in declaration order).
///
/// The manifest gives the JSON shapes; the Swift types give what the manifest cannot: whether a case's value is
/// labelled, in which order its labels are declared, and the names of the union types. What it cannot read (a case
/// whose probe the bridge cannot decode, an object field, a union only the state uses) is left to the bridge, with a
/// note saying so.
struct FastPathGenerator {
  let manifest: FeatureManifest
  let manifestFile: String
  let typeName: String
  /// The executable that runs the generator, e.g. `conformance` or a team's `counter-conformance`.
  let tool: String
  /// Where the source will be written, when known.
  let outputFile: String?
  let reducerType: Any.Type
  let stateType: Any.Type
  let actionType: Any.Type
  /// Decodes a probe action through the bridge: the value, or the bridge's message.
  let decodeAction: (JSONValue) -> Result<Any, BridgeError>
  let effectType: Any.Type
  /// Decodes a probe effect through the bridge, when the effect type is `Decodable` too.
  let decodeEffect: ((JSONValue) -> Result<Any, BridgeError>)?

  private(set) var notes: [String] = []
  private var actions: [String: ProbedCase] = [:]
  private var effectCases: [String: ProbedCase] = [:]
  private var unions: [String: ProbedUnion] = [:]
  private var counter = 0
  private var usedEncoders: Set<String> = []

  init(
    manifest: FeatureManifest, manifestFile: String, typeName: String, tool: String, outputFile: String?,
    reducerType: Any.Type, stateType: Any.Type,
    actionType: Any.Type, decodeAction: @escaping (JSONValue) -> Result<Any, BridgeError>, effectType: Any.Type,
    decodeEffect: ((JSONValue) -> Result<Any, BridgeError>)?
  ) {
    self.effectType = effectType
    self.decodeEffect = decodeEffect
    self.manifest = manifest
    self.manifestFile = manifestFile
    self.typeName = typeName
    self.tool = tool
    self.outputFile = outputFile
    self.reducerType = reducerType
    self.stateType = stateType
    self.actionType = actionType
    self.decodeAction = decodeAction
  }

  // MARK: - Probing

  /// Decodes one probe per action case (and effect case, when effects are `Decodable`), and per case of every union
  /// they carry, recording the labels.
  mutating func probe() {
    actions = probeCases(manifest.actions, what: "action", decode: decodeAction)
    if let decodeEffect {
      effectCases = probeCases(manifest.effects, what: "effect", decode: decodeEffect)
    } else {
      notes.append("effects are left to the bridge: the effect type is not Decodable, so its cases cannot be probed")
    }
  }

  private mutating func probeCases(
    _ union: FeatureManifest.Union, what: String, decode: (JSONValue) -> Result<Any, BridgeError>
  ) -> [String: ProbedCase] {
    var found: [String: ProbedCase] = [:]
    for entry in union.cases {
      let base = sample(entry)
      switch decode(base) {
      case .failure(let error):
        notes.append(
          "\(what) '\(entry.name)' is left to the bridge, which cannot decode \(render(base)): "
            + Self.reason(error, entry))
      case .success(let value):
        guard let probed = read(value, as: entry, what: what) else { continue }
        var supported = true
        for field in entry.fields {
          guard let union = Self.unionName(field.type) else {
            if !Self.isPlain(field.type) {
              notes.append(
                "\(what) '\(entry.name)' is left to the bridge: its field '\(field.name)' is \(Self.article(field.type))"
              )
              supported = false
            }
            continue
          }
          let embed: (JSONValue) -> JSONValue = { Self.replacing(field.name, in: base, with: $0) }
          let extract: (Any) -> Any? = { Self.field(field.name, of: $0, labels: probed.labels) }
          if !probeUnion(union, embed: embed, extract: extract, decode: decode, depth: 0) {
            notes.append(
              "\(what) '\(entry.name)' is left to the bridge: the Swift type of its field '\(field.name)' could not be read"
            )
            supported = false
          }
        }
        if supported { found[entry.name] = probed }
      }
    }
    return found
  }

  /// The bridge's reason a probe did not decode, with what to do when the probe itself is the cause: a plain
  /// manifest string that Swift reads as an enum, for which the generator knows no valid value.
  private static func reason(_ error: BridgeError, _ entry: FeatureManifest.Case) -> String {
    let text = "\(error.path): \(error.message)"
    guard error.message.hasSuffix("the Swift enum's raw values must be the manifest's values"),
      let field = error.path.components.last.flatMap({ component -> String? in
        if case .key(let name) = component { return name }
        return nil
      }),
      entry.fields.contains(where: { $0.name == field && $0.type == .string })
    else { return text }
    return "its Swift type reads the field '\(field)' as an enum, which the manifest declares as any string; give the "
      + "field an \"enum\" of the Swift raw values in the manifest"
  }

  /// Reads the Swift type of union `name` at the place `embed` puts it and, the first time, the labels of each of its
  /// cases; `false` when no case decodes there or the Swift type differs from the one read at another place (one
  /// manifest union, two Swift enums: the generated code could not name both).
  private mutating func probeUnion(
    _ name: String, embed: (JSONValue) -> JSONValue, extract: (Any) -> Any?,
    decode: (JSONValue) -> Result<Any, BridgeError>, depth: Int
  ) -> Bool {
    guard depth < 8, let union = manifest.types[name] else { return false }
    let firstVisit = unions[name] == nil
    for entry in union.cases {
      let probe = embed(sample(entry))
      let result = decode(probe)
      guard case .success(let decoded) = result, let value = extract(decoded) else {
        if firstVisit {
          let why = if case .failure(let error) = result { Self.reason(error, entry) } else { "it did not decode" }
          notes.append(
            "\(name) case '\(entry.name)' is left to the bridge, which cannot decode \(render(probe)): \(why)")
        }
        continue
      }
      let reflected = String(reflecting: type(of: value))
      let module = reflected.split(separator: ".").first.map(String.init) ?? ""
      let swiftType = String(reflected.dropFirst(module.count + 1))
      if let known = unions[name] {
        if known.swiftType == swiftType, !firstVisit { return true }
        if known.swiftType != swiftType {
          notes.append(
            "\(name) is \(known.swiftType) in one place and \(swiftType) in another: where it is \(swiftType), it is "
              + "left to the bridge")
          return false
        }
      } else {
        unions[name] = ProbedUnion(swiftType: swiftType, module: module)
      }
      guard let probed = read(value, as: entry, what: "\(name) case") else { continue }
      var supported = true
      for field in entry.fields {
        guard let inner = Self.unionName(field.type) else {
          if !Self.isPlain(field.type) {
            notes.append(
              "\(name) case '\(entry.name)' is left to the bridge: its field '\(field.name)' is \(Self.article(field.type))"
            )
            supported = false
          }
          continue
        }
        let base = sample(entry)
        let nestedEmbed: (JSONValue) -> JSONValue = { embed(Self.replacing(field.name, in: base, with: $0)) }
        let nestedExtract: (Any) -> Any? = {
          extract($0).flatMap { Self.field(field.name, of: $0, labels: probed.labels) }
        }
        if !probeUnion(inner, embed: nestedEmbed, extract: nestedExtract, decode: decode, depth: depth + 1) {
          notes.append(
            "\(name) case '\(entry.name)' is left to the bridge: the Swift type of its field '\(field.name)' could not be read"
          )
          supported = false
        }
      }
      if supported { unions[name]?.cases[entry.name] = probed }
    }
    return unions[name] != nil
  }

  /// The labels of the case `value` holds, checked against the manifest's `entry`.
  private mutating func read(_ value: Any, as entry: FeatureManifest.Case, what: String) -> ProbedCase? {
    let swiftName = entry.platformNames["swift"] ?? entry.name
    let mirror = Mirror(reflecting: value)
    guard let child = mirror.children.first else {
      guard entry.fields.isEmpty else {
        notes.append("\(what) '\(entry.name)' is left to the bridge: the Swift case has no associated value")
        return nil
      }
      return ProbedCase(labels: [])
    }
    guard child.label == swiftName else {
      notes.append("\(what) '\(entry.name)' is left to the bridge: it decoded as '\(child.label ?? "?")'")
      return nil
    }
    let payload = Mirror(reflecting: child.value)
    if payload.displayStyle == .tuple {
      let labels = payload.children.map { $0.label ?? "" }
      guard Set(labels) == Set(entry.fields.map(\.name)), labels.count == entry.fields.count else {
        notes.append(
          "\(what) '\(entry.name)' is left to the bridge: its labels (\(labels.joined(separator: ", "))) are not the manifest's fields"
        )
        return nil
      }
      return ProbedCase(labels: labels)
    }
    guard entry.fields.count == 1 else {
      notes.append(
        "\(what) '\(entry.name)' is left to the bridge: one unlabelled value for \(entry.fields.count) fields")
      return nil
    }
    return ProbedCase(labels: nil)
  }

  /// The value of field `name` inside the enum value `value` (an optional unwrapped).
  private static func field(_ name: String, of value: Any, labels: [String]?) -> Any? {
    guard let payload = Mirror(reflecting: value).children.first?.value else { return nil }
    let found: Any?
    if labels == nil {
      found = payload
    } else {
      found = Mirror(reflecting: payload).children.first { $0.label == name }?.value
    }
    guard let found else { return nil }
    let mirror = Mirror(reflecting: found)
    if mirror.displayStyle == .optional { return mirror.children.first?.value }
    return found
  }

  // MARK: - Probe values

  private func sample(_ entry: FeatureManifest.Case) -> JSONValue {
    var object = JSONObject()
    object["type"] = .string(entry.name)
    for field in entry.fields { object[field.name] = sample(field.type, depth: 0) }
    return .object(object)
  }

  private func sample(_ type: TypeDescriptor, depth: Int) -> JSONValue {
    switch type {
    case .string: return .string("")
    case .stringEnum(let values): return .string(values.first ?? "")
    case .boolean: return .bool(false)
    case .integer, .number: return .number(.integer(0))
    case .array: return .array([])
    case .nullable(let wrapped): return Self.unionName(wrapped) == nil ? .null : sample(wrapped, depth: depth)
    case .object(let fields):
      var object = JSONObject()
      for field in fields { object[field.name] = sample(field.type, depth: depth + 1) }
      return .object(object)
    case .union(let name):
      // The first case whose fields hold no union ends a chain of nested unions.
      guard depth < 8, let union = manifest.types[name], let first = union.cases.first else { return .null }
      let entry = union.cases.first { $0.fields.allSatisfy { Self.unionName($0.type) == nil } } ?? first
      var object = JSONObject()
      object["type"] = .string(entry.name)
      for field in entry.fields { object[field.name] = sample(field.type, depth: depth + 1) }
      return .object(object)
    }
  }

  private static func replacing(_ name: String, in value: JSONValue, with replacement: JSONValue) -> JSONValue {
    guard case .object(var object) = value else { return value }
    object[name] = replacement
    return .object(object)
  }

  private func render(_ value: JSONValue) -> String { JSONRenderer.compact(value, style: .display) }

  // MARK: - Field kinds

  /// A scalar, an enum of strings, or an optional or array of them: decoded and encoded by ``GeneratedCoding``.
  static func isPlain(_ type: TypeDescriptor) -> Bool {
    switch type {
    case .string, .stringEnum, .boolean, .integer, .number: return true
    case .nullable(let wrapped), .array(let wrapped): return isPlain(wrapped)
    case .object, .union: return false
    }
  }

  /// The union a field holds, directly or as an optional.
  static func unionName(_ type: TypeDescriptor) -> String? {
    switch type {
    case .union(let name): return name
    case .nullable(.union(let name)): return name
    default: return nil
    }
  }

  private static func article(_ type: TypeDescriptor) -> String {
    switch type {
    case .object: return "an object"
    default: return type.description
    }
  }

  // MARK: - Source

  /// The generated file.
  mutating func source() -> String {
    let state = Self.localName(stateType)
    let action = Self.localName(actionType)
    let reducer = Self.localName(reducerType)
    let names = [reducer, state, action, Self.localName(effectType)] + unions.values.map(\.swiftType)
    for name in names where name.contains("(unknown context") {
      notes.append(
        "\(name) is private or local: generated code cannot name it, so it will not compile; make it internal")
    }
    var modules = Set(
      [stateType, actionType, effectType, reducerType].map { Self.module(of: $0) })
    for union in unions.values { modules.insert(union.module) }
    modules.remove("")
    modules.insert("Conformance")
    var lines: [String] = []
    let command = "\(tool) generate-fast-path \(manifest.feature) --output \(outputFile ?? "<this file>")"
    lines.append(
      "// Generated by '\(tool) generate-fast-path \(manifest.feature)' from \(manifestFile) and the Swift types.")
    lines.append(
      "// Do not edit. After changing the manifest or the types, regenerate it (README, \"Make the Codable bridge")
    lines.append("// fast\"); the stub below keeps the build going while this file is out of date:")
    lines.append("//   swift run -Xswiftc -D\(Self.stubCondition) \(command)")
    lines.append(
      "// What it does not handle goes through the Codable bridge, and the runner checks it against the bridge")
    lines.append("// on every scenario's initial state.")
    for module in modules.sorted() { lines.append("import \(module)") }
    lines.append("")
    lines.append("#if \(Self.stubCondition)")
    lines.append("  /// A stand-in that leaves everything to the bridge, compiled only to regenerate the fast path.")
    lines.append("  public struct \(typeName): Conformance.CodableFastPath {")
    lines.append("    /// The reducer whose types this fast path converts.")
    lines.append("    public typealias Feature = \(reducer)")
    lines.append("    /// Creates the stand-in.")
    lines.append("    public init() {}")
    lines.append("    /// `nil`: the bridge decodes every action.")
    lines.append("    public func decodeAction(_ value: Conformance.JSONValue) -> Feature.Action? { nil }")
    lines.append("    /// `nil`: the bridge encodes every state.")
    lines.append("    public func encodeState(_ state: Feature.State) -> Conformance.JSONValue? { nil }")
    lines.append("    /// `nil`: the bridge encodes every effect.")
    lines.append("    public func encodeEffect(_ effect: Feature.Effect) -> Conformance.JSONValue? { nil }")
    lines.append("  }")
    lines.append("#else")
    let bodyStart = lines.count
    lines.append(
      "/// The generated fast path of the '\(manifest.feature)' feature's Codable bridge (``CodableFastPath``).")
    lines.append("public struct \(typeName): Conformance.CodableFastPath {")
    lines.append("  /// The reducer whose types this fast path converts.")
    lines.append("  public typealias Feature = \(reducer)")
    lines.append("")
    lines.append("  /// Creates the fast path.")
    lines.append("  public init() {}")
    lines.append("")
    lines.append("  /// The action, or `nil` to leave it to the bridge.")
    lines.append("  public func decodeAction(_ value: Conformance.JSONValue) -> \(action)? {")
    lines.append("    guard let union = Conformance.GeneratedCoding.union(value) else { return nil }")
    lines.append("    do {")
    lines.append("      switch union.type {")
    for entry in manifest.actions.cases {
      guard let probed = actions[entry.name] else { continue }
      lines.append("      case \(Self.literal(entry.name)):")
      lines.append("        guard union.members.count == \(entry.fields.count + 1) else { return nil }")
      lines.append("        return \(construction(entry, probed, members: "union.members", indent: "        "))")
    }
    lines.append("      default: return nil")
    lines.append("      }")
    lines.append("    } catch {")
    lines.append("      return nil")
    lines.append("    }")
    lines.append("  }")
    lines.append("")
    lines.append("  /// The state as the bridge writes it, or `nil` to leave it to the bridge.")
    lines.append("  public func encodeState(_ state: \(state)) -> Conformance.JSONValue? {")
    let generator = self
    if let missing = manifest.stateFields.lazy.compactMap({ generator.unencodable($0.type) }).first {
      notes.append("the state is left to the bridge: \(missing)")
      lines.append("    nil  // The bridge encodes the state: \(missing).")
    } else {
      var body: [String] = []
      let value = encodeObject(manifest.stateFields, of: "state", into: &body, indent: "    ")
      lines.append(contentsOf: body)
      lines.append("    return \(value)")
    }
    lines.append("  }")
    lines.append("")
    lines.append("  /// The effect as the bridge writes it, or `nil` to leave it to the bridge.")
    lines.append("  public func encodeEffect(_ effect: \(Self.localName(effectType))) -> Conformance.JSONValue? {")
    if decodeEffect == nil {
      lines.append("    nil  // The effect type is not Decodable: its cases could not be probed.")
    } else {
      lines.append(contentsOf: caseSwitch("effect", manifest.effects.cases, effectCases))
    }
    lines.append("  }")
    for name in unions.keys.sorted() {
      guard let union = manifest.types[name], let probed = unions[name] else { continue }
      lines.append("")
      lines.append(contentsOf: unionDecoder(name, union, probed))
    }
    // Encoders for the unions the state holds, and those they hold in turn.
    var written: Set<String> = []
    while let name = usedEncoders.subtracting(written).sorted().first {
      written.insert(name)
      guard let union = manifest.types[name], let probed = unions[name] else { continue }
      lines.append("")
      lines.append(contentsOf: unionEncoder(name, union, probed))
    }
    lines.append("}")
    // Inside `#else`, indented as swift-format indents conditional compilation blocks (an entry may hold several
    // lines: a wrapped call or object).
    let body = lines[bodyStart...].joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
    lines = Array(lines[..<bodyStart]) + body.map { $0.isEmpty ? "" : "  " + $0 }
    lines.append("#endif")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The compilation condition that swaps the generated code for a stand-in that compiles whatever the types became.
  static let stubCondition = "CONFORMANCE_FAST_PATH_STUB"

  private func construction(_ entry: FeatureManifest.Case, _ probed: ProbedCase, members: String, indent: String)
    -> String
  {
    // Through the case's full name (`.setCount(value:)(…)`), which default arguments do not stretch: a case that
    // gained a value since the generation stops the build instead of decoding without it.
    let swiftName = entry.platformNames["swift"] ?? entry.name
    guard let labels = probed.labels else {
      guard let field = entry.fields.first else { return ".\(swiftName)" }
      return Self.call(".\(swiftName)(_:)", [decodeExpression(field, members: members)], indent: indent)
    }
    if labels.isEmpty { return ".\(swiftName)" }
    let arguments = labels.compactMap { label in
      entry.fields.first { $0.name == label }.map { decodeExpression($0, members: members) }
    }
    return Self.call(".\(swiftName)(\(labels.map { "\($0):" }.joined()))", arguments, indent: indent)
  }

  /// `name(a, b)` on one line when it fits in 120 columns after `return `, else one argument per line.
  static func call(_ name: String, _ arguments: [String], indent: String) -> String {
    let line = "\(name)(\(arguments.joined(separator: ", ")))"
    if indent.count + 9 + line.count <= 120 { return line }
    return "\(name)(\n" + arguments.map { "\(indent)  \($0)" }.joined(separator: ",\n") + ")"
  }

  private func decodeExpression(_ field: TypeDescriptor.Field, members: String) -> String {
    let member = "\(members)[\(Self.literal(field.name))]"
    switch field.type {
    case .union(let name): return "try Self.decode\(name)(\(member))"
    case .nullable(.union(let name)): return "try Conformance.GeneratedCoding.nullable(\(member), Self.decode\(name))"
    default: return "try Conformance.GeneratedCoding.decode(\(member))"
    }
  }

  private func unionDecoder(_ name: String, _ union: FeatureManifest.Union, _ probed: ProbedUnion) -> [String] {
    var lines = [
      "  private static func decode\(name)(_ value: Conformance.JSONValue?)",
      "    throws(Conformance.GeneratedCoding.Mismatch) -> \(probed.swiftType)",
      "  {",
      "    guard let union = Conformance.GeneratedCoding.union(value) else { throw Conformance.GeneratedCoding.Mismatch() }",
      "    switch union.type {",
    ]
    for entry in union.cases {
      guard let probedCase = probed.cases[entry.name] else { continue }
      lines.append("    case \(Self.literal(entry.name)):")
      lines.append(
        "      guard union.members.count == \(entry.fields.count + 1) else { throw Conformance.GeneratedCoding.Mismatch() }"
      )
      lines.append("      return \(construction(entry, probedCase, members: "union.members", indent: "      "))")
    }
    lines.append("    default: throw Conformance.GeneratedCoding.Mismatch()")
    lines.append("    }")
    lines.append("  }")
    return lines
  }

  /// Why a value of `type` cannot be encoded by generated code, or `nil`.
  ///
  /// An object is encoded by its manifest fields, so a property the manifest lacks would be left out where the bridge
  /// writes it. The runner finds such a property by encoding each scenario's initial state both ways, which shows
  /// only the objects every state has: so an object inside an array, an optional, a union case or an effect is left
  /// to the bridge (`nested`).
  private func unencodable(_ type: TypeDescriptor, nested: Bool = false) -> String? {
    switch type {
    case .string, .stringEnum, .boolean, .integer, .number: return nil
    case .nullable(.union(let name)): return unencodable(.union(name), nested: true)
    case .nullable(let wrapped) where !Self.isPlain(wrapped): return "it holds an optional array or object"
    case .nullable(let wrapped), .array(let wrapped): return unencodable(wrapped, nested: true)
    case .object(let fields):
      if nested {
        return "it holds an object inside an array, an optional or a case, where a property the manifest lacks "
          + "would not show in the initial state"
      }
      for field in fields { if let why = unencodable(field.type) { return why } }
      return nil
    case .union(let name):
      // A case the probes did not read, or one holding an object, is left to the bridge by the union's encoder
      // (`default: return nil`); only the Swift type's name is needed.
      return unions[name] == nil ? "no action or effect carries \(name), so its Swift type could not be read" : nil
    }
  }

  private mutating func unionEncoder(_ name: String, _ union: FeatureManifest.Union, _ probed: ProbedUnion)
    -> [String]
  {
    ["  private static func encode\(name)(_ value: \(probed.swiftType)) -> Conformance.JSONValue? {"]
      + caseSwitch("value", union.cases, probed.cases) + ["  }"]
  }

  /// A `switch` over `subject` that encodes each probed case whose fields generated code can encode, and leaves the
  /// others (`default: return nil`) to the bridge.
  private mutating func caseSwitch(_ subject: String, _ cases: [FeatureManifest.Case], _ probed: [String: ProbedCase])
    -> [String]
  {
    var lines = ["    switch \(subject) {"]
    var complete = true
    for entry in cases {
      guard let probedCase = probed[entry.name], entry.fields.allSatisfy({ unencodable($0.type, nested: true) == nil })
      else {
        complete = false
        continue
      }
      let swiftName = entry.platformNames["swift"] ?? entry.name
      var bindings: [String: String] = [:]
      for (index, field) in entry.fields.enumerated() { bindings[field.name] = "field\(index)" }
      let pattern: String
      if let labels = probedCase.labels {
        let arguments = labels.map { "\($0): let \(bindings[$0] ?? "_")" }
        pattern = labels.isEmpty ? ".\(swiftName)" : ".\(swiftName)(\(arguments.joined(separator: ", ")))"
      } else {
        pattern = ".\(swiftName)(let \(bindings[entry.fields.first?.name ?? ""] ?? "_"))"
      }
      lines.append("    case \(pattern):")
      var body: [String] = []
      var members = [(key: "type", value: ".string(\(Self.literal(entry.name)))")]
      for field in entry.fields {
        members.append((field.name, encode(bindings[field.name] ?? "_", field.type, into: &body, indent: "      ")))
      }
      lines.append(contentsOf: body)
      lines.append("      return \(Self.objectExpression(members, indent: "      "))")
    }
    // `@unknown default` keeps the build going (with a warning) when the Swift enum has a case the manifest lacks, and
    // says nothing when the cases above are all it has.
    lines.append(complete ? "    @unknown default: return nil" : "    default: return nil")
    lines.append("    }")
    return lines
  }

  /// Appends the statements that encode `expression` and returns the name of the `JSONValue` they bind.
  private mutating func encode(_ expression: String, _ type: TypeDescriptor, into body: inout [String], indent: String)
    -> String
  {
    counter += 1
    let name = "value\(counter)"
    switch type {
    case _ where Self.isPlain(type):
      body.append("\(indent)guard let \(name) = Conformance.GeneratedCoding.encode(\(expression)) else { return nil }")
    case .union(let union):
      usedEncoders.insert(union)
      body.append("\(indent)guard let \(name) = Self.encode\(union)(\(expression)) else { return nil }")
    case .object(let fields):
      let object = encodeObject(fields, of: expression, into: &body, indent: indent)
      body.append("\(indent)let \(name) = \(object)")
    case .nullable(.union(let union)):
      // Through a function that takes an optional, so a Swift property that is not optional still compiles.
      usedEncoders.insert(union)
      body.append(
        "\(indent)guard let \(name) = Conformance.GeneratedCoding.encodeNullable(\(expression), Self.encode\(union)) "
          + "else { return nil }")
    case .array(let items):
      let element = "element\(counter)"
      let elements = "elements\(counter)"
      body.append("\(indent)var \(elements): [Conformance.JSONValue] = []")
      body.append("\(indent)for \(element) in \(expression) {")
      let inner = encode(element, items, into: &body, indent: indent + "  ")
      body.append("\(indent)  \(elements).append(\(inner))")
      body.append("\(indent)}")
      body.append("\(indent)let \(name) = Conformance.JSONValue.array(\(elements))")
    default:
      body.append("\(indent)guard let \(name) = Conformance.GeneratedCoding.encode(\(expression)) else { return nil }")
    }
    return name
  }

  private mutating func encodeObject(
    _ fields: [TypeDescriptor.Field], of expression: String, into body: inout [String], indent: String
  ) -> String {
    var members: [(key: String, value: String)] = []
    for field in fields {
      members.append(
        (field.name, encode("\(expression).\(Self.identifier(field.name))", field.type, into: &body, indent: indent)))
    }
    return Self.objectExpression(members, indent: indent)
  }

  /// `GeneratedCoding.object(sorted: […])` with the members in the order of their keys' bytes (the order of
  /// ``JSONObject``'s members), one member per line when they do not fit in 120 columns.
  static func objectExpression(_ members: [(key: String, value: String)], indent: String) -> String {
    let entries = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
      "(\(literal($0.key)), \($0.value))"
    }
    let line = "Conformance.GeneratedCoding.object(sorted: [\(entries.joined(separator: ", "))])"
    if indent.count + 22 + line.count <= 120 { return line }
    return "Conformance.GeneratedCoding.object(sorted: [\n"
      + entries.map { "\(indent)  \($0)" }.joined(separator: ",\n")
      + ",\n\(indent)])"
  }

  // MARK: - Names

  private static func module(of type: Any.Type) -> String {
    String(reflecting: type).split(separator: ".").first.map(String.init) ?? ""
  }

  private static func localName(_ type: Any.Type) -> String {
    let reflected = String(reflecting: type)
    let module = module(of: type)
    return reflected.hasPrefix(module + ".") ? String(reflected.dropFirst(module.count + 1)) : reflected
  }

  /// A Swift string literal of an ASCII manifest name.
  private static func literal(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// A manifest field name as a member after `.`: Swift takes keywords there as they are (`state.default`), except
  /// the few that mean something after a dot.
  private static func identifier(_ name: String) -> String {
    ["self", "Type", "Protocol", "init"].contains(name) ? "`\(name)`" : name
  }
}
