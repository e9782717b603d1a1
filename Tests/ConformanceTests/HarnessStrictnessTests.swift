import Foundation
import LoginRuntime
import Testing

@testable import Conformance

/// One line of Conformance/protocol-fixtures/bad-requests.json: a request line every harness must ignore.
struct BadRequest: Sendable, CustomTestStringConvertible {
  /// The entry's name, e.g. `tru` or `n_array_extra_comma`.
  var name: String
  /// Where the line comes from: `hand-written` or `JSONTestSuite test_parsing/<file>`.
  var source: String
  /// The request text; a raw line feed in it splits it into several lines, as the transport does.
  var line: String

  var testDescription: String { "\(name) (\(source))" }

  /// Every entry of the shared list, in file order.
  static let all: [BadRequest] = {
    let file = TestPaths.repository.appendingPathComponent("Conformance/protocol-fixtures/bad-requests.json")
    guard let data = try? Data(contentsOf: file), let document = try? JSONParser().parse(data),
      let requests = document["requests"]?.arrayValue
    else { return [] }
    return requests.compactMap { entry in
      guard let name = entry["name"]?.stringValue, let source = entry["source"]?.stringValue,
        let line = entry["line"]?.stringValue
      else { return nil }
      return BadRequest(name: name, source: source, line: line)
    }
  }()
}

/// One entry of bad-requests.json's `byteRequests`: a request line that is not UTF-8 (RFC 3629), which the JSON
/// document gives as the hex of its bytes; every harness must ignore it as a line that is not JSON.
struct BadByteRequest: Sendable, CustomTestStringConvertible {
  /// The entry's name, e.g. `byte-ff-in-id` or `n_array_invalid_utf8`.
  var name: String
  /// Where the line comes from: `hand-written` or `JSONTestSuite test_parsing/<file>`.
  var source: String
  /// The request's exact bytes; a line feed (0x0A) in them splits them into several lines, as the transport does.
  var bytes: [UInt8]

  var testDescription: String { "\(name) (\(source))" }

  /// Every entry of the shared list, in file order.
  static let all: [BadByteRequest] = {
    let file = TestPaths.repository.appendingPathComponent("Conformance/protocol-fixtures/bad-requests.json")
    guard let data = try? Data(contentsOf: file), let document = try? JSONParser().parse(data),
      let requests = document["byteRequests"]?.arrayValue
    else { return [] }
    return requests.compactMap { entry in
      guard let name = entry["name"]?.stringValue, let source = entry["source"]?.stringValue,
        let hex = entry["hex"]?.stringValue, let bytes = Self.bytes(hex: hex)
      else { return nil }
      return BadByteRequest(name: name, source: source, bytes: bytes)
    }
  }()

  /// The bytes written as `hex` (two lowercase or uppercase hex digits a byte), or `nil` if it is not such text.
  static func bytes(hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
      bytes.append(byte)
    }
    return bytes
  }
}

/// Holds the Swift harness (`conformance harness`, ``HarnessServer``) to the shared list of bad request lines that the
/// Kotlin harness is held to by Conformance/kotlin/harness/src/test/kotlin/conformance/harness/HarnessStrictnessTest.kt:
/// JSONTestSuite's n_ files and lines lenient parsers were seen to accept. Each line gets a diagnostic and no reply, and
/// the harness answers the next valid request (PROTOCOL.md §2.4).
@Suite("Harness strictness (shared bad-request list)")
struct HarnessStrictnessTests {
  static let valid =
    #"{"cmd":"run","seq":2,"id":"after","feature":"login","initialState":{"email":"","password":"","isLoading":false,"error":null},"actions":[{"type":"submit"}]}"#
  static let validReply =
    #"{"seq":2,"trace":[{"effects":[],"state":{"email":"","error":"Email is required.","isLoading":false,"password":""}}]}"#

  /// Entries the Swift harness still answers, by name; each is a known issue to fix in Sources, not here. Empty today.
  static let knownIssues: Set<String> = []

  @Test func theListCoversJSONTestSuiteAndTheIssuesReproductions() {
    let sources = BadRequest.all.map(\.source) + BadByteRequest.all.map(\.source)
    #expect(sources.filter { $0.hasPrefix("JSONTestSuite") }.count >= 188)
    let names = Set(BadRequest.all.map(\.name) + BadByteRequest.all.map(\.name))
    for name in [
      "tru", "seq-leading-zero", "raw-tab-in-string", "duplicate-cmd", "lone-high-surrogate", "nesting-3000-arrays",
      "n_structure_100000_opening_arrays", "n_array_invalid_utf8", "byte-ff-in-id", "truncated-two-byte-sequence",
      "overlong-slash-two-bytes", "surrogate-d800-encoded",
    ] {
      #expect(names.contains(name), "\(name)")
    }
  }

  @Test(arguments: BadRequest.all)
  func everyBadLineGetsADiagnosticNoReplyAndServingGoesOn(_ request: BadRequest) {
    expectIgnored(Array(request.line.utf8), name: request.name)
  }

  @Test(arguments: BadByteRequest.all)
  func everyLineThatIsNotUTF8GetsADiagnosticNoReplyAndServingGoesOn(_ request: BadByteRequest) {
    expectIgnored(request.bytes, name: request.name)
  }

  /// Serves `bytes` then ``valid``, and expects a diagnostic for every line of `bytes` and one reply, to ``valid``.
  private func expectIgnored(_ bytes: [UInt8], name: String) {
    // The transport splits at line feeds, so each piece is a request line of its own.
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    var input = (lines + [Array(Self.valid.utf8)])[...]
    let pieces = input.count - 1
    var replies: [String] = []
    var diagnostics: [String] = []
    HarnessServer(implementation: TestFeatures.loginOnly).serve(
      readLine: { input.popFirst() }, reply: { replies.append($0) }, diagnose: { diagnostics.append($0) })
    let check = {
      #expect(replies == [Self.validReply])
      #expect(diagnostics.count == pieces, "\(diagnostics)")
      for diagnostic in diagnostics {
        let known =
          (diagnostic.hasPrefix("conformance harness: request line ") && diagnostic.hasSuffix("; ignored"))
          || diagnostic == "conformance harness: a 'run' request without a non-negative integer 'seq'; ignored"
        #expect(known, "\(diagnostic)")
      }
    }
    if Self.knownIssues.contains(name) {
      withKnownIssue("the Swift harness answers '\(name)'", check)
    } else {
      check()
    }
  }
}

/// One entry of bad-requests.json's `runtimeRequests`: runtime steps that both harnesses must answer `errored` at
/// `step`, with a message starting with the JSON path `path` (PROTOCOL.md §2.5.2).
struct BadRuntimeRequest: Sendable, CustomTestStringConvertible {
  var name: String
  /// The `steps` array, as JSON text.
  var steps: String
  var step: Int
  var path: String

  var testDescription: String { name }

  static let all: [BadRuntimeRequest] = {
    let file = TestPaths.repository.appendingPathComponent("Conformance/protocol-fixtures/bad-requests.json")
    guard let data = try? Data(contentsOf: file), let document = try? JSONParser().parse(data),
      let requests = document["runtimeRequests"]?.arrayValue
    else { return [] }
    return requests.compactMap { entry in
      guard let name = entry["name"]?.stringValue, let steps = entry["steps"]?.stringValue,
        case .number(let step)? = entry["step"], let stepNumber = step.int64Value,
        let path = entry["path"]?.stringValue
      else { return nil }
      return BadRuntimeRequest(name: name, steps: steps, step: Int(stepNumber), path: path)
    }
  }()
}

/// Holds the Swift harness to the shared runtime-level entries the Kotlin harness is held to too: each bad step is
/// `errored` at its step, named by its JSON path (F11 of the runtime tryout: `advance` over a day was accepted).
@Suite("Harness strictness (shared bad runtime requests)")
struct HarnessRuntimeStrictnessTests {
  @Test func theListHasTheRuntimeCases() {
    let names = Set(BadRuntimeRequest.all.map(\.name))
    #expect(BadRuntimeRequest.all.count >= 20)
    for name in [
      "advance-over-a-day", "advance-negative", "clear-false", "respond-step-negative", "screen-unknown",
      "emit-without-value",
    ] {
      #expect(names.contains(name), "\(name)")
    }
  }

  @Test(arguments: BadRuntimeRequest.all)
  func everyBadStepIsErroredAtItsStepAndPath(_ request: BadRuntimeRequest) throws {
    let line =
      #"{"cmd":"run","seq":5,"id":"bad-runtime-request","feature":"login","level":"runtime","initialState":{"email":"","password":"","isLoading":false,"error":null},"steps":"#
      + request.steps + "}"
    var input = [line][...]
    var replies: [String] = []
    var diagnostics: [String] = []
    let implementation = SwiftImplementation(features: [], runtimes: [FakeRuntime(feature: "login")])
    HarnessServer(implementation: implementation).serve(
      readLine: { input.popFirst().map { Array($0.utf8) } }, reply: { replies.append($0) },
      diagnose: { diagnostics.append($0) })
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let reply = try #require(replies.first.map { try JSONParser().parse(Data($0.utf8)) })
    let errored = try #require(reply["errored"], "\(replies)")
    #expect(errored["step"] == .number(.integer(Int64(request.step))), "\(replies)")
    let message = errored["message"]?.stringValue ?? ""
    let rest = message.dropFirst(request.path.count)
    #expect(
      message.hasPrefix(request.path) && [":", ".", "["].contains(rest.first.map(String.init) ?? ""), "\(message)")
  }
}

/// One entry of bad-requests.json's `callRequests`: steps that answer the call the test's first `send` starts
/// (PROTOCOL.md §2.5.5), and the reply both harnesses must give.
struct CallRequest: Sendable, CustomTestStringConvertible {
  /// How the harness must reply.
  enum Reply: Sendable {
    /// `errored` at the entry's step, with a message that starts with this JSON path.
    case errored(path: String)
    /// A trace in which the entry's step does nothing: no calls, no cancelled calls, the state unchanged.
    case ignored
  }

  var name: String
  /// The steps after the call-starting `send`, as JSON text of an array.
  var steps: String
  /// The step the reply is about, 1-based, counting the call-starting `send` as step 1.
  var step: Int
  var reply: Reply

  var testDescription: String { name }

  static let all: [CallRequest] = {
    let file = TestPaths.repository.appendingPathComponent("Conformance/protocol-fixtures/bad-requests.json")
    guard let data = try? Data(contentsOf: file), let document = try? JSONParser().parse(data),
      let requests = document["callRequests"]?.arrayValue
    else { return [] }
    return requests.compactMap { entry in
      guard let name = entry["name"]?.stringValue, let steps = entry["steps"]?.stringValue,
        case .number(let step)? = entry["step"], let stepNumber = step.int64Value
      else { return nil }
      let reply: Reply
      switch (entry["reply"]?.stringValue, entry["path"]?.stringValue) {
      case ("errored", let path?): reply = .errored(path: path)
      case ("ignored", nil): reply = .ignored
      default: return nil
      }
      return CallRequest(name: name, steps: steps, step: Int(stepNumber), reply: reply)
    }
  }()
}

/// Holds the Swift harness to the shared `callRequests` the Kotlin harness is held to too: after login's `submit`
/// starts its `authenticate` call, a malformed result errors the pending call, and is ignored, not even decoded, when
/// the call was already answered, cancelled or never started.
@Suite("Harness strictness (shared call requests)")
struct HarnessCallRequestTests {
  static let startsACall = #"{"send":{"type":"submit"}}"#

  @Test func theListHasTheAnsweredAndCancelledCases() {
    let names = Set(CallRequest.all.map(\.name))
    for name in [
      "respond-malformed-result-to-pending-call", "respond-malformed-result-to-answered-call",
      "respond-malformed-result-to-cancelled-call",
    ] {
      #expect(names.contains(name), "\(name)")
    }
  }

  @Test(arguments: CallRequest.all)
  func aRespondToACallThatEndedIsIgnoredAndItsResultNotDecoded(_ request: CallRequest) throws {
    let steps = try JSONParser().parse(Data(request.steps.utf8)).arrayValue ?? []
    let line =
      #"{"cmd":"run","seq":5,"id":"call-request","feature":"login","level":"runtime","initialState":{"email":"user@example.com","password":"correct-horse","isLoading":false,"error":null},"steps":["#
      + ([Self.startsACall] + steps.map { JSONRenderer.compact($0) }).joined(separator: ",") + "]}"
    var input = [line][...]
    var replies: [String] = []
    var diagnostics: [String] = []
    let implementation = SwiftImplementation(features: [], runtimes: [loginRuntime]).bound(to: TestPaths.manifests)
    HarnessServer(implementation: implementation).serve(
      readLine: { input.popFirst().map { Array($0.utf8) } }, reply: { replies.append($0) },
      diagnose: { diagnostics.append($0) })
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let reply = try #require(replies.first.map { try JSONParser().parse(Data($0.utf8)) })
    switch request.reply {
    case .errored(let path):
      let errored = try #require(reply["errored"], "\(replies)")
      #expect(errored["step"] == .number(.integer(Int64(request.step))), "\(replies)")
      let message = errored["message"]?.stringValue ?? ""
      let rest = message.dropFirst(path.count)
      #expect(message.hasPrefix(path) && [":", ".", "["].contains(rest.first.map(String.init) ?? ""), "\(message)")
    case .ignored:
      let trace = try #require(reply["trace"]?.arrayValue, "\(replies)")
      try #require(trace.count == steps.count + 1, "\(replies)")
      let entry = trace[request.step - 1]
      #expect(entry["state"] == trace[request.step - 2]["state"], "\(replies)")
      #expect(entry["calls"] == .array([]), "\(replies)")
      #expect(entry["cancelled"] == .array([]), "\(replies)")
    }
  }
}
