/// Expands a scenario outline — one behaviour over many inputs — into one plain scenario document per row of its
/// `examples` (Conformance/README.md §17, after Cucumber's Scenario Outline and Examples table).
///
/// JSON shape: a scenario file with a top-level
/// `"examples": [{"name"?: kebab-case string, "values": {parameter: any JSON value, ...}}, ...]`: at least one row,
/// every row giving the same parameter names (identifiers, `^[A-Za-z_][A-Za-z0-9_]*$`), row names unique. Inside
/// `initialState` and `steps`, a string that is exactly `"<param>"` becomes the row's value, whatever its JSON type;
/// `<param>` inside a longer string becomes the value's text, which must then be a string or a number. Object keys are
/// never replaced.
///
/// Problems of the table as a whole — a placeholder naming no parameter, a parameter no placeholder uses, rows with
/// other parameters, a value that cannot go inside a longer string — are reported at their JSON path (`examples[2].values`,
/// `steps[1].send.value`), and the file then yields no row.
enum ScenarioOutline {
  /// One expanded row: its place and name, and the document a plain scenario file would hold.
  struct Row {
    /// The row's 1-based position in `examples`.
    var index: Int
    /// The row's `name`, when it gives one.
    var name: String?
    /// The scenario document with every placeholder replaced and `examples` removed.
    var document: JSONValue
  }

  /// The members of a row (§17.1).
  static let rowKeys = ["name", "values"]
  /// The members whose strings may hold placeholders (§17.2).
  static let expandedKeys = ["initialState", "steps"]

  /// The rows of `document`, or `nil` after recording every problem of its `examples`.
  ///
  /// - Parameters:
  ///   - document: The scenario file's top-level object, which has an `examples` member.
  ///   - issues: Receives each problem, at its JSON path.
  static func expand(_ document: JSONObject, issues: inout IssueList) -> [Row]? {
    var problems = IssueList()
    let rows = readRows(document["examples"] ?? .null, issues: &problems)
    guard let first = rows.first, problems.isEmpty else {
      issues.append(contentsOf: problems)
      return nil
    }
    let parameters = Set(first.values.keys)
    var used = Set<String>()
    for key in expandedKeys {
      guard let value = document[key] else { continue }
      checkPlaceholders(in: value, at: JSONPath([.key(key)]), parameters: parameters, used: &used, issues: &problems)
    }
    for name in first.values.keys where !used.contains(name) {
      problems.add(
        JSONPath([.key("examples"), .index(0), .key("values"), .key(name)]),
        "parameter '\(name)' is used by no placeholder in initialState or steps; write \"<\(name)>\" where its value goes, or remove it"
      )
    }
    guard problems.isEmpty else {
      issues.append(contentsOf: problems)
      return nil
    }
    var expanded: [Row] = []
    for (position, row) in rows.enumerated() {
      var rowDocument = document
      rowDocument["examples"] = nil
      for key in expandedKeys {
        guard let value = document[key] else { continue }
        rowDocument[key] = substitute(
          in: value, at: JSONPath([.key(key)]), row: position, values: row.values, issues: &problems)
      }
      expanded.append(Row(index: position + 1, name: row.name, document: .object(rowDocument)))
    }
    issues.append(contentsOf: problems)
    return problems.isEmpty ? expanded : nil
  }

  // MARK: - The table

  /// A row as read: its name and values.
  private struct TableRow {
    var name: String?
    var values: JSONObject
  }

  /// The rows of `examples`: a non-empty array of `{"name"?, "values"}` with the first row's parameters in every row.
  private static func readRows(_ value: JSONValue, issues: inout IssueList) -> [TableRow] {
    let path = JSONPath([.key("examples")])
    guard case .array(let elements) = value, !elements.isEmpty else {
      issues.add(
        path,
        "expected a non-empty array of rows ({\"name\"?: ..., \"values\": {...}}), got \(JSONRenderer.compact(value, style: .display))"
      )
      return []
    }
    var rows: [TableRow] = []
    var names: [String: Int] = [:]
    for (index, element) in elements.enumerated() {
      let rowPath = path.appending(index: index)
      guard var reader = ObjectReader(element, at: rowPath, what: "a row", issues: &issues) else { continue }
      let name = reader.string("name", required: false, issues: &issues)
      let values = reader.object("values", required: true, issues: &issues)
      reader.reportUnknownKeys(allowed: rowKeys, issues: &issues)
      if let name {
        if !ScenarioLoader.isKebabCase(name) {
          issues.add(rowPath.appending(key: "name"), "row name '\(name)' is not kebab-case (it becomes part of the id)")
        } else if let other = names[name] {
          issues.add(rowPath.appending(key: "name"), "duplicate row name '\(name)' (already at examples[\(other)])")
        }
        names[name] = names[name] ?? index
      }
      guard let values else { continue }
      checkParameters(values, at: rowPath.appending(key: "values"), first: rows.first?.values, issues: &issues)
      rows.append(TableRow(name: name, values: values))
    }
    return rows
  }

  /// A row's parameter names: identifiers, at least one, and the same as the first row's.
  private static func checkParameters(
    _ values: JSONObject, at path: JSONPath, first: JSONObject?, issues: inout IssueList
  ) {
    if values.isEmpty {
      issues.add(path, "a row needs at least one parameter")
      return
    }
    for key in values.keys where !ManifestNames.isFieldName(key) {
      issues.add(path.appending(key: key), "parameter name '\(key)' is not an identifier (letters, digits and '_')")
    }
    guard let first, first.keys != values.keys else { return }
    issues.add(
      path,
      "this row gives the parameters \(quoted(values.keys)); every row gives the same as the first: \(quoted(first.keys))"
    )
  }

  private static func quoted(_ names: [String]) -> String {
    names.map { "'\($0)'" }.joined(separator: ", ")
  }
}
