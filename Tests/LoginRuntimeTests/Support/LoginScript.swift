import Conformance
import Foundation
import LoginRuntime

// MARK: - Building login runtime scenarios in Swift

/// The login runtime adapter bound to the bundled login manifest, as the runner binds it.
let boundLoginRuntime: any RuntimeAdapter = {
  let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let features = repository.appendingPathComponent("Conformance/features")
  let manifests = ManifestLoader().loadAll(in: features, displayPath: { $0.lastPathComponent }).manifests
  guard let manifest = manifests["login"] else { fatalError("the bundled login manifest did not load") }
  return loginRuntime.bound(to: manifest)
}()

/// Steps and expected trace entries of the login feature, in the neutral form.
enum Login {
  static let email = "user@example.com"
  static let password = "correct-horse"
  static let initialState: JSONValue = ["email": "", "password": "", "isLoading": false, "error": .null]

  static func state(
    email: String = Login.email, password: String = Login.password, isLoading: Bool = false, error: String? = nil
  ) -> JSONValue {
    [
      "email": .string(email), "password": .string(password), "isLoading": .bool(isLoading),
      "error": error.map(JSONValue.string) ?? .null,
    ]
  }

  static let loadingState = state(isLoading: true)

  static func emailChanged(_ value: String) -> RuntimeStep { .send(["type": "emailChanged", "value": .string(value)]) }
  static func passwordChanged(_ value: String) -> RuntimeStep {
    .send(["type": "passwordChanged", "value": .string(value)])
  }
  static let submit = RuntimeStep.send(["type": "submit"])
  static let dismissed = RuntimeStep.send(["type": "dismissed"])

  static func succeed(_ step: Int, _ index: Int = 1, userId: String = "u1") -> RuntimeStep {
    .respond(CallReference(step: step, index: index), .result(["type": "success", "userId": .string(userId)]))
  }
  static func fail(_ step: Int, _ index: Int = 1, message: String) -> RuntimeStep {
    .respond(CallReference(step: step, index: index), .result(["type": "failure", "message": .string(message)]))
  }
  static func `throw`(_ step: Int, _ index: Int = 1, message: String) -> RuntimeStep {
    .respond(CallReference(step: step, index: index), .error(message: message))
  }

  static func authenticate(email: String = Login.email, password: String = Login.password) -> DependencyCall {
    DependencyCall(dependency: "authenticate", arguments: ["email": .string(email), "password": .string(password)])
  }

  /// Types the credentials and submits: steps 1-3, the call starting at step 3.
  static let typeAndSubmit: [RuntimeStep] = [emailChanged(email), passwordChanged(password), submit]

  /// The trace of ``typeAndSubmit``.
  static let typeAndSubmitTrace: [TraceEntry] = [
    entry(state(password: "")),
    entry(state()),
    entry(loadingState, calls: [authenticate()]),
  ]

  static func entry(_ state: JSONValue, calls: [DependencyCall] = [], cancelled: [CallReference] = []) -> TraceEntry {
    TraceEntry(state: state, calls: calls, cancelled: cancelled)
  }

  /// Runs `steps` through the login runtime from the initial state; the trace's state, calls and cancellations only
  /// (``observeAll(_:initialState:)`` keeps the received actions and effects in flight).
  static func observe(_ steps: [RuntimeStep], initialState: JSONValue = Login.initialState) -> Observation {
    guard case .trace(let trace, _) = observeAll(steps, initialState: initialState) else {
      return observeAll(steps, initialState: initialState)
    }
    return .trace(trace.map { TraceEntry(state: $0.state, calls: $0.calls, cancelled: $0.cancelled) })
  }

  /// Runs `steps` through the login runtime from the initial state; the whole trace.
  static func observeAll(_ steps: [RuntimeStep], initialState: JSONValue = Login.initialState) -> Observation {
    RuntimeDriver.observe(boundLoginRuntime, initialState: initialState, steps: steps)
  }
}
