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
}
