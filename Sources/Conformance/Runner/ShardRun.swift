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

  /// Creates the record of a shard's run, with no baseline findings yet.
  package init(shard: Shard, filesBeforeSharding: Int) {
    self.shard = shard
    self.filesBeforeSharding = filesBeforeSharding
  }
}
