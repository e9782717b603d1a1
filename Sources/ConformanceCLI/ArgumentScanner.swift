import Conformance
import Foundation

/// A small command-line parser in the shape of swift-argument-parser: options `--name value` or `--name=value`,
/// flags, repeated options, and positional arguments; `--` ends options.
///
/// Errors are ``CLIError/usage(_:command:)`` with a suggestion for a misspelt option.
struct ArgumentScanner {
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []

  /// Parses `arguments` against `options`; a short alias (`-h`) is taken as its long name (`--help`).
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for an unknown option or a missing value.
  init(_ arguments: [String], options: [OptionSpec], command: String) throws(CLIError) {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if let aliased = options.first(where: { $0.short.map { "-\($0)" } == name }) { name = "--" + aliased.name }
      guard let spec = options.first(where: { "--" + $0.name == name }) else {
        let names = options.map { "--" + $0.name }
        let hint = Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("unknown option '\(name)'\(hint)", command: command)
      }
      if spec.takesValue {
        if let inlineValue {
          values[spec.name, default: []].append(inlineValue)
        } else if index < arguments.count {
          values[spec.name, default: []].append(arguments[index])
          index += 1
        } else {
          throw .usage("option '\(name)' needs a value", command: command)
        }
      } else {
        if inlineValue != nil { throw .usage("flag '\(name)' does not take a value", command: command) }
        flags.insert(spec.name)
      }
    }
  }

  /// The last value of an option, or `nil`.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeated option.
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Whether a flag was given.
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The value of an option as `parse` reads it, or `nil` when the option is absent.
  ///
  /// ```swift
  /// let level = try scanner.value("level", command: "fuzz", takes: "reducer or runtime", ScenarioLevel.init)
  /// ```
  ///
  /// - Parameters:
  ///   - takes: What the option takes, for the error: `a whole number from 1 to 64`.
  ///   - parse: The value read from the option's text, or `nil` when the text is not one.
  /// - Throws: ``CLIError/usage(_:command:)`` `option '--NAME' takes TAKES, got 'TEXT'` when `parse` returns `nil`.
  func value<Value>(_ name: String, command: String, takes: String, _ parse: (String) -> Value?) throws(CLIError)
    -> Value?
  {
    guard let text = value(name) else { return nil }
    guard let value = parse(text) else {
      throw .usage("option '--\(name)' takes \(takes), got '\(text)'", command: command)
    }
    return value
  }

  /// Reads a whole number in `range`, for ``value(_:command:takes:_:)``: `nil` for any other text.
  static func whole(_ range: some RangeExpression<Int>) -> (String) -> Int? {
    { text in Int(text).flatMap { range.contains($0) ? $0 : nil } }
  }

  /// A positive number of seconds, or `nil` when the option is absent.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` when the value is not a positive number.
  func seconds(_ name: String, command: String) throws(CLIError) -> Double? {
    guard let text = value(name) else { return nil }
    let isDecimal =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
      && text.filter { $0 == "." }.count <= 1
    guard isDecimal, let seconds = Double(text), seconds > 0, seconds.isFinite else {
      throw .usage(
        "option '--\(name)' needs a positive number of seconds in decimal digits (e.g. 2.5), got '\(text)'",
        command: command)
    }
    return seconds
  }
}

// MARK: - OptionSpec

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
