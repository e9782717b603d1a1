import Conformance

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
