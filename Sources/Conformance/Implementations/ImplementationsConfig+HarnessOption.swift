import Foundation

// MARK: - --harness NAME=COMMAND

extension ImplementationsConfig {
  /// Parses a `--harness NAME[:LEVEL[,LEVEL]]=COMMAND` option: `:runtime` (or `:reducer`) declares the levels the
  /// harness runs, as an implementations config's `levels` does; `COMMAND` is split into words on white space, with `'…'` and `"…"`
  /// quoting and `\` escapes (no other shell syntax); the harness runs in `currentDirectory` with default timeouts
  /// and restart budget.
  ///
  /// ```swift
  /// ImplementationsConfig.harnessOption("kotlin=java -jar 'build/my harness.jar'", currentDirectory: cwd)
  /// // name "kotlin", command ["java", "-jar", "build/my harness.jar"]
  /// ```
  ///
  /// - Returns: The entry, or an ``InputError`` whose `file` is `--harness`: no `=`, a name that is not kebab-case or
  ///   is reserved, an unknown or repeated level, an empty command, an unterminated quote.
  package static func harnessOption(_ text: String, currentDirectory: URL) -> Result<HarnessConfiguration, InputError> {
    func failure(_ message: String) -> Result<HarnessConfiguration, InputError> {
      .failure(InputError(file: "--harness", path: nil, message: message))
    }
    guard let equals = text.firstIndex(of: "=") else {
      return failure("expected NAME=COMMAND, got '\(text)'; for example --harness kotlin=scripts/kotlin-harness")
    }
    var name = String(text[..<equals])
    var levels: Set<ScenarioLevel>?
    if let colon = name.firstIndex(of: ":") {
      let words = name[name.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
      name = String(name[..<colon])
      var declared = Set<ScenarioLevel>()
      for word in words {
        guard let level = ScenarioLevel(rawValue: String(word)), declared.insert(level).inserted else {
          return failure(
            "'\(word)' in '\(text[..<equals])' is not a level, or is repeated; expected NAME:runtime, NAME:reducer or NAME:reducer,runtime"
          )
        }
      }
      levels = declared
    }
    if let problem = nameProblem(name) { return failure(problem) }
    switch ShellWords.split(String(text[text.index(after: equals)...])) {
    case .failure(let problem): return failure("\(problem.message) in '\(text)'")
    case .success(let words) where words.isEmpty:
      return failure("the command after '\(name)=' is empty; for example --harness \(name)=scripts/\(name)-harness")
    case .success(let words):
      if words.contains(where: { $0.unicodeScalars.contains("\0") }) {
        return failure("the command must not contain U+0000")
      }
      return .success(
        HarnessConfiguration(
          name: name, command: words, workingDirectory: directoryURL(currentDirectory.path), levels: levels))
    }
  }
}
