// MARK: - Scenario outlines (Conformance/README.md §17)

extension ScenarioLoader {
  /// Validates a parsed scenario file into its cases: the one scenario of a plain file, or one scenario per row of a
  /// scenario outline (a file with `examples`), each validated as a plain file would be.
  ///
  /// A row's problems are reported at `examples[n]` (0-based, as every JSON path), with the path inside the row's
  /// expanded scenario leading the message: `examples[2]: steps[1].expect.changes.total: …`. A problem outside
  /// `initialState` and `steps` (the id, the feature) is the same for every row and is reported once, as in a plain
  /// file. One invalid row makes the file invalid: no row of it runs.
  ///
  /// - Parameters:
  ///   - value: The document.
  ///   - file: The file name used in errors and reports.
  /// - Returns: The cases in row order, or every problem found.
  package func loadCases(_ value: JSONValue, file: String) -> Result<[Scenario], InputErrors> {
    guard case .object(let document) = value, document["examples"] != nil else {
      return load(value, file: file).map { [$0] }
    }
    var issues = IssueList()
    guard let rows = ScenarioOutline.expand(document, issues: &issues) else {
      return .failure(InputErrors(issues.errors(file: file)))
    }
    var cases: [Scenario] = []
    var seen = Set<String>()
    for row in rows {
      switch load(row.document, file: file) {
      case .success(var scenario):
        scenario.outline = OutlineRow(outlineID: scenario.id, index: row.index, name: row.name)
        scenario.id = scenario.outline?.caseID ?? scenario.id
        cases.append(scenario)
      case .failure(let failure):
        for error in failure.errors {
          guard let path = error.path, case .key(let root)? = path.components.first,
            ScenarioOutline.expandedKeys.contains(root)
          else {
            if seen.insert(error.description).inserted { issues.add(error.path ?? .root, error.message) }
            continue
          }
          issues.add(JSONPath([.key("examples"), .index(row.index - 1)]), "\(path): \(error.message)")
        }
      }
    }
    guard issues.isEmpty else { return .failure(InputErrors(issues.errors(file: file))) }
    return .success(cases)
  }
}
