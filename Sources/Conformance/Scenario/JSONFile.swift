import Foundation

/// Reads and parses one JSON input file, turning every failure into an ``InputError`` that names the file.
enum JSONFile {
  /// Files larger than this are refused before they are read (16 MiB); no scenario or manifest needs more.
  static let maximumSize = 16 * 1024 * 1024

  /// Reads `url` and parses it with ``JSONParser``.
  ///
  /// - Returns: The value, or an error naming `displayName` with line and column for syntax errors, and a plain
  ///   message for unreadable, oversized or non-UTF-8 files.
  static func read(_ url: URL, displayName: String, parser: JSONParser = JSONParser()) -> Result<JSONValue, InputError>
  {
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      return .failure(InputError(file: displayName, path: nil, message: "cannot read the file: \(reason)"))
    }
    // Follows symbolic links, so a link cannot smuggle in a larger file; FIFOs and devices are never opened.
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR:
      return .failure(InputError(file: displayName, path: nil, message: "this is a folder, not a JSON file"))
    default:
      return .failure(
        InputError(file: displayName, path: nil, message: "this is not a regular file (a pipe, socket or device)"))
    }
    let size = Int(info.st_size)
    if size > maximumSize {
      return .failure(
        InputError(
          file: displayName, path: nil,
          message: "the file is \(size) bytes, over the limit of \(maximumSize) bytes; split it into smaller scenarios")
      )
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      return .failure(
        InputError(file: displayName, path: nil, message: "cannot read the file: \(error.localizedDescription)"))
    }
    do {
      return .success(try parser.parse(data))
    } catch {
      return .failure(InputError(file: displayName, syntax: error))
    }
  }
}
