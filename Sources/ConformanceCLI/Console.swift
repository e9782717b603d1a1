import Foundation

/// Where the command line tool reads and writes: standard streams in production, closures in tests.
package final class Console: @unchecked Sendable {
  private let writeOut: (String) -> Void
  private let writeErr: (String) -> Void
  private let flushOut: () -> Void
  /// Why standard output could not be written (other than its reader going away), or `nil`.
  let outputFailure: () -> String?
  /// Reads one line of standard input without its newline, or `nil` at the end.
  let readLine: () -> String?
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
  ///   - readLine: Supplies standard input lines.
  ///   - isTerminal: Whether to treat standard output as a terminal.
  ///   - environment: Environment variables (for `NO_COLOR`).
  ///   - currentDirectory: The directory paths are resolved against.
  package init(
    out: @escaping (String) -> Void, err: @escaping (String) -> Void, readLine: @escaping () -> String? = { nil },
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
    readLine = { Swift.readLine(strippingNewline: true) }
    isTerminal = terminal
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// Whether reports should be coloured: on a terminal, and `NO_COLOR` unset or empty (no-color.org).
  var usesColor: Bool { isTerminal && (environment["NO_COLOR"] ?? "").isEmpty }

  /// Writes one line to standard output, with control characters from untrusted input made visible
  /// (``TerminalText``).
  func out(_ line: String) { writeOut(TerminalText.sanitize(line) + "\n") }

  /// Writes one line to standard error, with control characters made visible (``TerminalText``).
  func err(_ line: String) { writeErr(TerminalText.sanitize(line) + "\n") }

  /// Writes text to standard output as is.
  func outRaw(_ text: String) { writeOut(text) }

  /// Flushes buffered standard output.
  func flush() { flushOut() }
}

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
