import Conformance
import Testing

/// The generator's contract: fuzz generates only what `validate` accepts. Thousands of cases per feature and level
/// (fixed seeds) are written as scenario files, as `fuzz` writes a finding, and loaded by the loader `validate` uses;
/// not one may have an error. Runtime cases are written with their calls declared where the manifest says they start
/// (``FuzzGenerator/dependency(answering:in:)``), so a `respond` with a result of another dependency's type, or a
/// second answer to one call, is caught as a file would be.
@Suite("fuzz generator: every case validates")
struct FuzzGeneratorValidityTests {
  /// The bundled features and ``Lookup`` (three dependencies, two calls in one step, union and nullable results).
  static let features = ["login", "signup", "lookup"]

  /// Cases per feature and level.
  static let count = 2500

  static func generator(_ feature: String, level: ScenarioLevel) throws -> (FuzzGenerator, ScenarioLoader) {
    guard feature == "lookup" else {
      var generator = try FuzzGeneratorTests.generator(feature)
      generator.level = level
      return (generator, FuzzGeneratorTests.loader)
    }
    let manifest = try Lookup.manifest
    let dictionary = FuzzDictionary(scenarios: [], manifestInitialState: manifest.initialState, unicodeAll: false)
    let generator = FuzzGenerator(
      manifest: manifest, strings: FuzzStrings(dictionary: dictionary, unicodeAll: false), maxSteps: 8, level: level)
    return (generator, ScenarioLoader(manifests: ["lookup": manifest]))
  }

  @Test(arguments: features, [ScenarioLevel.reducer, .runtime])
  func everyGeneratedCaseIsAValidScenario(_ feature: String, level: ScenarioLevel) throws {
    let (generator, loader) = try Self.generator(feature, level: level)
    var random = FuzzRandom(seed: 7)
    var invalid: [String] = []
    for index in 0..<Self.count {
      let fuzzCase = generator.next(random: &random)
      let document = Self.document(fuzzCase, generator: generator, id: "\(feature)-fuzz-\(index)")
      if case .failure(let errors) = loader.load(document, file: "\(feature)-fuzz-\(index).json") {
        invalid.append("case \(index + 1): " + errors.errors.map(\.description).joined(separator: "; "))
      }
    }
    #expect(
      invalid.isEmpty,
      "\(invalid.count) of \(Self.count) cases are invalid, e.g.\n\(invalid.prefix(3).joined(separator: "\n"))")
  }

  /// Results are generated for every dependency of a feature with several, including the second call of one step,
  /// union cases and `null` for an optional result.
  @Test func runtimeCasesAnswerEveryDependencyWithItsOwnResults() throws {
    let (generator, _) = try Self.generator("lookup", level: .runtime)
    var random = FuzzRandom(seed: 7)
    var answered = Set<String>()
    for _ in 0..<Self.count {
      let fuzzCase = generator.next(random: &random)
      for step in fuzzCase.actions {
        guard let reference = FuzzCase.callReference(of: step), let result = step["respond"]?["result"] else {
          continue
        }
        let dependency = try #require(generator.dependency(answering: reference, in: fuzzCase.actions))
        answered.insert(
          "\(dependency.name) \(reference.index) " + (result["type"]?.stringValue ?? "\(result.typeName)"))
      }
    }
    #expect(
      answered.isSuperset(of: [
        "findUser 1 found", "findUser 1 notFound", "loadProfile 1 person", "loadProfile 1 team", "loadProfile 1 null",
        "loadQuota 2 integer", "loadQuota 2 null",
      ]), "\(answered.sorted())")
  }

  /// Values of ranged fields stay in range and hit its edges: `quota` (0 to 255) at 0, 1, 254 and 255 and never beyond,
  /// `zoom` (0.25 to 4) at both bounds, `userId` (1 to 1000) at 1, 2, 999 and 1000.
  @Test func rangedValuesStayInRangeAndHitItsEdges() throws {
    let (generator, _) = try Self.generator("lookup", level: .reducer)
    var random = FuzzRandom(seed: 7)
    var quotas = Set<Int64>()
    var zooms = Set<Double>()
    var userIds = Set<Int64>()
    for _ in 0..<Self.count {
      for action in generator.next(random: &random).actions {
        if case .number(let quota)? = action["quota"] { quotas.insert(try #require(quota.int64Value)) }
        if case .number(let zoom)? = action["level"] { zooms.insert(zoom.doubleValue) }
        if case .number(let userId)? = action["result"]?["userId"] { userIds.insert(try #require(userId.int64Value)) }
      }
    }
    #expect(quotas.allSatisfy { (0...255).contains($0) } && quotas.isSuperset(of: [0, 1, 254, 255]), "\(quotas)")
    #expect(zooms.allSatisfy { (0.25...4).contains($0) } && zooms.isSuperset(of: [0.25, 4]), "\(zooms)")
    #expect(userIds.allSatisfy { (1...1000).contains($0) } && userIds.isSuperset(of: [1, 2, 999, 1000]), "\(userIds)")
  }

  /// A generated case as a scenario file: at reducer level each action a `send`; at runtime level each step as it
  /// is, with every call a `respond` answers declared in the `expect.calls` of the step that starts it, named
  /// `c<step>-<index>`, of the dependency the manifest says it goes to (any when it does not say: then only errors may
  /// answer it), with arguments of that dependency's shapes.
  static func document(_ fuzzCase: FuzzCase, generator: FuzzGenerator, id: String) -> JSONValue {
    var steps: [JSONValue]
    if fuzzCase.level == .reducer {
      steps = fuzzCase.actions.map { ["send": $0] }
    } else {
      steps = fuzzCase.actions
      var declared: [Int: Int] = [:]
      for step in fuzzCase.actions {
        if let reference = FuzzCase.callReference(of: step) {
          declared[reference.step] = max(declared[reference.step] ?? 0, reference.index)
        }
      }
      var random = FuzzRandom(seed: 1)
      var earlier: [String] = []
      for (step, count) in declared where steps.indices.contains(step - 1) {
        let calls: [JSONValue] = (1...count).map { index in
          let reference = CallReference(step: step, index: index)
          let known = generator.dependency(answering: reference, in: fuzzCase.actions)
          // Any dependency will do for a call the manifest does not place: only an error, which any call may throw,
          // may answer it.
          guard let dependency = known ?? generator.manifest.dependencies.values.min(by: { $0.name < $1.name }) else {
            return .null
          }
          return [
            "call": .string("c\(step)-\(index)"), "dependency": .string(dependency.name),
            "arguments": generator.value(
              of: .object(dependency.arguments), key: "arguments", earlier: &earlier, random: &random),
          ]
        }
        guard case .object(var object) = steps[step - 1] else { continue }
        object["expect"] = ["calls": .array(calls)]
        steps[step - 1] = .object(object)
      }
      steps = steps.map { step in
        guard let reference = FuzzCase.callReference(of: step), case .object(var outer) = step,
          case .object(var respond)? = outer["respond"]
        else { return step }
        respond["call"] = .string("c\(reference.step)-\(reference.index)")
        outer["respond"] = .object(respond)
        return .object(outer)
      }
    }
    var document: JSONValue = [
      "id": .string(id), "feature": .string(generator.manifest.feature), "description": "Generated.",
      "exhaustive": false, "initialState": fuzzCase.initialState, "steps": .array(steps),
    ]
    if fuzzCase.level == .runtime, case .object(var object) = document {
      object["level"] = "runtime"
      document = .object(object)
    }
    return document
  }
}
