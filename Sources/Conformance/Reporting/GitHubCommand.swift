import Foundation

/// One GitHub Actions workflow command, `::error file=F,line=L,col=C,title=T::MESSAGE`, escaped exactly as the
/// runner unescapes it: in the message `%` → `%25`, CR → `%0D`, LF → `%0A`; in property values also `:` → `%3A`
/// and `,` → `%2C` (`%` first). An unescaped comma or colon in a value would cut it short, and a newline would end
/// the command (GitHub's workflow-commands reference; the runner's `ActionCommand` parser).
package struct GitHubCommand: Sendable, Equatable {
  /// `error`, `warning` or `notice`.
  package var command: String
  /// The properties in order (`file`, `line`, `col`, `title`), unescaped; empty ones are left out of ``line``.
  package var properties: [(name: String, value: String)]
  /// The message, unescaped; it may hold several lines.
  package var message: String

  /// Creates a command; `file`, `line` (1-based), `column` (1-based) and `title` are written when given.
  package init(
    _ command: String, file: String? = nil, line: Int? = nil, column: Int? = nil, title: String? = nil,
    message: String
  ) {
    self.command = command
    let pairs: [(String, String?)] = [
      ("file", file), ("line", line.map(String.init)), ("col", column.map(String.init)), ("title", title),
    ]
    properties = pairs.compactMap { name, value in value.map { (name, $0) } }
    self.message = message
  }

  /// The command as one line of output, without a newline.
  package var line: String {
    let list = properties.map { "\($0.name)=\(Self.escapeProperty($0.value))" }.joined(separator: ",")
    return "::\(command)\(list.isEmpty ? "" : " " + list)::\(Self.escapeData(message))"
  }

  /// A message escaped for a workflow command.
  package static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property value escaped for a workflow command.
  package static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  package static func == (left: GitHubCommand, right: GitHubCommand) -> Bool {
    left.command == right.command && left.message == right.message
      && left.properties.map(\.name) == right.properties.map(\.name)
      && left.properties.map(\.value) == right.properties.map(\.value)
  }
}
