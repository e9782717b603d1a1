import Foundation
import Testing

@testable import Conformance

/// `PathParts` and `ScenarioLoader.isKebabCase` scan bytes instead of splitting strings; these pin them to
/// byte-wise splitting and to `URL`, on the awkward cases too.
@Suite("PathParts and kebab-case ids: byte scans with the results of the splitting definitions")
struct PathPartsTests {
  /// The last three non-empty `/`-separated components, split on every `/` byte as the file system does (a `String`
  /// split by characters would not split where a `/` and a following combining mark form one character).
  func split(_ path: String) -> [String] {
    path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).suffix(3).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  @Test(arguments: [
    "", "/", "//", "x.json", "/x.json", "a/x.json", "scenarios/login/x.json", "/tmp/c/scenarios/login/x.json",
    "a//b///c.json", "dir/", "dir//", ".json", "a/.json", "a/b.c.json", "a/b.", "é/ü/ß.json", "👩‍👩‍👧/a b/c d.json",
    "Conformance/scenarios/login/login-submit.json", "a/b/c/d/e/f/g",
    // A `/` that joins the next or previous code point into one character still separates (found by the tryout).
    "r/scenarios/\u{301}login/login-a.json", "r/scenarios/x\u{600}/login/login-a.json",
    "r/scenarios/login/\u{200D}login-a.json", "r/scenarios/login\u{FE0F}/a.json",
  ])
  func componentsMatchSplitting(path: String) {
    let parts = PathParts(path)
    let expected = split(path)
    let names = [parts.grandparent, parts.parent, parts.fileName].map(String.init).drop { $0.isEmpty }
    #expect(Array(names) == expected, "\(path)")
    let file = expected.last ?? ""
    let base = file.lastIndex(of: ".").flatMap { $0 == file.startIndex ? nil : String(file[..<$0]) } ?? file
    #expect(String(parts.baseName) == base, "\(path)")
  }

  /// For absolute paths the names are the ones `URL` gives, which the runner used before it scanned bytes.
  @Test(arguments: [
    "/tmp/c/scenarios/login/x.json", "/r/scenarios/\u{301}login/login-a.json", "/r/scenarios/x\u{600}/login/a.json",
    "/r/scenarios/login/\u{200D}login-a.json", "/a/b.c/d.e.json",
  ])
  func absolutePathsMatchURL(path: String) {
    let url = URL(fileURLWithPath: path)
    let parts = PathParts(path)
    #expect(String(parts.fileName) == url.lastPathComponent)
    #expect(String(parts.baseName) == url.deletingPathExtension().lastPathComponent)
    #expect(String(parts.parent) == url.deletingLastPathComponent().lastPathComponent)
    #expect(String(parts.grandparent) == url.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent)
  }

  @Test(arguments: [
    ("login-submit", true), ("a", true), ("a1-2b", true), ("0", true), ("", false), ("-", false), ("-a", false),
    ("a-", false), ("a--b", false), ("A", false), ("a_b", false), ("a b", false), ("é", false), ("a-é", false),
    ("a-b-c-d", true), ("--", false),
  ])
  func kebabCase(text: String, expected: Bool) {
    #expect(ScenarioLoader.isKebabCase(text) == expected, "\(text)")
  }
}
