import Foundation
import Testing

/// `conformance record` with format v1.2 values (Conformance/README.md §15): a named object type, a uuid and a
/// date-time sent, and the uuid the state then holds recorded in its one spelling, which the scenario loader accepts.
@Suite("conformance record with named types, dates and UUIDs")
struct RecordFormatsCLITests {
  @Test func aRecordedUUIDKeepsItsOneSpellingAndTheFileStaysValid() throws {
    let id = "signup-register-success-stores-the-user-id"
    let root = try RecordCLITests.workspace([:])
    let folder = root.appendingPathComponent("Conformance/scenarios/signup")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundled = try RecordCLITests.text("Conformance/scenarios/signup/\(id).json", in: CLI.repository)
    let expectation =
      #""expect": {"changes": {"isSubmitting": false, "userId": "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f"}}"#
    let stripped = bundled.replacingOccurrences(of: ",\n      " + expectation, with: "")
    #expect(stripped != bundled)
    let path = "Conformance/scenarios/signup/\(id).json"
    try Data(stripped.utf8).write(to: root.appendingPathComponent(path))
    let result = try CLI.run(["record", path, "--from", "swift", "--write"], in: root)
    #expect(result.status == 0)
    #expect(try RecordCLITests.text(path, in: root).contains(expectation))
    #expect(try CLI.run(["validate", path], in: root).status == 0)
    #expect(try CLI.run(["run", path, "--impl", "swift"], in: root).status == 0)
  }
}

/// `conformance harness` checks its Swift types against the manifests before it answers `hello` (README §15.4).
@Suite("conformance harness: Swift types narrower than the manifest end it before hello")
struct HarnessBindingCLITests {
  @Test func aUUIDForAPlainStringIsNamedAndTheHarnessExits() throws {
    let root = try RecordCLITests.workspace([:])
    let manifest = root.appendingPathComponent("Conformance/features/signup.json")
    let text = try RecordCLITests.text("Conformance/features/signup.json", in: root)
    let plain = text.replacingOccurrences(
      of: #""userId": {"type": "string", "format": "uuid", "nullable": true"#,
      with: #""userId": {"type": "string", "nullable": true"#)
    #expect(plain != text)
    try Data(plain.utf8).write(to: manifest)
    let result = try CLI.run(["harness"], in: root, stdin: "{\"cmd\":\"hello\",\"protocol\":1}\n")
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.errorLines == [
        #"conformance harness: feature 'signup': state.userId: expected UUID as uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f") for SignupState, got "", but the manifest admits such a value there (Conformance/README.md §15.4); use a Swift type that holds every value the manifest declares, or narrow the manifest's type"#
      ])
  }
}
