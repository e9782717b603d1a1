import Foundation
import LoginFeature
import Testing

@testable import Conformance

/// ``ActionLog``: the neutral line of a Swift action, from the type alone or with the feature manifest, and every
/// failure as a message that names the path and the Swift type.
@Suite("ActionLog")
struct ActionLogTests {
  /// An action enum written for the type-alone log: case names are action names, labels are field names.
  enum CartAction: Codable { case addItem(id: String, quantity: Int), clear }

  @Test func labelledCasesNeedNoManifest() throws {
    let log = ActionLog()
    #expect(
      try log.line(CartAction.addItem(id: "sku-1", quantity: 2)) == #"{"id":"sku-1","quantity":2,"type":"addItem"}"#)
    #expect(try log.line(CartAction.clear) == #"{"type":"clear"}"#)
  }

  @Test func theManifestNamesUnlabelledValuesAndNestedUnions() throws {
    let log = try ActionLog(manifest: TestPaths.features.appendingPathComponent("login.json"))
    #expect(try log.line(LoginAction.emailChanged("a@b.co")) == #"{"type":"emailChanged","value":"a@b.co"}"#)
    #expect(
      try log.line(LoginAction.loginResponse(.failure(message: "Locked.")))
        == #"{"result":{"message":"Locked.","type":"failure"},"type":"loginResponse"}"#)
  }

  @Test func anUnlabelledValueWithoutAManifestIsNamed() {
    #expect(
      throws: ActionLogError(
        message:
          "LoginAction.emailChanged has an unlabelled associated value, but no manifest names its field; label each value with its field's name"
      )
    ) {
      try ActionLog().line(LoginAction.emailChanged("a@b.co"))
    }
  }

  @Test func aMissingManifestIsNamed() throws {
    let missing = TestPaths.features.appendingPathComponent("no-such-feature.json")
    let error = #expect(throws: ActionLogError.self) { try ActionLog(manifest: missing) }
    #expect(error?.message.hasPrefix("no-such-feature.json: ") == true, "\(String(describing: error))")
  }
}
