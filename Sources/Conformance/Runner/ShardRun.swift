/// What a shard's run records beyond its own scenarios so that `conformance merge-reports` can judge the whole run
/// (the JSON report's `shard` object, Conformance/README.md §11.2).
///
/// Two baseline judgements depend on every shard: an entry that matches no scenario of this shard may match one of
/// another, and an expired entry is a problem only once, however many shards match it. A shard therefore does not
/// fail on either; it lists what it found, and the merge keeps the entries unmatched in every shard and each expired
/// entry once (``BaselineCheck/merge(_:into:checkUnmatched:)``).
package struct ShardRun: Sendable {
  /// The shard.
  package var shard: Shard
  /// Scenario files and walk problems in the whole corpus, before sharding: the same in every shard of one run.
  package var filesBeforeSharding: Int
  /// The baseline entries that match no scenario of this shard, each as the error an unsharded run would report, or
  /// `nil` when the run cannot tell (paths were given, or `--fail-fast` stopped it).
  package var unmatchedBaseline: [InputError]? = []
  /// The expired baseline entries that match a scenario of this shard.
  package var expiredBaseline: [BaselineProblem] = []
  /// What the run is a shard of, for `merge-reports` to check that every shard split the same selection; `nil` in
  /// the report of a tool that did not record it.
  package var selection: Selection?

  /// What a sharded run selected before it took its part: the corpus and the options that narrow or judge it
  /// (the `shard.selection` object of the JSON report, Conformance/README.md §11.6). Equal in every shard of one run.
  package struct Selection: Sendable, Equatable {
    /// The whole corpus's file list, before sharding: `fnv1a64:` and 16 lower-case hexadecimal digits, the FNV-1a
    /// 64-bit hash of every walked file's and walk problem's name, each followed by a line feed, in walk order (names
    /// sorted, ``ScenarioWalk``). A file renamed, added or removed changes it even when the count stays the same.
    package var corpus: String
    /// `--filter`, or `nil`.
    package var filter: String?
    /// `--tag`, in the order given.
    package var tags: [String]
    /// `--retries`: 0 to 10.
    package var retries: Int
    /// Whether a flaky pair fails the run (`--no-flaky`).
    package var noFlaky: Bool

    /// Creates a shard's selection record.
    package init(corpus: String, filter: String?, tags: [String], retries: Int, noFlaky: Bool) {
      (self.corpus, self.filter, self.tags, self.retries, self.noFlaky) = (corpus, filter, tags, retries, noFlaky)
    }

    /// The ``corpus`` text for a hash of the file list: `fnv1a64:` and the hash in 16 hexadecimal digits.
    package static func corpus(hash: UInt64) -> String {
      let hex = String(hash, radix: 16)
      return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
  }

  /// Creates the record of a shard's run, with no baseline findings yet.
  package init(shard: Shard, filesBeforeSharding: Int) {
    self.shard = shard
    self.filesBeforeSharding = filesBeforeSharding
  }
}
