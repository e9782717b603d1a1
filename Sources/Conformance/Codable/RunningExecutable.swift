/// The executable running, as a user types it (`conformance`, a team's `counter-conformance`): the last component of
/// `argv[0]`, for the commands that messages and generated files suggest.
package enum RunningExecutable {
  /// The name, or `conformance` when the process has no `argv[0]`.
  package static var name: String {
    CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "conformance"
  }
}
