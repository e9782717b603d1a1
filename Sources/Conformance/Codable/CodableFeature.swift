import UnidirectionalFlow

/// Runs a reducer whose types use Swift's synthesized `Codable`, with no hand-written codec: the Codable bridge.
///
/// The scenario format writes unions as `{"type": name, …fields}`; Swift synthesizes `{"name": {…fields}}` for an
/// enum case (and `{"name": {"_0": …}}` for an unlabelled associated value). The bridge maps one onto the other with
/// the feature manifest: each action, effect and named-type case's `swift` name (Conformance/README.md, feature
/// manifests), and each case's field order for unlabelled values. It reads and writes the runner's JSON values
/// directly (no `Data`, no `JSONDecoder`).
///
/// ```swift
/// struct CounterState: Codable, Equatable { var count = 0; var limit: Int? = nil }
/// enum CounterAction: Codable { case increment, decrement, setLimit(value: Int?) }
/// enum CounterEffect: Codable { case save(count: Int) }
///
/// CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState())
/// ```
///
/// What maps, with synthesized conformances:
/// - enums with labelled associated values (labels are the manifest's field names), or unlabelled ones (by position);
/// - enums used as unions inside other values (a result type: a field of type `union` in the manifest);
/// - enums with `String` raw values (a manifest `string` field, optionally with an `enum` of values);
/// - optionals (JSON `null`; a `nil` is always written as an explicit `null`);
/// - nested structs, arrays, `Int` (and the other fixed-width integers), `Double`, `Bool` and `String`.
///
/// Conversion errors are reported as the step's `errored` outcome, naming the JSON path and the Swift type:
/// `actions[2].result.type: unknown case 'succes' of LoginResult (known: failure, success)`.
///
/// A feature whose suite needs more speed than the bridge gives can register a hand-written ``FeatureCodec`` through
/// ``ReducerAdapter`` instead; `scripts/bench` times login both ways.
public struct CodableFeature<Feature: Reducer>: FeatureAdapter, ManifestBindable, BindingChecked
where Feature.State: Codable & Equatable, Feature.Action: Decodable, Feature.Effect: Encodable {
  /// The feature's name, as in its manifest, e.g. `signup`.
  public let feature: String
  private let made: LazyValue<(reducer: Feature, state: Feature.State)>
  /// The reducer under test; called directly (never a store, never an effect runner). Made at the first use.
  public var reducer: Feature { made.value.reducer }
  /// The feature's initial state. Made at the first use.
  public var initialValue: Feature.State { made.value.state }
  let shapes: CodingShapes
  /// What the Swift types cannot hold of the manifest's values, found when bound (``bindingProblems``).
  private(set) var bindingProblems: [String] = []

  /// Creates the adapter; ``bound(to:)`` later gives it the manifest's names.
  ///
  /// Neither argument is evaluated here: the reducer and the initial state are made when a scenario of the feature
  /// first needs them, so a run of one feature's scenarios makes nothing of the other features registered beside it.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, as in its manifest.
  ///   - reducer: The reducer to run.
  ///   - initialState: The feature's initial state (reported in `hello`, compared with the manifest's).
  public init(
    _ feature: String, reducer: @autoclosure @escaping @Sendable () -> Feature,
    initialState: @autoclosure @escaping @Sendable () -> Feature.State
  ) {
    self.init(feature: feature, made: LazyValue { (reducer(), initialState()) }, shapes: .opaque)
  }

  private init(feature: String, made: LazyValue<(reducer: Feature, state: Feature.State)>, shapes: CodingShapes) {
    self.feature = feature
    self.made = made
    self.shapes = shapes
  }

  /// The initial state in the neutral form, or `null` when it cannot be encoded (a NaN, an unsigned value beyond
  /// Int64): the runner then reports that the initial state differs from the manifest's.
  public var initialState: JSONValue { (try? BridgeEncoder.encode(initialValue, shape: shapes.state)) ?? .null }

  /// The adapter with the case names and field orders of `manifest`.
  func bound(to manifest: FeatureManifest) -> any FeatureAdapter {
    var bound = CodableFeature(feature: feature, made: made, shapes: CodingShapes(manifest: manifest))
    bound.bindingProblems = bound.probe(manifest)
    return bound
  }

  /// Decodes the initial state, applies each action in order and records the state and effects after each.
  ///
  /// - Returns: `.trace` with one entry per action, or `.errored` at the first value that cannot be converted: step
  ///   0 for the initial state, else the 1-based step, with the JSON path (`initialState.…`, `actions[i].…`,
  ///   `state.…` or `effects[j].…`) and the Swift type in the message.
  public func trace(initialState: JSONValue, actions: [JSONValue]) -> Observation {
    let context = DecodingContext()
    // One decoder and two encoders serve every step, unless user code kept one (see `BridgeDecoder.root`).
    var decoder: BridgeDecoder?
    var stateEncoder: BridgeEncoder?
    var effectEncoder: BridgeEncoder?
    var state: Feature.State
    do {
      state = try decode(
        Feature.State.self, from: initialState, shape: shapes.state, context: context, reusing: &decoder)
    } catch {
      return .errored(step: 0, message: Self.describe(error, under: [.key("initialState")]))
    }
    let reducer = self.reducer
    var trace: [TraceEntry] = []
    trace.reserveCapacity(actions.count)
    for (index, json) in actions.enumerated() {
      let action: Feature.Action
      do {
        action = try decode(Feature.Action.self, from: json, shape: shapes.actions, context: context, reusing: &decoder)
      } catch {
        return .errored(step: index + 1, message: Self.describe(error, under: [.key("actions"), .index(index)]))
      }
      let effects = reducer.reduce(into: &state, action: action)
      do {
        // Every step is encoded: reusing the last encoding when `==` says nothing changed would trust a
        // user-written `==` that may ignore a field.
        trace.append(
          TraceEntry(
            state: try encodeState(state, reusing: &stateEncoder),
            effects: try encodeEffects(effects, reusing: &effectEncoder)))
      } catch {
        return .errored(step: index + 1, message: "\(error.path): \(error.message)")
      }
    }
    return .trace(trace)
  }

  /// The neutral form of a state.
  ///
  /// - Throws: ``BridgeError`` with a path under `state`.
  private func encodeState(_ state: Feature.State, reusing encoder: inout BridgeEncoder?) throws(BridgeError)
    -> JSONValue
  {
    do {
      return try BridgeEncoder.encode(state, shape: shapes.state, reusing: &encoder)
    } catch {
      throw Self.located(error, under: [.key("state")])
    }
  }

  /// The neutral form of a step's effects.
  ///
  /// - Throws: ``BridgeError`` with a path under `effects[j]`.
  private func encodeEffects(_ effects: [Feature.Effect], reusing encoder: inout BridgeEncoder?) throws(BridgeError)
    -> [JSONValue]
  {
    // Most steps have none. `count` and an integer range only: `isEmpty`, `indices` and `enumerated()` are
    // `Collection` methods, which (unspecialized, over the generic effect type) look up the array's metadata.
    let count = effects.count
    if count == 0 { return [] }
    var encoded: [JSONValue] = []
    encoded.reserveCapacity(count)
    for position in 0..<count {
      do {
        encoded.append(try BridgeEncoder.encode(effects[position], shape: shapes.effects, reusing: &encoder))
      } catch {
        throw Self.located(error, under: [.key("effects"), .index(position)])
      }
    }
    return encoded
  }

  private static func located(_ error: any Error, under prefix: [JSONPath.Component]) -> BridgeError {
    let error = BridgeError.from(error, pending: nil)
    return BridgeError(path: JSONPath(prefix).appending(error.path), message: error.message)
  }

  func decode<T: Decodable>(
    _ type: T.Type, from value: JSONValue, shape: CodingShape, context: DecodingContext,
    reusing spare: inout BridgeDecoder?
  ) throws(BridgeError) -> T {
    context.pending = nil
    let decoder = BridgeDecoder.root(value, shape: shape, owner: type, context: context, reusing: &spare)
    do {
      return try T(from: decoder)
    } catch {
      throw BridgeError.from(error, pending: context.pending)
    }
  }

  private static func describe(_ error: any Error, under prefix: [JSONPath.Component]) -> String {
    let located = located(error, under: prefix)
    return "\(located.path): \(located.message)"
  }
}

// MARK: - Bind-time check (format v1.2, Conformance/README.md §15.4)

/// An adapter that checks, when bound to its manifest, that its platform types hold every value the manifest
/// declares; the in-process implementation refuses to start while any ``bindingProblems`` remain.
protocol BindingChecked {
  /// One sentence per field the platform types cannot hold, naming the field; empty when all fit.
  var bindingProblems: [String] { get }
}

extension CodableFeature {
  /// Decodes the manifest's edge values (``BindingProbe``: every integer at its minimum, then at its maximum; a valid
  /// date and UUID) as the state and as each action, and names every field the Swift types refuse, e.g.
  /// `feature 'counter': state.count: expected Int32 for CounterState, got integer (the manifest declares integer;
  /// …)`. The reducer is not run.
  func probe(_ manifest: FeatureManifest) -> [String] {
    var problems: [String] = []
    let context = DecodingContext()
    var spare: BridgeDecoder?
    for high in [false, true] {
      let probe = BindingProbe(manifest: manifest, high: high)
      do {
        _ = try decode(Feature.State.self, from: probe.state, shape: shapes.state, context: context, reusing: &spare)
      } catch {
        problems.append(problem(error, under: "state"))
      }
      for (name, value) in probe.actions {
        do {
          _ = try decode(Feature.Action.self, from: value, shape: shapes.actions, context: context, reusing: &spare)
        } catch {
          problems.append(problem(error, under: "actions.\(name)"))
        }
      }
    }
    // The minimum and the maximum probe often fail at the same field: say it once.
    var seen = Set<String>()
    return problems.filter { seen.insert($0).inserted }
  }

  private func problem(_ error: BridgeError, under prefix: String) -> String {
    let path = error.path.components.isEmpty ? prefix : "\(prefix).\(error.path)"
    return
      "feature '\(feature)': \(path): \(error.message), but the manifest admits such a value there (Conformance/README.md "
      + "§15.4); use a Swift type that holds every value the manifest declares, or narrow the manifest's type"
  }
}

// MARK: - BindingProbe

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
