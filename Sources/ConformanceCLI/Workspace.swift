import Conformance
import Foundation

/// Finds the `Conformance/` folder, its feature manifests and scenario files, and names files for reports.
///
/// `Conformance/scenarios` is looked for in the current directory and then in each parent, so the tool works from a
/// subfolder and from a user's own repository that keeps its scenarios there.
struct Workspace {
  /// The current directory.
  let currentDirectory: URL
  /// The nearest `Conformance` folder that holds `scenarios` or `features`, or `nil`: where manifests, the default
  /// scenarios and the default baseline come from.
  let conformanceFolder: URL?
  /// The nearest `Conformance` folder to the current directory, whatever paths were given: the only place the
  /// implementations config is taken from by default. Scenario folders never choose which programs run, so running
  /// another checkout's scenarios never starts that checkout's harness commands.
  let configFolder: URL?

  init(currentDirectory: URL) {
    self.currentDirectory = currentDirectory.standardizedFileURL
    self.conformanceFolder = Self.nearestConformanceFolder(from: self.currentDirectory)
    self.configFolder = conformanceFolder
  }

  /// A workspace whose `Conformance` folder is the one its scenarios belong to: the nearest one to the first of
  /// `paths` that has a `features` folder or, when none has, the nearest one to the current directory, or else the
  /// nearest one to a path. So `conformance run /repo/Conformance/scenarios` works from anywhere, scenarios of another
  /// package are checked against that package's manifests, and scenarios generated into a folder without manifests
  /// (`scripts/grapheme_scenarios.py`) use the current directory's. The implementations config stays the current
  /// directory's (``configFolder``).
  init(currentDirectory: URL, paths: [String]) {
    let base = Workspace(currentDirectory: currentDirectory)
    self.currentDirectory = base.currentDirectory
    self.configFolder = base.conformanceFolder
    let fromPaths = paths.compactMap { path in Self.nearestConformanceFolder(from: base.url(for: path)) }
    self.conformanceFolder =
      fromPaths.first { Self.isFolder($0.appendingPathComponent("features")) } ?? base.conformanceFolder
      ?? fromPaths.first
  }

  /// How reports name the `Conformance` folder in use when it is not the current directory's own `Conformance`: one
  /// found in a parent folder, or the one the scenario paths given belong to. Relative to the current directory when
  /// inside it, else absolute; `nil` for `./Conformance` or no folder at all. A user who runs from a subfolder, or
  /// from a checkout nested in another, learns which manifests and baseline were used; `./Conformance` says itself.
  var distantConformanceFolder: String? {
    guard let folder = conformanceFolder,
      folder.path != currentDirectory.appendingPathComponent("Conformance").standardizedFileURL.path
    else { return nil }
    return displayName(folder)
  }

  /// The `features` folder of the nearest `Conformance` folder.
  var featuresFolder: URL? { conformanceFolder?.appendingPathComponent("features", isDirectory: true) }

  /// The `scenarios` folder of the nearest `Conformance` folder.
  var scenariosFolder: URL? { conformanceFolder?.appendingPathComponent("scenarios", isDirectory: true) }

  /// The implementations config of the current directory's workspace (`Conformance/implementations.json` in
  /// ``configFolder``), when it exists; never one that merely lies beside the scenarios given.
  var implementationsConfig: URL? {
    guard let file = configFolder?.appendingPathComponent("implementations.json"),
      FileManager.default.fileExists(atPath: file.path)
    else { return nil }
    return file
  }

  /// Resolves a path given on the command line against the current directory.
  func url(for path: String) -> URL {
    path.hasPrefix("/")
      ? URL(fileURLWithPath: path).standardizedFileURL
      : currentDirectory.appendingPathComponent(path).standardizedFileURL
  }

  /// How reports name a file: relative to the current directory when inside it, else absolute.
  func displayName(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let base = currentDirectory.path.hasSuffix("/") ? currentDirectory.path : currentDirectory.path + "/"
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
  }

  /// The scenario corpus of the given paths (files taken as they are, folders searched recursively for `*.json`, see
  /// ``ScenarioCorpus``); with no paths, the nearest `Conformance/scenarios`.
  ///
  /// - Throws: ``CLIError/input(_:)`` when a path does not exist (unless `missingOK`, which passes over it with a
  ///   note) or no scenarios folder can be found.
  func scenarioCorpus(
    _ paths: [String], loader: ScenarioLoader, missingOK: Bool = false, note: (String) -> Void = { _ in }
  ) throws(CLIError) -> ScenarioCorpus {
    var roots: [URL] = []
    if paths.contains("") {
      throw .input("an empty path ('') was given; name a scenario file or folder")
    }
    if paths.isEmpty {
      guard let folder = scenariosFolder, FileManager.default.fileExists(atPath: folder.path) else {
        throw .input(
          "no 'Conformance/scenarios' folder in '\(currentDirectory.path)' or its parents; run from your repository, or pass scenario files or folders"
        )
      }
      roots = [folder]
    } else {
      roots = paths.map(url(for:))
    }
    var corpusRoots: [ScenarioCorpus.Root] = []
    for (index, root) in roots.enumerated() {
      guard FileManager.default.fileExists(atPath: root.path) else {
        let name = paths.isEmpty ? root.path : paths[index]
        // A link that leads nowhere is named as what it is, not as a missing file.
        var info = stat()
        if lstat(root.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
          let loops = stat(root.path, &info) != 0 && errno == ELOOP
          throw .input(
            loops
              ? "'\(name)' is a symbolic link loop; point it at a scenario file or folder"
              : "'\(name)' is a symbolic link to a missing file or folder")
        }
        // A path from `git diff --name-only` may name a deleted scenario: with --missing-ok it is passed over.
        if missingOK, !paths.isEmpty {
          note("note: passing over '\(name)': no such file or folder (--missing-ok)")
          continue
        }
        throw .input("no such file or folder '\(name)'")
      }
      // The current directory's files are named by their relative path alone.
      let display = root.path == currentDirectory.path ? "" : displayName(root)
      corpusRoots.append(ScenarioCorpus.Root(path: root.path, displayName: display))
    }
    return ScenarioCorpus(roots: corpusRoots, loader: loader)
  }

  /// Loads every manifest of the nearest `Conformance/features`, returning the loader and the manifests' errors.
  func scenarioLoader() -> (loader: ScenarioLoader, errors: [InputError]) {
    guard let folder = featuresFolder else { return (ScenarioLoader(manifests: [:]), []) }
    let (manifests, errors) = ManifestLoader().loadAll(in: folder, displayPath: displayName)
    var broken: [String: String] = [:]
    for error in errors {
      let feature = URL(fileURLWithPath: error.file).deletingPathExtension().lastPathComponent
      broken[feature] = error.file
    }
    return (ScenarioLoader(manifests: manifests, brokenManifests: broken), errors)
  }

  private static func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  private static func nearestConformanceFolder(from start: URL) -> URL? {
    var folder = start
    while true {
      let candidate = folder.appendingPathComponent("Conformance", isDirectory: true)
      for child in ["scenarios", "features"] where isFolder(candidate.appendingPathComponent(child)) {
        return candidate
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }
}

// MARK: - BaselineSelection

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
      switch Baseline.load(url, displayName: display, keepingText: update) {
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
