/// Errors that end a command before or outside a run, each mapped to a message and exit status in one place
/// (``ConformanceCommand/main(_:console:)``).
enum CLIError: Error {
  /// The command line is wrong; exit status 2, followed by the command's usage line.
  case usage(String, command: String)
  /// An input cannot be used (missing folder, unwritable report path); exit status 2.
  case input(String)

  /// The message, as printed after `error: `.
  var message: String {
    switch self {
    case .usage(let message, _), .input(let message): return message
    }
  }

  /// Every problem of an invalid input file (a config or baseline), as one ``input(_:)`` error whose lines each read
  /// `error: PROBLEM` when reported.
  static func invalidFile(_ errors: [InputError]) -> CLIError {
    let lines = errors.map(\.description)
    return .input((lines.prefix(1) + lines.dropFirst().map(ReportText.error)).joined(separator: "\n"))
  }
}
