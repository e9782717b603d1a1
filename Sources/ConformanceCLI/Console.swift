import Conformance
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

// MARK: - TerminalText

/// Makes text safe to print on a terminal: control characters from untrusted input (a harness's messages, a
/// scenario's strings, file names) are shown as `\uXXXX` instead of being executed, so a harness cannot clear the
/// screen, move the cursor, conceal text or fake a `✓` line.
///
/// Kept as is: newline and tab, and printable text. Escaped: every C0 and C1 control (Unicode general category Cc),
/// `ESC` included whatever sequence it starts, `CR`, `BEL` and `NUL`; and the invisible characters of
/// ``ControlEscaping`` (Cf — bidi controls, zero-width characters —, Zl, Zp, noncharacters), which could reorder or
/// hide what a line shows. The tool's own colours arrive as ``TextStyle/Mark`` stand-ins and become SGR sequences
/// only here, after the line is escaped, and only when `colours` is on (a stand-in in a line without colours can only
/// have come from input, and is escaped).
enum TerminalText {
  /// The sanitized line, with the tool's colours written as SGR sequences when `colours` is on.
  static func sanitize(_ text: String, colours: Bool = true) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if colours, let mark = TextStyle.Mark(rawValue: scalar) {
        result.append(contentsOf: mark.sequence.unicodeScalars)
      } else if TextStyle.Mark(rawValue: scalar) != nil {
        // With colours off the tool writes no stand-ins: one in the line came from input, and is shown as such.
        result.append(contentsOf: ControlEscaping.unicodeEscape(scalar.value).unicodeScalars)
      } else if ControlEscaping.needsEscape(scalar, keepingNewlines: true) {
        result.append(contentsOf: ControlEscaping.unicodeEscape(scalar.value).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}

// MARK: - BufferedOutput

/// A file descriptor with a 64 KiB write buffer, flushed per line on a terminal.
final class BufferedOutput: @unchecked Sendable {
  private let descriptor: Int32
  private let lineBuffered: Bool
  private var buffer: [UInt8] = []
  private let lock = NSLock()
  /// The `errno` of the first failed write, if any; later output is dropped. `EPIPE` means the reader went away
  /// (`conformance … | head`), which is not an error of the run.
  private(set) var failure: Int32?

  init(descriptor: Int32, lineBuffered: Bool) {
    self.descriptor = descriptor
    self.lineBuffered = lineBuffered
    buffer.reserveCapacity(65_536)
  }

  deinit { flush() }

  func write(_ text: String) {
    lock.lock()
    if failure != nil {
      lock.unlock()
      return
    }
    buffer.append(contentsOf: text.utf8)
    let shouldFlush = lineBuffered || buffer.count >= 65_536
    lock.unlock()
    if shouldFlush { flush() }
  }

  func flush() {
    lock.lock()
    defer { lock.unlock() }
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// `write(2)`, outside the class so the name does not collide with ``BufferedOutput/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
