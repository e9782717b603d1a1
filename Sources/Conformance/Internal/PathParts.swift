/// The last components of a `/`-separated path, taken with string operations only (no `URL`): the file name, its
/// base name without the extension, and the names of its folder and that folder's parent.
///
/// Matches `URL(fileURLWithPath:)`'s `lastPathComponent` and `deletingPathExtension()` for the paths the runner sees
/// (relative or absolute, no trailing `/`): `a/scenarios/login/x.json` gives `x.json`, `x`, `login`, `scenarios`.
/// Every `/` byte separates, as in POSIX paths, also where a `/` and a neighbouring combining mark, joiner or prepended
/// character form one extended grapheme cluster (UAX #29), which a split by `Character` would not cut.
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
    // Scans back from the end for the last three components: no array, and no work on the rest of a long path.
    let slash = UInt8(ascii: "/")
    let utf8 = path.utf8
    var index = utf8.endIndex
    var found = (fileName: Substring(), parent: Substring(), grandparent: Substring())
    var count = 0
    while count < 3 {
      while index > utf8.startIndex, utf8[utf8.index(before: index)] == slash { index = utf8.index(before: index) }
      guard index > utf8.startIndex else { break }
      let end = index
      while index > utf8.startIndex, utf8[utf8.index(before: index)] != slash { index = utf8.index(before: index) }
      let component = path[index..<end]  // `/` is ASCII, so both ends are character boundaries.
      switch count {
      case 0: found.fileName = component
      case 1: found.parent = component
      default: found.grandparent = component
      }
      count += 1
    }
    fileName = found.fileName
    parent = found.parent
    grandparent = found.grandparent
    if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex {
      baseName = fileName[..<dot]
    } else {
      baseName = fileName
    }
  }
}
