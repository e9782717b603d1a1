import Foundation

/// Writes a Swift action as the neutral JSON line `conformance record --actions` reads, with the Codable bridge that
/// ``CodableFeature`` runs scenarios with, so an app's debug build can log what the user does and replay it.
///
/// Swift's synthesized `Codable` writes an enum case as `{"addItem": {…}}`; the scenario format (Conformance/README.md
/// §3.2) writes `{"type": "addItem", …fields}`. The bridge maps one onto the other as ``CodableFeature`` does, so a
/// logged action decodes into the same Swift value when the scenario runs.
///
/// What it needs from the app:
/// - nothing, with ``init()``, when the action enum's case names are the manifest's action names and each associated
///   value is labelled with its field's name (`case emailChanged(value: String)`);
/// - the feature manifest, with ``init(manifest:)``, when a case has an unlabelled value (`case emailChanged(String)`:
///   only the manifest says the field is `value`) or a `swift` name other than the action's name.
///
/// ```swift
/// let log = try ActionLog(manifest: manifestURL)  // once, e.g. Conformance/features/login.json in the bundle
/// print(try log.line(LoginAction.emailChanged("user@example.com")))  // {"type":"emailChanged","value":"user@example.com"}
/// ```
///
/// Lines have sorted keys and no white space; `record --actions` reads one action per line.
public struct ActionLog: Sendable {
  /// The actions' union: the manifest's names and field orders, or opaque (case and label names as they are).
  private let actions: CodingShape

  /// A log that takes case names for action names and labels for field names (no manifest).
  public init() {
    actions = CodingShapes.opaque.actions
  }

  /// A log that names cases and unlabelled values as the feature manifest at `manifest` does.
  ///
  /// - Parameter manifest: The feature's manifest file (`Conformance/features/<feature>.json`, format in
  ///   Conformance/README.md, feature manifests), e.g. copied into the debug build's bundle.
  /// - Throws: ``ActionLogError`` when the file cannot be read, is not JSON, or is not a valid manifest; the message
  ///   names the file and the JSON path (`login.json: actions.submit.swift: …`).
  public init(manifest: URL) throws(ActionLogError) {
    let file = manifest.lastPathComponent
    let value: JSONValue
    switch JSONFile.read(manifest, displayName: file) {
    case .success(let document): value = document
    case .failure(let error): throw ActionLogError(message: error.description)
    }
    switch ManifestLoader().load(value, file: file, expectedFeature: nil) {
    case .success(let loaded): actions = CodingShapes(manifest: loaded).actions
    case .failure(let errors):
      throw ActionLogError(message: errors.errors.map(\.description).joined(separator: "\n"))
    }
  }

  /// The neutral JSON line of `action`, without a line break: `{"type":"emailChanged","value":"user@example.com"}`.
  ///
  /// - Parameter action: A value of the feature's action type, with synthesized (or equivalent) `Encodable`.
  /// - Returns: One line of JSON, keys sorted.
  /// - Throws: ``ActionLogError`` naming the JSON path and the Swift type when the value has no neutral form: an
  ///   unlabelled associated value no manifest names, a case the manifest does not declare, or NaN or an infinity.
  public func line<Action: Encodable>(_ action: Action) throws(ActionLogError) -> String {
    do {
      return JSONRenderer.compact(try BridgeEncoder.encode(action, shape: actions))
    } catch {
      let bridge = BridgeError.from(error, pending: nil)
      let path = bridge.path == .root ? "" : "\(bridge.path): "
      throw ActionLogError(message: "\(path)\(bridge.message)")
    }
  }
}

/// Why ``ActionLog`` could not load a manifest or write an action; `description` is the whole message.
public struct ActionLogError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, with the file and JSON path where there is one.
  public var message: String

  /// The message.
  public var description: String { message }
}
