import Conformance
import Foundation

extension RunCommand {
  /// What a CI system reads besides the report files: GitHub annotations and the step summary, when asked for.
  struct CIOutputs {
    /// The annotations and summary reporters, handed the run's events with the others.
    var reporters: [any RunReporter] = []
    /// The step summary file (`--summary`, else `$GITHUB_STEP_SUMMARY`) and what writes it.
    var summary: (display: String, url: URL, reporter: StepSummaryReporter)?

    /// Appends the step summary to its file, after the run.
    ///
    /// - Returns: Whether it was written (or not asked for); an error line naming the file otherwise.
    func writeSummary(console: Console) -> Bool {
      guard let summary else { return true }
      // Missing folders are created, as for every report file (see ``ReportFile``).
      try? FileManager.default.createDirectory(
        at: summary.url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let descriptor = open(summary.url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        console.error("cannot write the step summary '\(summary.display)': \(String(cString: strerror(errno)))")
        return false
      }
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      do {
        try handle.write(contentsOf: Data(summary.reporter.document.utf8))
        return true
      } catch {
        console.error("cannot write the step summary '\(summary.display)': \(error.localizedDescription)")
        return false
      }
    }
  }

  /// What places results in their files for the annotations, the summary, and the JUnit and HTML reports' `file` and
  /// `line`: paths relative to `$GITHUB_WORKSPACE`, else to the current directory. Made only for a report that asks,
  /// as it resolves the folder's symbolic links.
  static func locator(_ console: Console) -> ScenarioLocator {
    ScenarioLocator(currentDirectory: console.currentDirectory, workspace: console.environment["GITHUB_WORKSPACE"])
  }

  /// `--annotations github|none`: GitHub Actions annotations by default when `GITHUB_ACTIONS` is `true` (as GitHub
  /// sets it on its runners), else none.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for any other value.
  static func annotations(_ scanner: ArgumentScanner, environment: [String: String]) throws(CLIError) -> Bool {
    guard let value = scanner.value("annotations") else { return environment["GITHUB_ACTIONS"] == "true" }
    guard value == "github" || value == "none" else {
      throw .usage("option '--annotations' takes 'github' or 'none', got '\(value)'", command: name)
    }
    return value == "github"
  }

  /// The CI outputs asked for: GitHub annotations (see ``annotations(_:environment:)``), written to standard output,
  /// or to standard error when the JSON report or the event stream owns standard output (the runner reads workflow commands from both);
  /// and the step summary, appended to `--summary <file>` or, without it, to `$GITHUB_STEP_SUMMARY` when set.
  ///
  /// - Throws: ``CLIError`` for a wrong `--annotations` value, a summary path that cannot be written
  ///   (``ReportFile/checkPlace(_:url:option:followedLink:)``), or a `--summary` file this tool may not append to
  ///   (see ``checkSummaryFile(_:url:)``).
  static func ciOutputs(_ scanner: ArgumentScanner, format: String, console: Console) throws(CLIError) -> CIOutputs {
    var outputs = CIOutputs()
    if try annotations(scanner, environment: console.environment) {
      let toErrors = format != "text"
      outputs.reporters.append(
        GitHubAnnotationReporter(locator: locator(console)) { line in toErrors ? console.err(line) : console.out(line) }
      )
    }
    let given = scanner.value("summary")
    let path = given ?? console.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
    if let path {
      // Checked before the run, as every report file is: where it goes, then (for --summary) what is there.
      try ReportFile.checkPlace(
        path, url: URL(fileURLWithPath: path, relativeTo: console.currentDirectory).standardizedFileURL,
        option: given == nil ? "$GITHUB_STEP_SUMMARY" : "--summary")
      if given != nil {
        try checkSummaryFile(path, url: URL(fileURLWithPath: path, relativeTo: console.currentDirectory))
      }
      let reporter = StepSummaryReporter(locator: locator(console))
      outputs.reporters.append(reporter)
      outputs.summary = (path, URL(fileURLWithPath: path, relativeTo: console.currentDirectory), reporter)
    }
    return outputs
  }

  /// Checks, before the run, that `--summary` names a file the summary may be appended to: a missing or empty file,
  /// one that starts with ``StepSummaryReporter/marker`` (a summary this tool wrote), or something that is not a
  /// regular file (a folder is an error when written; a pipe or device is written as given).
  /// `$GITHUB_STEP_SUMMARY` is not checked: GitHub's runner gives each step a file of its own, and earlier commands
  /// of the step append to it too.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` naming the option and the file for anything else, so that a typo never
  ///   appends Markdown to a scenario or a report.
  static func checkSummaryFile(_ path: String, url: URL) throws(CLIError) {
    var info = stat()
    guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return }
    let marker = Data((StepSummaryReporter.marker + "\n").utf8)
    let start = FileHandle(forReadingAtPath: url.path).flatMap { try? $0.read(upToCount: marker.count) }
    guard start != marker else { return }
    throw .usage(
      "option '--summary' names '\(path)', which exists and is not a step summary this tool wrote; "
        + "refusing to append to it (remove it or choose another name)",
      command: name)
  }
}
