import Conformance
import UnidirectionalFlow

/// A feature whose types take every path of the fast path generator, so its generated fast path
/// (`ZooFastPath.swift`, beside this file) is compiled with the tests: labels declared in another order than the
/// manifest's, single unlabelled values, optional and non-optional union fields whatever the manifest says, nested and
/// recursive unions, arrays of unions, a raw-value enum, fixed-width integers and floats, a keyword as a field name.
enum Zoo {
  struct State: Codable, Equatable, Sendable {
    struct Counts: Codable, Equatable, Sendable {
      var small: Int8 = 0
      var big: UInt64 = 0
    }
    var name = ""
    var mode = Mode.idle
    var ratio = 0.5
    var weight: Float = 1.5
    var `default`: Bool = false
    var counts = Counts()
    var last: Outcome? = nil
    var required = Outcome.done
    var history: [Outcome] = []
    var tags: [String] = []
  }

  enum Mode: String, Codable, Sendable { case idle, busy = "is-busy" }

  indirect enum Node: Codable, Equatable, Sendable {
    case leaf(String)
    case pair(right: Node?, left: Node)
  }

  enum Outcome: Codable, Equatable, Sendable {
    case done
    case failed(reason: String, code: Int?)
  }

  enum Action: Codable, Equatable, Sendable {
    case rename(String)
    case setMode(mode: Mode)
    case measure(weight: Float, ratio: Double)
    case finish(outcome: Outcome)  // The manifest says nullable: a null goes to the bridge.
    case maybeFinish(outcome: Outcome?)  // The manifest says not nullable.
    case grow(node: Node)
    case count(small: Int8, big: UInt64)
    case tag(tags: [String], `default`: Bool)
    case setK  // A name with a canonically equivalent twin: "set\u{212A}" (KELVIN SIGN) must not match it.
  }

  enum Effect: Codable, Equatable, Sendable {
    case report(outcome: Outcome?, name: String)
    case ping
  }

  struct Reducer: UnidirectionalFlow.Reducer {
    func reduce(into state: inout State, action: Action) -> [Effect] {
      switch action {
      case .rename(let name):
        state.name = name
        return [.ping]
      case .setMode(let mode): state.mode = mode
      case .measure(let weight, let ratio):
        state.weight = weight
        state.ratio = ratio
      case .finish(let outcome):
        state.last = outcome
        state.history.append(outcome)
        return [.report(outcome: outcome, name: state.name)]
      case .maybeFinish(let outcome):
        state.last = outcome
        return [.report(outcome: outcome, name: state.name)]
      case .grow(let node):
        if case .leaf(let name) = node { state.name = name }
      case .count(let small, let big):
        state.counts = State.Counts(small: small, big: big)
      case .tag(let tags, let isDefault):
        state.tags = tags
        state.default = isDefault
      case .setK: state.name = "K"
      }
      return []
    }
  }

  static let manifest: FeatureManifest = {
    let outcome: JSONValue = ["type": "union", "ref": "Outcome"]
    let document: JSONValue = [
      "feature": "zoo", "title": "Zoo", "description": "d", "spec": "zoo.md", "platforms": [:],
      "state": [
        "name": ["type": "string"], "mode": ["type": "string", "enum": ["idle", "is-busy"]],
        "ratio": ["type": "number"], "weight": ["type": "number"], "default": ["type": "boolean"],
        "counts": ["type": "object", "fields": ["small": ["type": "integer"], "big": ["type": "integer"]]],
        "last": ["type": "union", "ref": "Outcome", "nullable": true],
        "required": ["type": "union", "ref": "Outcome", "nullable": true],
        "history": ["type": "array", "items": outcome], "tags": ["type": "array", "items": ["type": "string"]],
      ],
      "initialState": [
        "name": "", "mode": "idle", "ratio": 0.5, "weight": 1.5, "default": false,
        "counts": ["small": 0, "big": 0], "last": .null, "required": ["type": "done"], "history": [], "tags": [],
      ],
      "actions": [
        "rename": ["fields": ["value": ["type": "string"]]],
        "setMode": ["fields": ["mode": ["type": "string", "enum": ["idle", "is-busy"]]]],
        "measure": ["fields": ["ratio": ["type": "number"], "weight": ["type": "number"]]],
        "finish": ["fields": ["outcome": ["type": "union", "ref": "Outcome", "nullable": true]]],
        "maybeFinish": ["fields": ["outcome": outcome]],
        "grow": ["fields": ["node": ["type": "union", "ref": "Node"]]],
        "count": ["fields": ["big": ["type": "integer"], "small": ["type": "integer"]]],
        "tag": ["fields": ["default": ["type": "boolean"], "tags": ["type": "array", "items": ["type": "string"]]]],
        "setK": ["fields": [:]],
      ],
      "effects": [
        "report": [
          "fields": ["name": ["type": "string"], "outcome": ["type": "union", "ref": "Outcome", "nullable": true]]
        ],
        "ping": ["fields": [:]],
      ],
      "types": [
        "Outcome": [
          "cases": [
            "done": ["fields": [:]],
            "failed": ["fields": ["code": ["type": "integer", "nullable": true], "reason": ["type": "string"]]],
          ]
        ],
        "Node": [
          "cases": [
            "leaf": ["fields": ["name": ["type": "string"]]],
            "pair": [
              "fields": [
                "left": ["type": "union", "ref": "Node"], "right": ["type": "union", "ref": "Node", "nullable": true],
              ]
            ],
          ]
        ],
      ],
    ]
    switch ManifestLoader().load(document, file: "zoo.json", expectedFeature: nil) {
    case .success(let manifest): return manifest
    case .failure(let errors): fatalError("the test manifest is invalid: \(errors.errors)")
    }
  }()

  static let bridge = CodableFeature("zoo", reducer: Reducer(), initialState: State()).bound(to: manifest)
  static let fast = CodableFeature("zoo", reducer: Reducer(), initialState: State(), fastPath: ZooFastPath())
    .bound(to: manifest)
}
