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
