import Foundation

/// Walks the files and folders a run is given, in order, and yields each scenario file (`*.json`) it finds, or a
/// problem that keeps part of the corpus from being read; ``ScenarioCorpus`` reads what it yields.
///
/// Folders are read with `opendir`/`readdir` on their whole path. Only the folders of the current path are held (their
/// sorted entries), so memory grows with the largest folder, not with the corpus, and no descriptor stays open between
/// two calls of ``next()``.
///
/// What it yields, and what it passes over:
/// - The roots in the order given: a file root as it is (whatever its name), a folder root searched recursively.
/// - In a folder, its entries sorted as whole paths sort (a folder `a` sorts as `a/`), `*.json` files and folders
///   only. Symbolic links are followed, to files and folders alike.
/// - Hidden entries (a name that starts with `.`, such as `.git/` or `.draft.json`) are passed over and counted in
///   ``ignoredCount``.
/// - A problem, reported as an ``InputError`` naming the path, for: a folder that cannot be read (`EACCES`, or a path
///   longer than `PATH_MAX`…), a symbolic link that points nowhere, a folder that is a link back to one that holds it
///   (a loop: the folders on the current path are tracked by device and inode), folders nested more than
///   ``maximumDepth`` deep, and a `*.json` file or a folder whose name is not valid UTF-8 (shown with `\xFF` escapes).
final class ScenarioWalk {
  /// What the walk found next.
  enum Entry {
    /// A scenario file: its whole path, to open (on any thread), and how reports name it.
    case file(path: String, displayName: String)
    /// A file or folder that cannot be walked or read; the walk goes on with the next entry.
    case problem(InputError)
  }

  /// How many folders deep the walk goes below a root; deeper folders are reported, not searched. As deep as the
  /// JSON nesting limit (Conformance/README.md), so that no corpus a person writes reaches it.
  static let maximumDepth = 256

  /// Hidden files and folders passed over so far.
  private(set) var ignoredCount = 0

  private let roots: [ScenarioCorpus.Root]
  private var nextRoot = 0
  private var stack: [Folder] = []

  /// Creates a walk over `roots`, in order.
  init(roots: [ScenarioCorpus.Root]) {
    self.roots = roots
  }

  /// The next scenario file or problem, or `nil` at the end of the last root.
  func next() -> Entry? {
    while true {
      if let top = stack.indices.last {
        guard stack[top].position < stack[top].children.count else {
          stack.removeLast()
          continue
        }
        let child = stack[top].children[stack[top].position]
        stack[top].position += 1
        let name = child.name
        let (path, display) = (stack[top].path + "/" + name, Self.join(stack[top].display, name))
        switch child.kind {
        case .file: return .file(path: path, displayName: display)
        case .problem(let message): return .problem(InputError(file: display, path: nil, message: message))
        case .folder:
          if let problem = enter(path: path, display: display) { return .problem(problem) }
        }
      } else if nextRoot < roots.count {
        let root = roots[nextRoot]
        nextRoot += 1
        if let entry = start(root) { return entry }
      } else {
        return nil
      }
    }
  }

  // MARK: - Folders

  /// A folder being walked: its identity (for loops), its children sorted, and the next child's position.
  private struct Folder {
    let id: FileID
    let path: String
    let display: String
    let children: [Child]
    var position = 0
  }

  /// One entry of a folder that the walk yields: a scenario file, a folder to search, or a problem.
  private struct Child {
    enum Kind {
      case file, folder
      case problem(String)
    }
    let kind: Kind
    /// The raw name, then `/` for a folder: children sort by it, as whole paths sort.
    let sortKey: [UInt8]
    /// Whether ``sortKey`` ends with the `/` of a folder.
    let endsWithSlash: Bool

    /// The name, with `\xFF` escapes for one that is not UTF-8 (always a problem).
    var name: String {
      let raw = endsWithSlash ? sortKey.dropLast() : sortKey[...]
      return ControlEscaping.validUTF8(raw) ?? ControlEscaping.escapeBytes(raw)
    }

    init(_ kind: Kind, name: [UInt8], isFolder: Bool) {
      self.kind = kind
      sortKey = isFolder ? name + [0x2F] : name
      endsWithSlash = isFolder
    }
  }

  /// `display/name`, or `name` for the current directory's own entries.
  private static func join(_ display: String, _ name: String) -> String {
    display.isEmpty ? name : display.hasSuffix("/") ? display + name : display + "/" + name
  }

  /// Starts a root: a folder is pushed to be walked, anything else is yielded as a file (the reader reports what it
  /// is not, or why it cannot be opened).
  private func start(_ root: ScenarioCorpus.Root) -> Entry? {
    var info = stat()
    guard stat(root.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      return .file(path: root.path, displayName: root.displayName)
    }
    return push(path: root.path, display: root.displayName, shown: root.folderDisplay).map(Entry.problem)
  }

  /// Pushes the folder `path`, or returns why it cannot be walked.
  private func enter(path: String, display: String) -> InputError? {
    guard stack.count <= Self.maximumDepth else {
      return InputError(
        file: Self.clipped(display), path: nil,
        message:
          "folders are nested more than \(Self.maximumDepth) deep here; this folder is not searched (move the scenarios up)"
      )
    }
    return push(path: path, display: display, shown: Self.clipped(display))
  }

  /// Reads and sorts the entries of the folder `path` and pushes it, unless it is a folder already on the current
  /// path (a symbolic link loop). `shown` names the folder in a problem.
  private func push(path: String, display: String, shown: String) -> InputError? {
    func problem(_ message: String) -> InputError { InputError(file: shown, path: nil, message: message) }
    guard let stream = opendir(path) else { return problem("cannot read the folder: \(JSONFile.reason(errno))") }
    defer { closedir(stream) }
    var info = stat()
    guard fstat(dirfd(stream), &info) == 0 else { return problem("cannot read the folder: \(JSONFile.reason(errno))") }
    let id = FileID(info)
    if let ancestor = stack.first(where: { $0.id == id }) {
      let ancestorName = ancestor.display.isEmpty ? "." : Self.clipped(ancestor.display)
      return problem(
        "this folder is '\(ancestorName)' again, through a symbolic link (a loop); it is not searched twice; remove the link"
      )
    }
    var children: [Child] = []
    errno = 0
    while let entry = readdir(stream) {
      if let child = child(entry, in: dirfd(stream)) { children.append(child) }
      errno = 0
    }
    if errno != 0 { return problem("cannot read the folder: \(JSONFile.reason(errno))") }
    children.sort { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
    stack.append(Folder(id: id, path: path, display: display, children: children))
    return nil
  }

  /// One folder entry as a child to walk: a scenario file, a folder or a problem; `nil` for `.`, `..`, hidden
  /// entries (counting them) and files not named `*.json`. Looked up relative to the open folder, `descriptor`.
  private func child(_ entry: UnsafeMutablePointer<dirent>, in descriptor: Int32) -> Child? {
    let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
    guard !bytes.isEmpty, bytes != [0x2E], bytes != [0x2E, 0x2E] else { return nil }
    if bytes[0] == 0x2E {
      ignoredCount += 1
      return nil
    }
    let isJSON = bytes.count > 5 && bytes.suffix(5).elementsEqual(".json".utf8)
    let type = Int32(entry.pointee.d_type)
    if type == Int32(DT_REG), !isJSON { return nil }
    let isUTF8 = bytes.allSatisfy { $0 < 0x80 } || ControlEscaping.validUTF8(bytes) != nil
    let kind: Child.Kind
    switch type {
    case Int32(DT_DIR): kind = .folder
    case Int32(DT_REG): kind = .file
    default: kind = Self.kind(of: bytes.map { CChar(bitPattern: $0) } + [0], type: type, in: descriptor)
    }
    switch kind {
    case .folder:
      guard isUTF8 else {
        return Child(
          .problem("the folder's name is not valid UTF-8, so it is not searched; rename it"), name: bytes,
          isFolder: true)
      }
      return Child(.folder, name: bytes, isFolder: true)
    case .file:
      guard isJSON else { return nil }
      guard isUTF8 else {
        return Child(
          .problem("the file's name is not valid UTF-8, so it is not read; rename it"), name: bytes, isFolder: false)
      }
      return Child(.file, name: bytes, isFolder: false)
    case .problem: return Child(kind, name: bytes, isFolder: false)
    }
  }

  /// Whether the entry `name` (NUL-terminated, not always UTF-8; `type` its `d_type`) of the open folder `folder` is
  /// a folder or a file, following a symbolic link; a problem for a link that points nowhere or cannot be followed.
  private static func kind(of name: [CChar], type: Int32, in folder: Int32) -> Child.Kind {
    var info = stat()
    if fstatat(folder, name, &info, 0) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file }
    let code = errno
    guard type == Int32(DT_LNK) || code == ENOENT else {
      return .problem("cannot be read: \(JSONFile.reason(code))")
    }
    if code == ENOENT {
      return .problem(
        "a symbolic link to \(linkTarget(name, in: folder)), which does not exist (a broken link); fix or remove it")
    }
    return .problem("a symbolic link that cannot be followed: \(JSONFile.reason(code))")
  }

  /// Where a symbolic link points, quoted, or "a path" when it cannot be read.
  private static func linkTarget(_ name: [CChar], in folder: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlinkat(folder, name, &buffer, Int(PATH_MAX))
    guard length > 0 else { return "a path" }
    let bytes = buffer.prefix(length).map { UInt8(bitPattern: $0) }
    return "'\(clipped(ControlEscaping.validUTF8(bytes) ?? ControlEscaping.escapeBytes(bytes)))'"
  }

  // MARK: - Text

  /// How many characters of a long path a problem shows: the end, which names the folders that matter.
  static let shownPathLength = 200

  /// A path of at most ``shownPathLength`` characters: a longer one is shown by its length and its end,
  /// `[a path of 5210 characters, ending] …/deep/folder`.
  static func clipped(_ path: String) -> String {
    let count = path.count
    guard count > shownPathLength else { return path }
    return "[a path of \(count) characters, ending] …" + path.suffix(shownPathLength)
  }
}

extension ScenarioCorpus.Root {
  /// How a problem with the root folder itself names it: its display name, or `.` for the current directory.
  var folderDisplay: String { displayName.isEmpty ? "." : displayName }
}

// MARK: - FileID

/// A file's identity on its device (`st_dev`, `st_ino`): the same for every path and link that reaches it.
package struct FileID: Hashable, Sendable {
  /// `st_dev`.
  let device: UInt64
  /// `st_ino`.
  let inode: UInt64

  init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}

// MARK: - ScenarioCorpus.Files

/// The walk seen from outside the module: the corpus's file names and walk problems, nothing read.
extension ScenarioCorpus {
  /// The corpus's files without reading them: each scenario file by its name in reports (its path, when the roots
  /// are named by their paths), or a problem of the walk, in the order ``makeIterator()`` reads them.
  package func files() -> Files { Files(roots: roots) }

  /// The scenario files of a corpus, found by the same walk but not read (``ScenarioCorpus/files()``).
  package struct Files: Sequence {
    /// A scenario file, or a problem of the walk.
    package enum Element {
      /// A scenario file, by its name in reports.
      case file(String)
      /// A folder that cannot be walked, a broken link, a loop, a name that is not UTF-8…
      case problem(InputError)
    }

    let roots: [Root]

    /// Starts the walk.
    package func makeIterator() -> Iterator { Iterator(walk: ScenarioWalk(roots: roots)) }

    /// Walks the files.
    package struct Iterator: IteratorProtocol {
      let walk: ScenarioWalk

      /// The next file or problem; `nil` when the walk is over.
      package mutating func next() -> Element? {
        switch walk.next() {
        case .file(_, let displayName): return .file(displayName)
        case .problem(let error): return .problem(error)
        case nil: return nil
        }
      }
    }
  }
}
