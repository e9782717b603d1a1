import Foundation

/// A run read back from its JSON report (README §11.2): the events the run emitted, rebuilt so that the reporters can
/// replay them (`conformance merge-reports`).
///
/// A report records every scenario's results, its divergence and the invalid files; a shard's report (`--shard`) also
/// records, in its `shard` object, what the results leave out (each scenario's description, step count, level, tags
/// and baseline findings) and the baseline entries the merge must judge. Only a shard's report can be replayed exactly;
/// an unsharded one is read to be refused with a clear message.
///
/// ```swift
/// let run = try RecordedRun(reading: url, displayName: "shard-1.json")
/// for item in run.items { … }
/// ```
package struct RecordedRun: Sendable {
  /// One event of the run between `started` and `finished`, in run order.
  package enum Item: Sendable {
    /// A file that could not be used, with every problem in it.
    case invalid(file: String, errors: [InputError])
    /// A scenario's verdicts.
    case scenario(ScenarioVerdict)

    /// The file the item is about.
    package var file: String {
      switch self {
      case .invalid(let file, _): return file
      case .scenario(let verdict): return verdict.file
      }
    }
  }

  /// The report file, as the user named it.
  package var displayName: String
  /// The version of the tool that wrote it (`tool.version`).
  package var toolVersion: String
  /// The report format's version (`version`).
  package var formatVersion: Int
  /// The implementations, as the `started` event gave them.
  package var implementations: [(name: String, info: ImplementationInfo?, startError: String?)]
  /// The invalid files and scenarios, in run order.
  package var items: [Item]
  /// The shard's record, or `nil` for a report of an unsharded run.
  package var shard: ShardRun?
  /// Whether skipped pairs were accepted (`--allow-skipped`), from the `shard` object.
  package var allowsSkipped = false
  /// The `Conformance` folder the shard used (`summary.conformanceFolder`; absent from reports of earlier versions).
  package var conformanceFolder: String?
  /// The baseline file (`summary.baseline`).
  package var baselineFile: String?
  /// Failures of the run itself (`summary.runFailures`).
  package var runFailures: [String]
  /// The run's wall-clock seconds (`summary.durationSeconds`).
  package var duration: Double

  /// The report's format name (`format`).
  package static let format = "udf-conformance-report"

  /// Reads and decodes a JSON report.
  ///
  /// - Throws: ``InputError`` naming the file: when it cannot be read, is not JSON (with line and column), or is not
  ///   a conformance report (with the JSON path of the first value that is wrong).
  package init(reading url: URL, displayName: String) throws(InputError) {
    let value: JSONValue
    switch JSONFile.read(url, displayName: displayName) {
    case .failure(let error): throw error
    case .success(let read): value = read
    }
    try self.init(ReportValue(value: value, path: .root, file: displayName))
  }

  private init(_ root: ReportValue) throws(InputError) {
    displayName = root.file
    guard try root.member("format").string() == Self.format else {
      throw try root.member("format").error("expected \"\(Self.format)\": this is not a conformance JSON report")
    }
    formatVersion = try root.member("version").int()
    toolVersion = try root.member("tool").member("version").string()
    implementations = try root.member("implementations").array().map { entry throws(InputError) in
      let name = try entry.member("name").string()
      let language = try entry.member("language").optional { value throws(InputError) in try value.string() }
      let version = try entry.member("version").optional { value throws(InputError) in try value.string() }
      let info = language.flatMap { language in
        version.map { ImplementationInfo(name: name, language: language, version: $0, features: [:]) }
      }
      return (name, info, try entry.member("startError").optional { value throws(InputError) in try value.string() })
    }
    let summary = try root.member("summary")
    baselineFile = try summary.member("baseline").optional { value throws(InputError) in try value.string() }
    conformanceFolder = try summary.optionalMember("conformanceFolder")?.optional { value throws(InputError) in
      try value.string()
    }
    runFailures = try summary.member("runFailures").array().map { value throws(InputError) in try value.string() }
    duration = try summary.member("durationSeconds").double()
    items = []
    guard let shardValue = root.optionalMember("shard") else { return }
    let shard = try ReportValue.shard(shardValue)
    self.shard = shard.run
    allowsSkipped = shard.allowsSkipped
    items = try Self.items(root, scenarios: shard.scenarios, implementations: implementations.map(\.name))
  }

  /// The shard's items (`shard.items`) in run order: each scenario with its results and divergence, each invalid
  /// file with its errors.
  private static func items(_ root: ReportValue, scenarios: [ReportValue], implementations: [String])
    throws(InputError) -> [Item]
  {
    var results: [String: [Verdict]] = [:]
    for value in try root.member("results").array() {
      let verdict = try value.verdict()
      results[verdict.scenarioID, default: []].append(verdict)
    }
    var divergences: [String: (Divergence, Bool)] = [:]
    for value in try root.member("divergences").array() {
      divergences[try value.member("scenario").string()] = try value.divergence(implementations: implementations)
    }
    var invalid: [String: [InputError]] = [:]
    for value in try root.member("invalid").array() {
      let error = try value.inputError()
      invalid[error.file, default: []].append(error)
    }
    return try scenarios.map { value throws(InputError) in
      if let file = value.optionalMember("invalid") {
        let name = try file.string()
        guard let errors = invalid[name] else { throw file.error("no entry of 'invalid' names this file") }
        return .invalid(file: name, errors: errors)
      }
      var verdict = try value.scenarioVerdict()
      let exhaustive = try value.member("exhaustive").bool()
      verdict.verdicts = (results[verdict.id] ?? []).map {
        var result = $0
        result.isExhaustive = exhaustive
        // A failure's step count is the scenario's (README §11.2 leaves it out of the failure).
        switch result.outcome {
        case .failed(var failure):
          failure.stepCount = verdict.stepCount
          result.outcome = .failed(failure)
        case .known(var known):
          known.failure.stepCount = verdict.stepCount
          result.outcome = .known(known)
        default: break
        }
        return result
      }
      if let (divergence, known) = divergences[verdict.id] {
        (verdict.divergence, verdict.divergenceIsKnown) = (divergence, known)
      }
      return .scenario(verdict)
    }
  }
}
