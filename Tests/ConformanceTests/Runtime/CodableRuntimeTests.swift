import Testing

@testable import Conformance

// MARK: - CodableRuntime: manifest binding and the typed dependency call

@Suite(.timeLimit(.minutes(1)))
struct CodableRuntimeTests {
  struct Screen: Codable, Sendable {
    var verdict = "none"
  }

  enum ScreenAction: Codable, Sendable {
    case check(user: String)
  }

  struct Credentials: Encodable {
    var email: String
    var password: String
  }

  /// The Swift result type, whose `accepted` case the manifest maps onto the neutral `success`.
  enum Verdict: Decodable {
    case accepted(userId: String)
    case failure(message: String)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  final class ScreenModel: @unchecked Sendable {
    var state: Screen
    let environment: RuntimeEnvironment

    init(state: Screen, environment: RuntimeEnvironment) {
      self.state = state
      self.environment = environment
    }

    func send(_ action: ScreenAction) {
      guard case .check(let user) = action else { return }
      Task(executorPreference: environment.executor) {
        do {
          let verdict = try await self.environment.call(
            "authenticate", arguments: Credentials(email: user, password: "pw"), returning: Verdict.self)
          switch verdict {
          case .accepted(let userId): self.state.verdict = "accepted \(userId)"
          case .failure(let message): self.state.verdict = "failed: \(message)"
          }
        } catch {
          self.state.verdict = "error: \(error)"
        }
      }
    }
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  static var adapter: CodableRuntime<Screen, ScreenAction> {
    CodableRuntime("login", initialState: Screen()) { state, environment in
      let model = ScreenModel(state: state, environment: environment)
      return RuntimeHandle(send: model.send, state: { model.state }, clear: {})
    }
  }

  /// The login manifest with `check` as its only action, `success` spelt `accepted` in Swift, and `authenticate`
  /// declared.
  static func manifest() throws -> FeatureManifest {
    var manifest = try #require(TestPaths.manifests["login"])
    manifest.stateFields = [.init(name: "verdict", type: .string)]
    manifest.actions = FeatureManifest.Union(
      name: "action",
      cases: [.init(name: "check", fields: [.init(name: "user", type: .string)], rule: nil, platformNames: [:])])
    var result = try #require(manifest.types["LoginResult"])
    result.cases = result.cases.map { entry in
      var entry = entry
      if entry.name == "success" { entry.platformNames["swift"] = "accepted" }
      return entry
    }
    manifest.types["LoginResult"] = result
    manifest.dependencies = [
      "authenticate": .init(
        name: "authenticate", arguments: [.init(name: "email", type: .string), .init(name: "password", type: .string)],
        result: .union("LoginResult"), rule: "LR1")
    ]
    return manifest
  }

  static let steps: [RuntimeStep] = [
    .send(["type": "check", "user": "ada"]),
    .respond(CallReference(step: 1, index: 1), .result(["type": "success", "userId": "u1"])),
  ]

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aBoundAdapterDecodesTheResultWithTheManifestsSwiftNames() throws {
    let bound = Self.adapter.bound(to: try Self.manifest())
    let observation = RuntimeDriver.observe(bound, initialState: ["verdict": "none"], steps: Self.steps)
    #expect(
      observation
        == .trace(
          [
            TraceEntry(
              state: ["verdict": "none"],
              calls: [DependencyCall(dependency: "authenticate", arguments: ["email": "ada", "password": "pw"])],
              cancelled: []),
            TraceEntry(state: ["verdict": "accepted u1"], calls: [], cancelled: []),
          ], start: TraceEntry(state: ["verdict": "none"], calls: [], cancelled: [])))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anUnboundAdapterCannotMapARenamedCase() {
    let observation = RuntimeDriver.observe(Self.adapter, initialState: ["verdict": "none"], steps: Self.steps)
    guard case .noTrace(.errored(let step, let message)) = observation else {
      Issue.record("expected errored, got \(observation)")
      return
    }
    #expect(step == 2)
    #expect(
      message
        == #"steps[1].respond.result.type: Verdict has no case 'success' for the case 'success'; rename the Swift case, or give its name in the manifest ("swift": "…")"#
    )
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theInitialStateIsReportedInTheNeutralForm() {
    #expect(Self.adapter.initialState == ["verdict": "none"])
    #expect(Self.adapter.feature == "login")
  }
}
