import Foundation
import Testing
import UnidirectionalFlow

@testable import Conformance

/// A feature with a `UUID`, a `Date` and a recursive named object type (format v1.2, Conformance/README.md §15).
private enum Formats {
  struct Node: Codable, Equatable, Sendable {
    var label: String
    var children: [Node]
  }

  struct State: Codable, Equatable, Sendable {
    var id: UUID? = nil
    var at: Date? = nil
    var tree: Node? = nil
  }

  enum Action: Codable, Equatable, Sendable {
    case set(id: UUID, at: Date)
    case graft(tree: Node)
  }

  enum Effect: Codable, Equatable, Sendable {
    case saved(at: Date)
  }

  struct Reducer: UnidirectionalFlow.Reducer {
    func reduce(into state: inout State, action: Action) -> [Effect] {
      switch action {
      case .set(let id, let at):
        state.id = id
        state.at = at
        return [.saved(at: at)]
      case .graft(let tree):
        state.tree = tree
        return []
      }
    }
  }

  static let manifest: FeatureManifest = {
    let text = #"""
      {"feature":"formats","title":"F","description":"d","spec":"f.md","platforms":{},
       "types":{"Node":{"fields":{"label":{"type":"string"},"children":{"type":"array","items":{"type":"object","ref":"Node"}}}}},
       "state":{"id":{"type":"string","format":"uuid","nullable":true},"at":{"type":"string","format":"date-time","nullable":true},
                "tree":{"type":"object","ref":"Node","nullable":true}},
       "initialState":{"id":null,"at":null,"tree":null},
       "actions":{"set":{"fields":{"id":{"type":"string","format":"uuid"},"at":{"type":"string","format":"date-time"}}},
                  "graft":{"fields":{"tree":{"type":"object","ref":"Node"}}}},
       "effects":{"saved":{"fields":{"at":{"type":"string","format":"date-time"}}}}}
      """#
    return load(text, file: "formats.json")
  }()

  static let feature = CodableFeature("formats", reducer: Reducer(), initialState: State()).bound(to: manifest)

  static func trace(_ action: String) throws -> Observation {
    feature.trace(initialState: manifest.initialState, actions: [try JSONParser().parse(action)])
  }
}

@Suite("Codable bridge: Date, UUID and named object types")
struct CodableFeatureFormatsTests {
  @Test(arguments: [
    "2026-12-02T13:05:00.000Z", "1969-12-31T23:59:59.999Z", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z",
    "2024-02-29T12:00:00.123Z",
  ])
  func datesAndUUIDsRoundTripInTheirOneSpelling(date: String) throws {
    let id = "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f"
    let observation = try Formats.trace(#"{"type":"set","id":"\#(id)","at":"\#(date)"}"#)
    let expected = try JSONParser().parse(#"{"id":"\#(id)","at":"\#(date)","tree":null}"#)
    let effect = try JSONParser().parse(#"{"type":"saved","at":"\#(date)"}"#)
    #expect(observation == .trace([TraceEntry(state: expected, effects: [effect])]))
  }

  @Test(arguments: [
    (
      #"{"type":"set","id":"0B6C3F4E-8D1A-4C2B-9F3E-5A7D2C1B0E9F","at":"2026-12-02T13:05:00.000Z"}"#,
      #"actions[0].id: expected UUID as uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") for Action, got "0B6C3F4E-8D1A-4C2B-9F3E-5A7D2C1B0E9F""#
    ),
    (
      #"{"type":"set","id":"0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9","at":"2026-12-02T13:05:00.000Z"}"#,
      #"actions[0].id: expected UUID as uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") for Action, got "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9""#
    ),
    (
      #"{"type":"set","id":"0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f","at":786459900}"#,
      "actions[0].at: expected Date for Action, got integer"
    ),
    (
      #"{"type":"set","id":"0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f","at":"2026-12-02T13:05:00Z"}"#,
      #"actions[0].at: expected Date as date-time (RFC 3339 UTC with milliseconds, e.g. "2026-12-02T13:05:00.000Z") for Action, got "2026-12-02T13:05:00Z""#
    ),
  ])
  func malformedDatesAndUUIDsAreErrorsAtTheirPaths(action: String, message: String) throws {
    #expect(try Formats.trace(action) == .errored(step: 1, message: message))
  }

  @Test func aRecursiveNamedTypeMapsOntoARecursiveStruct() throws {
    let tree =
      #"{"label":"a","children":[{"label":"b","children":[]},{"label":"c","children":[{"label":"d","children":[]}]}]}"#
    let observation = try Formats.trace(#"{"type":"graft","tree":\#(tree)}"#)
    let expected = try JSONParser().parse(#"{"id":null,"at":null,"tree":\#(tree)}"#)
    #expect(observation == .trace([TraceEntry(state: expected, effects: [])]))
  }
}

/// A feature whose Swift types are narrower than its manifest: an `Int32` for a 64-bit integer, a `UUID` for any
/// string.
private enum Narrow {
  struct State: Codable, Equatable, Sendable { var count: Int32 = 0 }

  enum Action: Codable, Equatable, Sendable {
    case set(count: Int32)
    case tag(id: UUID)
  }

  struct Reducer: UnidirectionalFlow.Reducer {
    func reduce(into state: inout State, action: Action) -> [Never] { [] }
  }

  static func manifest(count: String) -> FeatureManifest {
    let text = #"""
      {"feature":"narrow","title":"N","description":"d","spec":"n.md","platforms":{},
       "state":{"count":\#(count)},"initialState":{"count":0},
       "actions":{"set":{"fields":{"count":{"type":"integer","format":"int32"}}},"tag":{"fields":{"id":{"type":"string"}}}},
       "effects":{}}
      """#
    return load(text, file: "narrow.json")
  }
}

@Suite("Codable bridge: the bind-time check names every field the Swift types cannot hold")
struct CodableFeatureBindingTests {
  @Test func narrowerSwiftTypesStopTheImplementationAtStartUp() async {
    let swift = SwiftImplementation(
      features: [CodableFeature("narrow", reducer: Narrow.Reducer(), initialState: Narrow.State())]
    ).bound(to: ["narrow": Narrow.manifest(count: #"{"type":"integer"}"#)])
    let why =
      "but the manifest admits such a value there (Conformance/README.md §15.4); use a Swift type that holds "
      + "every value the manifest declares, or narrow the manifest's type"
    do {
      _ = try await swift.start()
      Issue.record("the implementation should not start")
    } catch {
      #expect(
        error.message == """
          feature 'narrow': state.count: expected Int32, got integer, \(why)
          feature 'narrow': actions.tag.id: expected UUID as uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. \
          "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") for Action, got "", \(why)
          """)
    }
  }

  /// A run binds each feature at its first scenario: a narrow feature's scenarios are not run, with the problems as
  /// the reason, and the implementation starts for the others.
  @Test func aRunReportsANarrowFeaturesScenariosAsNotRun() async throws {
    let manifests = ["narrow": Narrow.manifest(count: #"{"type":"integer"}"#)]
    let swift = SwiftImplementation(
      features: [CodableFeature("narrow", reducer: Narrow.Reducer(), initialState: Narrow.State())]
    ).bound(to: manifests)
    _ = try await swift.start(expectingInitialStatesOf: manifests)
    let request = RunRequest(id: "narrow-set", feature: "narrow", initialState: ["count": 0], actions: [])
    let why =
      "but the manifest admits such a value there (Conformance/README.md §15.4); use a Swift type that holds "
      + "every value the manifest declares, or narrow the manifest's type"
    #expect(
      await swift.run(request)
        == .notRun(
          reason: "the implementation 'swift' did not start feature 'narrow': feature 'narrow': state.count: "
            + "expected Int32, got integer, \(why); feature 'narrow': actions.tag.id: expected UUID as uuid (lower-case "
            + #"8-4-4-4-12 hexadecimal, e.g. "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") for Action, got "", "# + why))
  }

  /// Neither the reducer nor the initial state is made when the feature is registered or the implementation starts:
  /// only the feature's first scenario makes them, once.
  @Test func aFeatureIsMadeAtItsFirstScenarioOnly() async throws {
    let made = MadeCount()
    let manifests = ["narrow": Narrow.manifest(count: #"{"type":"integer","format":"int32"}"#)]
    let feature = CodableFeature("narrow", reducer: made.reducer(), initialState: Narrow.State())
    let swift = SwiftImplementation(features: [feature]).bound(to: manifests)
    _ = try await swift.start(expectingInitialStatesOf: manifests)
    #expect(made.count == 0)
    let request = RunRequest(
      id: "narrow-set", feature: "narrow", initialState: ["count": 0], actions: [["type": "set", "count": 1]])
    _ = await swift.run(request)
    _ = await swift.run(request)
    #expect(made.count == 1)
  }

  @Test func anInt32FieldDeclaredInt32Binds() {
    let feature = CodableFeature("narrow", reducer: Narrow.Reducer(), initialState: Narrow.State())
    let bound = feature.bound(to: Narrow.manifest(count: #"{"type":"integer","format":"int32"}"#))
    #expect((bound as? any BindingChecked)?.bindingProblems.filter { $0.contains("count") } == [])
  }
}

/// Counts the reducers made, to show when a registration is evaluated.
private final class MadeCount: @unchecked Sendable {
  private let lock = NSLock()
  private var made = 0

  /// How many reducers were made.
  var count: Int { lock.withLock { made } }

  /// A reducer, counted.
  func reducer() -> Narrow.Reducer {
    lock.withLock { made += 1 }
    return Narrow.Reducer()
  }
}

/// The manifest in `text`, a fixed text of these tests.
private func load(_ text: String, file: String) -> FeatureManifest {
  let parsed: JSONValue
  do { parsed = try JSONParser().parse(text) } catch { fatalError("the test manifest is not JSON: \(error)") }
  switch ManifestLoader().load(parsed, file: file, expectedFeature: nil) {
  case .success(let manifest): return manifest
  case .failure(let errors): fatalError("the test manifest is invalid: \(errors.errors)")
  }
}

@Suite("hello fields: a harness's narrow platform types are checked against the manifest at start-up")
struct HelloFieldTypesTests {
  @Test func aKotlinIntForA64BitIntegerAndAUUIDForAPlainStringAreNamed() throws {
    let manifest = Narrow.manifest(count: #"{"type":"integer"}"#)
    let hello = #"""
      {"protocol":1,"implementation":{"name":"kotlin","language":"Kotlin","version":"1"},
       "features":{"narrow":{"initialState":{"count":0},"fields":{"actions.set.count":"Int","actions.tag.id":"UUID","state.count":"Int"}}}}
      """#.replacingOccurrences(of: "\n", with: "")
    let info = try HarnessCodec.decodeHello(Data(hello.utf8)).get()
    let why = "(Conformance/README.md §15.4); use a wider type, or narrow the manifest's type"
    #expect(
      InitialStateCheck.mismatch(info, manifests: ["narrow": manifest]) == """
        feature 'narrow': actions.tag.id is UUID, which cannot hold every value of the manifest's string \(why)
        feature 'narrow': state.count is Int, which cannot hold every value of the manifest's integer \(why)
        """)
  }

  @Test func fieldsThatFitPass() throws {
    let manifest = Narrow.manifest(count: #"{"type":"integer","format":"int32"}"#)
    var info = ImplementationInfo(
      name: "kotlin", language: "Kotlin", version: "1", features: ["narrow": manifest.initialState], levels: [:])
    info.fieldTypes = ["narrow": ["state.count": "Int", "actions.set.count": "Int"]]
    #expect(InitialStateCheck.mismatch(info, manifests: ["narrow": manifest]) == nil)
  }
}

@Suite("hello features: one no manifest of the folder defines")
struct UnknownFeatureHintTests {
  /// The bundled tool run on a folder that holds only some of its features: no name is near the missing one, so the
  /// message says where its manifest goes instead of suggesting a name.
  @Test func aFeatureWithNoNearNameSaysWhereItsManifestGoes() throws {
    var login = try #require(TestPaths.manifests["login"])
    login.file = "Team/Conformance/features/login.json"
    let info = ImplementationInfo(
      name: "swift", language: "Swift", version: "1",
      features: ["login": login.initialState, "signup": [:]], levels: [:])
    #expect(
      InitialStateCheck.mismatch(info, manifests: ["login": login])
        == "it announces feature 'signup', which no manifest defines (manifests: login); add its manifest "
        + "(Team/Conformance/features/signup.json) beside the others, or run an implementation that serves only the "
        + "features this folder defines")
  }
}
