import Foundation
import Testing

@testable import Conformance

/// `PathParts` and `ScenarioLoader.isKebabCase` scan bytes instead of splitting strings (issue 12); these pin them to
/// the splitting definitions they replaced, on the awkward cases too.
@Suite("PathParts and kebab-case ids: byte scans with the results of the splitting definitions")
struct PathPartsTests {
  /// The last three non-empty `/`-separated components, as `split` gives them.
  func split(_ path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).suffix(3).map(String.init)
  }

  @Test(arguments: [
    "", "/", "//", "x.json", "/x.json", "a/x.json", "scenarios/login/x.json", "/tmp/c/scenarios/login/x.json",
    "a//b///c.json", "dir/", "dir//", ".json", "a/.json", "a/b.c.json", "a/b.", "é/ü/ß.json", "👩‍👩‍👧/a b/c d.json",
    "Conformance/scenarios/login/login-submit.json", "a/b/c/d/e/f/g",
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

  @Test(arguments: [
    ("login-submit", true), ("a", true), ("a1-2b", true), ("0", true), ("", false), ("-", false), ("-a", false),
    ("a-", false), ("a--b", false), ("A", false), ("a_b", false), ("a b", false), ("é", false), ("a-é", false),
    ("a-b-c-d", true), ("--", false),
  ])
  func kebabCase(text: String, expected: Bool) {
    #expect(ScenarioLoader.isKebabCase(text) == expected, "\(text)")
  }
}
