import Testing

@testable import Conformance

@Suite("JSONValue equality, merge and rendering")
struct JSONValueTests {
  @Test func numbersCompareByValue() {
    #expect(JSONValue.number(.integer(1)) == .number(.double(1.0)))
    #expect(JSONValue.number(.integer(0)) == .number(.double(-0.0)))
    #expect(JSONValue.number(.integer(1)) != .number(.double(1.5)))
    #expect(JSONValue.number(.integer(Int64.max)) != .number(.double(9.223372036854775807e18)))
    #expect(JSONValue.number(.integer(9_007_199_254_740_993)) != .number(.integer(9_007_199_254_740_992)))
  }

  @Test func stringsCompareByUnicodeScalars() {
    #expect(JSONValue.string("\u{E9}") != .string("e\u{301}"))
    #expect(JSONValue.string("\u{E9}") == .string("\u{E9}"))
    // Swift's own String == would call these equal:
    #expect("\u{E9}" == "e\u{301}")
  }

  @Test func objectKeysAreUnorderedAndNullDiffersFromMissing() throws {
    let parser = JSONParser()
    #expect(try parser.parse(#"{"a":1,"b":2}"#) == parser.parse(#"{"b":2,"a":1}"#))
    #expect(try parser.parse(#"{"a":null}"#) != parser.parse("{}"))
    #expect(try parser.parse(#"{"\u00e9":1}"#) != parser.parse(#"{"e\u0301":1}"#))
  }

  @Test func objectKeysAreDistinctByScalars() {
    var object = JSONObject()
    object["\u{E9}"] = .number(.integer(1))
    object["e\u{301}"] = .number(.integer(2))
    #expect(object.count == 2)
    #expect(object["\u{E9}"] == .number(.integer(1)))
    object["\u{E9}"] = nil
    #expect(object.keys == ["e\u{301}"])
  }

  @Test func mergeReplacesScalarsArraysAndNullButMergesObjects() {
    let state: JSONValue = ["email": "a", "error": "x", "nested": ["p": 1, "q": 2], "list": [1, 2]]
    let merged = state.merging(["error": .null, "nested": ["q": 3], "list": [3]])
    #expect(merged == ["email": "a", "error": .null, "nested": ["p": 1, "q": 3], "list": [3]])
  }

  @Test func mergeOfANonObjectReplaces() {
    #expect(JSONValue.string("a").merging(["b": 1]) == ["b": 1])
    #expect(JSONValue.object(JSONObject()).merging(.null) == .null)
  }

  @Test func wireRenderingIsCompactSortedAndMinimallyEscaped() {
    let value: JSONValue = ["b": "e\u{301}\u{200B}\n", "a": [1, 2.5, true, .null]]
    #expect(JSONRenderer.compact(value) == "{\"a\":[1,2.5,true,null],\"b\":\"e\u{301}\u{200B}\\n\"}")
  }

  /// What a terminal or an editor acts on is escaped even for machines: a `--format json` report shown on a terminal
  /// must not run a CSI (U+009B) or reorder a line (U+202E); the value read back is the same.
  @Test func wireRenderingEscapesC1AndBidiControls() throws {
    let text = "a\u{9B}2Jb\u{85}\u{7F}\u{202E}txt\u{2066}\u{200F}\u{61C}é"
    let rendered = JSONRenderer.compact(.string(text))
    #expect(rendered == #""a\u009B2Jb\u0085\u007F\u202Etxt\u2066\u200F\u061Cé""#)
    #expect(try JSONParser().parse(rendered) == .string(text))
    // The fast path (no scalar decoding) must not let any of them through either.
    for scalar in ["\u{80}", "\u{9F}", "\u{200E}", "\u{202A}", "\u{2069}"] {
      #expect(!JSONRenderer.compact(.string("x" + scalar)).contains(scalar), "\(scalar.unicodeScalars.first!.value)")
    }
  }

  /// A whole number past 64 bits is echoed as written, not in exponent form, and reads back as the same double.
  @Test func aWholeNumberBeyond64BitsIsWrittenInDigits() throws {
    let value = try JSONParser().parse("9223372036854775808")
    #expect(JSONRenderer.compact(value) == "9223372036854775808")
    #expect(try JSONParser().parse(JSONRenderer.compact(value)) == value)
    #expect(JSONRenderer.compact(try JSONParser().parse("-1e20")) == "-100000000000000000000")
    #expect(JSONRenderer.compact(try JSONParser().parse("1e21")) == "1e+21")
    #expect(JSONRenderer.compact(try JSONParser().parse("12.0")) == "12.0")
  }

  @Test func displayRenderingEscapesInvisibleAndConfusableScalars() {
    #expect(JSONRenderer.quoted("e\u{301}") == #""e\u0301""#)
    #expect(JSONRenderer.quoted("a\u{200B}b\u{FEFF}\u{A0}\u{3000}") == #""a\u200Bb\uFEFF\u00A0\u3000""#)
    #expect(JSONRenderer.quoted("\u{E9} 👍🏽 пример") == "\"\u{E9} 👍🏽 пример\"")
    // Runs of plain text between escapes are kept whole, whatever repeats (the verdict cache).
    #expect(
      JSONRenderer.quoted("éé\u{301}é\"\\\n\u{200B}\u{200B}ü\u{1F44D}") == #""éé\u0301é\"\\\n\u200B\u200Bü👍""#)
  }

  /// A scalar NFC replaces looks like what it becomes: shown escaped, so a failure never reads "expected "K…", got
  /// "K…"". Precomposed letters, which NFC keeps, are shown as they are.
  @Test func displayRenderingEscapesScalarsThatNFCReplaces() {
    #expect(JSONRenderer.quoted("\u{212A}ate \u{212B} \u{2126}") == #""\u212Aate \u212B \u2126""#)
    #expect(JSONRenderer.quoted("\u{0958} \u{F900} \u{2F800}") == #""\u0958 \uF900 \uD87E\uDC00""#)
    #expect(
      JSONRenderer.quoted("K \u{C5} \u{3A9} \u{E9} \u{AC00} \u{4E00}")
        == "\"K \u{C5} \u{3A9} \u{E9} \u{AC00} \u{4E00}\"")
  }

  /// Lines that are canonically equivalent but not the same scalars differ: a decomposed Hangul syllable (its jamo)
  /// and the precomposed one.
  @Test func aLineDiffComparesLinesByTheirScalars() {
    #expect("\u{1100}\u{1161}" == "\u{AC00}")  // What `String` would say.
    #expect(
      LineDiff.lines(expected: ["a", "\u{1100}\u{1161}"], actual: ["a", "\u{AC00}"]) == [
        .same("a"), .removed("\u{1100}\u{1161}"), .added("\u{AC00}"),
      ])
  }

  @Test func pathsRenderAsReportsShowThem() {
    #expect(JSONPath([.key("state"), .key("isLoading")]).description == "state.isLoading")
    #expect(JSONPath([.key("effects"), .index(0), .key("email")]).description == "effects[0].email")
    #expect(JSONPath([.key("state"), .key("first name")]).description == #"state["first name"]"#)
    #expect(JSONPath.root.description == "(root)")
  }

  @Test func prettyLinesKeepFlatMembersOnOneLine() {
    let value: JSONValue = ["state": ["a": 1], "effects": [["type": "x"]]]
    #expect(
      JSONRenderer.prettyLines(value) == [
        "{", #"  "effects": ["#, #"    {"type":"x"}"#, "  ],", #"  "state": {"a":1}"#, "}",
      ])
  }

  @Test func reportLinesAreClippedWithACount() {
    #expect(ReportText.clip("short") == "short")
    let long = String(repeating: "e\u{301}", count: 400)
    #expect(
      ReportText.clip(long) == String(String.UnicodeScalarView(long.unicodeScalars.prefix(500)))
        + "… (300 more characters)")
  }

  @Test func pathsSortInDocumentOrder() {
    let paths = [
      JSONPath([.key("effects"), .index(10)]), JSONPath([.key("effects"), .index(2)]), JSONPath([.key("effects")]),
      JSONPath([.key("state"), .key("a")]),
    ]
    #expect(paths.sorted().map(\.description) == ["effects", "effects[2]", "effects[10]", "state.a"])
  }

  @Test func hugeDiffsAreNotComputed() {
    let lines = (0..<1_500).map { "line \($0)" }
    #expect(LineDiff.lines(expected: lines, actual: lines.reversed()) == [.tooLarge(3_000)])
  }
}
