import Foundation

/// Serves the in-process Swift implementation over the harness protocol v1 (Conformance/PROTOCOL.md), so the
/// out-of-process path can be tested against a known implementation: `conformance harness`.
///
/// Requests are newline-delimited JSON objects read one at a time: `hello` is answered with the implementation and
/// its features, `run` with a `trace`, `errored` or `skipped` reply carrying the same `seq`, and `bye` ends serving.
/// A line that is not a JSON object, or an unknown `cmd`, is reported on the diagnostics stream and otherwise ignored,
/// as the protocol requires; stdout carries protocol replies only. Lines are taken as bytes and must be UTF-8 (RFC 3629
/// §3, §4; PROTOCOL.md §1): a line with a byte that is not, such as a lone `0xFF`, a truncated or overlong sequence or
/// an encoded surrogate, is not JSON, so it is ignored like any other line that is not JSON rather than repaired into
/// U+FFFD and answered.
package struct HarnessServer: Sendable {
  /// The implementation served.
  package var implementation: SwiftImplementation

  /// Creates a server.
  ///
  /// - Parameter implementation: The implementation to serve, with its features (bound to their manifests, so the
  ///   Codable bridge knows the platform names).
  package init(implementation: SwiftImplementation) {
    self.implementation = implementation
  }

  /// Serves until `bye` or the end of input.
  ///
  /// - Parameters:
  ///   - readLine: Returns the bytes of the next request line without its newline, or `nil` at the end of input. The
  ///     bytes are taken as they are, not repaired: a reader that replaced invalid UTF-8 with U+FFFD would make a line
  ///     that is not JSON look like a valid request.
  ///   - reply: Writes one reply line (the newline and flushing are the caller's).
  ///   - diagnose: Writes one diagnostic line (stderr).
  package func serve(readLine: () -> [UInt8]?, reply: (String) -> Void, diagnose: (String) -> Void) {
    let parser = JSONParser()
    var lineNumber = 0
    while let line = readLine() {
      lineNumber += 1
      // JSON white space (RFC 8259 §2) without the line feed, which ends the line.
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        diagnose("conformance harness: request line \(lineNumber) is blank; ignored")
        continue
      }
      let request: JSONValue
      do {
        request = try parser.parse(Data(line))
      } catch {
        diagnose(
          "conformance harness: request line \(lineNumber) is not JSON (\(error.message) at column \(error.column)); ignored"
        )
        continue
      }
      switch request["cmd"]?.stringValue {
      case "hello": reply(JSONRenderer.compact(helloReply()))
      case "run":
        if let answer = runReply(request, diagnose: diagnose) { reply(JSONRenderer.compact(answer)) }
      case "bye": return
      default:
        diagnose("conformance harness: request line \(lineNumber) has no known 'cmd' (hello, run, bye); ignored")
      }
    }
  }

  /// The `hello` reply: protocol 1, the implementation, and each feature's initial state and levels (§2.5).
  func helloReply() -> JSONValue {
    let info = implementation.info
    var features = JSONObject()
    for (name, state) in info.features {
      let levels = info.levels(of: name).sorted().map { JSONValue.string($0.rawValue) }
      var feature: [(key: String, value: JSONValue)] = [("initialState", state), ("levels", .array(levels))]
      if let reports = info.reports[name], !reports.isEmpty {
        feature.append(("reports", .array(reports.map(\.rawValue).sorted().map(JSONValue.string))))
      }
      features[name] = .object(JSONObject(unsortedMembers: feature))
    }
    return [
      "protocol": 1,
      "implementation": [
        "name": .string(info.name), "language": .string(info.language), "version": .string(info.version),
      ],
      "features": .object(features),
    ]
  }

  /// The reply to a `run` request, or `nil` (with a diagnostic) when the request has no usable `seq`.
  func runReply(_ request: JSONValue, diagnose: (String) -> Void) -> JSONValue? {
    guard case .number(let number)? = request["seq"], let seq = number.int64Value, seq >= 0 else {
      diagnose("conformance harness: a 'run' request without a non-negative integer 'seq'; ignored")
      return nil
    }
    let seqValue = JSONValue.number(.integer(seq))
    if let level = request["level"], level != .string(ScenarioLevel.reducer.rawValue) {
      guard level == .string(ScenarioLevel.runtime.rawValue) else {
        let message = "unknown level \(JSONRenderer.compact(level, style: .display)) (known: reducer, runtime)"
        return ["seq": seqValue, "errored": ["step": 0, "message": .string(message)]]
      }
      return runtimeReply(request, seq: seqValue)
    }
    guard let feature = request["feature"]?.stringValue, let actions = request["actions"]?.arrayValue,
      let initialState = request["initialState"]
    else {
      return [
        "seq": seqValue,
        "errored": [
          "step": 0, "message": "the request needs 'feature' (string), 'initialState' and 'actions' (array)",
        ],
      ]
    }
    let observation = implementation.perform(
      RunRequest(id: request["id"]?.stringValue ?? "", feature: feature, initialState: initialState, actions: actions))
    return reply(observation, seq: seqValue, level: .reducer)
  }

  /// The reply to a runtime-level `run` request (§2.5): its steps decoded and run through the runtime driver.
  private func runtimeReply(_ request: JSONValue, seq: JSONValue) -> JSONValue {
    guard let feature = request["feature"]?.stringValue, let stepValues = request["steps"]?.arrayValue,
      let initialState = request["initialState"]
    else {
      return [
        "seq": seq,
        "errored": [
          "step": 0, "message": "a runtime request needs 'feature' (string), 'initialState' and 'steps' (array)",
        ],
      ]
    }
    var steps: [RuntimeStep] = []
    steps.reserveCapacity(stepValues.count)
    for (index, value) in stepValues.enumerated() {
      var issues = IssueList()
      guard let step = HarnessCodec.decodeStep(value, at: JSONPath([.key("steps"), .index(index)]), issues: &issues)
      else {
        let message = issues.items.map { "\($0.path): \($0.message)" }.joined(separator: "; ")
        return ["seq": seq, "errored": ["step": .number(.integer(Int64(index + 1))), "message": .string(message)]]
      }
      steps.append(step)
    }
    let observation = implementation.perform(
      RunRequest(id: request["id"]?.stringValue ?? "", feature: feature, initialState: initialState, steps: steps))
    return reply(observation, seq: seq, level: .runtime)
  }

  /// An observation as a `run` reply: `trace` (reducer or runtime entries, with the creation's `start` entry when the
  /// driver gives one), `errored` or `skipped`.
  private func reply(_ observation: Observation, seq seqValue: JSONValue, level: ScenarioLevel) -> JSONValue {
    switch observation {
    case .trace(let trace, let start):
      let entries = trace.map { entry -> JSONValue in
        level == .runtime
          ? HarnessCodec.encodeRuntime(entry) : ["state": entry.state, "effects": .array(entry.effects)]
      }
      // The creation's entry, as the runtime driver reports it (format v1.3, §2.5.7).
      guard level == .runtime, let start else { return ["seq": seqValue, "trace": .array(entries)] }
      return ["seq": seqValue, "trace": .array(entries), "start": HarnessCodec.encodeRuntime(start)]
    case .noTrace(.errored(let step, let message)):
      return ["seq": seqValue, "errored": ["step": .number(.integer(Int64(step))), "message": .string(message)]]
    case .noTrace(.skipped(let reason)), .noTrace(.notApplicable(let reason)):
      return ["seq": seqValue, "skipped": ["reason": .string(reason)]]
    case .noTrace(.crashed(let message, _)), .noTrace(.protocolError(let message, _)), .noTrace(.notRun(let message)):
      return ["seq": seqValue, "errored": ["step": 0, "message": .string(message)]]
    case .noTrace(.timedOut):
      return ["seq": seqValue, "errored": ["step": 0, "message": "timed out"]]
    }
  }
}
