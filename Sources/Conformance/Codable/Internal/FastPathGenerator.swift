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
  /// `"public "` for a fast path in a target of its own (the default), `""` for one beside internal types.
  let access: String
  let reducerType: Any.Type
  let stateType: Any.Type
  let actionType: Any.Type
  /// Decodes a probe action through the bridge: the value, or the bridge's message.
  let decodeAction: (JSONValue) -> Result<Any, BridgeError>
  let effectType: Any.Type
  /// Decodes a probe effect through the bridge, when the effect type is `Decodable` too.
  let decodeEffect: ((JSONValue) -> Result<Any, BridgeError>)?

  /// Decodes a probe state through the bridge (to read the Swift types of the state's union properties).
  let decodeState: (JSONValue) -> Result<Any, BridgeError>

  var notes: [String] = []
  /// What would make the generated file fail to compile: it is not written.
  var problems: [String] = []
  var actions: [String: ProbedCase] = [:]
  var effectCases: [String: ProbedCase] = [:]
  var unions: [String: ProbedUnion] = [:]
  var counter = 0
  var usedEncoders: Set<String> = []

  init(
    manifest: FeatureManifest, manifestFile: String, typeName: String, tool: String, outputFile: String?,
    isPublic: Bool, reducerType: Any.Type, stateType: Any.Type,
    actionType: Any.Type, decodeAction: @escaping (JSONValue) -> Result<Any, BridgeError>, effectType: Any.Type,
    decodeEffect: ((JSONValue) -> Result<Any, BridgeError>)?,
    decodeState: @escaping (JSONValue) -> Result<Any, BridgeError>
  ) {
    self.decodeState = decodeState
    self.effectType = effectType
    self.decodeEffect = decodeEffect
    self.manifest = manifest
    self.manifestFile = manifestFile
    self.typeName = typeName
    self.tool = tool
    self.outputFile = outputFile
    self.access = isPublic ? "public " : ""
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

  mutating func probeCases(
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
        let supported = probeFields(
          of: entry, probed, what: what, embed: { $0 }, extract: { $0 }, decode: decode, depth: 0)
        if supported { found[entry.name] = probed }
      }
    }
    return found
  }

  /// The bridge's reason a probe did not decode, with what to do when the probe itself is the cause: a plain
  /// manifest string that Swift reads as an enum, for which the generator knows no valid value.
  static func reason(_ error: BridgeError, _ entry: FeatureManifest.Case) -> String {
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
  mutating func probeUnion(
    _ name: String, embed: @escaping (JSONValue) -> JSONValue, extract: @escaping (Any) -> Any?,
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
      let supported = probeFields(
        of: entry, probed, what: "\(name) case", embed: embed, extract: extract, decode: decode, depth: depth + 1)
      if supported { unions[name]?.cases[entry.name] = probed }
    }
    return unions[name] != nil
  }

  /// Probes the unions the fields of `entry` hold, noting each field the generated code cannot take.
  ///
  /// - Parameters:
  ///   - entry: A case read as `probed` from the value `embed` places in a whole action or effect.
  ///   - embed: Puts a value of this case's type where the probes decode it.
  ///   - extract: Takes the value of this case's type out of a decoded probe.
  /// - Returns: `false` when a field leaves the case to the bridge.
  private mutating func probeFields(
    of entry: FeatureManifest.Case, _ probed: ProbedCase, what: String, embed: @escaping (JSONValue) -> JSONValue,
    extract: @escaping (Any) -> Any?, decode: (JSONValue) -> Result<Any, BridgeError>, depth: Int
  ) -> Bool {
    var supported = true
    let base = sample(entry)
    for field in entry.fields {
      guard let union = Self.unionName(field.type) else {
        if !Self.isPlain(field.type) {
          notes.append(
            "\(what) '\(entry.name)' is left to the bridge: its field '\(field.name)' is \(Self.article(field.type))")
          supported = false
        }
        continue
      }
      let fieldEmbed: (JSONValue) -> JSONValue = { embed(Self.replacing(field.name, in: base, with: $0)) }
      let fieldExtract: (Any) -> Any? = {
        extract($0).flatMap { Self.field(field.name, of: $0, labels: probed.labels) }
      }
      if !probeUnion(union, embed: fieldEmbed, extract: fieldExtract, decode: decode, depth: depth) {
        notes.append(
          "\(what) '\(entry.name)' is left to the bridge: the Swift type of its field '\(field.name)' could not be read"
        )
        supported = false
      }
    }
    return supported
  }

  /// The labels of the case `value` holds, checked against the manifest's `entry`.
  mutating func read(_ value: Any, as entry: FeatureManifest.Case, what: String) -> ProbedCase? {
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
  static func field(_ name: String, of value: Any, labels: [String]?) -> Any? {
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

  func sample(_ entry: FeatureManifest.Case) -> JSONValue {
    var object = JSONObject()
    object["type"] = .string(entry.name)
    for field in entry.fields { object[field.name] = sample(field.type, depth: 0) }
    return .object(object)
  }

  func sample(_ type: TypeDescriptor, depth: Int) -> JSONValue {
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

  static func replacing(_ name: String, in value: JSONValue, with replacement: JSONValue) -> JSONValue {
    guard case .object(var object) = value else { return value }
    object[name] = replacement
    return .object(object)
  }

  func render(_ value: JSONValue) -> String { JSONRenderer.compact(value, style: .display) }

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

  static func article(_ type: TypeDescriptor) -> String {
    switch type {
    case .object: return "an object"
    default: return type.description
    }
  }
}
