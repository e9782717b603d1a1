import Conformance
import Foundation
import LoginFeature
import Testing

/// The pieces of `conformance fuzz` under the command: the seeded generator, the hazard classes, and the sequences
/// generated from the bundled manifests (valid, covering every action and union case, rich in the hazards).
@Suite("fuzz generator")
struct FuzzGeneratorTests {
  static let loader: ScenarioLoader = {
    let folder = CLI.repository.appendingPathComponent("Conformance/features")
    return ScenarioLoader(manifests: ManifestLoader().loadAll(in: folder, displayPath: \.lastPathComponent).manifests)
  }()

  static func generator(_ feature: String, unicodeAll: Bool = false) throws -> FuzzGenerator {
    let manifest = try #require(loader.manifests[feature])
    let folder = CLI.repository.appendingPathComponent("Conformance/scenarios/\(feature)")
    let scenarios = ScenarioCorpus(roots: [.init(path: folder.path, displayName: feature)], loader: loader).compactMap {
      entry -> Scenario? in
      if case .scenario(let scenario) = entry { return scenario }
      return nil
    }
    let dictionary = FuzzDictionary(
      scenarios: scenarios, manifestInitialState: manifest.initialState, unicodeAll: unicodeAll)
    return FuzzGenerator(
      manifest: manifest, strings: FuzzStrings(dictionary: dictionary, unicodeAll: unicodeAll), maxSteps: 8)
  }

  @Test func splitMix64GivesTheReferenceStream() {
    var random = FuzzRandom(seed: 0)
    // The first outputs of SplitMix64 from seed 0 (Vigna's reference implementation, splitmix64.c).
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
    var bounded = FuzzRandom(seed: 42)
    #expect((0..<1000).allSatisfy { _ in (0..<7).contains(bounded.below(7)) })
    #expect(bounded.below(0) == 0)
  }

  /// Sequence k's seed is the k-th output of the search seed's stream, computed directly (`fuzz --shard` needs sequence
  /// k without the ones before it), and each sequence's stream is its own.
  @Test func aSequencesSeedIsTheKthOutputOfTheSearchSeedsStream() {
    for searchSeed: UInt64 in [0, 7, .max] {
      var stream = FuzzRandom(seed: searchSeed)
      let outputs = (1...100).map { _ in stream.next() }
      #expect((1...100).map { FuzzRandom.seed(ofSequence: $0, searchSeed: searchSeed) } == outputs)
    }
    #expect(FuzzRandom.seed(ofSequence: 1, searchSeed: 0) == 0xE220_A839_7B1D_CDAF)
    var sixth = FuzzRandom(seed: FuzzRandom.seed(ofSequence: 6, searchSeed: 7))
    var seventh = FuzzRandom(seed: FuzzRandom.seed(ofSequence: 7, searchSeed: 7))
    let a = (0..<8).map { _ in sixth.next() }
    let b = (0..<8).map { _ in seventh.next() }
    #expect(Set(a).isDisjoint(with: b))
  }

  @Test func theWhiteSpaceClassIsExactlyTheSpecsSetAndItsLookAlikesAreNot() {
    let whiteSpace = FuzzHazards.whiteSpace.pieces.map { $0.unicodeScalars.first! }
    #expect(whiteSpace.count == 25)
    #expect(whiteSpace.allSatisfy(LoginValidation.isWhiteSpace))
    #expect(
      !FuzzHazards.notWhiteSpace.pieces.contains { $0.unicodeScalars.contains(where: LoginValidation.isWhiteSpace) })
    #expect(
      !FuzzHazards.classes(unicodeAll: false).contains { $0.pieces.contains(where: FuzzHazards.isVersionDependent) })
    #expect(FuzzHazards.classes(unicodeAll: true).contains { $0.name == "version-dependent" })
  }

  @Test(arguments: ["login", "signup"])
  func everyGeneratedSequenceIsAValidScenarioAndCoversTheManifest(_ feature: String) throws {
    let generator = try Self.generator(feature)
    var random = FuzzRandom(seed: 1)
    var actionTypes = Set<String>()
    var unionCases = Set<String>()
    var lengths = Set<Int>()
    for index in 0..<3000 {
      let fuzzCase = generator.next(random: &random)
      lengths.insert(fuzzCase.actions.count)
      for action in fuzzCase.actions {
        actionTypes.insert(action["type"]?.stringValue ?? "")
        if let result = action["result"]?["type"]?.stringValue { unionCases.insert(result) }
      }
      let document: JSONValue = [
        "id": .string("\(feature)-fuzz-\(index)"), "feature": .string(feature), "description": "Generated.",
        "exhaustive": false, "initialState": fuzzCase.initialState,
        "steps": .array(fuzzCase.actions.map { ["send": $0] }),
      ]
      if case .failure(let errors) = Self.loader.load(document, file: "\(feature)-fuzz-\(index).json") {
        Issue.record("sequence \(index) is invalid: \(errors.errors.map(\.description))")
        return
      }
    }
    let manifest = generator.manifest
    #expect(actionTypes == Set(manifest.actions.cases.map(\.name)))
    let result = manifest.types.values.first { $0.cases.count > 1 }
    #expect(unionCases == Set(result?.cases.map(\.name) ?? []))
    #expect(lengths == Set(1...8))
  }

  @Test func mostEmailsAreMutationsRichInHazards() throws {
    let generator = try Self.generator("login")
    var random = FuzzRandom(seed: 3)
    var emails: [String] = []
    while emails.count < 5000 {
      for action in generator.next(random: &random).actions where action["type"] == "emailChanged" {
        emails.append(action["value"]?.stringValue ?? "")
      }
    }
    func share(_ test: (String) -> Bool) -> Double { Double(emails.filter(test).count) / Double(emails.count) }
    let bundled = Set(generator.strings.dictionary.strings(for: "emailChanged.value").map { Array($0.utf8) })
    #expect(share { !bundled.contains(Array($0.utf8)) } > 0.5)
    #expect(share { $0.contains("@@") } > 0.01)
    #expect(share { $0.unicodeScalars.contains("\u{301}") || $0.unicodeScalars.contains("\u{308}") } > 0.01)
    #expect(share { $0.unicodeScalars.last.map(LoginValidation.isWhiteSpace) == true } > 0.02)
    #expect(share { $0.unicodeScalars.contains { (0x41...0x5A).contains($0.value) } } > 0.05)
    #expect(!emails.contains(where: FuzzHazards.isVersionDependent))
  }

  @Test func allUnicodeVersionsAddTheVersionDependentCharacters() throws {
    let generator = try Self.generator("login", unicodeAll: true)
    var random = FuzzRandom(seed: 3)
    var found = false
    for _ in 0..<3000 where !found {
      found = generator.next(random: &random).actions.contains { action in
        action["value"]?.stringValue.map(FuzzHazards.isVersionDependent) == true
      }
    }
    #expect(found)
  }
}
