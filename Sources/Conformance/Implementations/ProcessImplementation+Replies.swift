import Dispatch
import Foundation

// MARK: - Replies and faults

extension ProcessImplementation {
  func perform(_ request: RunRequest, on process: HarnessProcess) async -> Observation {
    var results: [(observation: Observation, seconds: Double)] = []
    var answered = AnsweredRequests()
    await performPipelined([request], on: process, into: &results, answered: &answered)
    await checkForExtraLine(on: process, in: &results, answered: answered)
    return results.first?.observation ?? .notRun(reason: "no reply was read")
  }

  /// Where each answered request of a batch is in its results, by `seq`, so a second answer can be blamed on it.
  struct AnsweredRequests {
    /// By seq: where the result is, the scenario's id, and a fingerprint of the reply line (FNV-1a and length).
    var positions: [Int: (index: Int, id: String, reply: Fingerprint)] = [:]

    /// The request `line` answers a second time: one whose first reply was the very same line. A line that only
    /// carries an earlier seq is not a second answer, just a wrong seq.
    func repeated(_ line: Data, seq: Int?) -> (index: Int, id: String)? {
      guard let seq, let position = positions[seq], position.reply == Fingerprint(line) else { return nil }
      return (position.index, position.id)
    }
  }

  /// A reply line's FNV-1a hash and length, to tell a second answer from a line that only reuses a seq.
  struct Fingerprint: Equatable {
    let hash: UInt64
    let length: Int
    init(_ line: Data) {
      // FNV-1a, 64 bits (Fowler, Noll, Vo): a few instructions a byte, and no copy of the line is kept.
      hash = line.withUnsafeBytes { bytes in
        bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
      }
      length = line.count
    }
  }

  /// Writes every request from a detached task while reading replies here; appends the observations up to and
  /// including the first fault (or all of them). When the fault is a second answer to an earlier request, that
  /// request's result is replaced, and nothing is appended for the request whose reply was due.
  func performPipelined(
    _ requests: [RunRequest], on process: HarnessProcess,
    into results: inout [(observation: Observation, seconds: Double)], answered: inout AnsweredRequests
  ) async {
    let firstSeq = sequence + 1
    sequence += requests.count
    process.setMaximumLineLength(requests.map(replyLimit).max() ?? configuration.maximumLineLength)
    let writer = startWriting(requests, firstSeq: firstSeq, to: process)
    var previous = ContinuousClock.now
    for (index, request) in requests.enumerated() {
      let fault: Observation
      switch await process.nextLine(until: DispatchTime.now() + configuration.scenarioTimeout) {
      case .line(let line):
        switch decode(line, answering: request, seq: firstSeq + index) {
        case .success(let observation):
          let now = ContinuousClock.now
          answered.positions[firstSeq + index] = (results.count, request.id, Fingerprint(line))
          results.append((observation, (now - previous).seconds))
          previous = now
          continue
        case .failure(let violation):
          if let earlier = violation.earlierSeq, let position = answered.repeated(line, seq: earlier) {
            results[position.index].observation = await answeredTwice(
              process, position.id, seq: earlier, line: line, due: firstSeq + index)
            _ = await writer.value
            return
          }
          fault = await brokeProtocol(process, request, message: violation.message, line: HarnessCodec.quote(line))
        }
      case .overlong(let prefix, let length, let ended):
        fault = await overlong(process, request, prefix: prefix, length: length, ended: ended)
      case .closed(let unterminated):
        fault = await crashed(process, request, unterminated: unterminated)
      case .timedOut:
        fault = await timedOut(process, request)
      }
      _ = await writer.value
      results.append((fault, (ContinuousClock.now - previous).seconds))
      return
    }
    _ = await writer.value
  }

  /// Renders and writes the `run` requests from a detached task, so that replies are read while requests are still
  /// being written. The requests go into one reused buffer, written whenever it holds ``writeChunk`` bytes and at the
  /// end: a few `write` calls per batch rather than one per request, and the first requests reach the harness before
  /// the last are rendered.
  ///
  /// A hung harness is caught by the reply timeout, which kills it and so ends a blocked write with EPIPE; the
  /// deadline here only bounds a harness that stops reading but keeps answering.
  private func startWriting(_ requests: [RunRequest], firstSeq: Int, to process: HarnessProcess)
    -> Task<HarnessProcess.WriteResult, Never>
  {
    let writeDeadline = DispatchTime.now() + configuration.scenarioTimeout * Double(requests.count + 1)
    return Task.detached { () -> HarnessProcess.WriteResult in
      var buffer: [UInt8] = []
      buffer.reserveCapacity(Self.writeChunk + Self.writeChunk / 4)
      for (offset, request) in requests.enumerated() {
        HarnessCodec.writeRunLine(seq: firstSeq + offset, request, to: &buffer)
        guard buffer.count >= Self.writeChunk || offset == requests.count - 1 else { continue }
        let result = await process.write(buffer, until: writeDeadline)
        if result != .written { return result }
        buffer.removeAll(keepingCapacity: buffer.count <= Self.writeChunk * 4)
      }
      return .written
    }
  }

  /// How many bytes of rendered requests are gathered before they are written: 16 KiB, a quarter of a Linux pipe's
  /// buffer, so a write rarely waits for the harness to read.
  static let writeChunk = 16 * 1024

  /// A run reply read as an observation, with the runtime reports the harness declared for the feature in `hello`
  /// (harness protocol §2.5.6), or the protocol violation it is.
  private func decode(_ line: Data, answering request: RunRequest, seq: Int) -> Result<
    Observation, HarnessCodec.Violation
  > {
    let declared = request.level == .runtime ? info?.reports[request.feature] ?? [] : []
    return HarnessCodec.decodeRun(line, seq: seq, actionCount: request.stepCount, level: request.level)
      .flatMap { HarnessCodec.checkReports($0, declared: declared) }
  }

  /// A reply line over the request's limit breaks the protocol (harness protocol §3.4).
  private func overlong(_ process: HarnessProcess, _ request: RunRequest, prefix: Data, length: Int, ended: Bool)
    async -> Observation
  {
    await brokeProtocol(
      process, request,
      message: "the reply line is \(HarnessCodec.overlongSize(length, ended: ended, unit: "bytes long")), over the "
        + "limit of \(replyLimit(request)) bytes for this request (harness protocol §3.4)",
      line: HarnessCodec.quote(prefix, length: length, ended: ended))
  }

  /// After the last reply of a batch, a line that has already arrived is a protocol error: a second answer to the
  /// request its `seq` names, or else an unsolicited line, blamed on the last request (harness protocol §3.4).
  func checkForExtraLine(
    on process: HarnessProcess, in results: inout [(observation: Observation, seconds: Double)],
    answered: AnsweredRequests
  ) async {
    guard case .running(let running) = phase, running === process, let last = results.indices.last,
      let event = process.queuedLine()
    else { return }
    let line: Data?
    let quoted: String
    switch event {
    case .line(let whole): (line, quoted) = (whole, HarnessCodec.quote(whole))
    case .overlong(let prefix, let length, let ended):
      (line, quoted) = (nil, HarnessCodec.quote(prefix, length: length, ended: ended))
    case .closed, .timedOut: return
    }
    if let line, let seq = HarnessCodec.seq(of: line), let position = answered.repeated(line, seq: seq) {
      results[position.index].observation = await answeredTwice(process, position.id, seq: seq, line: line, due: nil)
      return
    }
    let id = answered.positions.max { $0.key < $1.key }?.value.id ?? ""
    results[last].observation = await brokeProtocol(
      process, id, message: "the harness wrote a line after its last reply, when no request was waiting", line: quoted)
  }

  /// The largest reply accepted for `request`, in bytes: the configured limit (64 MiB by default), or 6 times the
  /// bound of the trace the scenario expects (``RunRequest/expectedTraceBytes``) when that is larger — 6 covers a
  /// harness that writes every character as a `\uXXXX` escape — so a correct harness is never over it (harness
  /// protocol §3.4).
  private func replyLimit(_ request: RunRequest) -> Int {
    let (scaled, overflow) = request.expectedTraceBytes.multipliedReportingOverflow(by: 6)
    return overflow ? Int.max : max(configuration.maximumLineLength, scaled)
  }

  private func answeredTwice(_ process: HarnessProcess, _ id: String, seq: Int, line: Data, due: Int?) async
    -> Observation
  {
    let when = due.map { "when the reply to seq \($0) was due" } ?? "after the last reply of its batch"
    return await brokeProtocol(
      process, id, message: "the harness answered this request (seq \(seq)) twice: a second reply came \(when)",
      line: HarnessCodec.quote(line))
  }

  private func crashed(_ process: HarnessProcess, _ request: RunRequest, unterminated: Data) async -> Observation {
    let message = "the harness " + (await process.describeEnding(before: "replying", unterminated: unterminated))
    let tail = await process.stderrText(waitingUpTo: 0.5)
    phase = .faulted("scenario '\(request.id)': \(message)")
    return .crashed(message: message, stderrTail: tail)
  }

  private func timedOut(_ process: HarnessProcess, _ request: RunRequest) async -> Observation {
    _ = await process.terminate(grace: Self.terminationGrace)
    let tail = await process.stderrText(waitingUpTo: 0.5)
    let seconds = configuration.scenarioTimeout
    phase = .faulted("scenario '\(request.id)': no reply within \(Self.format(seconds: seconds))")
    return .timedOut(seconds: seconds, stderrTail: tail)
  }

  private func brokeProtocol(_ process: HarnessProcess, _ request: RunRequest, message: String, line: String) async
    -> Observation
  {
    await brokeProtocol(process, request.id, message: message, line: line)
  }

  private func brokeProtocol(_ process: HarnessProcess, _ id: String, message: String, line: String) async
    -> Observation
  {
    _ = await process.terminate(grace: Self.terminationGrace)
    phase = .faulted("scenario '\(id)': \(message)")
    return .protocolError(message: message, line: line)
  }
}
