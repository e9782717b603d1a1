import Foundation
import Testing

@testable import Conformance

@Suite("JSONParser")
struct JSONParserTests {
  let parser = JSONParser()

  @Test func parsesEveryKindOfValue() throws {
    let value = try parser.parse(#"{"a": [1, -2.5, 1e3, true, false, null], "b": {"c": "d"}, "e": ""}"#)
    #expect(
      value["a"]
        == .array([
          .number(.integer(1)), .number(.double(-2.5)), .number(.double(1000)), .bool(true), .bool(false), .null,
        ]))
    #expect(value["b"]?["c"] == .string("d"))
    #expect(value["e"] == .string(""))
  }

  @Test func keepsSixtyFourBitIntegersExact() throws {
    let value = try parser.parse("[9223372036854775807, -9223372036854775808, 9007199254740993]")
    #expect(value.arrayValue?[0] == .number(.integer(Int64.max)))
    #expect(value.arrayValue?[1] == .number(.integer(Int64.min)))
    #expect(value.arrayValue?[2] != .number(.integer(9_007_199_254_740_992)))
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let value = try parser.parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\udc4d\u200b""#)
    #expect(
      value.stringValue?.unicodeScalars.map(\.value) == [
        0x61, 0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09, 0xE9, 0x1F44D, 0x200B,
      ])
  }

  @Test func keepsDecomposedStringsVerbatim() throws {
    let value = try parser.parse("\"e\u{301}\"")
    #expect(value.stringValue?.unicodeScalars.map(\.value) == [0x65, 0x301])
  }

  @Test(arguments: [
    ("{\"a\": 1,\n  \"b\": ]}", "invalid JSON: unexpected character ']'; expected a value", 2, 8),
    (
      "{\"a\": 1 \"b\": 2}", "invalid JSON: unexpected character '\"'; expected ',' or '}' after an object member", 1, 9
    ),
    ("{\"a\": tru}", "invalid JSON: unexpected character 't'; expected a value (did you mean 'true'?)", 1, 7),
    ("[1, 2", "invalid JSON: unexpected end of file; expected ',' or ']' after an array element", 1, 6),
    ("", "invalid JSON: the file is empty; expected a JSON value", 1, 1),
    (" \n", "invalid JSON: the file holds only white space; expected a JSON value", 2, 1),
    ("{\"a\": 01}", "invalid JSON: leading zeros are not allowed in numbers (RFC 8259 §6)", 1, 8),
    ("[1e400]", "invalid JSON: number 1e400 is out of range (it must fit an IEEE 754 double)", 1, 2),
    ("\"a\tb\"", "invalid JSON: control character U+09 must be escaped inside a string (RFC 8259 §7)", 1, 3),
    ("\"\\x\"", "invalid JSON: invalid escape '\\x'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", 1, 2),
    (
      "\"\\\u{F0}\"",
      "invalid JSON: invalid escape '\\\\u00F0'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", 1, 2
    ),
    (
      "\"\\ud800\"",
      "invalid JSON: lone high surrogate \\uD800 (not followed by a low surrogate) is not a Unicode scalar", 1, 2
    ),
    ("{\"a\": 1, \"a\": 2}", "invalid JSON: duplicate key 'a' (each key may appear once in an object)", 1, 10),
    ("\"abc", "invalid JSON: unterminated string (no closing '\"' before the end of file)", 1, 1),
    ("{} {}", "invalid JSON: unexpected character '{' after the end of the JSON value", 1, 4),
    ("{\"é\": x}", "invalid JSON: unexpected character 'x'; expected a value", 1, 7),
  ])
  func reportsSyntaxErrorsWithLineAndColumn(input: String, message: String, line: Int, column: Int) {
    #expect(throws: JSONSyntaxError.self) { try parser.parse(input) }
    do {
      _ = try parser.parse(input)
    } catch {
      #expect(InputError(file: "f.json", syntax: error).message == message)
      #expect(error.line == line)
      #expect(error.column == column)
    }
  }

  @Test func namesThePathOfTheValueBeingRead() {
    do {
      _ = try parser.parse(#"{"steps": [{"send": {"type": }}]}"#)
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.path.description == "steps[0].send.type")
    }
  }

  @Test func rejectsInvalidUTF8() {
    do {
      _ = try parser.parse(Data([0x22, 0x63, 0x61, 0x66, 0xE9, 0x22]))
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.message == "invalid UTF-8 byte 0xE9 in a string; the file must be UTF-8 (RFC 8259 §8.1)")
      #expect(error.column == 5)
    }
  }

  @Test func rejectsAByteOrderMark() {
    #expect(throws: JSONSyntaxError.self) { try parser.parse(Data([0xEF, 0xBB, 0xBF, 0x7B, 0x7D])) }
  }

  @Test func boundsNestingDepthWithoutCrashing() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
      _ = try parser.parse(deep)
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.message == "nesting is deeper than 256 levels")
      #expect(error.path.description.hasSuffix("(256 levels deep)"))
    }
    let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    #expect(throws: Never.self) { try parser.parse(fine) }
  }

  @Test func decodesLongStringsOfEscapesInOnePass() throws {
    // 200,000 escapes: the accumulated string is appended to in place (a copy per escape would be quadratic).
    let value = try parser.parse("\"" + String(repeating: "\\r\\n", count: 100_000) + "\"")
    #expect(value.stringValue?.utf8.count == 200_000)
    #expect(value.stringValue?.count == 100_000)
  }

  @Test func findsDuplicatesInLargeObjectsAtTheLaterKey() {
    let keys = (0..<100).map { "\"k\($0)\":0" }.joined(separator: ",")
    do {
      _ = try parser.parse("{\(keys),\"k42\":1}")
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.message == "duplicate key 'k42' (each key may appear once in an object)")
      #expect(error.column == 2 + keys.utf8.count + 1)
    }
    let many = (0..<50_000).map { "\"k\($0)\":0" }.joined(separator: ",")
    #expect(((try? parser.parse("{\(many)}"))?.objectValue?.count) == 50_000)
  }

  /// The lines of an outline's rows (the event stream's `line`), all found in one parse: not the rows of a nested
  /// array of the same name, and nothing for a document without the array or that does not parse.
  @Test func findsTheLineOfEachElementOfAnArrayInOnePass() {
    let text =
      "{\n  \"x\": {\"examples\": [1]},\n  \"examples\": [\n    {\"a\": [1,\n 2]},\n\n    3, \"four\"\n  ]\n}\n"
    func lines(_ text: String, _ path: JSONPath) -> [Int] {
      Array(text.utf8).withUnsafeBytes { JSONParser.elementLines(of: path, in: $0) }
    }
    #expect(lines(text, JSONPath([.key("examples")])) == [4, 7, 7])
    #expect(lines(text, JSONPath([.key("x"), .key("examples")])) == [2])
    #expect(lines(text, JSONPath([.key("none")])).isEmpty)
    #expect(lines("{\"examples\": [1,", JSONPath([.key("examples")])).isEmpty)
  }
}
