import Dispatch
import Foundation

/// Starts one harness process and performs the `hello` handshake (harness protocol §2), turning every way this can
/// fail into an ``ImplementationStartError`` that says what to do.
struct HarnessLauncher {
  let configuration: HarnessConfiguration

  /// Spawns the process, sends `{"cmd":"hello","protocol":1}` and waits up to
  /// ``HarnessConfiguration/startupTimeout`` for the reply.
  ///
  /// - Returns: The running process and what it said about itself, or an error; on error no process is left
  ///   running.
  func launch() async -> Result<(HarnessProcess, ImplementationInfo), ImplementationStartError> {
    let process: HarnessProcess
    switch spawn() {
    case .failure(let error): return .failure(error)
    case .success(let spawned): process = spawned
    }
    let deadline = DispatchTime.now() + configuration.startupTimeout
    switch await process.write(HarnessCodec.helloLine, until: deadline) {
    case .written: break
    case .closed: return .failure(await exitedEarly(process, unterminated: Data()))
    case .timedOut: return .failure(await noAnswer(process))
    }
    switch await process.nextLine(until: deadline) {
    case .line(let line):
      switch HarnessCodec.decodeHello(line) {
      case .success(let info): return .success((process, info))
      case .failure(let violation):
        return .failure(
          await refuse(
            process,
            "answered 'hello' with a reply that breaks harness protocol v1: \(violation.message); the line "
              + "was: \(HarnessCodec.quote(line))"))
      }
    case .overlong(let prefix, let length, let ended):
      return .failure(
        await refuse(
          process,
          "answered 'hello' with a line of \(HarnessCodec.overlongSize(length, ended: ended)), over the limit of "
            + "\(configuration.maximumLineLength) bytes; it began: "
            + HarnessCodec.quote(prefix, length: length, ended: ended)))
    case .closed(let unterminated): return .failure(await exitedEarly(process, unterminated: unterminated))
    case .timedOut: return .failure(await noAnswer(process))
    }
  }

  // MARK: - Spawning

  private func spawn() -> Result<HarnessProcess, ImplementationStartError> {
    let name = configuration.name
    let folder = configuration.workingDirectory.standardizedFileURL.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      return .failure(
        ImplementationStartError(
          message: "cannot start the harness '\(name)': the working directory '\(folder)' does not exist"))
    }
    guard let command = configuration.command.first else {
      return .failure(ImplementationStartError(message: "cannot start the harness '\(name)': the command is empty"))
    }
    let environment = ProcessInfo.processInfo.environment.merging(configuration.environment) { $1 }
    let executable: String
    switch ExecutableLocator.locate(command, workingDirectory: folder, path: environment["PATH"]) {
    case .failure(let failure):
      return .failure(ImplementationStartError(message: "cannot start the harness '\(name)': \(failure.message)"))
    case .success(let path): executable = path
    }
    do {
      return .success(
        try HarnessProcess(
          executable: executable, arguments: Array(configuration.command.dropFirst()), workingDirectory: folder,
          environment: environment, maximumLineLength: configuration.maximumLineLength))
    } catch {
      let hint: String
      switch error.code {
      case ENOENT: hint = "; if it is a script, check the interpreter on its '#!' line"
      case ENOEXEC: hint = "; it is not a program this system can run (a script needs a '#!' line)"
      default: hint = ""
      }
      return .failure(
        ImplementationStartError(
          message: "cannot start the harness '\(name)' ('\(executable)' in '\(folder)'): \(error.description)\(hint)"))
    }
  }

  // MARK: - Failures

  private func exitedEarly(_ process: HarnessProcess, unterminated: Data) async -> ImplementationStartError {
    let ending = await process.describeEnding(before: "answering 'hello'", unterminated: unterminated)
    return ImplementationStartError(
      message: "the harness '\(configuration.name)' \(ending)", stderrTail: await process.stderrText(waitingUpTo: 0.5))
  }

  private func noAnswer(_ process: HarnessProcess) async -> ImplementationStartError {
    _ = await process.terminate(grace: ProcessImplementation.terminationGrace)
    let seconds = ProcessImplementation.format(seconds: configuration.startupTimeout)
    return ImplementationStartError(
      message: "the harness '\(configuration.name)' did not answer 'hello' within \(seconds); check that it flushes "
        + "stdout after each reply line (Python: flush=True; Java: flush()), and if it needs longer to start, raise "
        + "'startupTimeout' in the implementations config, or pass --startup-timeout <seconds>",
      stderrTail: await process.stderrText(waitingUpTo: 0.5))
  }

  private func refuse(_ process: HarnessProcess, _ what: String) async -> ImplementationStartError {
    _ = await process.terminate(grace: ProcessImplementation.terminationGrace)
    return ImplementationStartError(
      message: "the harness '\(configuration.name)' \(what)", stderrTail: await process.stderrText(waitingUpTo: 0.5))
  }
}
