import Foundation

/// The scenario files of a run, read once, in order, as they are walked: each file yields a validated ``Scenario``
/// or every problem found in it. `conformance run`, `validate` and `list` and ``ConformanceRunner`` all read
/// scenarios through it.
///
/// The corpus walks its roots (files, and folders searched recursively for `*.json`; see the walk's rules below),
/// reads each file with one `open` and `fstat`, validates it with a ``ScenarioLoader``, and rejects a scenario whose
/// id an earlier file used (scenario format §3.1). It is streaming: iterating holds one folder's sorted entries per
/// level and the ids seen so far, never the whole file list.
///
/// ```swift
/// let corpus = ScenarioCorpus(roots: [.init(path: "/repo/Conformance/scenarios", displayName: "Conformance/scenarios")],
///                             loader: loader)
/// for entry in corpus {
///   switch entry {
///   case .scenario(let scenario): print(scenario.id)
///   case .invalid(let file, let errors): print(file, errors)
///   }
/// }
/// ```
///
/// The walk:
/// - Roots come in the order given; a file root is read whatever its name; a folder root is searched recursively.
/// - Within a folder, entries are sorted as whole paths sort. Only `*.json` files and folders are taken; symbolic
///   links are followed, to files and folders alike. A file reached twice (named twice, or through a link) is
///   reported and counted once.
/// - Hidden files and folders (a name starting with `.`, such as `.git/` or `.draft.json`) are passed over; the
///   iterator counts them in ``Iterator/ignoredCount``.
/// - Anything else that keeps a part of the corpus from being read is an invalid input naming its path, never a
///   silent skip: a folder that cannot be read, a broken symbolic link, a symbolic link loop (a folder that is one
///   of the folders holding it), folders nested more than 256 deep, and a `*.json` file or folder whose name is not
///   valid UTF-8 (shown with `\xFF` escapes). Folders deeper than `PATH_MAX` are read relative to their parent, so
///   they run.
package struct ScenarioCorpus: Sequence, Sendable {
  /// A file or folder to read scenarios from, and how reports name it.
  package struct Root: Sendable, Equatable {
    /// The path to open: absolute, or relative to the process's current directory.
    package var path: String
    /// How reports name it. For a folder, its files are named `displayName/<relative path>`; an empty name shows
    /// them by their relative path alone (for the current directory).
    package var displayName: String

    /// Creates a root.
    package init(path: String, displayName: String) {
      self.path = path
      self.displayName = displayName
    }
  }

  /// What one file of the corpus holds.
  package enum Entry: Sendable {
    /// A valid scenario whose id no earlier file used.
    case scenario(Scenario)
    /// A file (or a folder that cannot be walked) with every problem found, named as in reports.
    case invalid(file: String, errors: [InputError])
  }

  /// The files and folders, in order.
  package var roots: [Root]
  /// Validates each file against scenario format v1 and the feature manifests.
  package var loader: ScenarioLoader

  /// Creates a corpus over files and folders.
  ///
  /// - Parameters:
  ///   - roots: The files and folders, in order.
  ///   - loader: Validates each file.
  package init(roots: [Root], loader: ScenarioLoader) {
    self.roots = roots
    self.loader = loader
  }

  /// Creates a corpus over single files.
  package init(files: [ScenarioFile], loader: ScenarioLoader) {
    self.init(roots: files.map { Root(path: $0.url.path, displayName: $0.displayName) }, loader: loader)
  }

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
        case .file(let file): return .file(file.displayName)
        case .problem(let error): return .problem(error)
        case nil: return nil
        }
      }
    }
  }

  /// Starts a walk of the corpus.
  package func makeIterator() -> Iterator { Iterator(walk: ScenarioWalk(roots: roots), loader: loader) }

  /// Walks the corpus, reading one file per call of ``next()``.
  package struct Iterator: IteratorProtocol {
    private let walk: ScenarioWalk
    private let loader: ScenarioLoader
    private let parser = JSONParser()
    private var ids = SeenIDs()
    /// The files read so far, by device and inode (inodes of one device in one set: 8 bytes a file).
    private var seenFiles: [UInt64: Set<UInt64>] = [:]
    /// Scenario files read so far, valid or not (a file reached twice counts once).
    package private(set) var fileCount = 0
    /// Problems of the walk itself so far (a folder that cannot be read, a broken link, a loop…), each reported as
    /// an ``Entry/invalid(file:errors:)`` of its own.
    package private(set) var walkProblemCount = 0
    /// Hidden files and folders passed over so far.
    package var ignoredCount: Int { walk.ignoredCount }

    init(walk: ScenarioWalk, loader: ScenarioLoader) {
      self.walk = walk
      self.loader = loader
    }

    /// The next file's scenario or problems; `nil` when the walk is over.
    package mutating func next() -> Entry? {
      while let pending = nextPending() {
        switch pending {
        case .invalid(let file, let errors): return .invalid(file: file, errors: errors)
        case .file(let file):
          if let entry = admit(Self.load(file, loader: loader, parser: parser)) { return entry }
        }
      }
      return nil
    }

    /// A file the walk found, not yet opened: ``load(_:loader:parser:)`` opens, reads and validates it (on any
    /// thread), then ``admit(_:)`` checks it, in walk order. Holds the file's path, not a descriptor.
    package struct FileToRead: Sendable {
      /// How reports name the file.
      package var name: String { reference.displayName }
      let reference: ScenarioWalk.FileReference
    }

    /// What the walk yields next, before reading: a problem of the walk itself (a folder that cannot be read, a broken
    /// link…), or a file to load.
    package enum Pending: Sendable {
      /// A problem of the walk, reported as an invalid file (counted in ``walkProblemCount``, not ``fileCount``).
      case invalid(file: String, errors: [InputError])
      /// A file to give to ``load(_:loader:parser:)``, then to ``admit(_:)``.
      case file(FileToRead)
    }

    /// A file opened, read and validated by ``load(_:loader:parser:)``, for ``admit(_:)``.
    package struct LoadedFile: Sendable {
      /// How reports name the file.
      package let name: String
      /// The file's device and inode, which tell a file reached through two paths; `nil` when it could not be opened.
      package let id: FileID?
      /// The scenario, or every problem found in the file.
      package let result: Result<Scenario, InputErrors>
    }

    /// Walks to the next file, or to a problem of the walk; `nil` when the walk is over. Nothing is opened: a file is
    /// opened only by ``load(_:loader:parser:)``, and a pending file holds no descriptor (but for a path longer than
    /// `PATH_MAX`, which keeps its folder open; see ``ScenarioWalk``).
    package mutating func nextPending() -> Pending? {
      switch walk.next() {
      case .problem(let error)?:
        walkProblemCount += 1
        return .invalid(file: error.file, errors: [error])
      case .file(let file)?: return .file(FileToRead(reference: file))
      case nil: return nil
      }
    }

    /// Opens, reads and validates a file, then closes it. Pure: files can be loaded in parallel, as long as they are
    /// admitted in walk order.
    package static func load(_ file: FileToRead, loader: ScenarioLoader, parser: JSONParser = JSONParser())
      -> LoadedFile
    {
      let name = file.name
      let descriptor = file.reference.open()
      guard descriptor >= 0 else {
        return LoadedFile(name: name, id: nil, result: .failure(InputErrors([JSONFile.cannotRead(name, errno)])))
      }
      defer { close(descriptor) }
      switch JSONFile.status(of: descriptor, displayName: name) {
      case .failure(let error): return LoadedFile(name: name, id: nil, result: .failure(InputErrors([error])))
      case .success(let info):
        let result: Result<Scenario, InputErrors>
        switch JSONFile.read(descriptor: descriptor, status: info, displayName: name, parser: parser) {
        case .failure(let error): result = .failure(InputErrors([error]))
        case .success(let value): result = loader.load(value, file: name)
        }
        return LoadedFile(name: name, id: FileID(info), result: result)
      }
    }

    /// Turns a loaded file into an entry, in walk order: `nil` for a file already read through another path (a
    /// symbolic link), which is not counted; else the scenario, or its problems, a scenario whose id an earlier file
    /// used among them (scenario format §3.1).
    package mutating func admit(_ loaded: LoadedFile) -> Entry? {
      guard admitFile(loaded.id) else { return nil }
      return admit(loaded.result, file: loaded.name)
    }

    /// Counts a loaded file, in walk order: `false` for a file already read through another path (by device and
    /// inode; `id` is `nil` for a file that could not be opened, which always counts).
    package mutating func admitFile(_ id: FileID?) -> Bool {
      if let id, !seenFiles[id.device, default: []].insert(id.inode).inserted { return false }
      fileCount += 1
      return true
    }

    /// Turns a loaded file's result into an entry, rejecting a scenario whose id an earlier file used (scenario format
    /// §3.1). Call in walk order, after ``admitFile(_:)``.
    package mutating func admit(_ loaded: Result<Scenario, InputErrors>, file name: String) -> Entry {
      switch loaded {
      case .failure(let failure):
        return .invalid(file: name, errors: failure.errors)
      case .success(let scenario):
        if let duplicate = admit(id: scenario.id, file: name) { return .invalid(file: name, errors: [duplicate]) }
        return .scenario(scenario)
      }
    }

    /// Records the id of a scenario loaded from `name`, in walk order: the duplicate-id error when an earlier file
    /// used it (scenario format §3.1), else `nil`. For a caller that has already run the scenario and kept only its
    /// id; ``admit(_:file:)`` is this for a whole loaded file.
    package mutating func admit(id: String, file name: String) -> InputError? {
      guard let other = ids.insert(id, file: name) else { return nil }
      return .duplicateID(file: name, id: id, other: other)
    }

    /// Walks the rest of the corpus without reading it and returns how many scenario files were left (for
    /// `--fail-fast`'s "N files not run").
    package mutating func skipRemainingFiles() -> Int {
      var count = 0
      while let found = walk.next() {
        if case .file = found { count += 1 }
      }
      return count
    }
  }
}
