import Foundation
import FuzzMutants
import LoginFeature
import SignupFeature
import Testing

@testable import ConformanceCLI

/// The figures of `scripts/bench-fuzz`, measured in process: fuzz throughput of the Swift
/// implementation against a second in-process copy of itself, and the time `conformance fuzz` takes with its default
/// budget to find (search) and then shrink each seeded mutant (``LoginMutation``), for seeds 0 to 4. Runs only when
/// `UDF_FUZZ_BENCH` is set (the bench script sets it; `UDF_FUZZ_BENCH_SECONDS` sets the throughput runs' `--time`,
/// default 5); prints one `bench: …` line per figure.
@Suite("fuzz bench", .enabled(if: ProcessInfo.processInfo.environment["UDF_FUZZ_BENCH"] != nil))
struct FuzzBench {
  @Test func throughputAndTimeToFindEachMutant() async throws {
    let seconds = ProcessInfo.processInfo.environment["UDF_FUZZ_BENCH_SECONDS"] ?? "5"
    let swift = SwiftImplementation(features: [
      CodableFeature("login", reducer: LoginReducer(), initialState: LoginState()),
      CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState()),
    ])
    let twin = SwiftImplementation(
      name: "twin",
      features: [
        CodableFeature("login", reducer: LoginReducer(), initialState: LoginState()),
        CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState()),
      ])
    for feature in ["login", "signup"] {
      let result = await Fuzz.command(
        ["fuzz", "--feature", feature, "--impl", "twin", "--time", seconds], swift: swift, extra: [twin])
      #expect(result.status == 0)
      print("bench: in-process \(feature): \(result.lines.dropFirst().first ?? "")")
    }
    for mutation in LoginMutation.allCases {
      for seed in 0..<5 {
        let start = ContinuousClock.now
        let result = await Fuzz.run(
          ["--feature", "login", "--impl", "mutant", "--seed", "\(seed)"], mutation: mutation)
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 1)
        let search = result.lines.dropFirst().first ?? ""
        let found = result.lines.first { $0.hasPrefix("divergence between") } ?? "not found"
        let shrunk = result.lines.first { $0.hasPrefix("shrunk in") } ?? ""
        print("bench: mutant \(mutation) seed \(seed): \(found); search \(search); \(shrunk); total \(elapsed)")
      }
    }
  }
}
