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
}
