import Foundation

/// Finds the `Conformance` folder of a package: the nearest ancestor folder named `Conformance` (or holding one)
/// that has a `scenarios` subfolder.
enum ScenarioRoot {
  /// The folder, searching upwards from `start`; `nil` when there is none up to the file system's root.
  static func find(from start: URL) -> URL? {
    var folder = start.standardizedFileURL.deletingLastPathComponent()
    while true {
      for candidate in [folder, folder.appendingPathComponent("Conformance")]
      where candidate.lastPathComponent == "Conformance" && isFolder(candidate.appendingPathComponent("scenarios")) {
        return candidate
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }

  static func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
