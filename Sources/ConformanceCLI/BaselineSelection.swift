import Conformance
import Foundation

/// Picks the known-divergence baseline of `conformance run` from `--baseline FILE`, `--no-baseline` and
/// `--update-baseline` (Conformance/README.md §12).
///
/// Default: `known-divergences.json` in the workspace's `Conformance` folder (next to `scenarios/`), when it exists.
struct BaselineSelection {
  /// The baseline to apply, or `nil` for a raw run.
  var baseline: Baseline?
  /// Where `--update-baseline` writes, or `nil` when not asked.
  var updateTarget: URL?
  /// The `$schema` reference an updated file gets, relative to it, when it lies inside the `Conformance` folder.
  var schemaReference: String?
  /// The date entries expire against: `CONFORMANCE_TODAY` (`YYYY-MM-DD`, for tests) or today in UTC.
  var today: String

  /// Resolves the options.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for conflicting options or a bad `CONFORMANCE_TODAY`;
  ///   ``CLIError/input(_:)`` when the file is missing (given with `--baseline`) or invalid (every problem, by JSON
  ///   path).
  static func resolve(_ scanner: ArgumentScanner, workspace: Workspace, environment: [String: String], command: String)
    throws(CLIError) -> BaselineSelection
  {
    let today = environment["CONFORMANCE_TODAY"] ?? Baseline.today()
    guard Baseline.isValidDate(today) else {
      throw .usage("CONFORMANCE_TODAY must be a date 'YYYY-MM-DD', got '\(today)'", command: command)
    }
    let given = scanner.value("baseline")
    let update = scanner.has("update-baseline")
    if scanner.has("no-baseline") {
      if given != nil || update {
        throw .usage(
          "'--no-baseline' cannot be combined with '\(given != nil ? "--baseline" : "--update-baseline")'",
          command: command)
      }
      return BaselineSelection(baseline: nil, updateTarget: nil, schemaReference: nil, today: today)
    }
    let defaultFile = workspace.conformanceFolder?.appendingPathComponent(Baseline.defaultFileName)
    guard let url = given.map(workspace.url(for:)) ?? defaultFile else {
      if update {
        throw .usage(
          "'--update-baseline' needs a file: no 'Conformance' folder was found; name one with --baseline FILE",
          command: command)
      }
      return BaselineSelection(baseline: nil, updateTarget: nil, schemaReference: nil, today: today)
    }
    let display = workspace.displayName(url)
    var baseline: Baseline?
    if FileManager.default.fileExists(atPath: url.path) {
      switch Baseline.load(url, displayName: display) {
      case .failure(let failure):
        throw .invalidFile(failure.errors)
      case .success(let loaded): baseline = loaded
      }
    } else if let given, !update {
      throw .input("no such baseline file '\(given)'")
    } else if update {
      baseline = Baseline(file: display, entries: [])
    }
    return BaselineSelection(
      baseline: baseline, updateTarget: update ? url : nil,
      schemaReference: schemaReference(for: url, workspace: workspace), today: today)
  }

  /// `schema/known-divergences.schema.json` relative to `url`, when `url` lies inside the `Conformance` folder and that
  /// schema file exists: a `$schema` the tool writes must resolve, and a team's package usually has no schema folder.
  private static func schemaReference(for url: URL, workspace: Workspace) -> String? {
    guard let folder = workspace.conformanceFolder?.standardizedFileURL.path,
      FileManager.default.fileExists(atPath: folder + "/schema/known-divergences.schema.json")
    else { return nil }
    let parent = url.deletingLastPathComponent().standardizedFileURL.path
    guard parent == folder || parent.hasPrefix(folder + "/") else { return nil }
    let depth = parent == folder ? 0 : parent.dropFirst(folder.count + 1).split(separator: "/").count
    return String(repeating: "../", count: depth) + "schema/known-divergences.schema.json"
  }

  /// Writes the updated baseline and prints what changed: `baseline: added …`, `baseline: removed …`, then
  /// `baseline: wrote FILE (N entries)`.
  ///
  /// - Returns: `false` when the file could not be written (the error is printed).
  func write(_ update: BaselineUpdate, workspace: Workspace, print: (String) -> Void, error: (String) -> Void) -> Bool {
    guard let target = updateTarget else { return true }
    let (baseline, added, removed) = update.result()
    for removal in removed {
      print(
        "baseline: removed entries[\(removal.index)] (\(removal.why)): \(ReportText.oneLine(BaselineUpdate.summary(of: removal.entry)))"
      )
    }
    let first = baseline.entries.count - added.count
    for (offset, entry) in added.enumerated() {
      print("baseline: added entries[\(first + offset)]: \(ReportText.oneLine(BaselineUpdate.summary(of: entry)))")
    }
    do {
      // Replaced only while it holds what was read at the start of the run (absent, for a new baseline).
      try FileWriter.write(
        Data(BaselineUpdate.render(baseline, schema: schemaReference).utf8), to: target,
        display: workspace.displayName(target), expect: .contents(self.baseline?.source))
    } catch let failure {
      error(ReportText.error(failure.message))
      return false
    }
    print(
      "baseline: wrote \(workspace.displayName(target)) (\(ReportText.plural(baseline.entries.count, "entry", "entries")): \(added.count) added, \(removed.count) removed)"
    )
    return true
  }
}
