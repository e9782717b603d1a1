/// The last components of a `/`-separated path, taken with string operations only (no `URL`): the file name, its
/// base name without the extension, and the names of its folder and that folder's parent.
///
/// Matches `URL(fileURLWithPath:)`'s `lastPathComponent` and `deletingPathExtension()` for the paths the runner sees
/// (relative or absolute, no trailing `/`): `a/scenarios/login/x.json` gives `x.json`, `x`, `login`, `scenarios`.
struct PathParts {
  /// The last component, e.g. `x.json`.
  let fileName: Substring
  /// The file name without its last extension, e.g. `x` (a leading dot is not an extension: `.json` stays).
  let baseName: Substring
  /// The folder's name, or empty.
  let parent: Substring
  /// The folder's folder's name, or empty.
  let grandparent: Substring

  init(_ path: String) {
    var components = path.split(separator: "/", omittingEmptySubsequences: true).suffix(3)
    fileName = components.popLast() ?? ""
    parent = components.popLast() ?? ""
    grandparent = components.popLast() ?? ""
    if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex {
      baseName = fileName[..<dot]
    } else {
      baseName = fileName
    }
  }
}
