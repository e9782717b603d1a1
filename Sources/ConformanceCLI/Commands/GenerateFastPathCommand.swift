import Conformance
import Foundation

/// `conformance generate-fast-path <feature>`: writes the Swift source of a ``CodableFastPath`` for a feature
/// registered through ``CodableFeature``, to standard output (README, "Make the Codable bridge fast").
struct GenerateFastPathCommand: CLICommand {
  static let name = "generate-fast-path"
  static let abstract = "Write generated Swift that decodes actions and encodes states without the Codable bridge."
  static let usage = "conformance generate-fast-path <feature> [--type-name <name>]"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    USAGE: \(usage)

    ARGUMENTS:
      <feature>               A feature registered with CodableFeature in this executable, with a manifest
                              in Conformance/features.

    OPTIONS:
      --type-name <name>      The generated struct's name (default: the feature's name in upper camel case
                              followed by FastPath, e.g. LoginFastPath).
      -h, --help              Show help information.

    The source goes to standard output; notes on what it leaves to the Codable bridge go to standard error.
    Save it in a target that imports the feature's module and pass it to CodableFeature(_:reducer:
    initialState:fastPath:). The generator decodes one probe value per action case through the bridge to read
    each case's labels in declaration order, so run it from the executable the feature is registered in, and
    again after changing the manifest or the Swift types.

    EXIT STATUS: 0 when the source was written; 2 for an unknown feature, a feature not registered with
    CodableFeature, or a manifest that has errors.
    """
  }

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(
      arguments,
      options: [.init(name: "type-name", takesValue: true), .init(name: "help", takesValue: false)],
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
    let fileName = URL(fileURLWithPath: manifest.file).lastPathComponent
    let (source, notes) = generating.fastPathSource(
      manifest: manifest, manifestFile: "Conformance/features/\(fileName)", typeName: typeName)
    for note in notes { console.err("note: \(note)") }
    console.outRaw(source)
    return ExitCode.success
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
