/// How `conformance fuzz --shard index/total` splits a search: the shard runs the sequences `k` (numbered from 1 in
/// the unsharded search) with `k ≡ index (mod total)`, that is `index`, `index + total`, `index + 2 × total`, …
///
/// So the shards of one split never run the same sequence, and with `--runs N` they run sequences 1 to N between them,
/// each exactly once: what the unsharded search runs, since sequence `k` depends only on the seed and `k`
/// (``FuzzRandom/seed(ofSequence:searchSeed:)``). The sequences are interleaved rather than cut into ranges because
/// under `--time` no shard knows how many there will be, and so that every shard starts with early, and so
/// unsharded-like, numbers: the first divergence of the unsharded search is the first of the shard that holds it.
///
/// ```swift
/// let shard = try #require(Shard(parsing: "2/4"))
/// shard.sequence(at: 3)          // 10: the shard runs 2, 6, 10, …
/// shard.sequenceCount(of: 4000)  // 1000
/// ```
extension Shard {
  /// The number of the shard's `position`-th sequence (both 1-based): `index + (position - 1) × total`.
  package func sequence(at position: Int) -> Int { index + (position - 1) * total }

  /// How many of the sequences 1 to `runs` the shard runs: 0 when `runs < index`.
  package func sequenceCount(of runs: Int) -> Int { runs < index ? 0 : (runs - index) / total + 1 }
}
