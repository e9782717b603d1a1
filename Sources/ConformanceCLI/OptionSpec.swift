import Foundation

extension ArgumentScanner {
  /// How an option is declared: what the parser accepts and what help and usage say of it, in one value, so that a
  /// command's help cannot document an option its parser rejects or leave out one it accepts.
  ///
  /// A command keeps one table of these; ``ArgumentScanner`` parses with it, and its `OPTIONS` section and the
  /// options part of its usage line are rendered from it (`helpSection` and `synopsis` on an array of them), in
  /// swift-argument-parser's layout.
  ///
  /// ```swift
  /// static let options: [ArgumentScanner.OptionSpec] = [
  ///   .option("tag", "<tag>", repeatable: true, help: "Only scenarios with this tag (repeatable: any of them)."),
  ///   .flag("fail-fast", help: "Stop after the first scenario that fails."),
  ///   .help,
  /// ]
  /// ```
  struct OptionSpec {
    /// The long name, without `--`.
    let name: String
    /// A one-letter alias, without `-` (`h` for `-h`).
    let short: Character?
    /// The value's placeholder in help and usage (`<name>`, `text|json`); `nil` for a flag.
    let value: String?
    /// Whether the option may be given more than once; usage shows `...` after it.
    let isRepeatable: Bool
    /// Whether usage shows the option without brackets; the command itself checks that it is given.
    let isRequired: Bool
    /// The option this one is an alternative to: usage shows both in one bracket, `[--a <x> | --b]`. It must follow
    /// that option in the table.
    let alternativeTo: String?
    /// The help paragraph, one line of text; the OPTIONS section wraps it. `'swift'` in it is the in-process
    /// implementation's default name, which a command replaces with the executable's.
    let help: String

    /// Whether the option takes a value (`--name value` or `--name=value`).
    var takesValue: Bool { value != nil }

    /// How help names the option: `--name <value>`, or `-h, --help` with a short alias.
    var label: String {
      (short.map { "-\($0), " } ?? "") + "--" + name + (value.map { " " + $0 } ?? "")
    }

    /// An option that takes a value.
    ///
    /// - Parameters:
    ///   - name: The long name, without `--`.
    ///   - value: The placeholder help and usage show for the value, e.g. `<file>`.
    ///   - repeatable: Whether it may be given more than once.
    ///   - required: Whether usage shows it as required.
    ///   - alternativeTo: The option usage shows it as an alternative to.
    ///   - help: The help paragraph.
    static func option(
      _ name: String, _ value: String, repeatable: Bool = false, required: Bool = false, alternativeTo: String? = nil,
      help: String
    ) -> OptionSpec {
      OptionSpec(
        name: name, short: nil, value: value, isRepeatable: repeatable, isRequired: required,
        alternativeTo: alternativeTo, help: help)
    }

    /// A flag: an option without a value.
    ///
    /// - Parameters:
    ///   - name: The long name, without `--`.
    ///   - short: A one-letter alias.
    ///   - alternativeTo: The option usage shows it as an alternative to.
    ///   - help: The help paragraph.
    static func flag(_ name: String, short: Character? = nil, alternativeTo: String? = nil, help: String)
      -> OptionSpec
    {
      OptionSpec(
        name: name, short: short, value: nil, isRepeatable: false, isRequired: false, alternativeTo: alternativeTo,
        help: help)
    }

    /// `-h, --help`, which every command accepts.
    static let help = flag("help", short: "h", help: "Show help information.")
  }
}

// MARK: - Help and usage

extension [ArgumentScanner.OptionSpec] {
  /// The column help text starts in: two spaces, then the label padded to 24 characters.
  private static let helpColumn = 26
  /// The width help text is wrapped to, the width of the hand-written sections around it.
  private static let lineWidth = 110

  /// The options part of a usage line, in table order: `[--name <value>]`, `[--name <value> ...]` when repeatable,
  /// no brackets when required, alternatives in one bracket (`[--baseline <file> | --no-baseline]`). `--help` is
  /// left out, as swift-argument-parser leaves it out.
  var synopsis: String {
    var groups: [[ArgumentScanner.OptionSpec]] = []
    for spec in self where spec.name != "help" {
      if let alternative = spec.alternativeTo, groups.last?.last?.name == alternative {
        groups[groups.count - 1].append(spec)
      } else {
        groups.append([spec])
      }
    }
    return groups.map { group in
      let text = group.map { $0.label + ($0.isRepeatable ? " ..." : "") }.joined(separator: " | ")
      return group.count == 1 && group[0].isRequired ? text : "[\(text)]"
    }.joined(separator: " ")
  }

  /// The body of an OPTIONS section, one entry per option in table order: two spaces, the label padded to 24
  /// characters, then the help wrapped to the section's width with continuation lines aligned under it; a label too
  /// long for its column stands on a line of its own, its help on the next.
  var helpSection: String {
    let indent = String(repeating: " ", count: Self.helpColumn)
    return flatMap { spec -> [String] in
      let lines = Self.wrap(spec.help, width: Self.lineWidth - Self.helpColumn).map { indent + $0 }
      let label = "  " + spec.label
      guard label.count + 2 <= Self.helpColumn, let first = lines.first else { return [label] + lines }
      return [label.padding(toLength: Self.helpColumn, withPad: " ", startingAt: 0) + first.dropFirst(Self.helpColumn)]
        + lines.dropFirst()
    }.joined(separator: "\n")
  }

  /// The options of the table with these names, in the order given, for a usage line that shows some of them.
  ///
  /// - Precondition: Every name is in the table.
  func named(_ names: [String]) -> [ArgumentScanner.OptionSpec] {
    names.map { name in
      guard let spec = first(where: { $0.name == name }) else { preconditionFailure("no option '--\(name)'") }
      return spec
    }
  }

  /// `text` broken at spaces into lines of at most `width` characters (a longer word stands alone).
  private static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return line.isEmpty ? lines : lines + [line]
  }
}
