import Foundation
import TestScratch
import Testing

@testable import Conformance

/// Loading `Conformance/implementations.json` and parsing `--harness NAME=COMMAND`: good input, every kind of bad input
/// with its exact message, and the factory.
@Suite struct ImplementationsConfigTests {
  private static let folder = URL(fileURLWithPath: "/repo/Conformance", isDirectory: true)

  // MARK: - Good input

  @Test func goodFileLoadsWithDefaultsAndResolvedWorkingDirectories() throws {
    let text = """
      {
        "$schema": "schema/implementations.schema.json",
        "implementations": [
          {"name": "kotlin", "description": "The Android reducer on the JVM.",
           "command": ["scripts/kotlin-harness", "--quiet"],
           "workingDirectory": "..", "startupTimeout": 120, "scenarioTimeout": 2.5, "restartBudget": 0,
           "environment": {"JAVA_OPTS": "-Xmx512m", "EMPTY": ""}},
          {"name": "python-2", "command": ["python3", "harness.py"]},
          {"name": "abs", "command": ["/usr/bin/env", "x"], "workingDirectory": "/tmp/../opt"}
        ]
      }
      """
    let config = try load(text).get()
    #expect(
      config.implementations == [
        HarnessConfiguration(
          name: "kotlin", command: ["scripts/kotlin-harness", "--quiet"],
          workingDirectory: URL(fileURLWithPath: "/repo", isDirectory: true),
          environment: ["JAVA_OPTS": "-Xmx512m", "EMPTY": ""], description: "The Android reducer on the JVM.",
          startupTimeout: 120, scenarioTimeout: 2.5, restartBudget: 0),
        HarnessConfiguration(
          name: "python-2", command: ["python3", "harness.py"], workingDirectory: Self.folder, startupTimeout: 30,
          scenarioTimeout: 10, restartBudget: 3),
        HarnessConfiguration(
          name: "abs", command: ["/usr/bin/env", "x"], workingDirectory: URL(fileURLWithPath: "/opt", isDirectory: true)
        ),
      ])
    #expect(config.implementation(named: "python-2")?.command == ["python3", "harness.py"])
    #expect(config.implementation(named: "swift") == nil)
  }

  @Test func emptyListIsValid() throws {
    #expect(try load(#"{"implementations": []}"#).get() == ImplementationsConfig())
  }

  @Test func fileOnDiskResolvesAgainstItsFolder() throws {
    let directory = ScratchFolder.path("impl")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("implementations.json")
    try Data(#"{"implementations": [{"name": "k", "command": ["./h"], "workingDirectory": "sub"}]}"#.utf8).write(
      to: file)
    let config = try ImplementationsConfig.load(file, displayName: "implementations.json").get()
    #expect(
      config.implementations.first?.workingDirectory.path
        == directory.appendingPathComponent("sub").standardizedFileURL.path)
  }

  // MARK: - Bad input

  @Test(arguments: [
    (
      #"{"implementations": [{"name": "kotlin", "command": ["x"], "comand": ["y"]}]}"#,
      [
        "implementations.json: implementations[0].comand: unknown key 'comand'; did you mean 'command'? "
          + "(allowed: name, description, command, workingDirectory, startupTimeout, scenarioTimeout, restartBudget, "
          + "environment, levels, features)"
      ]
    ),
    (
      #"{"implementations": [], "harnesses": []}"#,
      ["implementations.json: harnesses: unknown key 'harnesses' (allowed: implementations)"]
    ),
    (
      #"{"implementations": [{"name": "kotlin"}]}"#,
      ["implementations.json: implementations[0]: missing required key 'command'"]
    ),
    (
      #"{"implementations": [{"name": "kotlin", "command": []}]}"#,
      [
        "implementations.json: implementations[0].command: the command is empty; give at least the program to run, "
          + #"e.g. ["scripts/kotlin-harness"]"#
      ]
    ),
    (
      #"{"implementations": [{"name": "kotlin", "command": "scripts/kotlin-harness"}]}"#,
      [
        "implementations.json: implementations[0].command: expected an array of strings (the program, then its "
          + "arguments), got string"
      ]
    ),
    (
      #"{"implementations": [{"name": "kotlin", "command": ["x", 1, ""]}]}"#,
      [
        "implementations.json: implementations[0].command[1]: expected a non-empty string without U+0000, got 1",
        #"implementations.json: implementations[0].command[2]: expected a non-empty string without U+0000, got """#,
      ]
    ),
    (
      #"{"implementations": [{"command": ["x"]}]}"#,
      ["implementations.json: implementations[0]: missing required key 'name'"]
    ),
    (
      #"{"implementations": [{"name": "Kotlin_JVM", "command": ["x"]}]}"#,
      [
        "implementations.json: implementations[0].name: the name 'Kotlin_JVM' is not kebab-case (lowercase letters "
          + "and digits joined by single '-')"
      ]
    ),
    (
      #"{"implementations": [{"name": "swift", "command": ["x"]}]}"#,
      [
        "implementations.json: implementations[0].name: the name 'swift' is reserved for the built-in Swift "
          + "implementation; choose another name"
      ]
    ),
    (
      #"{"implementations": [{"name": "kotlin", "command": ["x"]}, {"name": "kotlin", "command": ["y"]}]}"#,
      [
        "implementations.json: implementations[1].name: duplicate name 'kotlin' (also used by implementations[0]); "
          + "names must be unique"
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "startupTimeout": "120", "scenarioTimeout": 0}]}"#,
      [
        #"implementations.json: implementations[0].startupTimeout: expected a positive number of seconds, got "120""#,
        "implementations.json: implementations[0].scenarioTimeout: expected a positive number of seconds, got 0",
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "scenarioTimeout": -1, "restartBudget": 1.5}]}"#,
      [
        "implementations.json: implementations[0].scenarioTimeout: expected a positive number of seconds, got -1",
        "implementations.json: implementations[0].restartBudget: expected a whole number of restarts from 0 to "
          + "1000000, got 1.5",
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "restartBudget": -1, "startupTimeout": null}]}"#,
      [
        "implementations.json: implementations[0].startupTimeout: expected a positive number of seconds, got null",
        "implementations.json: implementations[0].restartBudget: expected a whole number of restarts from 0 to "
          + "1000000, got -1",
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "environment": {"A=B": "1", "N": 2}}]}"#,
      [
        "implementations.json: implementations[0].environment[\"A=B\"]: 'A=B' is not a variable name (it must be "
          + "non-empty, without '=')",
        "implementations.json: implementations[0].environment.N: expected a string without U+0000, got 2",
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "environment": ["A"]}]}"#,
      ["implementations.json: implementations[0].environment: expected an object, got array"]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "workingDirectory": "", "description": " "}]}"#,
      [
        "implementations.json: implementations[0].description: the description is empty; say what the harness runs, "
          + "or leave it out",
        "implementations.json: implementations[0].workingDirectory: the working directory is empty; leave it out to "
          + "mean '.'",
      ]
    ),
    (
      #"{"implementations": {"kotlin": {}}}"#,
      ["implementations.json: implementations: expected an array of implementations, got object"]
    ),
    (
      #"{"implementations": ["kotlin"]}"#,
      ["implementations.json: implementations[0]: expected an implementation (a JSON object), got string"]
    ),
    (
      #"{}"#,
      ["implementations.json: (root): missing required key 'implementations'"]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "levels": []}]}"#,
      [
        #"implementations.json: implementations[0].levels: expected a non-empty list of distinct levels, "reducer" or "runtime", got []"#
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "levels": ["Runtime"]}]}"#,
      [
        #"implementations.json: implementations[0].levels[0]: expected "reducer" or "runtime", got "Runtime"; did you mean 'runtime'?"#
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "levels": ["runtime", "runtime"]}]}"#,
      ["implementations.json: implementations[0].levels[1]: 'runtime' is listed twice; list each level once"]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "features": "login"}]}"#,
      [
        #"implementations.json: implementations[0].features: expected a non-empty list of distinct feature names, got "login""#
      ]
    ),
    (
      #"{"implementations": [{"name": "k", "command": ["x"], "features": ["login", "login"]}]}"#,
      ["implementations.json: implementations[0].features[1]: 'login' is listed twice; list each feature once"]
    ),
    (
      #"[]"#,
      ["implementations.json: (root): expected an implementations file (a JSON object), got array"]
    ),
  ])
  func badInputIsReportedWithFileAndPath(text: String, messages: [String]) {
    switch load(text) {
    case .success(let config): Issue.record("expected errors, got \(config)")
    case .failure(let errors): #expect(errors.errors.map(\.description) == messages)
    }
  }

  @Test func syntaxErrorHasLineAndColumn() throws {
    let directory = ScratchFolder.path("impl")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("implementations.json")
    try Data("{\"implementations\": [\n  {\"name\": \"k\",}\n]}".utf8).write(to: file)
    let result = ImplementationsConfig.load(file, displayName: "Conformance/implementations.json")
    guard case .failure(let errors) = result else {
      Issue.record("expected a syntax error")
      return
    }
    #expect(
      errors.errors.map(\.description) == [
        "Conformance/implementations.json:2:16: invalid JSON: unexpected character '}'; expected a string key in "
          + "double quotes (at implementations[0])"
      ])
  }

  // MARK: - --harness

  @Test(arguments: [
    ("kotlin=scripts/kotlin-harness", "kotlin", ["scripts/kotlin-harness"]),
    ("kotlin=  java  -jar build/h.jar ", "kotlin", ["java", "-jar", "build/h.jar"]),
    (
      #"py-2=python3 "my harness.py" --mode='fast run' a\ b "say \"hi\"" 'it''s'"#, "py-2",
      ["python3", "my harness.py", "--mode=fast run", "a b", #"say "hi""#, "its"]
    ),
    (#"k=x "" ''"#, "k", ["x", "", ""]),
    ("k=x=y", "k", ["x=y"]),
  ])
  func harnessOptionIsSplitIntoWords(text: String, name: String, command: [String]) throws {
    let directory = URL(fileURLWithPath: "/work/here", isDirectory: true)
    let entry = try ImplementationsConfig.harnessOption(text, currentDirectory: directory).get()
    #expect(entry == HarnessConfiguration(name: name, command: command, workingDirectory: directory))
  }

  @Test func featuresAreReadFromTheFile() throws {
    let config = try load(
      #"{"implementations": [{"name": "vm", "command": ["x"], "features": ["login"]}, {"name": "k", "command": ["y"]}]}"#
    ).get()
    #expect(config.implementations.map(\.features) == [["login"], nil])
  }

  @Test func levelsAreReadFromTheFileAndTheOption() throws {
    let config = try load(
      #"{"implementations": [{"name": "vm", "command": ["x"], "levels": ["runtime"]}, {"name": "k", "command": ["y"]}]}"#
    ).get()
    #expect(config.implementations.map(\.levels) == [[.runtime], nil])
    let option = try ImplementationsConfig.harnessOption("vm:reducer,runtime=x", currentDirectory: Self.folder).get()
    #expect(option.name == "vm")
    #expect(option.levels == [.reducer, .runtime])
    #expect(option.command == ["x"])
  }

  @Test(arguments: [
    (
      "vm:=x",
      "--harness: '' in 'vm:' is not a level, or is repeated; expected NAME:runtime, NAME:reducer or NAME:reducer,runtime"
    ),
    (
      "vm:runtime,runtime=x",
      "--harness: 'runtime' in 'vm:runtime,runtime' is not a level, or is repeated; expected NAME:runtime, NAME:reducer or NAME:reducer,runtime"
    ),
    ("kotlin", "--harness: expected NAME=COMMAND, got 'kotlin'; for example --harness kotlin=scripts/kotlin-harness"),
    (
      "Kotlin=x",
      "--harness: the name 'Kotlin' is not kebab-case (lowercase letters and digits joined by single '-')"
    ),
    ("=x", "--harness: the name '' is not kebab-case (lowercase letters and digits joined by single '-')"),
    (
      "swift=conformance harness",
      "--harness: the name 'swift' is reserved for the built-in Swift implementation; choose another name"
    ),
    ("kotlin=", "--harness: the command after 'kotlin=' is empty; for example --harness kotlin=scripts/kotlin-harness"),
    (
      "kotlin= \t ",
      "--harness: the command after 'kotlin=' is empty; for example --harness kotlin=scripts/kotlin-harness"
    ),
    ("k=x 'y", "--harness: the command has an unterminated ' quote in 'k=x 'y'"),
    (#"k=x "y"#, #"--harness: the command has an unterminated " quote in 'k=x "y'"#),
    (#"k=x \"#, #"--harness: the command ends with a lone '\' in 'k=x \'"#),
  ])
  func badHarnessOptionIsReported(text: String, message: String) {
    switch ImplementationsConfig.harnessOption(text, currentDirectory: URL(fileURLWithPath: "/")) {
    case .success(let entry): Issue.record("expected an error, got \(entry)")
    case .failure(let error): #expect(error.description == message)
    }
  }

  // MARK: - Factory

  @Test func harnessOptionReplacesTheFileEntryWithTheSameName() throws {
    var config = try load(
      #"{"implementations": [{"name": "kotlin", "command": ["a"]}, {"name": "b", "command": ["b"]}]}"#
    )
    .get()
    config.add(try ImplementationsConfig.harnessOption("kotlin=other", currentDirectory: Self.folder).get())
    config.add(try ImplementationsConfig.harnessOption("c=c", currentDirectory: Self.folder).get())
    #expect(config.implementations.map(\.name) == ["kotlin", "b", "c"])
    #expect(config.implementations.map(\.command) == [["other"], ["b"], ["c"]])
  }

  @Test func configEntriesMakeImplementationsThatStart() async throws {
    let fixtures = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("Fixtures")
    let value = try JSONParser().parse(
      #"{"implementations": [{"name": "fake", "command": ["./fake-harness.py", "good"], "#
        + #""workingDirectory": "harnesses"}]}"#
    )
    let config = try ImplementationsConfig.load(value, file: "implementations.json", folder: fixtures).get()
    let implementations = config.implementations.map { ProcessImplementation(configuration: $0) }
    #expect(implementations.map(\.name) == ["fake"])
    let implementation = try #require(implementations.first)
    #expect(implementation.configuration == config.implementations.first)
    #expect(try await implementation.start().language == "Python")
    await implementation.shutdown()
  }

  // MARK: - Helpers

  private func load(_ text: String) -> Result<ImplementationsConfig, InputErrors> {
    do {
      return ImplementationsConfig.load(try JSONParser().parse(text), file: "implementations.json", folder: Self.folder)
    } catch {
      Issue.record("test input is not JSON: \(error)")
      return .success(ImplementationsConfig())
    }
  }
}
