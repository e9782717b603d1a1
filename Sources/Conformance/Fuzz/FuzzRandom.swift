/// The seeded pseudo-random generator of `conformance fuzz`: SplitMix64 (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014; the constants of Java's `SplittableRandom`).
///
/// The same seed gives the same stream on every platform and Swift version: nothing here uses the standard
/// library's or Foundation's randomness, or `Hasher` (which is seeded per process). Shapes: a seed is any `UInt64`;
/// ``below(_:)`` returns `0..<bound`. Never traps: a bound below 1 is taken as 1.
///
/// Each sequence of a search draws from a generator of its own, seeded by ``seed(ofSequence:searchSeed:)``, so that
/// sequence `k` depends on the search's seed and `k` alone: not on the sequences before it, the batch size, or which
/// shard of a `fuzz --shard` split runs it.
package struct FuzzRandom: Sendable {
  private var state: UInt64

  /// SplitMix64's increment, the golden ratio's fraction in 64 bits.
  private static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// Creates a generator whose stream is fixed by `seed`.
  package init(seed: UInt64) { state = seed }

  /// The seed of sequence `sequence` (1-based) of a search seeded with `searchSeed`: the `sequence`-th output of the
  /// generator seeded with `searchSeed`, computed without drawing the ones before it. A child generator is seeded from
  /// its parent's output as Java's `SplittableRandom.split()` seeds one, so the sequences' streams start at unrelated
  /// points rather than one step apart.
  ///
  /// ```swift
  /// var random = FuzzRandom(seed: FuzzRandom.seed(ofSequence: 6, searchSeed: 7))  // sequence 6 of seed 7, anywhere
  /// ```
  package static func seed(ofSequence sequence: Int, searchSeed: UInt64) -> UInt64 {
    var parent = FuzzRandom(seed: searchSeed &+ UInt64(truncatingIfNeeded: sequence &- 1) &* gamma)
    return parent.next()
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= Self.gamma
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (Lemire's multiply-high reduction; a bound below 1 gives 0).
  package mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// `true` with a probability of `percent` in 100.
  package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One element of a non-empty array (`nil` for an empty one).
  package mutating func pick<Element>(_ elements: [Element]) -> Element? {
    elements.isEmpty ? nil : elements[below(elements.count)]
  }

  /// An index drawn with the given non-negative weights (0 when all are 0 or the list is empty).
  package mutating func weighted(_ weights: [Int]) -> Int {
    let total = weights.reduce(0) { $0 + max(0, $1) }
    guard total > 0 else { return 0 }
    var roll = below(total)
    for (index, weight) in weights.enumerated() where weight > 0 {
      if roll < weight { return index }
      roll -= weight
    }
    return weights.count - 1
  }
}
