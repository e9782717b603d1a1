import Foundation
import Testing

/// Number tolerances end to end (Conformance/README.md §17.4), on the test-only `cart` feature, whose harness adds
/// prices in binary64 (`float`), as decimals (`decimal`), or one thousandth too much (`off`).
@Suite("number tolerances end to end")
struct ToleranceCLITests {
  static let fixture = "Tests/ConformanceTests/Fixtures/tolerance"
  static let harness = "python3 \(CLI.repository.path)/\(fixture)/sum-harness.py"

  static func run(_ modes: [String], in folder: String = fixture) throws -> CLI.Result {
    var arguments = ["run", "\(folder)/Conformance/scenarios"]
    for mode in modes { arguments += ["--impl", mode, "--harness", "\(mode)=\(harness) \(mode)"] }
    return try CLI.run(arguments)
  }

  @Test func valuesWithinTheToleranceAgreeAndPass() throws {
    let result = try Self.run(["float", "decimal"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // The fixture's own Conformance folder holds the cart manifest, not the repository's: the report says so first.
    #expect(
      Array(result.lines.prefix(3)) == [
        "Conformance folder: \(Self.fixture)/Conformance",
        "float           decimal         scenario", "passed          passed          cart-tenths-add-up",
      ])
    #expect(result.lines.last == "2 passed, 0 failed")
  }

  @Test func aValueBeyondTheToleranceFailsAndSaysSo() throws {
    let result = try Self.run(["float", "off"])
    #expect(result.status == 1)
    #expect(result.lines.contains("      state.total: expected 0.1, got 0.101 (tolerance 1e-09)"))
    #expect(result.lines.contains("      effects[0].amount: expected 0.3, got 0.30200000000000005 (tolerance 1e-09)"))
    #expect(result.lines.last == "1 passed, 1 failed, 1 divergence")
  }

  /// The same traces without the manifest's tolerance: the binary64 sum fails and the two implementations diverge, so
  /// the passing run above is the tolerance's doing.
  @Test func withoutTheToleranceTheSameTracesFailAndDiverge() throws {
    let copy = try Self.copyFixture { $0.replacingOccurrences(of: #", "tolerance": 1e-9"#, with: "") }
    let result = try Self.run(["float", "decimal"], in: copy.path)
    #expect(result.status == 1)
    #expect(result.lines.contains("      state.total: expected 0.3, got 0.30000000000000004"))
    #expect(result.lines.last == "1 passed, 1 failed, 1 divergence")
  }

  @Test func aToleranceOnAnIntegerIsAnInvalidManifest() throws {
    let copy = try Self.copyFixture {
      $0.replacingOccurrences(
        of: #""count": {"type": "integer""#, with: #""count": {"type": "integer", "tolerance": 1"#)
    }
    let result = try CLI.run(["validate", "\(copy.path)/Conformance/scenarios"])
    #expect(result.status == 2)
    #expect(
      result.errorLines.first?.hasSuffix(
        "cart.json: state.count.tolerance: 'tolerance' is only allowed with \"type\": \"number\", not 'integer'; other values compare exactly"
      ) == true)
  }

  /// A copy of the fixture whose manifest is `edit`ed.
  static func copyFixture(_ edit: (String) -> String) throws -> URL {
    let copy = try CLI.temporaryFolder().appendingPathComponent("tolerance")
    try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent(fixture), to: copy)
    let manifest = copy.appendingPathComponent("Conformance/features/cart.json")
    try Data(edit(try String(contentsOf: manifest, encoding: .utf8)).utf8).write(to: manifest)
    return copy
  }
}
