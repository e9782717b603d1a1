import Testing

@testable import Conformance

/// Ids are kept as hashes plus compact bytes (issue 7, item 8); duplicates must still be reported exactly.
@Suite struct SeenIDsTests {
  @Test func aDuplicateNamesTheFileThatUsedTheIdFirst() {
    var ids = SeenIDs()
    #expect(ids.insert("login-a", file: "Conformance/scenarios/login/login-a.json") == nil)
    #expect(ids.insert("login-b", file: "Conformance/scenarios/login/login-b.json") == nil)
    #expect(ids.insert("login-a", file: "other/login/login-a.json") == "Conformance/scenarios/login/login-a.json")
    #expect(ids.insert("login-b", file: "login-b.json") == "Conformance/scenarios/login/login-b.json")
    #expect(ids.count == 2)
  }

  @Test func aFileWhoseNameIsNotTheIdIsNamedWhole() {
    var ids = SeenIDs()
    #expect(ids.insert("x", file: "given/as/x.scenario") == nil)
    #expect(ids.insert("y", file: "y.json") == nil)
    #expect(ids.insert("x", file: "x.json") == "given/as/x.scenario")
    #expect(ids.insert("y", file: "b/y.json") == "y.json")
  }

  /// With every id on one hash, ids are still told apart byte by byte: a collision is never a duplicate.
  @Test func idsThatShareAHashAreToldApartExactly() {
    var ids = SeenIDs(hash: { _ in 42 })
    for index in 0..<100 { #expect(ids.insert("id-\(index)", file: "f/id-\(index).json") == nil) }
    #expect(ids.count == 100)
    #expect(ids.insert("id-37", file: "g/id-37.json") == "f/id-37.json")
    #expect(ids.insert("id-100", file: "g/id-100.json") == nil)
  }

  @Test func fnv1aMatchesItsPublishedTestVectors() {
    // FNV-1a 64 of "" and "a" (Fowler–Noll–Vo reference values).
    #expect(Array("".utf8).withUnsafeBufferPointer(SeenIDs.fnv1a) == 0xcbf2_9ce4_8422_2325)
    #expect(Array("a".utf8).withUnsafeBufferPointer(SeenIDs.fnv1a) == 0xaf63_dc4c_8601_ec8c)
  }
}
