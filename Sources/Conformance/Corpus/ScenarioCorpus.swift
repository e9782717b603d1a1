import Foundation

/// The scenario files of a run, read once, in order, as they are walked: each file yields a validated ``Scenario``
/// or every problem found in it. `conformance run`, `validate` and `list` and ``ConformanceRunner`` all read
/// scenarios through it.
///
/// The corpus walks its roots (files, and folders searched recursively for `*.json`; see the walk's rules below),
/// reads each file with one `open` and `fstat`, validates it with a ``ScenarioLoader``, and rejects a scenario whose
/// id an earlier file used (scenario format §3.1). It is streaming: iterating holds one folder's sorted entries per
/// level and the names and ids seen so far (a few megabytes for 100,000 files), never the whole file list.
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
///   valid UTF-8 (shown with `\xFF` escapes). A path longer than `PATH_MAX` is a folder or file that cannot be read.
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
  /// The part of the corpus to read (`--shard`), or `nil` for all of it: the walk passes over every file and walk
  /// problem whose shard key (``Shard/key(ofFile:)``) another shard holds, before anything is opened.
  package var shard: Shard?
  /// Whether each scenario's ``Scenario/line`` is found as its file is read (`false`: every line is 1). Only the event
  /// stream shows it, and finding it parses the file a second time, up to the `id` (for an outline, to the end), which
  /// costs more than the file's first parse when the `id` comes last.
  package var locatesScenarios = false

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

  /// Starts a walk of the corpus.
  package func makeIterator() -> Iterator {
    Iterator(walk: ScenarioWalk(roots: roots), loader: loader, shard: shard, locatesScenarios: locatesScenarios)
  }

  /// Walks the corpus, reading one file per call of ``next()``.
  ///
  /// ``next()`` is ``nextItem()``, ``FileToRead/load(with:parser:)``, ``admitFile(_:)`` and ``admit(_:file:)`` in a
  /// row. A caller that reads files on several tasks (``ConformanceRunner`` with `--jobs`) calls them itself: it walks
  /// and admits in walk order, and loads anywhere in between.
  package struct Iterator: IteratorProtocol {
    private let walk: ScenarioWalk
    private let loader: ScenarioLoader
    private let shard: Shard?
    private let locatesScenarios: Bool
    private let parser = JSONParser()
    /// The files read so far, by device and inode: a file reached again through another path is set aside.
    private var readFiles: Set<FileID> = []
    /// Every file name (without `.json`) walked so far, and for each, the file whose scenario took it as its id, if
    /// one has. One dictionary for both, as a valid scenario's id is its file's name (scenario format §3.1).
    private var names: [String: String?] = [:]
    /// The rows of the last outline read that ``next()`` has not returned yet.
    private var pending: [Scenario] = []
    /// Scenario files read so far, valid or not (a file reached twice counts once).
    package private(set) var fileCount = 0
    /// Problems of the walk itself so far (a folder that cannot be read, a broken link, a loop…), each reported as
    /// an ``Entry/invalid(file:errors:)`` of its own.
    package private(set) var walkProblemCount = 0
    /// Scenario files and walk problems walked so far, in every shard (the whole corpus's count, for a shard's report).
    package private(set) var walkedBeforeSharding = 0
    /// The FNV-1a 64 hash of the names walked so far in every shard, each followed by a line feed, in walk order: the
    /// whole corpus's file list, for a shard's report (``ShardRun/Selection/corpus``). Only a sharded walk hashes; an
    /// unsharded one keeps the offset basis (the hash of no names), as no report asks for it.
    package private(set) var namesBeforeSharding: UInt64 = 0xcbf2_9ce4_8422_2325
    /// Hidden files and folders passed over so far.
    package var ignoredCount: Int { walk.ignoredCount }

    init(walk: ScenarioWalk, loader: ScenarioLoader, shard: Shard?, locatesScenarios: Bool) {
      (self.walk, self.loader, self.shard, self.locatesScenarios) = (walk, loader, shard, locatesScenarios)
    }

    /// The next scenario or file's problems; `nil` when the walk is over. A scenario outline yields each of its rows
    /// in turn (Conformance/README.md §17).
    package mutating func next() -> Entry? {
      if !pending.isEmpty { return .scenario(pending.removeFirst()) }
      while let item = nextItem() {
        guard case .file(let file) = item else {
          if case .problem(let error) = item { return .invalid(file: error.file, errors: [error]) }
          continue
        }
        let (loaded, id) = file.load(with: loader, parser: parser)
        guard admitFile(id) else { continue }
        switch admit(loaded, file: file.name) {
        case .failure(let errors): return .invalid(file: file.name, errors: errors.errors)
        case .success(let cases):
          pending = cases
          if !pending.isEmpty { return .scenario(pending.removeFirst()) }
        }
      }
      return nil
    }

    /// What the walk yields, before anything is read.
    package enum Item: Sendable {
      /// A problem of the walk (a folder that cannot be read, a broken link…), reported as an invalid file.
      case problem(InputError)
      /// A file to load, then to admit.
      case file(FileToRead)
    }

    /// A scenario file the walk found, not yet opened.
    package struct FileToRead: Sendable {
      /// The path to open.
      let path: String
      /// How reports name the file.
      package let name: String
      /// Whether no file walked before this one has its name (without `.json`). A valid scenario's id is its file's
      /// name (scenario format §3.1), so no earlier scenario can use this one's id: if it is valid, it is admitted,
      /// and it can run before the files ahead of it are read. A file whose name was walked before runs only once
      /// ``admit(_:file:)`` has taken it.
      package let hasNewName: Bool
      /// Whether loading finds each case's line (``ScenarioCorpus/locatesScenarios``).
      let locatesScenarios: Bool

      /// Opens, reads and validates the file. Touches nothing shared, so files can be loaded on any task.
      ///
      /// - Returns: The file's cases (its scenario, or an outline's rows) or every problem found, and the file's device
      ///   and inode (`nil` when it could not be opened) for ``admitFile(_:)``.
      package func load(with loader: ScenarioLoader, parser: JSONParser = JSONParser())
        -> (Result<[Scenario], InputErrors>, FileID?)
      {
        let descriptor = open(path, JSONFile.openFlags)
        guard descriptor >= 0 else { return (.failure(InputErrors([JSONFile.cannotRead(name, errno)])), nil) }
        defer { close(descriptor) }
        switch JSONFile.status(of: descriptor, displayName: name) {
        case .failure(let error): return (.failure(InputErrors([error])), nil)
        case .success(let info):
          let read = JSONFile.contents(descriptor: descriptor, status: info, displayName: name).flatMap { bytes in
            JSONFile.parse(bytes, displayName: name, parser: parser).map { (bytes, $0) }
          }
          switch read {
          case .failure(let error): return (.failure(InputErrors([error])), FileID(info))
          case .success(let (bytes, value)):
            let loaded = loader.loadCases(value, file: name)
            return (Self.locating(loaded, of: value, in: bytes, lines: locatesScenarios), FileID(info))
          }
        }
      }

      /// The cases with the line of each (``Scenario/line``) when `lines` is set, or an invalid outline's errors with
      /// the line and column of each path (README §17): its rows' errors point at the row, its table's at the
      /// placeholder or parameter; another invalid file's errors with the line of each path only. A plain scenario's `id` is found by parsing the file only up to it; an outline's
      /// rows all in one parse, however many there are.
      private static func locating(
        _ loaded: Result<[Scenario], InputErrors>, of value: JSONValue, in bytes: [UInt8], lines: Bool
      ) -> Result<[Scenario], InputErrors> {
        bytes.withUnsafeBytes { raw in
          switch loaded {
          case .success where !lines: return loaded
          case .success(var cases):
            guard cases.contains(where: { $0.outline != nil }) else {
              let line = JSONParser.location(of: JSONPath([.key("id")]), in: raw)?.line ?? 1
              for index in cases.indices { cases[index].line = line }
              return .success(cases)
            }
            let rows = JSONParser.elementLines(of: JSONPath([.key("examples")]), in: raw)
            for index in cases.indices {
              let row = (cases[index].outline?.index ?? 0) - 1
              cases[index].line = rows.indices.contains(row) ? rows[row] : 1
            }
            return .success(cases)
          case .failure(let failure):
            // An outline's errors show their place in the text (README §17); a plain file's keep `FILE: PATH:` and
            // carry only the line, for the reports that place a file (JUnit, GitHub, the event stream).
            let outline = value["examples"] != nil
            return .failure(InputErrors(failure.errors.map { outline ? $0.located(in: raw) : $0.lined(in: raw) }))
          }
        }
      }
    }

    /// Walks to the next file, or to a problem of the walk; `nil` when the walk is over. Nothing is opened.
    package mutating func nextItem() -> Item? {
      while let entry = walk.next() {
        tally(entry)
        switch entry {
        case .problem(let error):
          if let shard, !shard.holds(key: Shard.key(ofFile: error.file)) { continue }
          walkProblemCount += 1
          return .problem(error)
        case .file(let path, let name):
          let baseName = String(PathParts(name).baseName)
          if let shard, !shard.holds(key: baseName) { continue }
          let hasNewName = names[baseName] == nil
          if hasNewName { names[baseName] = .some(nil) }
          return .file(
            FileToRead(path: path, name: name, hasNewName: hasNewName, locatesScenarios: locatesScenarios))
        }
      }
      return nil
    }

    /// Counts a walked entry, in every shard, into ``walkedBeforeSharding`` and ``namesBeforeSharding``.
    private mutating func tally(_ entry: ScenarioWalk.Entry) {
      walkedBeforeSharding += 1
      guard shard != nil else { return }
      switch entry {
      case .problem(let error): namesBeforeSharding = Shard.fnv1a64(error.file + "\n", from: namesBeforeSharding)
      case .file(_, let name): namesBeforeSharding = Shard.fnv1a64(name + "\n", from: namesBeforeSharding)
      }
    }

    /// Counts a loaded file, in walk order: `false` for a file already read through another path (a symbolic link),
    /// known by its device and inode; `id` is `nil` for a file that could not be opened, which always counts.
    package mutating func admitFile(_ id: FileID?) -> Bool {
      if let id, !readFiles.insert(id).inserted { return false }
      fileCount += 1
      return true
    }

    /// Admits a loaded file's cases, in walk order: the cases, or the file's problems, a scenario whose id an earlier
    /// file used among them (scenario format §3.1; an outline's rows share its file's id).
    package mutating func admit(_ loaded: Result<[Scenario], InputErrors>, file name: String)
      -> Result<[Scenario], InputErrors>
    {
      guard case .success(let cases) = loaded, let first = cases.first else { return loaded }
      if let duplicate = admit(id: first.fileID, file: name) { return .failure(InputErrors([duplicate])) }
      return loaded
    }

    /// Admits the id of a valid scenario read from `name`, in walk order: the duplicate-id error when an earlier
    /// file used it (scenario format §3.1), else `nil`. For a caller that keeps only the id of a scenario it has run.
    package mutating func admit(id: String, file name: String) -> InputError? {
      if case let other?? = names[id] { return .duplicateID(file: name, id: id, other: other) }
      names[id] = .some(name)
      return nil
    }

    /// Walks the rest of the corpus without reading it and returns how many scenario files were left (for
    /// `--fail-fast`'s "N files not run").
    package mutating func skipRemainingFiles() -> Int {
      var count = 0
      while let found = walk.next() {
        tally(found)
        if case .file(_, let name) = found, shard?.holds(key: Shard.key(ofFile: name)) ?? true { count += 1 }
      }
      return count
    }
  }
}
