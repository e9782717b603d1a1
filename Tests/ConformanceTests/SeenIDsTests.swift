import Testing

@testable import Conformance

/// Ids are kept as hashes plus compact bytes; duplicates must still be reported exactly.
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

/// The arena behind ``SeenIDs`` and the walk's folder listings.
@Suite struct ByteArenaTests {
  @Test func stringsComeBackWholeAcrossChunks() {
    var arena = ByteArena()
    var positions: [(Int32, [UInt8])] = []
    for index in 0..<20_000 {
      let bytes = Array("name-\(index)-\(String(repeating: "x", count: index % 200))".utf8)
      positions.append((arena.append(bytes), bytes))
    }
    #expect(positions.allSatisfy { arena.bytes(at: $0.0, length: $0.1.count).elementsEqual($0.1) })
    #expect(positions.last.map { Int($0.0) >> 18 } ?? 0 > 2, "the strings fill several chunks")
  }

  @Test func theLastStringCanBeTakenBack() {
    var arena = ByteArena()
    let kept = arena.append(Array("kept".utf8))
    let dropped = arena.append(Array("dropped".utf8))
    arena.removeLast(from: dropped)
    let next = arena.append(Array("next".utf8))
    #expect(next == dropped)
    #expect(Array(arena.bytes(at: kept, length: 4)) == Array("kept".utf8))
    #expect(Array(arena.bytes(at: next, length: 4)) == Array("next".utf8))
  }
}
