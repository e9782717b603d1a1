import Conformance
import UnidirectionalFlow

/// A test-only feature with what the bundled ones lack, for the fuzz generator's contract ("every generated case
/// validates") and for runtime fuzzing with several dependencies: three dependencies, two started by one action,
/// union-typed and optional (nullable) results, and integers and numbers with ranges. Never declared, never shipped.
///
/// `search` finds a user by name (`findUser(query) → FindResult`); `refresh` loads the found user's profile and quota
/// (`loadProfile(userId) → Profile?`, then `loadQuota(userId) → integer?`), each answer coming back as an action.
enum Lookup {
  /// The manifest, as `Conformance/features/lookup.json` would hold it.
  static let manifestText = """
    {
      "feature": "lookup", "title": "Lookup", "spec": "lookup.md",
      "description": "Finds a user by name, then loads their profile and quota.",
      "platforms": {
        "swift": {"state": "LookupState", "action": "LookupAction", "effect": "LookupEffect", "reducer": "LookupReducer"}
      },
      "state": {
        "query": {"type": "string"},
        "userId": {"type": "integer", "minimum": 1, "maximum": 1000, "nullable": true},
        "profile": {"type": "union", "ref": "Profile", "nullable": true},
        "quota": {"type": "integer", "minimum": 0, "maximum": 255, "nullable": true},
        "zoom": {"type": "number", "minimum": 0.25, "maximum": 4},
        "isLoading": {"type": "boolean"},
        "error": {"type": "string", "nullable": true}
      },
      "initialState": {"query": "", "userId": null, "profile": null, "quota": null, "zoom": 1, "isLoading": false, "error": null},
      "actions": {
        "queryChanged": {"fields": {"value": {"type": "string"}}},
        "zoomChanged": {"fields": {"level": {"type": "number", "minimum": 0.25, "maximum": 4}}},
        "search": {"calls": ["findUser"], "fields": {}},
        "refresh": {"calls": ["loadProfile", "loadQuota"], "fields": {}},
        "userFound": {"fields": {"result": {"type": "union", "ref": "FindResult"}}},
        "profileLoaded": {"fields": {"profile": {"type": "union", "ref": "Profile", "nullable": true}}},
        "quotaLoaded": {"fields": {"quota": {"type": "integer", "minimum": 0, "maximum": 255, "nullable": true}}},
        "failed": {"fields": {"message": {"type": "string"}}}
      },
      "effects": {
        "findUser": {"fields": {"query": {"type": "string"}}},
        "loadProfile": {"fields": {"userId": {"type": "integer", "minimum": 1, "maximum": 1000}}},
        "loadQuota": {"fields": {"userId": {"type": "integer", "minimum": 1, "maximum": 1000}}}
      },
      "dependencies": {
        "findUser": {"arguments": {"query": {"type": "string"}}, "result": {"type": "union", "ref": "FindResult"}},
        "loadProfile": {
          "arguments": {"userId": {"type": "integer", "minimum": 1, "maximum": 1000}},
          "result": {"type": "union", "ref": "Profile", "nullable": true}
        },
        "loadQuota": {
          "arguments": {"userId": {"type": "integer", "minimum": 1, "maximum": 1000}},
          "result": {"type": "integer", "minimum": 0, "maximum": 255, "nullable": true}
        }
      },
      "types": {
        "FindResult": {"cases": {"found": {"fields": {"userId": {"type": "integer", "minimum": 1, "maximum": 1000}}}, "notFound": {"fields": {}}}},
        "Profile": {
          "cases": {
            "person": {"fields": {"name": {"type": "string"}}},
            "team": {"fields": {"name": {"type": "string"}, "members": {"type": "integer", "minimum": 1}}}
          }
        }
      }
    }
    """

  /// The manifest, loaded and checked as `validate` loads a bundled one.
  static var manifest: FeatureManifest {
    get throws {
      let value = try JSONParser().parse(manifestText)
      return try ManifestLoader().load(value, file: "lookup.json", expectedFeature: "lookup").get()
    }
  }

  /// The runtime whose clients decode results with the Codable bridge: a result of another type errors the step.
  static let strict = SwiftImplementation(
    name: "strict", features: [], runtimes: [runtime(StrictLookupClient.init)])

  /// The same runtime with clients that decode results by hand and take a result they cannot read for a failed call,
  /// as a client with its own decoder does: a result of another type is a failure message in the state.
  static let lenient = SwiftImplementation(
    name: "lenient", features: [], runtimes: [runtime(LenientLookupClient.init)])

  /// The store of ``LookupReducer`` and ``LookupEffectRunner`` over the client `client` builds for a scenario.
  static func runtime(_ client: @escaping @Sendable (RuntimeEnvironment) -> any LookupClient)
    -> CodableRuntime<LookupState, LookupAction>
  {
    CodableRuntime("lookup", initialState: LookupState()) { state, environment in
      Store(
        initialState: state, reducer: LookupReducer(), effectRunner: LookupEffectRunner(client: client(environment)),
        environment: environment)
    }
  }
}

/// The screen: the query, the user found, their profile and quota, the zoom, and what is shown.
struct LookupState: Codable, Sendable, Equatable {
  var query = ""
  var userId: Int?
  var profile: Profile?
  var quota: Int?
  var zoom = 1.0
  var isLoading = false
  var error: String?
}

/// What `findUser` returns.
enum FindResult: Codable, Sendable, Equatable {
  case found(userId: Int)
  case notFound
}

/// What `loadProfile` returns, or `nil` for a user without one.
enum Profile: Codable, Sendable, Equatable {
  case person(name: String)
  case team(name: String, members: Int)
}

/// The user's intents and the answers the effects send back.
enum LookupAction: Codable, Sendable, Equatable {
  case queryChanged(value: String)
  case zoomChanged(level: Double)
  case search
  case refresh
  case userFound(result: FindResult)
  case profileLoaded(profile: Profile?)
  case quotaLoaded(quota: Int?)
  case failed(message: String)
}

/// One effect per dependency call.
enum LookupEffect: Codable, Sendable, Equatable, EffectIdentifying {
  case findUser(query: String)
  case loadProfile(userId: Int)
  case loadQuota(userId: Int)
}

/// `search` starts `findUser` unless one is running; `refresh` loads the found user's profile, then quota.
struct LookupReducer: Reducer {
  func reduce(into state: inout LookupState, action: LookupAction) -> [LookupEffect] {
    switch action {
    case .queryChanged(let value):
      state.query = value
    case .zoomChanged(let level):
      state.zoom = level
    case .search:
      guard !state.isLoading else { return [] }
      state.isLoading = true
      state.error = nil
      return [.findUser(query: state.query)]
    case .refresh:
      guard let userId = state.userId else { return [] }
      return [.loadProfile(userId: userId), .loadQuota(userId: userId)]
    case .userFound(.found(let userId)):
      state.isLoading = false
      state.userId = userId
    case .userFound(.notFound):
      state.isLoading = false
      state.error = "No such user."
    case .profileLoaded(let profile):
      state.profile = profile
    case .quotaLoaded(let quota):
      state.quota = quota
    case .failed(let message):
      state.isLoading = false
      state.error = message
    }
    return []
  }
}

/// The three dependencies, as the effect runner sees them.
protocol LookupClient: Sendable {
  func findUser(query: String) async throws -> FindResult
  func loadProfile(userId: Int) async throws -> Profile?
  func loadQuota(userId: Int) async throws -> Int?
}

/// Runs each effect as its call; a thrown error (not the effect's own cancellation) is a failure message.
struct LookupEffectRunner: EffectRunner {
  let client: any LookupClient

  func run(_ effect: LookupEffect) async throws -> [LookupAction] {
    do {
      switch effect {
      case .findUser(let query): return [.userFound(result: try await client.findUser(query: query))]
      case .loadProfile(let userId): return [.profileLoaded(profile: try await client.loadProfile(userId: userId))]
      case .loadQuota(let userId): return [.quotaLoaded(quota: try await client.loadQuota(userId: userId))]
      }
    } catch {
      try Task.checkCancellation()
      return [.failed(message: "Lookup failed.")]
    }
  }
}

/// Calls through ``RuntimeEnvironment/call(_:arguments:returning:)``: the Codable bridge decodes each result.
struct StrictLookupClient: LookupClient {
  let environment: RuntimeEnvironment

  func findUser(query: String) async throws -> FindResult {
    try await environment.call("findUser", arguments: ["query": query], returning: FindResult.self)
  }

  func loadProfile(userId: Int) async throws -> Profile? {
    try await environment.call("loadProfile", arguments: ["userId": userId], returning: Profile?.self)
  }

  func loadQuota(userId: Int) async throws -> Int? {
    try await environment.call("loadQuota", arguments: ["userId": userId], returning: Int?.self)
  }
}

/// Calls through ``RuntimeEnvironment/call(_:arguments:)`` and reads each result by hand; one it cannot read throws,
/// and the runner shows a failure.
struct LenientLookupClient: LookupClient {
  struct Unreadable: Error {}
  let environment: RuntimeEnvironment

  func findUser(query: String) async throws -> FindResult {
    let value = try await environment.call("findUser", arguments: ["query": .string(query)])
    switch value["type"]?.stringValue {
    case "found": return .found(userId: try Self.integer(value["userId"]))
    case "notFound" where value.objectCount == 1: return .notFound
    default: throw Unreadable()
    }
  }

  func loadProfile(userId: Int) async throws -> Profile? {
    let value = try await environment.call("loadProfile", arguments: ["userId": .number(.integer(Int64(userId)))])
    if value == .null { return nil }
    switch value["type"]?.stringValue {
    case "person":
      guard let name = value["name"]?.stringValue, value.objectCount == 2 else { throw Unreadable() }
      return .person(name: name)
    case "team":
      guard let name = value["name"]?.stringValue, value.objectCount == 3 else { throw Unreadable() }
      return .team(name: name, members: try Self.integer(value["members"]))
    default: throw Unreadable()
    }
  }

  func loadQuota(userId: Int) async throws -> Int? {
    let value = try await environment.call("loadQuota", arguments: ["userId": .number(.integer(Int64(userId)))])
    return value == .null ? nil : try Self.integer(value)
  }

  static func integer(_ value: JSONValue?) throws -> Int {
    guard case .number(let number)? = value, let integer = number.int64Value, let int = Int(exactly: integer) else {
      throw Unreadable()
    }
    return int
  }
}

extension JSONValue {
  /// The number of members of an object; 0 for any other value.
  fileprivate var objectCount: Int {
    if case .object(let object) = self { return object.count }
    return 0
  }
}
