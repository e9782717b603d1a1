import Foundation
import Testing

/// `conformance record` on a runtime scenario whose `respond` steps name calls no earlier step declares: every one
/// is resolved to the call the implementation starts under that name, so the file is recorded in one pass; a name no
/// started call gets is named by file and JSON path, and nothing is written.
@Suite("conformance record resolves respond steps")
struct RecordResponsesCLITests {
  static let path = "Conformance/scenarios/login/runtime/login-runtime-two-answers.json"

  /// Two submits, each answered by a `respond` to a call no step declares yet (`a1`, then `a2`).
  static let unrecorded = """
    {
      "$schema": "../../../schema/scenario.schema.json",
      "id": "login-runtime-two-answers",
      "feature": "login",
      "level": "runtime",
      "description": "LR1: a failure answers the first call; a second submit starts another, which succeeds.",
      "tags": ["runtime"],
      "steps": [
        {"send": {"type": "emailChanged", "value": "user@example.com"}},
        {"send": {"type": "passwordChanged", "value": "correct-horse"}},
        {"send": {"type": "submit"}},
        {"respond": {"call": "a1", "result": {"type": "failure", "message": "Invalid email or password."}}},
        {"send": {"type": "submit"}},
        {"respond": {"call": "a2", "result": {"type": "success", "userId": "u1"}}},
        {"advance": 10000}
      ]
    }

    """

  static let recorded = """
    {
      "$schema": "../../../schema/scenario.schema.json",
      "id": "login-runtime-two-answers",
      "feature": "login",
      "level": "runtime",
      "description": "LR1: a failure answers the first call; a second submit starts another, which succeeds.",
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
                "call": "a1",
                "dependency": "authenticate",
                "arguments": {"email": "user@example.com", "password": "correct-horse"}
              }
            ]
          }
        },
        {
          "respond": {"call": "a1", "result": {"type": "failure", "message": "Invalid email or password."}},
          "expect": {
            "changes": {"error": "Invalid email or password.", "isLoading": false},
            "received": [{"type": "loginResponse", "result": {"type": "failure", "message": "Invalid email or password."}}]
          }
        },
        {
          "send": {"type": "submit"},
          "expect": {
            "changes": {"error": null, "isLoading": true},
            "calls": [
              {
                "call": "a2",
                "dependency": "authenticate",
                "arguments": {"email": "user@example.com", "password": "correct-horse"}
              }
            ]
          }
        },
        {
          "respond": {"call": "a2", "result": {"type": "success", "userId": "u1"}},
          "expect": {
            "changes": {"isLoading": false},
            "received": [{"type": "loginResponse", "result": {"type": "success", "userId": "u1"}}]
          }
        },
        {"advance": 10000}
      ]
    }

    """

  @Test func respondStepsToUndeclaredCallsAreResolvedAndRecordedInOnePass() throws {
    let root = try RecordCLITests.workspace(["runtime/login-runtime-two-answers.json": Self.unrecorded])
    let result = try CLI.run(["record", Self.path, "--from", "swift", "--write"], in: root)
    #expect(result.stderr == "")
    #expect(
      result.lines.suffix(2) == ["\(Self.path): 6 steps filled in, written", "record from swift: 1 file: 1 written"])
    #expect(result.status == 0)
    #expect(try RecordCLITests.text(Self.path, in: root) == Self.recorded)
    let run = try CLI.run(["run", Self.path, "--impl", "swift"], in: root)
    #expect(run.status == 0, "\(run.stdout)")
  }

  @Test func validateAndRunStillRejectARespondToAnUndeclaredCall() throws {
    let root = try RecordCLITests.workspace(["runtime/login-runtime-two-answers.json": Self.unrecorded])
    for command in [["validate", Self.path], ["run", Self.path, "--impl", "swift"]] {
      let result = try CLI.run(command, in: root)
      #expect(result.status == 2)
      #expect(
        result.errorLines.prefix(2) == [
          "error: \(Self.path): steps[3].respond.call: responds to call 'a1', which no earlier step's expect.calls declares",
          "error: \(Self.path): steps[5].respond.call: responds to call 'a2', which no earlier step's expect.calls declares",
        ])
    }
  }

  @Test func aRespondToACallTheImplementationDidNotStartIsNamedAndNothingIsWritten() throws {
    let oneCall = Self.unrecorded.replacingOccurrences(
      of: #"    {"send": {"type": "submit"}},\#n    {"respond": {"call": "a2""#,
      with: #"    {"send": {"type": "dismissed"}},\#n    {"respond": {"call": "a2""#)
    #expect(oneCall != Self.unrecorded)
    let root = try RecordCLITests.workspace(["runtime/login-runtime-two-answers.json": oneCall])
    let result = try CLI.run(["record", Self.path, "--from", "swift", "--write"], in: root)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: \(Self.path): steps[5].respond.call: responds to call 'a2', which no earlier step declares and 'swift' did not start: it started 1 new call before it: a1 (new calls are named a1, a2, ... in start order, skipping the names the file declares); respond to one of those, or add the step that starts the call"
      ])
    #expect(result.lines == ["record from swift: 1 file: 1 invalid"])
    #expect(try RecordCLITests.text(Self.path, in: root) == oneCall)
  }

  @Test func aRespondBeforeAnyCallStartsIsNamedWithoutARun() throws {
    let first = Self.unrecorded.replacingOccurrences(
      of: #"  "steps": [\#n"#,
      with: #"  "steps": [\#n    {"respond": {"call": "a9", "result": {"type": "success", "userId": "u0"}}},\#n"#)
    #expect(first != Self.unrecorded)
    let root = try RecordCLITests.workspace(["runtime/login-runtime-two-answers.json": first])
    let result = try CLI.run(["record", Self.path, "--from", "swift", "--write"], in: root)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: \(Self.path): steps[0].respond.call: responds to call 'a9', which no earlier step declares and 'swift' did not start: it started no new call before it (new calls are named a1, a2, ... in start order, skipping the names the file declares); respond to one of those, or add the step that starts the call"
      ])
    #expect(try RecordCLITests.text(Self.path, in: root) == first)
  }
}
