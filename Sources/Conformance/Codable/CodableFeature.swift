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
public struct CodableFeature<Feature: Reducer>: FeatureAdapter, ManifestBindable
where Feature.State: Codable & Equatable, Feature.Action: Decodable, Feature.Effect: Encodable {
  /// The feature's name, as in its manifest, e.g. `signup`.
  public let feature: String
  /// The reducer under test; called directly (never a store, never an effect runner).
  public let reducer: Feature
  /// The feature's initial state.
  public let initialValue: Feature.State
  private let shapes: CodingShapes
  private let fastPath: FastPath?
  /// The manifest's initial state, and why the fast path cannot stand in for the bridge on it (checked once, when
  /// bound): scenarios that start from it need no check of their own.
  private let checkedInitialState: (value: JSONValue, staleness: String?)?

  /// A generated ``CodableFastPath``, kept as closures so the per-step loop calls no existential.
  struct FastPath: Sendable {
    let name: String
    let regenerationCommand: String?
    let decodeAction: @Sendable (JSONValue) -> Feature.Action?
    let encodeState: @Sendable (Feature.State) -> JSONValue?
    let encodeEffect: @Sendable (Feature.Effect) -> JSONValue?
  }

  /// Creates the adapter; ``bound(to:)`` later gives it the manifest's names.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, as in its manifest.
  ///   - reducer: The reducer to run.
  ///   - initialState: The feature's initial state (reported in `hello`, compared with the manifest's).
  public init(_ feature: String, reducer: Feature, initialState: Feature.State) {
    self.init(feature: feature, reducer: reducer, initialValue: initialState, shapes: .opaque, fastPath: nil)
  }

  /// Creates the adapter with a generated fast path (`conformance generate-fast-path <feature>`), which decodes the
  /// actions and encodes the states it can and leaves the rest to the bridge; traces and errors are the bridge's.
  ///
  /// Once per scenario, the fast path's encoding of the decoded initial state is compared with the bridge's; when
  /// they differ (the Swift state gained, lost or renamed a property since the fast path was generated), the
  /// scenario errors at step 0 with both encodings and the command that regenerates it.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, as in its manifest.
  ///   - reducer: The reducer to run.
  ///   - initialState: The feature's initial state.
  ///   - fastPath: The generated fast path for this reducer's types.
  public init<Generated: CodableFastPath>(
    _ feature: String, reducer: Feature, initialState: Feature.State, fastPath: Generated
  ) where Generated.Feature == Feature {
    self.init(
      feature: feature, reducer: reducer, initialValue: initialState, shapes: .opaque,
      fastPath: FastPath(
        name: String(describing: Generated.self), regenerationCommand: Generated.regenerationCommand,
        decodeAction: { fastPath.decodeAction($0) },
        encodeState: { fastPath.encodeState($0) }, encodeEffect: { fastPath.encodeEffect($0) }))
  }

  private init(
    feature: String, reducer: Feature, initialValue: Feature.State, shapes: CodingShapes, fastPath: FastPath?,
    checkedInitialState: (value: JSONValue, staleness: String?)? = nil
  ) {
    self.feature = feature
    self.reducer = reducer
    self.initialValue = initialValue
    self.shapes = shapes
    self.fastPath = fastPath
    self.checkedInitialState = checkedInitialState
  }

  /// The initial state in the neutral form, or `null` when it cannot be encoded (a NaN, an unsigned value beyond
  /// Int64): the runner then reports that the initial state differs from the manifest's.
  public var initialState: JSONValue { (try? BridgeEncoder.encode(initialValue, shape: shapes.state)) ?? .null }

  /// The adapter with the case names and field orders of `manifest`.
  package func bound(to manifest: FeatureManifest) -> any FeatureAdapter {
    let shapes = CodingShapes(manifest: manifest)
    let unchecked = CodableFeature(
      feature: feature, reducer: reducer, initialValue: initialValue, shapes: shapes, fastPath: fastPath)
    var spare: BridgeDecoder?
    guard let fastPath,
      let state = try? unchecked.decode(
        Feature.State.self, from: manifest.initialState, shape: shapes.state, context: DecodingContext(),
        reusing: &spare)
    else { return unchecked }
    return CodableFeature(
      feature: feature, reducer: reducer, initialValue: initialValue, shapes: shapes, fastPath: fastPath,
      checkedInitialState: (manifest.initialState, unchecked.staleness(of: fastPath, on: state)))
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
    if let fastPath {
      let stale =
        if let checked = checkedInitialState, checked.value == initialState { checked.staleness } else {
          staleness(of: fastPath, on: state)
        }
      if let stale { return .errored(step: 0, message: stale) }
    }
    var trace: [TraceEntry] = []
    trace.reserveCapacity(actions.count)
    for (index, json) in actions.enumerated() {
      let action: Feature.Action
      if let fast = fastPath?.decodeAction(json) {
        action = fast
      } else {
        do {
          action = try decode(
            Feature.Action.self, from: json, shape: shapes.actions, context: context, reusing: &decoder)
        } catch {
          return .errored(step: index + 1, message: Self.describe(error, under: [.key("actions"), .index(index)]))
        }
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
    if let fast = fastPath?.encodeState(state) { return fast }
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
    let fast = fastPath?.encodeEffect
    for position in 0..<count {
      if let fast, let value = fast(effects[position]) {
        encoded.append(value)
        continue
      }
      do {
        encoded.append(try BridgeEncoder.encode(effects[position], shape: shapes.effects, reusing: &encoder))
      } catch {
        throw Self.located(error, under: [.key("effects"), .index(position)])
      }
    }
    return encoded
  }

  /// Why `fastPath` cannot stand in for the bridge on `state`, or `nil` when both encode it alike.
  private func staleness(of fastPath: FastPath, on state: Feature.State) -> String? {
    guard let fast = fastPath.encodeState(state) else { return nil }  // The bridge encodes this state.
    guard let bridged = try? BridgeEncoder.encode(state, shape: shapes.state) else { return nil }
    // Compared as written: `==` calls 1 and 1.0 equal, and the trace would show the fast path's spelling.
    let codable = "\(Feature.State.self)'s Codable conformance"
    guard let difference = Self.difference(fast, bridged, at: "", codable: codable) else { return nil }
    let command =
      fastPath.regenerationCommand
      ?? "\(RunningExecutable.name) generate-fast-path \(feature) --output <its file> (README, step 3a)"
    return "initialState: the fast path \(fastPath.name) is out of date: \(difference); regenerate it: \(command)"
  }

  /// The first difference between the fast path's encoding and the bridge's, in words, or `nil` when they are written
  /// alike.
  private static func difference(_ fast: JSONValue, _ bridged: JSONValue, at path: String, codable: String)
    -> String?
  {
    if case .object(let left) = fast, case .object(let right) = bridged {
      for member in right.members where left[member.key] == nil {
        return "it leaves out '\(path + member.key)', which \(codable) writes"
      }
      for member in left.members {
        guard let other = right[member.key] else {
          return "it writes '\(path + member.key)', which \(codable) does not"
        }
        if let inner = difference(member.value, other, at: path + member.key + ".", codable: codable) {
          return inner
        }
      }
      return nil
    }
    let (fastText, bridgedText) = (JSONRenderer.compact(fast), JSONRenderer.compact(bridged))
    if fastText.utf8.elementsEqual(bridgedText.utf8) { return nil }
    let name = path.isEmpty ? "the state" : "'\(path.dropLast())'"
    return "it writes \(name) as \(JSONRenderer.compact(fast, style: .display)), where \(codable) writes "
      + JSONRenderer.compact(bridged, style: .display)
  }

  private static func located(_ error: any Error, under prefix: [JSONPath.Component]) -> BridgeError {
    let error = BridgeError.from(error, pending: nil)
    return BridgeError(path: JSONPath(prefix).appending(error.path), message: error.message)
  }

  private func decode<T: Decodable>(
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

// MARK: - Generating a fast path

/// An adapter that can write the source of its ``CodableFastPath`` (`conformance generate-fast-path`).
package protocol FastPathGenerating {
  /// The Swift source of a fast path for this adapter's types, and notes on what it leaves to the bridge.
  ///
  /// - Parameters:
  ///   - manifest: The feature's manifest (this adapter must be bound to it).
  ///   - manifestFile: The manifest's file name, for the generated header.
  ///   - typeName: The generated struct's name, e.g. `LoginFastPath`.
  ///   - tool: The executable that runs the generator (`conformance`, a team's `counter-conformance`), for the
  ///     regeneration command in the header.
  ///   - outputFile: Where the source will be written, for the same command, or `nil`.
  ///   - isPublic: Whether the struct and its members are `public` (for a target of its own), else internal (beside
  ///     internal types in one module).
  /// - Returns: The source; notes on what it leaves to the bridge; and problems that would stop it compiling (a
  ///   private type), when the file must not be written.
  func fastPathSource(
    manifest: FeatureManifest, manifestFile: String, typeName: String, tool: String, outputFile: String?,
    isPublic: Bool
  ) -> (source: String, notes: [String], problems: [String])
}

extension CodableFeature: FastPathGenerating {
  /// Probes each action case (and each case of the unions actions carry) through this adapter's bridge, then writes
  /// the fast path (``FastPathGenerator``).
  package func fastPathSource(
    manifest: FeatureManifest, manifestFile: String, typeName: String, tool: String, outputFile: String?,
    isPublic: Bool
  ) -> (source: String, notes: [String], problems: [String]) {
    let context = DecodingContext()
    var generator = FastPathGenerator(
      manifest: manifest, manifestFile: manifestFile, typeName: typeName, tool: tool, outputFile: outputFile,
      isPublic: isPublic,
      reducerType: Feature.self,
      stateType: Feature.State.self, actionType: Feature.Action.self,
      decodeAction: { value in probe(Feature.Action.self, value, shape: shapes.actions, context: context) },
      effectType: Feature.Effect.self,
      decodeEffect: (Feature.Effect.self as? any Decodable.Type).map { type in
        { value in probe(type, value, shape: shapes.effects, context: context) }
      },
      decodeState: { value in probe(Feature.State.self, value, shape: shapes.state, context: context) })
    generator.probe()
    let source = generator.source()
    return (source, generator.notes, generator.problems)
  }

  /// A probe value decoded through the bridge.
  private func probe<T: Decodable>(_ type: T.Type, _ value: JSONValue, shape: CodingShape, context: DecodingContext)
    -> Result<Any, BridgeError>
  {
    var spare: BridgeDecoder?
    do {
      return .success(try decode(type, from: value, shape: shape, context: context, reusing: &spare) as Any)
    } catch {
      return .failure(error)
    }
  }
}
