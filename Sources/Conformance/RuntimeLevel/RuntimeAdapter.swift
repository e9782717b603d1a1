/// A feature whose real runtime (a store, a view model) the in-process Swift implementation can drive through
/// runtime-level scenarios (scenario format v1.1): the runtime counterpart of ``FeatureAdapter``.
public protocol RuntimeAdapter: Sendable {
  /// The feature's name, as in its manifest, e.g. `login`.
  var feature: String { get }

  /// The feature's initial state in the neutral form, as ``FeatureAdapter/initialState``.
  var initialState: JSONValue { get }

  /// Starts a fresh runtime for one scenario.
  ///
  /// - Parameters:
  ///   - initialState: The scenario's initial state in the neutral form.
  ///   - environment: The scripted dependencies, the manual clock and the executor the runtime must use.
  /// - Returns: The running feature.
  /// - Throws: ``CodecError`` when `initialState` cannot be decoded.
  func start(initialState: JSONValue, environment: RuntimeEnvironment) throws(CodecError) -> any FeatureRuntime
}

/// One running instance of a feature's runtime, driven step by step by a runtime scenario.
public protocol FeatureRuntime: AnyObject {
  /// Decodes `action` and sends it to the store or view model.
  ///
  /// - Throws: ``CodecError`` when the action cannot be decoded.
  func send(_ action: JSONValue) throws(CodecError)

  /// The current state, encoded in the neutral form.
  ///
  /// - Throws: ``CodecError`` when the state cannot be encoded.
  func state() throws(CodecError) -> JSONValue

  /// Tears the owner down: cancels everything in flight; later sends change nothing (login.md LR5).
  func clear()

  /// The actions the runtime's effects sent back since the last call, encoded in the neutral form, in the order they
  /// were applied; `nil` when the runtime does not report them (scenario format v1.2, Conformance/README.md §14).
  ///
  /// - Throws: ``CodecError`` when an action cannot be encoded.
  func received() throws(CodecError) -> [JSONValue]?

  /// The effects running and not cancelled, each `{"type": name, "id": cancellationID or null}`, in start order;
  /// `nil` when the runtime does not report them (Conformance/README.md §14).
  func inFlight() -> [JSONValue]?

  /// The screen starts showing the runtime (`{"screen": "appear"}`, format v1.3): SwiftUI starts the view's `.task {}`
  /// and the screen starts listening to the runtime's events. The work it starts runs when the driver settles.
  func appear()

  /// The screen stops showing the runtime (`{"screen": "disappear"}`): what ``appear()`` started is cancelled.
  func disappear()

  /// The one-off events the screen got since the last call, encoded in the neutral form (`{"type": name, …}`), in the
  /// order it got them; `nil` when the runtime does not report them (Conformance/README.md §16).
  ///
  /// - Throws: ``CodecError`` when an event cannot be encoded.
  func events() throws(CodecError) -> [JSONValue]?
}

extension FeatureRuntime {
  /// Not reported: a runtime that does not keep its received actions.
  public func received() throws(CodecError) -> [JSONValue]? { nil }

  /// Not reported: a runtime that does not know its running effects.
  public func inFlight() -> [JSONValue]? { nil }

  /// Nothing: a runtime without screen hooks only settles at an appear step.
  public func appear() {}

  /// Nothing: a runtime without screen hooks only settles at a disappear step.
  public func disappear() {}

  /// Not reported: a runtime without events.
  public func events() throws(CodecError) -> [JSONValue]? { nil }
}
