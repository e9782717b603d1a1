import Testing

@testable import ConformanceCLI

@Suite("TerminalText")
struct TerminalTextTests {
  @Test(arguments: [
    ("plain ✓ text", "plain ✓ text"),
    ("\u{1B}[2J\u{1B}]0;pwned\u{07}", "\\u001B[2J\\u001B]0;pwned\\u0007"),
    ("a\rb\u{0}c\u{7F}d\u{85}", "a\\u000Db\\u0000c\\u007Fd\\u0085"),
    ("keep\ttab\nand newline", "keep\ttab\nand newline"),
    ("\u{1B}[31mred\u{1B}[0m", "\u{1B}[31mred\u{1B}[0m"),
  ])
  func controlCharactersAreShownNotExecuted(input: String, expected: String) {
    #expect(TerminalText.sanitize(input) == expected)
  }
}
