import Foundation
import Testing

/// `conformance record` end to end: expectations filled in from the built-in implementation's
/// trace at both levels, shown as a unified diff and written only with `--write`, differing expectations refused
/// until `--update`, action logs turned into scenarios, and every bad input named with its file and JSON path.
@Suite("conformance record end to end")
struct RecordCLITests {
  static let submit = """
    {
      "$schema": "../../schema/scenario.schema.json",
      "id": "login-recorded-submit",
      "feature": "login",
      "description": "L1: a submit with a valid email and password.",
      "tags": ["submit"],
      "steps": [
        {"send": {"type": "emailChanged", "value": "user@example.com"}},
        {"send": {"type": "passwordChanged", "value": "correct-horse"}},
        {"send": {"type": "submit"}, "description": "Starts the request."}
      ]
    }

    """

  static let submitRecorded = """
    {
      "$schema": "../../schema/scenario.schema.json",
      "id": "login-recorded-submit",
      "feature": "login",
      "description": "L1: a submit with a valid email and password.",
      "tags": ["submit"],
      "steps": [
        {
          "send": {"type": "emailChanged", "value": "user@example.com"},
          "expect": {"changes": {"email": "user@example.com"}}
        },
        {
          "send": {"type": "passwordChanged", "value": "correct-horse"},
          "expect": {"changes": {"password": "correct-horse"}}
        },
        {
          "send": {"type": "submit"},
          "expect": {
            "changes": {"isLoading": true},
            "effects": [{"type": "authenticate", "email": "user@example.com", "password": "correct-horse"}]
          },
          "description": "Starts the request."
        }
      ]
    }

    """

  /// What `record --actions session.ndjson` writes for the three actions of ``submit``.
  static let submitRecordedFromLog = submitRecorded.replacingOccurrences(
    of: #""description": "L1: a submit with a valid email and password.","#,
    with:
      #""description": "Recorded by conformance record from the action log session.ndjson on swift; check the expectations against the spec and cite its rule ids in 'rules' before committing.","#
  ).replacingOccurrences(of: #""tags": ["submit"],"#, with: #""tags": ["recorded"],"#)
    .replacingOccurrences(of: "},\n      \"description\": \"Starts the request.\"\n", with: "}\n")

  static let file = "Conformance/scenarios/login/login-recorded-submit.json"

  /// A workspace with the bundled manifests and `files` (path under `Conformance/scenarios/login` → text).
  static func workspace(_ files: [String: String]) throws -> URL {
    let root = try ScenarioCorpusCLITests.workspace([])
    let folder = root.appendingPathComponent("Conformance/scenarios/login")
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  static func text(_ path: String, in root: URL) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
  }

  @Test func aNewReducerScenarioIsShownAsADiffAndWrittenOnlyWithWrite() throws {
    let root = try Self.workspace(["login-recorded-submit.json": Self.submit])
    let dry = try CLI.run(["record", Self.file, "--from", "swift"], in: root)
    #expect(dry.status == 1)
    #expect(dry.stderr == "")
    #expect(
      dry.lines == [
        "--- \(Self.file)",
        "+++ \(Self.file) (recorded from swift)",
        "@@ -5,8 +5,21 @@",
        #"   "description": "L1: a submit with a valid email and password.","#,
        #"   "tags": ["submit"],"#,
        #"   "steps": ["#,
        #"-    {"send": {"type": "emailChanged", "value": "user@example.com"}},"#,
        #"-    {"send": {"type": "passwordChanged", "value": "correct-horse"}},"#,
        #"-    {"send": {"type": "submit"}, "description": "Starts the request."}"#,
        #"+    {"#,
        #"+      "send": {"type": "emailChanged", "value": "user@example.com"},"#,
        #"+      "expect": {"changes": {"email": "user@example.com"}}"#,
        #"+    },"#,
        #"+    {"#,
        #"+      "send": {"type": "passwordChanged", "value": "correct-horse"},"#,
        #"+      "expect": {"changes": {"password": "correct-horse"}}"#,
        #"+    },"#,
        #"+    {"#,
        #"+      "send": {"type": "submit"},"#,
        #"+      "expect": {"#,
        #"+        "changes": {"isLoading": true},"#,
        #"+        "effects": [{"type": "authenticate", "email": "user@example.com", "password": "correct-horse"}]"#,
        #"+      },"#,
        #"+      "description": "Starts the request.""#,
        #"+    }"#,
        "   ]",
        " }",
        "\(Self.file): 3 steps filled in (not written: pass --write)",
        "record from swift: 1 file: 1 to change (pass --write)",
      ])
    #expect(try Self.text(Self.file, in: root) == Self.submit)

    let written = try CLI.run(["record", Self.file, "--from", "swift", "--write"], in: root)
    #expect(written.status == 0)
    #expect(
      written.lines.suffix(2) == ["\(Self.file): 3 steps filled in, written", "record from swift: 1 file: 1 written"])
    #expect(try Self.text(Self.file, in: root) == Self.submitRecorded)
    #expect(try CLI.run(["validate", "Conformance/scenarios"], in: root).status == 0)
    #expect(try CLI.run(["run", "Conformance/scenarios", "--impl", "swift"], in: root).status == 0)

    let again = try CLI.run(["record", "Conformance/scenarios", "--from", "swift", "--write"], in: root)
    #expect(again.status == 0)
    #expect(
      again.lines == [
        "\(Self.file): unchanged (the expectations match swift's trace)", "record from swift: 1 file: 1 unchanged",
      ])
    #expect(try Self.text(Self.file, in: root) == Self.submitRecorded)
  }

  static let runtime = """
    {
      "$schema": "../../../schema/scenario.schema.json",
      "id": "login-runtime-recorded",
      "feature": "login",
      "level": "runtime",
      "description": "LR1: a success answers the call; a second submit starts another.",
      "tags": ["runtime"],
      "steps": [
        {"send": {"type": "emailChanged", "value": "user@example.com"}},
        {"send": {"type": "passwordChanged", "value": "correct-horse"}},
        {
          "send": {"type": "submit"},
          "expect": {
            "changes": {"isLoading": true},
            "calls": [{"call": "login", "dependency": "authenticate", "arguments": {"email": "user@example.com", "password": "correct-horse"}}]
          }
        },
        {"respond": {"call": "login", "result": {"type": "success", "userId": "u1"}}},
        {"advance": 10},
        {"send": {"type": "submit"}},
        {"send": {"type": "dismissed"}}
      ]
    }

    """

  static let runtimeRecorded = """
    {
      "$schema": "../../../schema/scenario.schema.json",
      "id": "login-runtime-recorded",
      "feature": "login",
      "level": "runtime",
      "description": "LR1: a success answers the call; a second submit starts another.",
      "tags": ["runtime"],
      "steps": [
        {
          "send": {"type": "emailChanged", "value": "user@example.com"},
          "expect": {"changes": {"email": "user@example.com"}}
        },
        {
          "send": {"type": "passwordChanged", "value": "correct-horse"},
          "expect": {"changes": {"password": "correct-horse"}}
        },
        {
          "send": {"type": "submit"},
          "expect": {
            "changes": {"isLoading": true},
            "calls": [
              {
                "call": "login",
                "dependency": "authenticate",
                "arguments": {"email": "user@example.com", "password": "correct-horse"}
              }
            ]
          }
        },
        {
          "respond": {"call": "login", "result": {"type": "success", "userId": "u1"}},
          "expect": {"changes": {"isLoading": false}}
        },
        {"advance": 10},
        {
          "send": {"type": "submit"},
          "expect": {
            "changes": {"isLoading": true},
            "calls": [
              {
                "call": "a1",
                "dependency": "authenticate",
                "arguments": {"email": "user@example.com", "password": "correct-horse"}
              }
            ]
          }
        },
        {"send": {"type": "dismissed"}, "expect": {"changes": {"isLoading": false}, "cancelled": ["a1"]}}
      ]
    }

    """

  /// A scenario reached through a symbolic link: --write rewrites the file the link points to, and the link stays.
  @Test func writingThroughASymbolicLinkKeepsTheLink() throws {
    let root = try Self.workspace(["login-recorded-submit.json": Self.submit])
    let target = root.appendingPathComponent("kept/login-recorded-submit.json")
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: root.appendingPathComponent(Self.file), to: target)
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(Self.file).path, withDestinationPath: target.path)
    let result = try CLI.run(["record", Self.file, "--from", "swift", "--write"], in: root)
    #expect(result.status == 0, "\(result.lines) \(result.errorLines)")
    let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(Self.file).path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(try String(contentsOf: target, encoding: .utf8).contains(#""expect": {"changes": {"email""#))
  }

  @Test func aRuntimeScenarioGetsChangesCallsAndCancelledWithTheFilesCallNamesKept() throws {
    let path = "Conformance/scenarios/login/runtime/login-runtime-recorded.json"
    let root = try Self.workspace(["runtime/login-runtime-recorded.json": Self.runtime])
    let result = try CLI.run(["record", path, "--from", "swift", "--write"], in: root)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.lines.suffix(2) == ["\(path): 5 steps filled in, written", "record from swift: 1 file: 1 written"])
    #expect(try Self.text(path, in: root) == Self.runtimeRecorded)
    #expect(try CLI.run(["validate", "Conformance/scenarios"], in: root).status == 0)
    let run = try CLI.run(["run", "Conformance/scenarios", "--impl", "swift"], in: root)
    #expect(run.status == 0, "\(run.stdout)")
  }

  @Test func aCallLeftPendingIsNoted() throws {
    let path = "Conformance/scenarios/login/runtime/login-runtime-recorded.json"
    let pending = Self.runtime.replacingOccurrences(of: ",\n    {\"send\": {\"type\": \"dismissed\"}}", with: "")
    let root = try Self.workspace(["runtime/login-runtime-recorded.json": pending])
    let result = try CLI.run(["record", path, "--from", "swift"], in: root)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "note: \(path): call a1 (authenticate) is still pending at the end; add a 'respond' step for it, or 'run' fails the scenario (scenario format §13.4)"
      ])
  }

  @Test func aDifferingExpectationIsRefusedUntilUpdate() throws {
    let wrong = Self.submitRecorded.replacingOccurrences(
      of: #""changes": {"isLoading": true},"#, with: #""changes": {"isLoading": false},"#
    ).replacingOccurrences(
      of: #""email": "user@example.com", "password""#, with: #""email": "x@example.com", "password""#)
    let root = try Self.workspace(["login-recorded-submit.json": wrong])
    let refused = try CLI.run(["record", Self.file, "--from", "swift", "--write"], in: root)
    #expect(refused.status == 1)
    #expect(
      refused.errorLines == [
        "error: \(Self.file): steps[2]: the expectation differs from swift's trace at effects[0].email, state.isLoading; pass --update to replace it"
      ])
    #expect(refused.lines == ["record from swift: 1 file: 1 refused (pass --update)"])
    #expect(try Self.text(Self.file, in: root) == wrong)

    let shown = try CLI.run(["record", Self.file, "--from", "swift", "--update"], in: root)
    #expect(shown.status == 1)
    #expect(
      shown.lines == [
        "--- \(Self.file)",
        "+++ \(Self.file) (recorded from swift)",
        "@@ -16,8 +16,8 @@",
        "     {",
        #"       "send": {"type": "submit"},"#,
        #"       "expect": {"#,
        #"-        "changes": {"isLoading": false},"#,
        #"-        "effects": [{"type": "authenticate", "email": "x@example.com", "password": "correct-horse"}]"#,
        #"+        "changes": {"isLoading": true},"#,
        #"+        "effects": [{"type": "authenticate", "email": "user@example.com", "password": "correct-horse"}]"#,
        "       },",
        #"       "description": "Starts the request.""#,
        "     }",
        "\(Self.file): 1 replaced (not written: pass --write)",
        "record from swift: 1 file: 1 to change (pass --write)",
      ])
    #expect(try Self.text(Self.file, in: root) == wrong)

    let updated = try CLI.run(["record", Self.file, "--from", "swift", "--update", "--write"], in: root)
    #expect(updated.status == 0)
    #expect(try Self.text(Self.file, in: root) == Self.submitRecorded)
    #expect(try CLI.run(["run", Self.file, "--impl", "swift"], in: root).status == 0)
  }

  @Test func aNonExhaustiveScenarioIsRefused() throws {
    let loose = Self.submit.replacingOccurrences(
      of: #""tags": ["submit"],"#, with: #""tags": ["submit"], "exhaustive": false,"#)
    let root = try Self.workspace(["login-recorded-submit.json": loose])
    let result = try CLI.run(["record", Self.file, "--from", "swift", "--write"], in: root)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        #"error: \#(Self.file): the scenario is not exhaustive ("exhaustive": false); record writes complete expectations, so it records exhaustive scenarios only (remove "exhaustive": false to record every step)"#
      ])
    #expect(result.lines == ["record from swift: 1 file: 1 invalid"])
    #expect(try Self.text(Self.file, in: root) == loose)
  }

  @Test func anUnknownImplementationAndAnInvalidFileAreNamed() throws {
    let broken = Self.submit.replacingOccurrences(of: #"{"type": "submit"}"#, with: #"{"type": "sumbit"}"#)
    let root = try Self.workspace(["login-recorded-submit.json": broken])
    let unknown = try CLI.run(["record", Self.file, "--from", "kotlin"], in: root)
    #expect(unknown.status == 2)
    #expect(
      unknown.errorLines.first
        == "error: unknown implementation 'kotlin' (known: swift; declare others in Conformance/implementations.json or with --harness)"
    )
    let invalid = try CLI.run(["record", Self.file, "--from", "swift", "--write"], in: root)
    #expect(invalid.status == 2)
    #expect(
      invalid.errorLines == [
        "error: \(Self.file): steps[2].send.type: unknown action 'sumbit'; did you mean 'submit'? (the login manifest defines: dismissed, emailChanged, loginResponse, passwordChanged, submit)"
      ])
    #expect(invalid.lines == ["record from swift: 1 file: 1 invalid"])
    let stray = try CLI.run(["record", Self.file, "--from", "swift", "--harness", "k=python3 k.py"], in: root)
    #expect(stray.status == 2)
    #expect(
      stray.errorLines.first
        == "error: 'k' is declared with --harness but --from names 'swift'; record from the harness with --from k, or drop the --harness"
    )
    let help = try CLI.run(["record", "--help"], in: root)
    #expect(help.status == 0)
    #expect(help.lines.first == "OVERVIEW: Fill in or refresh scenario expectations from an implementation's trace.")
    let missing = try CLI.run(["record", Self.file], in: root)
    #expect(missing.status == 2)
    #expect(
      missing.errorLines.first
        == "error: record needs the implementation to record from: add --from <name>, e.g. --from swift")
  }

  @Test func anActionLogBecomesAValidatedScenario() throws {
    let root = try Self.workspace([:])
    let log = #"""
      {"type": "emailChanged", "value": "user@example.com"}
      {"type": "passwordChanged", "value": "correct-horse"}

      {"type": "submit"}

      """#
    try Data(log.utf8).write(to: root.appendingPathComponent("session.ndjson"))
    let arguments = [
      "record", "--actions", "session.ndjson", "--feature", "login", "--id", "login-recorded-submit", "--from", "swift",
      "--out", "Conformance/scenarios/login",
    ]
    let result = try CLI.run(arguments, in: root)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.lines == ["wrote \(Self.file): 3 steps from session.ndjson, expectations from swift"])
    let expected = Self.submitRecordedFromLog
    #expect(try Self.text(Self.file, in: root) == expected)
    #expect(try CLI.run(["validate", "Conformance/scenarios"], in: root).status == 0)
    #expect(try CLI.run(["run", "Conformance/scenarios", "--impl", "swift"], in: root).status == 0)

    let again = try CLI.run(arguments, in: root)
    #expect(again.status == 2)
    #expect(
      again.errorLines == [
        "error: \(Self.file) exists: not replaced; choose another --id or --out, or move the file away"
      ])
    #expect(try Self.text(Self.file, in: root) == expected)
  }

  @Test func aBadActionLogLineIsNamedByFileLineAndColumn() throws {
    let root = try Self.workspace([:])
    try Data("{\"type\": \"emailChanged\", \"value\": \"a\"}\n{\"type\": \"submit\"\n".utf8).write(
      to: root.appendingPathComponent("log.ndjson"))
    try Data("{\"type\": \"emailChanged\", \"value\": \"a\"}\n{\"type\": \"passwordChanged\", \"valu\": \"x\"}\n".utf8)
      .write(to: root.appendingPathComponent("fields.ndjson"))
    let arguments = ["--feature", "login", "--id", "login-from-log", "--from", "swift"]
    let syntax = try CLI.run(["record", "--actions", "log.ndjson"] + arguments, in: root)
    #expect(syntax.status == 2)
    #expect(
      syntax.errorLines == [
        "error: log.ndjson:2:18: unexpected end of file; expected ',' or '}' after an object member"
      ])
    let fields = try CLI.run(["record", "--actions", "fields.ndjson"] + arguments, in: root)
    #expect(fields.status == 2)
    #expect(
      fields.errorLines == [
        "error: fields.ndjson:2:1: missing field 'value' of action 'passwordChanged'",
        "error: fields.ndjson:2:1: unknown field 'valu' of action 'passwordChanged'; did you mean 'value'? (its fields are: value) (at valu)",
      ])
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("login-from-log.json").path))
  }

  /// A Python harness for login's reducer that lower-cases the email it sends (one of the seeded divergences).
  static func lowercasingHarness() throws -> URL { try loginHarness(email: ".lower()") }

  /// A Python harness for login's reducer. `email` is a Python suffix applied to the email the effect sends (such as
  /// `.lower()`); `atStart` runs once when the harness starts, `beforeReply` before each trace is printed.
  static func loginHarness(email: String = "", atStart: String = "pass", beforeReply: String = "pass") throws -> URL {
    try CLI.pythonHarness(
      named: "lower",
      onRun: "answer(request)",
      preamble: #"""
        \#(atStart)
        def answer(request):
            if request["cmd"] != "run":
                sys.exit(0)
            state = dict(request["initialState"])
            trace = []
            for action in request["actions"]:
                effects = []
                if action["type"] == "emailChanged":
                    state["email"] = action["value"]
                elif action["type"] == "passwordChanged":
                    state["password"] = action["value"]
                elif action["type"] == "submit":
                    state["isLoading"] = True
                    effects = [{"type": "authenticate", "email": state["email"]\#(email), "password": state["password"]}]
                trace.append({"state": dict(state), "effects": effects})
            \#(beforeReply)
            print(json.dumps({"seq": request["seq"], "trace": trace}), flush=True)
        """#)
  }

  @Test func aHarnessIsRecordedFromAsRunSelectsIt() throws {
    let mixed = Self.submitRecorded.replacingOccurrences(of: "user@example.com", with: "User@example.com")
    let root = try Self.workspace(["login-recorded-submit.json": mixed])
    let harness = ["--harness", "lower=python3 \(try Self.lowercasingHarness().path)"]
    let refused = try CLI.run(["record", Self.file, "--from", "lower", "--write"] + harness, in: root)
    #expect(refused.status == 1)
    #expect(
      refused.errorLines == [
        "error: \(Self.file): steps[2]: the expectation differs from lower's trace at effects[0].email; pass --update to replace it"
      ])
    let updated = try CLI.run(["record", Self.file, "--from", "lower", "--write", "--update"] + harness, in: root)
    #expect(updated.status == 0)
    #expect(
      try Self.text(Self.file, in: root)
        == mixed.replacingOccurrences(
          of: #""email": "User@example.com", "password""#, with: #""email": "user@example.com", "password""#))
    #expect(try CLI.run(["run", Self.file, "--impl", "lower"] + harness, in: root).status == 0)
    #expect(try CLI.run(["run", Self.file, "--impl", "swift"], in: root).status == 1)
  }

  @Test func aNestedObjectChangesOnlyTheMembersThatDiffer() throws {
    let id = "signup-age-arabic-indic-digits-are-refused"
    let root = try Self.workspace([:])
    let folder = root.appendingPathComponent("Conformance/scenarios/signup")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundled = try Self.text("Conformance/scenarios/signup/\(id).json", in: CLI.repository)
    let stripped = bundled.replacingOccurrences(
      of: #", "expect": {"changes": {"errors": {"age": "Enter your age in digits."}}}}"#, with: "}")
    #expect(stripped != bundled)
    try Data(stripped.utf8).write(to: folder.appendingPathComponent("\(id).json"))
    let path = "Conformance/scenarios/signup/\(id).json"
    let result = try CLI.run(["record", path, "--from", "swift", "--write"], in: root)
    #expect(result.status == 0)
    let lines = try Self.text(path, in: root).split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        #"    {"send": {"type": "submit"}, "expect": {"changes": {"errors": {"age": "Enter your age in digits."}}}}"#))
    #expect(try CLI.run(["run", path, "--impl", "swift"], in: root).status == 0)
  }
}
