import BundledFastPaths
import Foundation
import LoginFeature
import SignupFeature
import Testing

@testable import Conformance

/// The generated fast paths (`conformance generate-fast-path`) stand in for the Codable bridge without changing a
/// byte of any trace or error.
@Suite("Generated fast paths")
struct FastPathTests {
  static let fastLogin = CodableFeature(
    "login", reducer: LoginReducer(), initialState: LoginState(), fastPath: LoginFastPath())
  static let fastSignup = CodableFeature(
    "signup", reducer: SignupReducer(), initialState: SignupState(), fastPath: SignupFastPath())
  static let fast = SwiftImplementation(features: [fastLogin, fastSignup]).bound(to: TestPaths.manifests)

  /// The committed sources are what the generator writes today: a change to the manifests, the Swift types or the
  /// generator that is not followed by regenerating them fails here.
  @Test(arguments: [("login", "LoginFastPath"), ("signup", "SignupFastPath")])
  func bundledFastPathsAreUpToDate(feature: String, typeName: String) throws {
    let manifest = try #require(TestPaths.manifests[feature])
    let adapter = try #require(TestFeatures.swift.adapters[feature] as? any FastPathGenerating)
    let (source, notes, problems) = adapter.fastPathSource(
      manifest: manifest, manifestFile: "Conformance/features/\(feature).json", typeName: typeName,
      tool: "conformance-bridge", outputFile: "Sources/BundledFastPaths/\(typeName).swift", isPublic: true)
    let file = TestPaths.repository.appendingPathComponent("Sources/BundledFastPaths/\(typeName).swift")
    let committed = try String(contentsOf: file, encoding: .utf8)
    #expect(
      source == committed,
      "regenerate it: swift run conformance-bridge generate-fast-path \(feature) --output Sources/BundledFastPaths/\(typeName).swift"
    )
    #expect(notes.isEmpty)
    #expect(problems.isEmpty)
  }

  /// Every bundled reducer-level scenario gives the same result with the fast path as through the bridge alone.
  @Test(
    arguments: TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("login"))
      + TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("signup")))
  func agreesWithTheBridgeOnEveryBundledScenario(file: URL) async throws {
    let scenario = try #require(TestPaths.scenario(file))
    guard scenario.level == .reducer else { return }
    let request = RunRequest(scenario)
    let bridged = await TestFeatures.swift.run(request)
    let fast = await Self.fast.run(request)
    #expect(fast == bridged)
  }

  /// Actions the fast path must leave to the bridge, so the bridge's error (or value) is the one reported: an unknown
  /// type, extra, missing and mistyped keys, a `type` only canonically equivalent to a case name, nested ones, and
  /// values the bridge accepts in a form of its own (a whole number written `1.0`).
  @Test(
    arguments: [
      ["type": "emailChanged"], ["type": "emailChanged", "value": 1], ["type": "emailChanged", "value": .null],
      ["type": "emailChanged", "value": "a", "extra": true], ["type": "emailChange", "value": "a"], ["type": 3],
      ["type": "\u{212A}ate", "value": "a"], ["value": "a"], "submit", [], .null,
      ["type": "loginResponse", "result": ["type": "success"]],
      ["type": "loginResponse", "result": ["type": "success", "userId": "u", "x": 1]],
      ["type": "loginResponse", "result": ["type": "succes", "userId": "u"]],
      ["type": "loginResponse", "result": .null], ["type": "loginResponse", "result": "success"],
      ["type": "loginResponse", "result": ["type": "success", "userId": "\u{212A}"]],
    ] as [JSONValue])
  func leavesWhatItCannotDecodeToTheBridge(action: JSONValue) throws {
    let manifest = try #require(TestPaths.manifests["login"])
    let bridged = TestFeatures.login.bound(to: manifest)
    let fast = Self.fastLogin.bound(to: manifest)
    let actions: [JSONValue] = [["type": "submit"], action]
    #expect(
      fast.trace(initialState: manifest.initialState, actions: actions)
        == bridged.trace(initialState: manifest.initialState, actions: actions))
  }

  @Test func signupAgreesOnWholeNumbersAndAbsentOptionals() throws {
    let manifest = try #require(TestPaths.manifests["signup"])
    let bridged = TestFeatures.signup.bound(to: manifest)
    let fast = Self.fastSignup.bound(to: manifest)
    for action: JSONValue in [
      ["type": "availabilityResponse", "username": "ann", "available": true],
      ["type": "availabilityResponse", "available": true, "username": "ann"],
      ["type": "availabilityResponse", "username": "ann", "available": 1],
      ["type": "registerResponse", "result": ["type": "usernameTaken"]],
      ["type": "registerResponse", "result": ["type": "usernameTaken", "userId": "u"]],
      ["type": "ageChanged", "value": "4\u{0301}2"],
    ] {
      let actions: [JSONValue] = [["type": "usernameChanged", "value": "ann"], action, ["type": "submit"]]
      #expect(
        fast.trace(initialState: manifest.initialState, actions: actions)
          == bridged.trace(initialState: manifest.initialState, actions: actions), "\(action)")
    }
  }

  /// A fast path older than the state it encodes (here, one that drops `error`) makes every scenario error at step 0
  /// instead of hiding the field, whether the scenario starts from the manifest's initial state or its own.
  @Test func aStaleFastPathErrorsInsteadOfHidingAField() throws {
    let manifest = try #require(TestPaths.manifests["login"])
    let stale = CodableFeature(
      "login", reducer: LoginReducer(), initialState: LoginState(), fastPath: DroppingError()
    ).bound(to: manifest)
    let expected =
      "initialState: the fast path DroppingError is out of date: it leaves out 'error', which LoginState's Codable "
      + "conformance writes; regenerate it: \(RunningExecutable.name) generate-fast-path login --output <its file> "
      + "(README, step 3a)"
    #expect(stale.trace(initialState: manifest.initialState, actions: []) == .errored(step: 0, message: expected))
    let own: JSONValue = ["email": "a", "password": "", "isLoading": false, "error": "x"]
    #expect(stale.trace(initialState: own, actions: []) == .errored(step: 0, message: expected))
    // A value written differently, and a property the Codable conformance does not write, are named too.
    let wrong = CodableFeature(
      "login", reducer: LoginReducer(), initialState: LoginState(), fastPath: MisspellingEmail()
    ).bound(to: manifest)
    guard case .noTrace(.errored(step: 0, message: let message)) = wrong.trace(initialState: own, actions: []) else {
      Issue.record("a fast path that writes another value ran")
      return
    }
    #expect(
      message.hasPrefix(
        "initialState: the fast path MisspellingEmail is out of date: it writes 'email' as \"A\", where LoginState's "
          + "Codable conformance writes \"a\"; regenerate it: "))
  }

  /// A fast path that declines everything changes nothing: the bridge does it all.
  @Test func aFastPathThatDeclinesEverythingLeavesTheBridgesTrace() throws {
    let manifest = try #require(TestPaths.manifests["login"])
    let declining = CodableFeature(
      "login", reducer: LoginReducer(), initialState: LoginState(), fastPath: Declining()
    ).bound(to: manifest)
    let actions: [JSONValue] = [
      ["type": "emailChanged", "value": "a@b.co"], ["type": "passwordChanged", "value": "longenough"],
      ["type": "submit"], ["type": "dismissed"],
    ]
    #expect(
      declining.trace(initialState: manifest.initialState, actions: actions)
        == TestFeatures.login.bound(to: manifest).trace(initialState: manifest.initialState, actions: actions))
  }

  static let values: [JSONValue] = [
    .null, true, false, 0, 1, -1, .number(.double(1.0)), .number(.double(-0.0)), .number(.double(1.5)),
    .number(.double(1e2)), .number(.double(1e300)), .number(.integer(.max)), .number(.integer(.min)),
    .number(.double(9.3e18)), "", "K", "\u{212A}", "e\u{0301}", "1", [], ["a"], [:], ["type": "x"],
  ]

  /// Each fast conversion decodes exactly what a bridge decoder does, and fails exactly where it fails.
  @Test(arguments: values)
  func fastScalarsDecodeAsTheBridgeDoes(value: JSONValue) {
    func check<T: Decodable & Equatable>(_: T.Type) {
      let fast = Result { () throws(GeneratedCoding.Mismatch) -> T in try GeneratedCoding.decode(value) }
      let bridged = Result { () throws(GeneratedCoding.Mismatch) -> T in try GeneratedCoding.decodeThroughBridge(value)
      }
      #expect(
        (try? fast.get()) == (try? bridged.get())
          && (try? fast.get()).map(String.init(reflecting:))
            == (try? bridged.get()).map(String.init(reflecting:)),
        "\(T.self) from \(value)")
    }
    check(String.self)
    check(Bool.self)
    check(Int.self)
    check(Double.self)
    check(String?.self)
    check(Bool?.self)
    check(Int?.self)
    check(Double?.self)
  }

  /// Each fast conversion encodes exactly what a bridge encoder does, and declines where it throws.
  @Test func fastScalarsEncodeAsTheBridgeDoes() {
    func check<T: Encodable>(_ value: T) {
      let fast = GeneratedCoding.encode(value).map { JSONRenderer.compact($0) }
      let bridged = GeneratedCoding.encodeThroughBridge(value).map { JSONRenderer.compact($0) }
      #expect(fast == bridged, "\(value)")
    }
    for double in [0, -0.0, 1, 1.5, 1e300, .nan, .infinity, -.infinity, .leastNonzeroMagnitude] as [Double] {
      check(double)
      check(Optional(double))
    }
    for int in [0, 1, -1, .max, .min] as [Int] { check(int) }
    for string in ["", "K", "\u{212A}", "\u{0}"] { check(string) }
    check(true)
    check(String?.none)
    check(Int?.none)
  }

  /// A generated fast path names the command in its file, whatever runs the scenarios (a test runner here).
  @Test func aGeneratedFastPathNamesItsOwnRegenerationCommand() {
    #expect(
      LoginFastPath.regenerationCommand
        == "swift run --scratch-path .build/fast-path-stub -Xswiftc -DCONFORMANCE_FAST_PATH_STUB conformance-bridge "
        + "generate-fast-path login --output Sources/BundledFastPaths/LoginFastPath.swift")
  }

  @Test func generatedObjectsKeepJSONObjectsOrderEvenWhenHandEditedOutOfOrder() {
    let sorted = GeneratedCoding.object(sorted: [("a", 1), ("b", 2)])
    let unsorted = GeneratedCoding.object(sorted: [("b", 2), ("a", 1)])
    #expect(sorted == unsorted)
    guard case .object(let object) = unsorted else { return }
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == 1)
  }
}

/// A hand-written stand-in for a fast path generated before `LoginState.error` existed.
private struct DroppingError: CodableFastPath {
  typealias Feature = LoginReducer
  func decodeAction(_ value: JSONValue) -> LoginAction? { nil }
  func encodeState(_ state: LoginState) -> JSONValue? {
    ["email": .string(state.email), "password": .string(state.password), "isLoading": .bool(state.isLoading)]
  }
  func encodeEffect(_ effect: LoginEffect) -> JSONValue? { nil }
}

/// A fast path whose state encoding disagrees with the bridge's on a value.
private struct MisspellingEmail: CodableFastPath {
  typealias Feature = LoginReducer
  func decodeAction(_ value: JSONValue) -> LoginAction? { nil }
  func encodeState(_ state: LoginState) -> JSONValue? {
    [
      "email": .string(state.email.uppercased()), "password": .string(state.password),
      "isLoading": .bool(state.isLoading), "error": state.error.map(JSONValue.string) ?? .null,
    ]
  }
  func encodeEffect(_ effect: LoginEffect) -> JSONValue? { nil }
}

private struct Declining: CodableFastPath {
  typealias Feature = LoginReducer
  func decodeAction(_ value: JSONValue) -> LoginAction? { nil }
  func encodeState(_ state: LoginState) -> JSONValue? { nil }
  func encodeEffect(_ effect: LoginEffect) -> JSONValue? { nil }
}
