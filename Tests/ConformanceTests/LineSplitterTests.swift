import Foundation
import Testing

@testable import Conformance

/// How ``LineSplitter`` cuts harness output into lines and reports a line over the limit (harness protocol §3.4).
@Suite struct LineSplitterTests {
  /// Feeds `chunks` to a splitter with a 4-byte limit and returns what it emitted after each chunk.
  private func split(_ chunks: [String]) -> [[LineChannel.Event]] {
    var splitter = LineSplitter(maximumLineLength: 4)
    return chunks.map { chunk in
      var events: [LineChannel.Event] = []
      Array(chunk.utf8).withUnsafeBytes { splitter.split($0) { events.append($0) } }
      return events
    }
  }

  @Test func linesWithinTheLimitAreEmittedWholeAcrossChunks() {
    #expect(split(["ab", "c\nd", "\n"]) == [[], [.line(Data("abc".utf8))], [.line(Data("d".utf8))]])
  }

  @Test func aLineOverTheLimitEndedInTheSameChunkIsReportedWithItsWholeLength() {
    #expect(
      split(["abcdefg\nok\n"]) == [
        [.overlong(prefix: Data("abcdefg".utf8), length: 7, ended: true), .line(Data("ok".utf8))]
      ])
  }

  @Test func aLineOverTheLimitWithoutANewlineIsReportedOnceAtTheEndOfTheChunkThatPassedIt() {
    #expect(
      split(["abc", "defg", "hij", "k\nok\n"]) == [
        [], [.overlong(prefix: Data("abcdefg".utf8), length: 7, ended: false)], [], [.line(Data("ok".utf8))],
      ])
  }
}
