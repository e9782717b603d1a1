import Testing

@testable import Conformance

/// Workflow commands are escaped exactly as GitHub's runner unescapes them.
@Suite struct GitHubCommandTests {
  @Test func escapesMessagesAndPropertiesAsTheRunnerReadsThem() {
    let command = GitHubCommand(
      "error", file: "a,b:c%d.json", line: 3, column: 7, title: "x on swift, kotlin",
      message: "100% wrong: a, b\r\nnext line")
    #expect(
      command.line
        == "::error file=a%2Cb%3Ac%25d.json,line=3,col=7,title=x on swift%2C kotlin::100%25 wrong: a, b%0D%0Anext line")
    // The `%` of an input that already looks escaped is escaped itself, so it reads back as written.
    #expect(GitHubCommand.escapeProperty("%2C,") == "%252C%2C")
    #expect(GitHubCommand("notice", message: "m").line == "::notice::m")
  }
}
