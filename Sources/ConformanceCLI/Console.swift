import Foundation

/// Where the command line tool reads and writes: standard streams in production, closures in tests.
package final class Console: @unchecked Sendable {
  private let writeOut: (String) -> Void
  private let writeErr: (String) -> Void
  private let flushOut: () -> Void
  /// Why standard output could not be written (other than its reader going away), or `nil`.
  let outputFailure: () -> String?
  /// Reads the bytes of one line of standard input without its newline, or `nil` at the end; the bytes are not
  /// decoded, so input that is not UTF-8 reaches the reader as it is.
  let readLine: () -> [UInt8]?
  /// Whether standard output is a terminal (colour is used only then).
  package let isTerminal: Bool
  /// The environment variables.
  package let environment: [String: String]
  /// The current directory.
  package let currentDirectory: URL

  /// Creates a console over closures (for tests).
  ///
  /// - Parameters:
  ///   - out: Receives standard output text (complete lines, newline-terminated).
  ///   - err: Receives standard error text.
  ///   - readLine: Supplies standard input lines, as bytes without their newline.
  ///   - isTerminal: Whether to treat standard output as a terminal.
  ///   - environment: Environment variables (for `NO_COLOR`).
  ///   - currentDirectory: The directory paths are resolved against.
  package init(
    out: @escaping (String) -> Void, err: @escaping (String) -> Void, readLine: @escaping () -> [UInt8]? = { nil },
    isTerminal: Bool = false, environment: [String: String] = [:], currentDirectory: URL
  ) {
    self.writeOut = out
    self.writeErr = err
    self.flushOut = {}
    self.outputFailure = { nil }
    self.readLine = readLine
    self.isTerminal = isTerminal
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// The process's own standard streams, buffered when standard output is not a terminal.
  package static func standard() -> Console {
    let terminal = isatty(STDOUT_FILENO) == 1
    return Console(
      standardStreamsWithTerminal: terminal, environment: ProcessInfo.processInfo.environment,
      currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
  }

  private init(standardStreamsWithTerminal terminal: Bool, environment: [String: String], currentDirectory: URL) {
    let output = BufferedOutput(descriptor: STDOUT_FILENO, lineBuffered: terminal)
    let errors = BufferedOutput(descriptor: STDERR_FILENO, lineBuffered: true)
    outputFailure = {
      output.flush()
      return output.failure.flatMap { $0 == EPIPE ? nil : String(cString: strerror($0)) }
    }
    writeOut = { output.write($0) }
    writeErr = { text in
      output.flush()
      errors.write(text)
    }
    flushOut = { output.flush() }
    readLine = Self.readStandardInputLine
    isTerminal = terminal
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// Standard input as a C stream for `getline`, opened once; only ``readStandardInputLine()`` reads it. (The C
  /// global `stdin` is a mutable variable that strict concurrency checking does not let Swift code read.)
  private nonisolated(unsafe) static let standardInput = fdopen(STDIN_FILENO, "r")

  /// Reads one line of standard input as bytes, without its `\n`, or `nil` at the end of input (a last line without
  /// a `\n` is still returned). `Swift.readLine` is not used because it replaces invalid UTF-8 with U+FFFD, which
  /// would turn a request line that is not UTF-8, and so not JSON, into one that looks valid.
  private static func readStandardInputLine() -> [UInt8]? {
    guard let standardInput else { return nil }
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    let count = getline(&buffer, &capacity, standardInput)
    guard count > 0, let buffer else { return nil }
    let bytes = UnsafeRawBufferPointer(start: buffer, count: count)
    return Array(bytes.last == 0x0A ? bytes.dropLast() : bytes[...])
  }

  /// Whether reports should be coloured: on a terminal, and `NO_COLOR` unset or empty (no-color.org).
  var usesColor: Bool { isTerminal && (environment["NO_COLOR"] ?? "").isEmpty }

  /// Writes one line to standard output, with control characters from untrusted input made visible
  /// (``TerminalText``).
  func out(_ line: String) { writeOut(TerminalText.sanitize(line, colours: usesColor) + "\n") }

  /// Writes one line to standard error, with control characters made visible (``TerminalText``).
  func err(_ line: String) { writeErr(TerminalText.sanitize(line, colours: usesColor) + "\n") }

  /// Writes one error line to standard error: `error: MESSAGE` (``ReportText/error(_:)``).
  func error(_ message: String) { err(ReportText.error(message)) }

  /// Writes text to standard output as is.
  func outRaw(_ text: String) { writeOut(text) }

  /// Flushes buffered standard output.
  func flush() { flushOut() }
}
