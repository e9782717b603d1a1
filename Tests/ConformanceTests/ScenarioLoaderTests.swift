import Foundation
import TestScratch
import Testing

@testable import Conformance

@Suite("ScenarioLoader: every bad-input kind names the file and JSON path")
struct ScenarioLoaderTests {
  let loader = ScenarioLoader(manifests: TestPaths.manifests)

  /// Every problem the loader reports for a document, rendered; empty when it loads.
  func problems(_ value: JSONValue, file: String = "x.json") -> [String] {
    if case .failure(let failure) = loader.load(value, file: file) { return failure.errors.map(\.description) }
    return []
  }

  func errors(_ name: String) -> [String] {
    let url = TestPaths.fixtures.appendingPathComponent("invalid/\(name)")
    switch loader.load(url, displayName: "invalid/\(name)") {
    case .success: return []
    case .failure(let failure): return failure.errors.map(\.description)
    }
  }

  @Test func bundledManifestLoads() throws {
    let manifest = try #require(TestPaths.manifests["login"])
    #expect(
      manifest.actions.cases.map(\.name) == ["dismissed", "emailChanged", "loginResponse", "passwordChanged", "submit"])
    #expect(manifest.effects.cases.map(\.name) == ["authenticate", "cancel"])
    #expect(manifest.initialState == ["email": "", "password": "", "isLoading": false, "error": .null])
    #expect(manifest.actions.case(named: "emailChanged")?.platformNames["kotlin"] == "UpdateEmail")
  }

  @Test func everyBundledManifestLoadsAndHasScenarios() throws {
    let loaded = ManifestLoader().loadAll(in: TestPaths.features, displayPath: { $0.lastPathComponent })
    #expect(loaded.errors.map(\.description) == [])
    let folders = try FileManager.default.contentsOfDirectory(atPath: TestPaths.scenarios.path).sorted()
    #expect(loaded.manifests.keys.sorted() == folders)
  }

  @Test func bundledSignupManifestDeclaresAvailabilityAsAStringEnum() throws {
    let manifest = try #require(TestPaths.manifests["signup"])
    let availability = try #require(manifest.stateFields.first { $0.name == "availability" })
    #expect(availability.type == .stringEnum(["unknown", "checking", "available", "taken"]))
    #expect(
      manifest.effects.cases.map { "\($0.name):\($0.cancellationID ?? "-")" } == [
        "cancel:-", "checkAvailability:availability", "register:register",
      ])
    #expect(manifest.types["RegisterResult"]?.cases.map(\.name) == ["failure", "success", "usernameTaken"])
  }

  @Test(arguments: TestPaths.manifests.keys.sorted())
  func everyBundledScenarioIsValid(feature: String) {
    let files = TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent(feature))
    #expect(files.count >= 5)  // timer, the smallest bundled suite, has 6 reducer-level files
    for url in files where TestPaths.cases(url) == nil {
      // Outlines load through `loadCases`; a plain file gives its errors through `load`.
      if case .failure(let failure) = loader.load(url, displayName: url.lastPathComponent) {
        Issue.record("\(failure.errors.map(\.description))")
      } else {
        Issue.record("\(url.lastPathComponent) does not load")
      }
    }
  }

  @Test(arguments: [
    (
      "syntax-error.json",
      [
        "invalid/syntax-error.json:4:3: invalid JSON: unexpected character '\"'; expected ',' or '}' after an object member"
      ]
    ),
    (
      "unknown-action.json",
      [
        "invalid/unknown-action.json: steps[0].send.type: unknown action 'sumbit'; did you mean 'submit'? (the login manifest defines: dismissed, emailChanged, loginResponse, passwordChanged, submit)"
      ]
    ),
    (
      "state-and-changes.json",
      [
        "invalid/state-and-changes.json: steps[0].expect: 'state' and 'changes' cannot both be given; use 'state' for the full state or 'changes' for the fields that change"
      ]
    ),
    (
      "unknown-feature.json",
      [
        "invalid/unknown-feature.json: feature: unknown feature 'logn'; did you mean 'login'? (known features: "
          + TestPaths.manifests.keys.sorted().joined(separator: ", ") + ")"
      ]
    ),
    (
      "empty-steps.json",
      [
        "invalid/empty-steps.json: id: id 'Empty_Steps' is not kebab-case (lowercase letters and digits joined by single '-')",
        "invalid/empty-steps.json: description: description is empty; say what the scenario shows and cite the rule",
        "invalid/empty-steps.json: steps: a scenario needs at least one step",
      ]
    ),
    (
      "not-utf8.json",
      [
        "invalid/not-utf8.json:1:59: invalid JSON: invalid UTF-8 byte 0xE9 in a string; the file must be UTF-8 (RFC 8259 §8.1) (at description)"
      ]
    ),
    (
      "duplicate-key.json",
      ["invalid/duplicate-key.json:1:15: invalid JSON: duplicate key 'id' (each key may appear once in an object)"]
    ),
    (
      "unknown-keys.json",
      [
        "invalid/unknown-keys.json: tag: unknown key 'tag'; did you mean 'tags'? (allowed: id, feature, description, rules, tags, initialState, steps, exhaustive, level, leavesRunning, start)",
        "invalid/unknown-keys.json: steps[0].send.value: expected string, got 42",
        "invalid/unknown-keys.json: steps[0].expect.changes.isLoading: expected boolean, got \"yes\"",
        "invalid/unknown-keys.json: steps[0].expect.changes.emial: unknown field 'emial' of the login state; did you mean 'email'? (its fields are: email, error, isLoading, password)",
        "invalid/unknown-keys.json: steps[0].expect.effects[0]: missing field 'password' of effect 'authenticate'",
      ]
    ),
  ])
  func reportsEveryProblemVerbatim(file: String, expected: [String]) {
    #expect(errors(file) == expected)
  }

  @Test func reportsTooDeepNestingWithAShortPath() {
    let errors = errors("too-deep.json")
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasPrefix(
        "invalid/too-deep.json:1:257: invalid JSON: nesting is deeper than 256 levels (at [0][0][0][0][0][0][0][0]…")
        == true)
  }

  @Test func refusesVeryLargeFilesBeforeReadingThem() throws {
    let url = ScratchFolder.path("huge", suffix: ".json")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(JSONFile.maximumSize + 1))
    try handle.close()
    defer { try? FileManager.default.removeItem(at: url) }
    guard case .failure(let failure) = loader.load(url, displayName: "huge.json") else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "huge.json: the file is 16777217 bytes, over the limit of 16777216 bytes; split it into smaller scenarios"
      ])
  }

  @Test func aHugeUnknownNameIsClippedWithItsLengthAndGetsNoSuggestion() {
    let huge = String(repeating: "x", count: 10 * 1024 * 1024)
    let value: JSONValue = [
      "id": "x", "feature": "login", "description": "d", "steps": [["send": ["type": .string(huge)]]],
    ]
    // Its time is measured by scripts/bench (the big-input shapes), not here.
    #expect(
      problems(value) == [
        "x.json: steps[0].send.type: unknown action '\(String(repeating: "x", count: 64))…' (10485760 characters) (the login manifest defines: dismissed, emailChanged, loginResponse, passwordChanged, submit)"
      ])
  }

  @Test func manyTagsAreCheckedForDuplicatesInLinearTime() {
    let tags = (0..<100_000).map { JSONValue.string("t\($0)") } + ["t7"]
    let value: JSONValue = [
      "id": "x", "feature": "login", "description": "d", "tags": .array(tags),
      "steps": [["send": ["type": "submit"], "expect": ["changes": ["error": "Email is required."]]]],
    ]
    #expect(problems(value) == ["x.json: tags[100000]: duplicate tag 't7'"])
  }

  @Test func checksNestedUnionCasesAgainstTheManifest() throws {
    let value = try JSONParser().parse(
      #"{"id":"x","feature":"login","description":"d","steps":[{"send":{"type":"loginResponse","result":{"type":"succes","userId":"u"}}}]}"#
    )
    #expect(
      problems(value) == [
        "x.json: steps[0].send.result.type: unknown LoginResult case 'succes'; did you mean 'success'? (the login manifest defines: failure, success)"
      ])
  }

  /// Names match by exact scalars (scenario format §5), so a name that only looks like a known one is unknown; its
  /// message lists the scalars that make it differ when it is not in NFC: a decomposed `é`, U+212A KELVIN SIGN.
  @Test func aLookAlikeNameIsQuotedWithItsScalars() throws {
    #expect(quotedName("email") == "'email'")
    #expect(quotedName("\u{E9}mail") == "'\u{E9}mail'")  // In NFC: quoted as it is.
    #expect(quotedName("e\u{301}mail") == "'e\u{301}mail' (U+0301 COMBINING ACUTE ACCENT, not NFC)")
    #expect(
      quotedName("\u{212B}\u{212A}") == "'\u{212B}\u{212A}' (U+212B ANGSTROM SIGN, U+212A KELVIN SIGN, not NFC)")
    #expect(quotedName(String(repeating: "e\u{301}", count: 5)).hasSuffix("' (U+0301 COMBINING ACUTE ACCENT, not NFC)"))
    let nineMarks = ["\u{300}", "\u{301}", "\u{302}", "\u{303}", "\u{304}", "\u{306}", "\u{307}", "\u{308}", "\u{30A}"]
    #expect(quotedName(nineMarks.map { "a" + $0 }.joined()).hasSuffix(" U+0308 COMBINING DIAERESIS, …, not NFC)"))
    // What makes the name differ comes first, however many other letters come before it.
    #expect(
      quotedName("αβγδεζηθ\u{212A}").hasSuffix(
        "' (U+212A KELVIN SIGN, U+03B1 GREEK SMALL LETTER ALPHA, U+03B2 GREEK SMALL LETTER BETA, "
          + "U+03B3 GREEK SMALL LETTER GAMMA, U+03B4 GREEK SMALL LETTER DELTA, U+03B5 GREEK SMALL LETTER EPSILON, "
          + "U+03B6 GREEK SMALL LETTER ZETA, U+03B7 GREEK SMALL LETTER ETA, …, not NFC)"))
    let value = try JSONParser().parse(
      Data(
        #"{"id":"x","feature":"login","description":"d","steps":[{"send":{"type":"submit"},"expect":{"changes":{"e\u0301mail":""}}},{"send":{"type":"dismissed","\u212A":1}}]}"#
          .utf8))
    #expect(
      problems(value) == [
        "x.json: steps[0].expect.changes[\"e\\u0301mail\"]: unknown field 'e\u{301}mail' (U+0301 COMBINING ACUTE ACCENT, not NFC) of the login state; did you mean 'email'? (its fields are: email, error, isLoading, password)",
        "x.json: steps[1].send[\"\\u212A\"]: unknown field '\u{212A}' (U+212A KELVIN SIGN, not NFC) of action 'dismissed' (it has no fields)",
      ])
  }

  /// A file that cannot be opened says why, and for a limit of open files what to do.
  @Test func aLimitOfOpenFilesSaysWhatToDo() {
    #expect(
      JSONFile.cannotRead("x.json", EMFILE).description
        == "x.json: cannot read the file: Too many open files (raise the limit of open files, for example with 'ulimit -n 1024')"
    )
    #expect(
      JSONFile.cannotRead("x.json", ENOENT).description == "x.json: cannot read the file: No such file or directory")
  }

  @Test func defaultsInitialStateToTheManifests() throws {
    let value = try JSONParser().parse(
      #"{"id":"x","feature":"login","description":"d","steps":[{"send":{"type":"submit"}}]}"#)
    guard case .success(let scenario) = loader.load(value, file: "x.json") else {
      Issue.record("expected success")
      return
    }
    #expect(scenario.initialState == TestPaths.manifests["login"]?.initialState)
    #expect(scenario.exhaustive)
  }

  @Test func idMustMatchTheFileNameAndFeatureTheFolderAndTagsBeUnique() throws {
    let value = try JSONParser().parse(
      #"{"id":"login-a","feature":"login","description":"d","tags":["x","x"],"steps":[{"send":{"type":"submit"}}]}"#)
    let found = problems(value, file: "Conformance/scenarios/cart/login-b.json")
    #expect(
      found == [
        "Conformance/scenarios/cart/login-b.json: id: id 'login-a' does not match the file name 'login-b.json'; name the file 'login-a.json' (scenario format §3.1)",
        "Conformance/scenarios/cart/login-b.json: feature: feature 'login' does not match the folder 'cart'; keep scenarios in scenarios/<feature>/",
        "Conformance/scenarios/cart/login-b.json: tags[1]: duplicate tag 'x'",
      ])
  }

  @Test func emptyIdsFeaturesAndStepDescriptionsAreErrors() throws {
    let value = try JSONParser().parse(
      #"{"id":"","feature":"","description":"d","steps":[{"send":{"type":"submit"},"description":" "}]}"#)
    let found = problems(value, file: "x.json")
    #expect(
      found == [
        "x.json: id: id is empty; give the scenario a kebab-case id, also its file name",
        "x.json: feature: feature is empty; name the feature manifest the scenario belongs to",
        "x.json: steps[0].description: a step description, when given, must not be empty",
      ])
  }

  @Test func symbolicLinksAreMeasuredAndNonRegularFilesAreRefused() throws {
    let folder = ScratchFolder.path("links")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big.data")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: UInt64(JSONFile.maximumSize + 1))
    try handle.close()
    let link = folder.appendingPathComponent("link.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: big)
    let fifo = folder.appendingPathComponent("pipe.json")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let directory = folder.appendingPathComponent("dir.json")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let messages = [link, fifo, directory].map { url -> String in
      if case .failure(let failure) = loader.load(url, displayName: url.lastPathComponent) {
        return failure.errors.map(\.description).joined()
      }
      return "loaded"
    }
    #expect(
      messages == [
        "link.json: the file is 16777217 bytes, over the limit of 16777216 bytes; split it into smaller scenarios",
        "pipe.json: this is not a regular file (a pipe, socket or device)",
        "dir.json: this is a folder, not a JSON file",
      ])
  }

  @Test func unknownEffectsAndWrongStepShapesAreErrors() throws {
    let value = try JSONParser().parse(
      #"{"id":"x","feature":"login","description":"d","steps":[{"send":{"type":"submit"},"expect":{"effects":[{"type":"authenticat","email":"a","password":"b"}]}},{"send":{"type":"submit"},"expect":{"effects":{}}},"nope"]}"#
    )
    let found = problems(value, file: "x.json")
    #expect(
      found == [
        "x.json: steps[0].expect.effects[0].type: unknown effect 'authenticat'; did you mean 'authenticate'? (the login manifest defines: authenticate, cancel)",
        "x.json: steps[1].expect.effects: expected an array of effects, got object",
        "x.json: steps[2]: expected a step (a JSON object), got string",
      ])
  }

  @Test func aFileWithThousandsOfProblemsListsTheFirstHundred() throws {
    let junk = (0..<1_000).map { "\"k\($0)\":0" }.joined(separator: ",")
    let value = try JSONParser().parse(
      #"{"id":"x","feature":"login","description":"d","steps":[{"send":{"type":"submit"}}],"# + junk + "}")
    let found = problems(value, file: "x.json")
    #expect(found.count == 101)
    #expect(found.last == "x.json: … and 900 more problems in this file (fix these first)")
  }
}
