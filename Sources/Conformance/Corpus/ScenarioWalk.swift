import Foundation

/// Walks the files and folders a run is given, in order, and yields each scenario file (`*.json`) it finds, or a
/// problem that keeps part of the corpus from being read; ``ScenarioCorpus`` reads what it yields.
///
/// Each folder is read with `openat`/`fdopendir` relative to its parent's descriptor, so the walk works below
/// `PATH_MAX` (4,096 bytes of path on Linux) and uses no Foundation `URL`. Only one folder's entries are held and
/// sorted at a time, so memory does not grow with the corpus.
///
/// What it yields, and what it passes over:
/// - The roots in the order given: a file root as it is (whatever its name), a folder root searched recursively.
/// - In a folder, its entries sorted as whole paths sort (a folder `a` sorts as `a/`), `*.json` files and folders
///   only. Symbolic links are followed, to files and folders alike.
/// - Hidden entries (a name that starts with `.`, such as `.git/` or `.draft.json`) are passed over and counted in
///   ``ignoredCount``.
/// - A problem, reported as an ``InputError`` naming the path, for: a folder that cannot be read (`EACCES`…), a
///   symbolic link that points nowhere, a folder that is a link back to one that holds it (a loop: the folders on
///   the current path are tracked by device and inode), folders nested more than ``maximumDepth`` deep, and a
///   `*.json` file or a folder whose name is not valid UTF-8 (shown with `\xFF` escapes).
///
/// A ``FileReference`` holds the file's whole path, which can be opened after the walk has left its folder, on another
/// thread (`--jobs`), so a run holds open only the files it is reading and the folders of the walk's current path. A
/// path longer than `PATH_MAX` cannot be opened whole: such a reference keeps its folder's descriptor instead, closed
/// when the last reference to it is released.
final class ScenarioWalk {
  /// What the walk found next.
  enum Entry {
    /// A scenario file, to open with ``FileReference/open()`` (on any thread, before or after the next entry).
    case file(FileReference)
    /// A file or folder that cannot be walked or read; the walk goes on with the next entry.
    case problem(InputError)
  }

  /// A scenario file the walk found: where it is, and how reports name it.
  struct FileReference: Sendable {
    /// The folder, kept open while this reference lives, for a file whose whole path is longer than `PATH_MAX`; else
    /// `nil`, and ``name`` is the whole path.
    let directory: Directory?
    /// The whole path (NUL-terminated), or the name within ``directory``.
    let name: [CChar]
    /// How reports name the file.
    let displayName: String

    /// Opens the file for reading (following symbolic links); returns the descriptor, or -1 and sets `errno`.
    func open() -> Int32 {
      openat(directory?.descriptor ?? AT_FDCWD, name, JSONFile.openFlags)
    }
  }

  /// An open folder, closed when the walk and every ``FileReference`` to its files have let it go. Its entries are
  /// read once, by the walk, when it enters the folder; afterwards only its descriptor is used (by `openat`, which
  /// any thread may call).
  final class Directory: @unchecked Sendable {
    private let stream: DirectoryStream
    /// The folder's descriptor, for `openat` of its children.
    let descriptor: Int32

    fileprivate init(_ stream: DirectoryStream) {
      self.stream = stream
      descriptor = dirfd(stream)
    }

    deinit { closedir(stream) }
  }

  /// How many folders deep the walk goes below a root; deeper folders are reported, not searched. As deep as the
  /// JSON nesting limit (Conformance/README.md), and a bound on the descriptors the walk keeps open.
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
        let name = stack[top].nameBytes(of: child)
        switch child.kind {
        case .file:
          let displayName = Self.join(stack[top].display, String(decoding: name, as: UTF8.self))
          guard stack[top].path.count + 1 + name.count < Int(PATH_MAX) else {
            return .file(
              FileReference(
                directory: stack[top].directory, name: name.map { CChar(bitPattern: $0) } + [0],
                displayName: displayName))
          }
          return .file(
            FileReference(directory: nil, name: Self.cPath(stack[top].path, name), displayName: displayName))
        case .problem:
          let shown = ControlEscaping.validUTF8(name) ?? ControlEscaping.escapeBytes(name)
          return .problem(
            InputError(
              file: Self.join(stack[top].display, shown), path: nil, message: stack[top].problems[Int(child.problem)]))
        case .folder:
          let folder = (
            name: name.map { CChar(bitPattern: $0) } + [0],
            display: Self.join(stack[top].display, String(decoding: name, as: UTF8.self)),
            path: Self.joinedPath(stack[top].path, name)
          )
          if let problem = enter(folder, parent: stack[top].directory.descriptor) { return .problem(problem) }
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

  /// A folder being walked: its open directory, its children sorted, and the next child's position. The children's
  /// names are kept in one byte buffer (``names``) and each child is a few integers, so a folder of 100,000 files
  /// costs a few megabytes, and paths are built only as files are yielded (issue 7, item 8).
  private struct Folder {
    let directory: Directory
    let id: FileID
    let display: String
    /// The folder's path, as the walk reached it (from the root's path); its files are opened by their whole path.
    let path: [UInt8]
    /// Every child's name, one after the other (UTF-8, or the raw bytes of a name that is not).
    var names = ByteArena()
    var children: [Child] = []
    /// The messages of children that are problems, by ``Child/problem``.
    var problems: [String] = []
    var position = 0

    init(directory: Directory, id: FileID, display: String, path: [UInt8]) {
      self.directory = directory
      self.id = id
      self.display = display
      self.path = path
    }

    func nameBytes(of child: Child) -> ArraySlice<UInt8> {
      names.bytes(at: child.start, length: Int(child.length))
    }

    /// Sorts the children as whole paths sort: by name in byte order (Unicode scalar order for UTF-8), a folder's
    /// name followed by `/`.
    mutating func sortChildren() {
      let names = self.names
      children.sort { a, b in Child.precedes(a, b, in: names) }
    }
  }

  /// One entry of a folder: where its name is in ``Folder/names``, and what it is.
  private struct Child {
    enum Kind: UInt8 {
      case file, folder, problem
    }
    let start: Int32
    /// A name is at most 255 bytes (`NAME_MAX`).
    let length: UInt8
    let kind: Kind
    /// For a problem, its message's index in ``Folder/problems`` (a folder has at most 65,535 problems listed).
    let problem: UInt16

    /// The byte of this child's sort key at `index`, or -1 past its end: the name, then `/` for a folder.
    func keyByte(_ index: Int, in names: ByteArena) -> Int {
      if index < Int(length) { return Int(names.byte(at: start, index)) }
      return index == Int(length) && kind == .folder ? 0x2F : -1
    }

    static func precedes(_ a: Child, _ b: Child, in names: ByteArena) -> Bool {
      var index = 0
      while true {
        let (x, y) = (a.keyByte(index, in: names), b.keyByte(index, in: names))
        if x != y { return x < y }
        if x < 0 { return false }
        index += 1
      }
    }
  }

  /// `folder/name`, in one allocation: a folder's path.
  private static func joinedPath(_ folder: [UInt8], _ name: ArraySlice<UInt8>) -> [UInt8] {
    var path: [UInt8] = []
    path.reserveCapacity(folder.count + 1 + name.count)
    path.append(contentsOf: folder)
    path.append(UInt8(ascii: "/"))
    path.append(contentsOf: name)
    return path
  }

  /// `folder/name` as a NUL-terminated C string, in one allocation: a file's whole path, for `open`.
  private static func cPath(_ folder: [UInt8], _ name: ArraySlice<UInt8>) -> [CChar] {
    var path: [CChar] = []
    path.reserveCapacity(folder.count + name.count + 2)
    for byte in folder { path.append(CChar(bitPattern: byte)) }
    path.append(CChar(bitPattern: UInt8(ascii: "/")))
    for byte in name { path.append(CChar(bitPattern: byte)) }
    path.append(0)
    return path
  }

  /// `display/name`, or `name` for the current directory's own entries.
  private static func join(_ display: String, _ name: String) -> String {
    display.isEmpty ? name : display.hasSuffix("/") ? display + name : display + "/" + name
  }

  /// Starts a root: a folder is pushed to be walked, anything else is yielded as a file (the reader reports what it
  /// is not, or why it cannot be opened).
  private func start(_ root: ScenarioCorpus.Root) -> Entry? {
    let path = Array(root.path.utf8CString)
    let file = Entry.file(FileReference(directory: nil, name: path, displayName: root.displayName))
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      var info = stat()
      guard stat(root.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return file }
      return .problem(folderProblem(root.folderDisplay, "cannot read the folder: \(Self.reason(code))"))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      close(descriptor)
      return file
    }
    return push(descriptor, info: info, display: root.displayName, path: Array(root.path.utf8)).map(Entry.problem)
  }

  /// Opens the folder `child` of the folder `parent` and pushes it, or returns why it cannot be walked.
  private func enter(_ child: (name: [CChar], display: String, path: [UInt8]), parent: Int32) -> InputError? {
    if stack.count > Self.maximumDepth {
      return folderProblem(
        Self.clipped(child.display),
        "folders are nested more than \(Self.maximumDepth) deep here; this folder is not searched (move the scenarios up)"
      )
    }
    let descriptor = openat(parent, child.name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      return folderProblem(Self.clipped(child.display), "cannot read the folder: \(Self.reason(errno))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      return folderProblem(Self.clipped(child.display), "cannot read the folder: \(Self.reason(code))")
    }
    return push(descriptor, info: info, display: child.display, path: child.path)
  }

  /// Reads and sorts the entries of the open folder `descriptor` and pushes it, unless it is a folder already on the
  /// current path (a symbolic link loop).
  private func push(_ descriptor: Int32, info: stat, display: String, path: [UInt8]) -> InputError? {
    let id = FileID(info)
    let shown = display.isEmpty ? "." : Self.clipped(display)
    if let ancestor = stack.first(where: { $0.id == id }) {
      close(descriptor)
      let ancestorName = ancestor.display.isEmpty ? "." : Self.clipped(ancestor.display)
      return folderProblem(
        shown,
        "this folder is '\(ancestorName)' again, through a symbolic link (a loop); it is not searched twice; remove the link"
      )
    }
    guard let stream = fdopendir(descriptor) else {
      let code = errno
      close(descriptor)
      return folderProblem(shown, "cannot read the folder: \(Self.reason(code))")
    }
    let directory = Directory(stream)  // Closes the folder once nothing refers to it.
    var folder = Folder(directory: directory, id: id, display: display, path: path)
    errno = 0
    while let entry = readdir(stream) {
      add(entry, in: directory.descriptor, to: &folder)
      errno = 0
    }
    if errno != 0 {
      let code = errno
      return folderProblem(shown, "cannot read the folder: \(Self.reason(code))")
    }
    folder.sortChildren()
    stack.append(folder)
    return nil
  }

  /// Adds one folder entry to `folder`: a scenario file, a folder or a problem; passes over `.`, `..`, hidden
  /// entries (counting them) and files not named `*.json`.
  private func add(_ entry: UnsafeMutablePointer<dirent>, in descriptor: Int32, to folder: inout Folder) {
    let length = withUnsafeBytes(of: &entry.pointee.d_name) { raw in raw.firstIndex(of: 0) ?? raw.count }
    guard length > 0 else { return }
    let (first, second) = withUnsafeBytes(of: &entry.pointee.d_name) { raw in (raw[0], length > 1 ? raw[1] : 0) }
    if first == 0x2E {
      if length == 1 || (length == 2 && second == 0x2E) { return }
      ignoredCount += 1
      return
    }
    let start = withUnsafeBytes(of: &entry.pointee.d_name) { raw in folder.names.append(raw.prefix(length)) }
    let bytes = folder.names.bytes(at: start, length: length)
    let isUTF8 = bytes.allSatisfy { $0 < 0x80 } || ControlEscaping.validUTF8(bytes) != nil
    let isJSON = length > 5 && bytes.suffix(5).elementsEqual(".json".utf8)
    var problem: String?
    let kind: Child.Kind
    let type = Int32(entry.pointee.d_type)
    // The name as a C string is needed only to follow a link or an entry of unknown type.
    let name = type == Int32(DT_DIR) || type == Int32(DT_REG) ? [] : bytes.map { CChar(bitPattern: $0) } + [0]
    switch Self.kind(of: name, type: entry.pointee.d_type, in: descriptor) {
    case .folder:
      kind = isUTF8 ? .folder : .problem
      if !isUTF8 { problem = "the folder's name is not valid UTF-8, so it is not searched; rename it" }
    case .file:
      guard isJSON else {
        folder.names.removeLast(from: start)
        return
      }
      kind = isUTF8 ? .file : .problem
      if !isUTF8 { problem = "the file's name is not valid UTF-8, so it is not read; rename it" }
    case .problem(let message):
      kind = .problem
      problem = message
    }
    if let problem { folder.problems.append(problem) }
    folder.children.append(
      Child(
        start: start, length: UInt8(clamping: length), kind: kind,
        problem: UInt16(clamping: max(0, folder.problems.count - 1))))
  }

  /// What an entry turned out to be.
  private enum EntryKind {
    case file, folder
    case problem(String)
  }

  /// Whether an entry is a folder or a file, following a symbolic link; a problem for a link that points nowhere
  /// or cannot be followed.
  private static func kind(of name: [CChar], type: UInt8, in folder: Int32) -> EntryKind {
    if Int32(type) == Int32(DT_DIR) { return .folder }
    if Int32(type) == Int32(DT_REG) { return .file }
    var info = stat()
    let found = fstatat(folder, name, &info, 0) == 0
    if found { return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file }
    let code = errno
    guard Int32(type) == Int32(DT_LNK) || code == ENOENT else { return .problem("cannot be read: \(reason(code))") }
    if code == ENOENT {
      return .problem(
        "a symbolic link to \(linkTarget(name, in: folder)), which does not exist (a broken link); fix or remove it")
    }
    return .problem("a symbolic link that cannot be followed: \(reason(code))")
  }

  /// Where a symbolic link points, quoted, or "a path" when it cannot be read.
  private static func linkTarget(_ name: [CChar], in folder: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlinkat(folder, name, &buffer, Int(PATH_MAX))
    guard length > 0 else { return "a path" }
    let bytes = buffer.prefix(length).map { UInt8(bitPattern: $0) }
    return "'\(clipped(ControlEscaping.validUTF8(bytes) ?? ControlEscaping.escapeBytes(bytes)))'"
  }

  private func folderProblem(_ display: String, _ message: String) -> InputError {
    InputError(file: display, path: nil, message: message)
  }

  // MARK: - Text

  /// `strerror` of an error number, e.g. "Permission denied", with what to do for a limit of open files.
  private static func reason(_ code: Int32) -> String { JSONFile.reason(code) }

  /// How many characters of a long path a problem shows: the end, which names the folders that matter.
  static let shownPathLength = 200

  /// A path of at most ``shownPathLength`` characters: a longer one (below `PATH_MAX`'s worth of folders) is shown
  /// by its length and its end, `[a path of 5210 characters, ending] …/deep/folder`.
  static func clipped(_ path: String) -> String {
    let count = path.count
    guard count > shownPathLength else { return path }
    return "[a path of \(count) characters, ending] …" + path.suffix(shownPathLength)
  }
}

#if canImport(Darwin)
  /// What `fdopendir` returns.
  fileprivate typealias DirectoryStream = UnsafeMutablePointer<DIR>
#else
  /// What `fdopendir` returns (`DIR` is opaque in Glibc).
  fileprivate typealias DirectoryStream = OpaquePointer
#endif

extension ScenarioCorpus.Root {
  /// How a problem with the root folder itself names it: its display name, or `.` for the current directory.
  var folderDisplay: String { displayName.isEmpty ? "." : displayName }
}
