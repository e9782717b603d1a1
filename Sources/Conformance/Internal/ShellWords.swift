/// Splits a command line into words the way a POSIX shell does for the simple cases, without running a shell:
/// white space separates words; `'…'` keeps everything literally; `"…"` keeps white space and honours `\"`, `\\`,
/// `\$` and `` \` `` escapes; outside quotes `\` makes the next character literal. No expansion of variables, globs or
/// `~` happens (POSIX.1-2017 XCU §2.2, quoting only).
///
/// ```swift
/// ShellWords.split(#"java -jar "my harness.jar" --mode='fast run'"#)
/// // .success(["java", "-jar", "my harness.jar", "--mode=fast run"])
/// ```
enum ShellWords {
  /// Why a command line could not be split.
  struct Failure: Error, Equatable {
    /// A sentence fragment, e.g. `the command has an unterminated "` quote`.
    var message: String
  }

  /// The words of `line`.
  ///
  /// - Returns: The words (none for an empty or blank line), or a failure for an unterminated quote or a trailing `\`.
  static func split(_ line: String) -> Result<[String], Failure> {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        if quote == "\"", !["\"", "\\", "$", "`"].contains(character) { word.append("\\") }
        word.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case ("'", _):
        word.append(character)
      case (_, "\\"):
        escaped = true
        inWord = true
      case ("\"", _):
        word.append(character)
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case (nil, _) where character == " " || character == "\t" || character == "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
    }
    if let quote { return .failure(Failure(message: "the command has an unterminated \(quote) quote")) }
    if escaped { return .failure(Failure(message: "the command ends with a lone '\\'")) }
    if inWord { words.append(word) }
    return .success(words)
  }
}
