/// The exit statuses of the `conformance` command, defined once: the CLI, ``RunSummary/exitCode`` and the help text's
/// `EXIT STATUS` section use these, and the scripts in `scripts/` follow them (`scripts/lib/common.sh`).
package enum ExitCode {
  /// 0: every scenario passed; also after help or the version is shown.
  package static let success: Int32 = 0
  /// 1: the gate failed: a scenario failed or was skipped (unless skips are allowed), implementations diverged, or
  /// the baseline has problems.
  package static let gateFailure: Int32 = 1
  /// 2: a usage error, an invalid scenario, manifest or baseline file, no scenarios found, or a report or output that
  /// could not be written.
  package static let invalidInput: Int32 = 2
}
