import Conformance
import Foundation

/// `conformance generate-fast-path <feature>`: writes the Swift source of a ``CodableFastPath`` for a feature
/// registered through ``CodableFeature``, to standard output (README, "Make the Codable bridge fast").
struct GenerateFastPathCommand: CLICommand {
  static let name = "generate-fast-path"
  static let abstract = "Write generated Swift that decodes actions and encodes states without the Codable bridge."
  static let usage = "conformance generate-fast-path <feature> [--output <file>] [--type-name <name>] [--internal]"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    USAGE: \(usage)

    ARGUMENTS:
      <feature>               A feature registered with CodableFeature in this executable, with a manifest
                              in Conformance/features.

    OPTIONS:
      --output <file>         Write the source to <file> (default: standard output). The file is replaced in
                              one step, and only when it is missing or was written by this command.
      --type-name <name>      The generated struct's name (default: the feature's name in upper camel case
                              followed by FastPath, e.g. LoginFastPath).
      --internal              Declare the struct internal, not public: for a file in the same module as
                              internal feature types.
      -h, --help              Show help information.

    Notes on what the fast path leaves to the Codable bridge go to standard error. Put the file in a target
    that depends on the feature's module and on the 'Conformance' product (name the target differently from
    the struct), and pass the struct to CodableFeature(_:reducer:initialState:fastPath:). The generator
    decodes one probe value per case through the bridge to read each case's labels in declaration order, so
    it runs inside the executable the feature is registered in. After changing the manifest or the Swift
    types, regenerate it; building with -DCONFORMANCE_FAST_PATH_STUB compiles a stand-in instead of the old
    code, so an out-of-date file cannot stop the build:
      swift run -Xswiftc -DCONFORMANCE_FAST_PATH_STUB <executable> generate-fast-path <feature> --output <file>

    EXIT STATUS: 0 when the source was written; 2 for an unknown feature, a feature not registered with
    CodableFeature, a manifest that has errors, or an output file that cannot be written or was not written
    by this command.
    """
  }

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(
      arguments,
      options: [
        .init(name: "output", takesValue: true), .init(name: "type-name", takesValue: true),
        .init(name: "internal", takesValue: false), .init(name: "help", takesValue: false),
      ],
      command: name)
    if scanner.has("help") {
      console.out(help)
      return ExitCode.success
    }
    guard scanner.positionals.count == 1, let feature = scanner.positionals.first else {
      throw .usage(
        scanner.positionals.isEmpty ? "missing the feature to generate a fast path for" : "give exactly one feature",
        command: name)
    }
    let typeName = scanner.value("type-name") ?? defaultTypeName(feature)
    guard isIdentifier(typeName) else {
      throw .usage("--type-name '\(typeName)' is not a Swift type name (letters, digits and '_')", command: name)
    }
    let workspace = Workspace(currentDirectory: console.currentDirectory)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    let known = swift.adapters.keys.sorted().joined(separator: ", ")
    guard let adapter = swift.adapters[feature] else {
      throw .input(
        "unknown feature '\(feature)': this executable registers \(known.isEmpty ? "no feature" : known)")
    }
    guard let manifest = loader.manifests[feature] else {
      for error in manifestErrors { console.error("\(error)") }
      let broken = manifestErrors.contains {
        URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent == feature
      }
      throw .input(
        broken
          ? "the manifest of '\(feature)' has errors (above); fix it first"
          : "no manifest for '\(feature)': expected Conformance/features/\(feature).json in '\(console.currentDirectory.path)' or a parent"
      )
    }
    guard let bindable = adapter as? any ManifestBindable,
      let generating = bindable.bound(to: manifest) as? any FastPathGenerating
    else {
      throw .input(
        "feature '\(feature)' is registered with \(type(of: adapter)), not CodableFeature; a fast path speeds up the Codable bridge only"
      )
    }
    let output = scanner.value("output")
    if let output { try checkReplaceable(output, feature: feature, console: console) }
    // What the output held when it was checked: it is replaced only while it still holds this.
    let existing = output.flatMap {
      FileManager.default.contents(atPath: URL(fileURLWithPath: $0, relativeTo: console.currentDirectory).path)
    }
    let fileName = URL(fileURLWithPath: manifest.file).lastPathComponent
    let (source, notes, problems) = generating.fastPathSource(
      manifest: manifest, manifestFile: "Conformance/features/\(fileName)", typeName: typeName,
      tool: RunningExecutable.name, outputFile: output, isPublic: !scanner.has("internal"))
    for note in notes { console.err("note: \(note)") }
    if !problems.isEmpty {
      for problem in problems { console.error(problem) }
      throw .input("the fast path of '\(feature)' would not compile (above); nothing was written")
    }
    guard let output else {
      console.outRaw(source)
      return ExitCode.success
    }
    let url = URL(fileURLWithPath: output, relativeTo: console.currentDirectory)
    do {
      // Through the one writer: whole or not at all, through a link, refusing a FIFO or a read-only file, and only
      // over the text that was there when the command started.
      try FileWriter.write(Data(source.utf8), to: url, display: output, expect: .contents(existing))
    } catch {
      throw .input(error.message)
    }
    console.err("wrote \(output)")
    return ExitCode.success
  }

  /// The system's reason for a failed write (`strerror`), else Foundation's description.
  private static func describe(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    return (error as NSError).localizedDescription
  }

  /// The first line of every generated file, by which an existing file is recognised as one.
  static let header = "// Generated by '"

  /// Refuses an output path that is a folder, or a file this command did not write (existing files are never
  /// overwritten by surprise).
  ///
  /// - Throws: ``CLIError/input(_:)`` naming the file and what to do.
  private static func checkReplaceable(_ output: String, feature: String, console: Console) throws(CLIError) {
    let url = URL(fileURLWithPath: output, relativeTo: console.currentDirectory)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
    if isFolder.boolValue { throw .input("--output '\(output)' is a folder; name the Swift file to write") }
    guard let handle = FileHandle(forReadingAtPath: url.path) else {
      throw .input("cannot read '\(output)' to check that generate-fast-path wrote it; refusing to replace it")
    }
    // The first line names the command and the feature, whatever the executable's name is called.
    let start = (try? handle.read(upToCount: 1024)) ?? nil
    try? handle.close()
    let firstLine =
      start.map { String(decoding: $0, as: UTF8.self) }?.split(separator: "\n").first.map(String.init) ?? ""
    guard firstLine.hasPrefix(header), firstLine.contains(" generate-fast-path ") else {
      throw .input(
        "'\(output)' exists and was not written by generate-fast-path; refusing to replace it (move it, or choose "
          + "another --output)")
    }
    guard firstLine.contains(" generate-fast-path \(feature)'") else {
      throw .input(
        "'\(output)' holds the fast path of another feature; refusing to replace it with '\(feature)'s (choose "
          + "another --output)")
    }
  }

  /// `login` → `LoginFastPath`, `sign-up` → `SignUpFastPath`.
  static func defaultTypeName(_ feature: String) -> String {
    let words = feature.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "FastPath"
  }

  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCII, !("0"..."9").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
    }
  }
}
