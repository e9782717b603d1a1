import Foundation
import LoginFeature
import Testing
import UnidirectionalFlow

@testable import Conformance

/// A small feature whose types use every shape the Codable bridge maps, with synthesized conformances only.
private enum Shapes {
  struct State: Codable, Equatable, Sendable {
    enum Mode: String, Codable, Sendable { case idle, busy = "is-busy" }
    struct Limits: Codable, Equatable, Sendable {
      var maximum: Int
      var ratio: Double
    }
    var count = 0
    var mode = Mode.idle
    var note: String? = nil
    var limits = Limits(maximum: 3, ratio: 0.5)
    var history: [Int] = []
    var enabled = true
    var last: Outcome? = nil
  }

  enum Outcome: Codable, Equatable, Sendable {
    case success(userId: String)
    case failure(message: String)
    case empty
  }

  enum Action: Codable, Equatable, Sendable {
    case add(amount: Int)
    case rename(String)
    case finished(result: Outcome)
    case setMode(mode: State.Mode)
    case reset
  }

  enum Effect: Codable, Equatable, Sendable {
    case save(count: Int, note: String?)
    case announce(Outcome)
  }

  struct Reducer: UnidirectionalFlow.Reducer {
    func reduce(into state: inout State, action: Action) -> [Effect] {
      switch action {
      case .add(let amount):
        state.count += amount
        state.history.append(amount)
        return [.save(count: state.count, note: state.note)]
      case .rename(let note):
        state.note = note
        return []
      case .finished(let result):
        state.last = result
        return [.announce(result)]
      case .setMode(let mode):
        state.mode = mode
        return []
      case .reset:
        state = State()
        return []
      }
    }
  }

  static let manifest: FeatureManifest = {
    let document: JSONValue = [
      "feature": "shapes", "title": "Shapes", "description": "d", "spec": "shapes.md",
      "platforms": ["swift": ["state": "State"]],
      "state": [
        "count": ["type": "integer"], "mode": ["type": "string"], "note": ["type": "string", "nullable": true],
        "limits": ["type": "object", "fields": ["maximum": ["type": "integer"], "ratio": ["type": "number"]]],
        "history": ["type": "array", "items": ["type": "integer"]], "enabled": ["type": "boolean"],
        "last": ["type": "union", "ref": "Outcome", "nullable": true],
      ],
      "initialState": [
        "count": 0, "mode": "idle", "note": .null, "limits": ["maximum": 3, "ratio": 0.5], "history": [],
        "enabled": true, "last": .null,
      ],
      "actions": [
        "added": ["swift": "add", "fields": ["amount": ["type": "integer"]]],
        "renamed": ["swift": "rename", "fields": ["value": ["type": "string"]]],
        "finished": ["fields": ["result": ["type": "union", "ref": "Outcome"]]],
        "setMode": ["fields": ["mode": ["type": "string"]]],
        "reset": ["fields": [:]],
      ],
      "effects": [
        "save": ["fields": ["count": ["type": "integer"], "note": ["type": "string", "nullable": true]]],
        "announce": ["fields": ["outcome": ["type": "union", "ref": "Outcome"]]],
      ],
      "types": [
        "Outcome": [
          "cases": [
            "ok": ["swift": "success", "fields": ["userId": ["type": "string"]]],
            "failure": ["fields": ["message": ["type": "string"]]],
            "empty": ["fields": [:]],
          ]
        ]
      ],
    ]
    switch ManifestLoader().load(document, file: "shapes.json", expectedFeature: nil) {
    case .success(let manifest): return manifest
    case .failure(let errors): fatalError("the test manifest is invalid: \(errors.errors)")
    }
  }()

  static let feature = CodableFeature("shapes", reducer: Reducer(), initialState: State()).bound(to: manifest)
}

/// Types at the edges of what the bridge maps, each found by adversarial testing.
private enum Edges {
  struct State: Codable, Equatable, Sendable {
    var type = "box"  // A field may be named `type`: a known object is never read as an enum value.
    var limit: Int? = 3
    var big: UInt64 = 0
    var ratio: Float = 0
    var d: Double = 0
    var opt: Double? = nil
    var phase: Phase? = nil
  }

  enum Phase: Codable, Equatable, Sendable {
    case ready
    case late  // Not in the manifest's Phase.
  }

  enum Action: Codable, Equatable, Sendable {
    case resize(Int, Int)  // Two unlabelled values: no manifest can say which field is which.
    case search(search: String)  // A field named like its case.
    case overflow
    case setRatio(value: Float)
    case divide
    case find(text: String)  // The manifest calls the field 'query'.
    case divideOptional
    case setLimit(max: Int?)  // The manifest calls the field 'value'.
    case goLate
    case setKind(K: Int)  // `K` has a canonically equivalent twin: U+212A KELVIN SIGN.
  }

  struct Reducer: UnidirectionalFlow.Reducer {
    func reduce(into state: inout State, action: Action) -> [Never] {
      switch action {
      case .resize(let width, _): state.limit = width
      case .search(let text): state.type = text
      case .overflow: state.big = .max
      case .setRatio(let value): state.ratio = value
      case .divide: state.d = .nan
      case .find(let text): state.type = text
      case .divideOptional: state.opt = .infinity
      case .setLimit(let max): state.limit = max
      case .goLate: state.phase = .late
      case .setKind(let kind): state.limit = kind
      }
      return []
    }
  }

  static let manifest: FeatureManifest = {
    let document: JSONValue = [
      "feature": "edges", "title": "Edges", "description": "d", "spec": "edges.md", "platforms": [:],
      "state": [
        "type": ["type": "string"], "limit": ["type": "integer", "nullable": true], "big": ["type": "integer"],
        "ratio": ["type": "number"], "d": ["type": "number"], "opt": ["type": "number", "nullable": true],
        "phase": ["type": "union", "ref": "Phase", "nullable": true],
      ],
      "initialState": ["type": "box", "limit": 3, "big": 0, "ratio": 0, "d": 0, "opt": .null, "phase": .null],
      "actions": [
        "resize": ["fields": ["width": ["type": "integer"], "height": ["type": "integer"]]],
        "search": ["fields": ["search": ["type": "string"]]],
        "overflow": ["fields": [:]], "setRatio": ["fields": ["value": ["type": "number"]]], "divide": ["fields": [:]],
        "find": ["fields": ["query": ["type": "string"]]], "ghost": ["fields": [:]], "divideOptional": ["fields": [:]],
        "setLimit": ["fields": ["value": ["type": "integer", "nullable": true]]], "goLate": ["fields": [:]],
        "setKind": ["fields": ["K": ["type": "integer"]]],
      ],
      "effects": [:],
      "types": ["Phase": ["cases": ["ready": ["fields": [:]]]]],
    ]
    switch ManifestLoader().load(document, file: "edges.json", expectedFeature: nil) {
    case .success(let manifest): return manifest
    case .failure(let errors): fatalError("the test manifest is invalid: \(errors.errors)")
    }
  }()

  static let feature = CodableFeature("edges", reducer: Reducer(), initialState: State()).bound(to: manifest)

  static func run(_ action: JSONValue) -> Observation {
    feature.trace(initialState: manifest.initialState, actions: [action])
  }
}

extension Never: @retroactive Encodable {
  /// Never called: a reducer whose `Effect` is `Never` emits no effect.
  public func encode(to encoder: any Encoder) throws {}
}

@Suite("CodableFeature at the edges")
struct CodableFeatureEdgeTests {
  @Test func aStateFieldNamedTypeIsAField() {
    guard case .trace(let trace, _) = Edges.run(["type": "search", "search": "query"]) else {
      Issue.record("expected a trace")
      return
    }
    #expect(
      trace[0].state == ["type": "query", "limit": 3, "big": 0, "ratio": 0, "d": 0, "opt": .null, "phase": .null])
  }

  @Test func severalUnlabelledValuesAreRefusedNotGuessed() {
    #expect(
      Edges.run(["type": "resize", "width": 640, "height": 480])
        == .errored(
          step: 1,
          message:
            "actions[0]: Action.resize has an unlabelled associated value, but the manifest declares 2 fields, and JSON object members have no order (RFC 8259 §4); label each value with its field's name"
        ))
  }

  @Test func anUnsignedValueBeyondInt64IsAnErrorNotACrash() {
    #expect(
      Edges.run(["type": "overflow"])
        == .errored(
          step: 1,
          message: "state.big: 18446744073709551615 does not fit a JSON integer of the scenario format (64-bit signed)")
    )
  }

  @Test func floatsAreWrittenAsTheirShortestDecimal() {
    guard case .trace(let trace, _) = Edges.run(["type": "setRatio", "value": 0.1]) else {
      Issue.record("expected a trace")
      return
    }
    #expect(trace[0].state["ratio"] == 0.1)
    #expect(
      Edges.run(["type": "setRatio", "value": 1e39])
        == .errored(step: 1, message: "actions[0].value: 1e+39 does not fit a Float"))
  }

  @Test func aManifestCaseWithoutASwiftCaseSaysHowToMapIt() {
    #expect(
      Edges.run(["type": "ghost"])
        == .errored(
          step: 1,
          message:
            "actions[0].type: Action has no case 'ghost' for the action 'ghost'; rename the Swift case, or give its name in the manifest (\"swift\": \"…\")"
        ))
  }

  @Test func aSwiftLabelTheManifestDoesNotNameSaysWhichItNames() {
    #expect(
      Edges.run(["type": "find", "query": "q"])
        == .errored(
          step: 1,
          message:
            "actions[0].text: missing key 'text' for Action; the manifest names 'query' here, so rename the Swift label or property"
        ))
  }

  @Test func anOptionalUnderALabelTheManifestDoesNotNameIsAnErrorNotNil() {
    #expect(
      Edges.run(["type": "setLimit", "value": 7])
        == .errored(
          step: 1,
          message:
            "actions[0].max: missing key 'max' for Action; the manifest names 'value' here, so rename the Swift label or property"
        ))
  }

  @Test func aNestedSwiftCaseTheManifestLacksIsNamedAtItsPathWithItsType() {
    #expect(
      Edges.run(["type": "goLate"])
        == .errored(
          step: 1, message: "state.phase: Phase.late is not a case of the manifest's Phase (swift names: ready)"))
  }

  /// A key matches a field by its scalars, as in the validator and kotlinx-serialization: U+212A KELVIN SIGN is
  /// canonically equivalent to `K` (Swift's `==` says equal), but it is another key.
  @Test func aKeyOnlyCanonicallyEquivalentToAFieldIsUnknown() {
    #expect(Edges.run(["type": "setKind", "K": 4]) != Edges.run(["type": "setKind", "\u{212A}": 4]))
    #expect(
      Edges.run(["type": "setKind", "\u{212A}": 4])
        == .errored(
          step: 1,
          message:
            "actions[0][\"\\u212A\"]: unknown key '\u{212A}' (U+212A KELVIN SIGN, not NFC) of Action (known: type, K)")
    )
  }

  @Test func notANumberIsAnErrorNotInvalidJSON() {
    #expect(
      Edges.run(["type": "divide"])
        == .errored(step: 1, message: "state.d: nan is not a JSON number (RFC 8259 §6 has no NaN or infinity)"))
  }

  @Test func anOptionalThatCannotBeWrittenIsAnErrorNotNull() {
    #expect(
      Edges.run(["type": "divideOptional"])
        == .errored(step: 1, message: "state.opt: inf is not a JSON number (RFC 8259 §6 has no NaN or infinity)"))
  }
}

@Suite("CodableFeature (the Codable bridge)")
struct CodableFeatureTests {
  /// Synthesized `Decodable` ignores extra keys; kotlinx-serialization rejects them. The bridge rejects them too, so
  /// one input gets one answer on both platforms (same words as the Kotlin harness, `ShapeCheck.kt`).
  @Test(arguments: [
    (
      [JSONValue(dictionaryLiteral: ("type", "emailChanged"), ("value", "x"), ("valu", 2))], false,
      "actions[0].valu: unknown key 'valu' of LoginAction (known: type, value)"
    ),
    (
      [JSONValue(dictionaryLiteral: ("type", "submit"), ("x", 1))], false,
      "actions[0].x: unknown key 'x' of LoginAction (known: type)"
    ),
    (
      [JSONValue(dictionaryLiteral: ("type", "submit"))], true,
      "initialState.extra: unknown key 'extra' of LoginState (known: email, error, isLoading, password)"
    ),
  ])
  func anUnknownKeyIsAnErrorAsOnKotlin(actions: [JSONValue], extraInState: Bool, message: String) throws {
    let manifest = try #require(TestPaths.manifests["login"])
    let login = TestFeatures.login.bound(to: manifest)
    var state = try #require(manifest.initialState.objectValue)
    if extraInState { state["extra"] = 1 }
    let observation = login.trace(initialState: JSONValue.object(state), actions: actions)
    #expect(observation == .errored(step: extraInState ? 0 : 1, message: message))
  }

  @Test func initialStateIsTheManifestsWithExplicitNulls() {
    #expect(Shapes.feature.initialState == Shapes.manifest.initialState)
  }

  @Test func everyShapeMapsBothWays() throws {
    let observation = Shapes.feature.trace(
      initialState: Shapes.manifest.initialState,
      actions: [
        ["type": "added", "amount": 2],
        ["type": "renamed", "value": "n\u{301}"],
        ["type": "finished", "result": ["type": "ok", "userId": "u1"]],
        ["type": "setMode", "mode": "is-busy"],
        ["type": "finished", "result": ["type": "empty"]],
        ["type": "added", "amount": 1.0],
      ])
    guard case .trace(let trace, _) = observation else {
      Issue.record("expected a trace, got \(observation)")
      return
    }
    #expect(trace.map(\.effects).count == 6)
    #expect(trace[0].effects == [["type": "save", "count": 2, "note": .null]])
    #expect(trace[2].state["last"] == ["type": "ok", "userId": "u1"])
    #expect(trace[2].effects == [["type": "announce", "outcome": ["type": "ok", "userId": "u1"]]])
    #expect(trace[4].effects == [["type": "announce", "outcome": ["type": "empty"]]])
    #expect(
      trace[5].state == [
        "count": 3, "mode": "is-busy", "note": "n\u{301}", "limits": ["maximum": 3, "ratio": 0.5], "history": [2, 1],
        "enabled": true, "last": ["type": "empty"],
      ])
    #expect(trace[5].effects == [["type": "save", "count": 3, "note": "n\u{301}"]])
  }

  @Test(arguments: [
    (
      JSONValue(dictionaryLiteral: ("type", "added"), ("amount", "2")),
      "actions[0].amount: expected Int for Action, got string"
    ),
    (
      JSONValue(dictionaryLiteral: ("type", "added"), ("amount", 2.5)),
      "actions[0].amount: expected Int for Action, got number"
    ),
    (
      JSONValue(dictionaryLiteral: ("type", "adedd"), ("amount", 2)),
      "actions[0].type: unknown action 'adedd' of Action (known: added, finished, renamed, reset, setMode)"
    ),
    (
      JSONValue(dictionaryLiteral: ("amount", 2)),
      "actions[0]: missing key 'type' (a Action is {\"type\": case, …fields})"
    ),
    (
      JSONValue(dictionaryLiteral: ("type", 5), ("amount", 2)),
      "actions[0].type: expected String (a case's name) for Action, got integer"
    ),
    (
      JSONValue(dictionaryLiteral: ("type", .null), ("amount", 2)),
      "actions[0].type: expected String (a case's name) for Action, got null"
    ),
    (
      JSONValue(dictionaryLiteral: ("type", "finished"), ("result", ["type": ["ok"], "userId": "u"])),
      "actions[0].result.type: expected String (a case's name) for Outcome, got array"
    ),
    (JSONValue(dictionaryLiteral: ("type", "added")), "actions[0].amount: missing key 'amount' for Action"),
    (
      JSONValue(dictionaryLiteral: ("type", "finished"), ("result", ["type": "success", "userId": "u"])),
      "actions[0].result.type: unknown case 'success' of Outcome (known: empty, failure, ok)"
    ),
    (
      JSONValue(dictionaryLiteral: ("type", "setMode"), ("mode", "busy")),
      "actions[0].mode: Cannot initialize Mode from invalid String value busy; the Swift enum's raw values must be the manifest's values"
    ),
    (JSONValue.array([]), "actions[0]: expected Action, got array"),
  ])
  func undecodableActionsNameThePathAndTheSwiftType(action: JSONValue, message: String) {
    let observation = Shapes.feature.trace(initialState: Shapes.manifest.initialState, actions: [action])
    #expect(observation == .errored(step: 1, message: message))
  }

  @Test func undecodableInitialStatesNameThePath() {
    var state = Shapes.manifest.initialState.objectValue ?? JSONObject()
    state["limits"] = ["maximum": 3, "ratio": "half"]
    let observation = Shapes.feature.trace(initialState: .object(state), actions: [])
    #expect(
      observation == .errored(step: 0, message: "initialState.limits.ratio: expected Double for Limits, got string"))
  }

  @Test func withoutAManifestNamesMapToThemselves() {
    let unbound = CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())
    let observation = unbound.trace(
      initialState: unbound.initialState,
      actions: [["type": "emailChanged", "value": "a@b.co"], ["type": "passwordChanged", "value": "12345678"]])
    guard case .trace(let trace, _) = observation else {
      Issue.record("expected a trace, got \(observation)")
      return
    }
    #expect(trace[1].state == ["email": "a@b.co", "password": "12345678", "isLoading": false, "error": .null])
  }

  @Test func anUnlabelledEffectValueNeedsTheManifest() {
    let unbound = CodableFeature("shapes", reducer: Shapes.Reducer(), initialState: Shapes.State())
    let observation = unbound.trace(
      initialState: Shapes.manifest.initialState,
      actions: [["type": "finished", "result": ["type": "empty"]]])
    #expect(
      observation
        == .errored(
          step: 1,
          message:
            "effects[0]: Effect.announce has an unlabelled associated value, but no manifest names its field; label each value with its field's name"
        ))
  }

  /// The bridge and the hand-written codec give the same trace on every bundled login scenario.
  @Test(arguments: TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("login")))
  func agreesWithTheHandWrittenCodec(file: URL) async throws {
    let scenario = try #require(TestPaths.scenario(file))
    let request = RunRequest(scenario)
    let bridged = await TestFeatures.swift.run(request)
    let handwritten = await TestFeatures.handwritten.run(request)
    #expect(bridged == handwritten)
  }
}

/// Types whose `Codable` code keeps the encoder, a container or the decoder it was given, and uses the kept one on
/// the next call: the bridge reuses its encoder, object storage and decoder from step to step, but only when nothing
/// kept them, so neither the trace nor what the kept ones hold may change.
private enum Keepers {
  /// The kept objects of the last call (the tests run one trace at a time, in one suite, serialized).
  nonisolated(unsafe) static var keptContainer: KeyedEncodingContainer<State.CodingKeys>?
  nonisolated(unsafe) static var keptEncoder: (any Encoder)?
  nonisolated(unsafe) static var keptDecoder: (any Decoder)?
  /// What the decoder kept from the previous action read, as the next action was decoded.
  nonisolated(unsafe) static var staleReads: [String] = []

  struct State: Codable, Equatable, Sendable {
    var count = 0

    enum CodingKeys: String, CodingKey { case count, stale }

    init() {}

    init(from decoder: any Decoder) throws {
      count = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .count)
    }

    func encode(to encoder: any Encoder) throws {
      // A write into the last call's container must not reach this value.
      try Keepers.keptContainer?.encode(-1, forKey: .stale)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
      Keepers.keptContainer = container
    }
  }

  /// An effect that keeps its encoder, and writes through the kept one before writing itself.
  struct Effect: Encodable, Sendable {
    var total: Int

    enum CodingKeys: String, CodingKey { case type, total, stale }

    func encode(to encoder: any Encoder) throws {
      if let kept = Keepers.keptEncoder {
        var stale = kept.container(keyedBy: CodingKeys.self)
        try stale.encode(-1, forKey: .stale)
      }
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode("saved", forKey: .type)
      try container.encode(total, forKey: .total)
      Keepers.keptEncoder = encoder
    }
  }

  struct Action: Decodable, Sendable {
    var amount: Int

    enum CodingKeys: String, CodingKey { case type, amount }

    init(from decoder: any Decoder) throws {
      if let kept = Keepers.keptDecoder {
        // The decoder kept from the last action must still read that action.
        Keepers.staleReads.append(
          String(try kept.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .amount)))
      }
      amount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .amount)
      Keepers.keptDecoder = decoder
    }
  }

  struct Reducer: UnidirectionalFlow.Reducer {
    func reduce(into state: inout State, action: Action) -> [Effect] {
      state.count += action.amount
      return [Effect(total: state.count)]
    }
  }

  static let feature = CodableFeature("keepers", reducer: Reducer(), initialState: State())
}

@Suite("CodableFeature reuses its encoder and decoder only when nothing kept them", .serialized)
struct CodableFeatureReuseTests {
  @Test func keptEncodersContainersAndDecodersAreNeverReused() {
    Keepers.keptContainer = nil
    Keepers.keptEncoder = nil
    Keepers.keptDecoder = nil
    Keepers.staleReads = []
    let observation = Keepers.feature.trace(
      initialState: ["count": 0],
      actions: [["type": "add", "amount": 1], ["type": "add", "amount": 2], ["type": "add", "amount": 3]])
    #expect(
      observation
        == .trace([
          TraceEntry(state: ["count": 1], effects: [["type": "saved", "total": 1]]),
          TraceEntry(state: ["count": 3], effects: [["type": "saved", "total": 3]]),
          TraceEntry(state: ["count": 6], effects: [["type": "saved", "total": 6]]),
        ]))
    // The initial state's decoder is a different type's; each action's decoder still reads its own action.
    #expect(Keepers.staleReads == ["1", "2"])
  }
}
