import Testing

@testable import ConformanceCLI

@Suite("TerminalText")
struct TerminalTextTests {
  @Test(arguments: [
    ("plain ✓ text", "plain ✓ text"),
    ("\u{1B}[2J\u{1B}]0;pwned\u{07}", "\\u001B[2J\\u001B]0;pwned\\u0007"),
    ("a\rb\u{0}c\u{7F}d\u{85}", "a\\u000Db\\u0000c\\u007Fd\\u0085"),
    ("keep\ttab\nand newline", "keep\ttab\nand newline"),
    // Escape sequences in input are never kept, colours included: `ESC [ 8 m` would conceal what follows.
    ("\u{1B}[31mred\u{1B}[0m", "\\u001B[31mred\\u001B[0m"),
    ("type \u{1B}[8mhidden", "type \\u001B[8mhidden"),
    // The tool's own colours arrive as stand-ins and become SGR sequences only after escaping.
    ("\u{F8F2}red\u{F8F0}", "\u{1B}[31mred\u{1B}[0m"),
    // Cf (bidi controls, zero-width characters), Zl, Zp and noncharacters: invisible, reordering, or not XML 1.0.
    ("evil\u{202E}txt.json", "evil\\u202Etxt.json"),
    ("a\u{2028}b\u{2029}c", "a\\u2028b\\u2029c"),
    ("zero\u{200B}width\u{FEFF}\u{2066}", "zero\\u200Bwidth\\uFEFF\\u2066"),
    ("non\u{FFFE}char", "non\\uFFFEchar"),
    ("café 👍🏽 ü", "café 👍🏽 ü"),
  ])
  func controlCharactersAreShownNotExecuted(input: String, expected: String) {
    #expect(TerminalText.sanitize(input) == expected)
  }

  @Test func withoutColoursAStandInCameFromInputAndIsShownEscaped() {
    #expect(TerminalText.sanitize("a\u{F8F2}b", colours: false) == "a\\uF8F2b")
  }
}
