import Foundation

/// Places a scenario's results in its file for CI: the path relative to the repository and the line of a step,
/// an outline row or the creation, so GitHub annotations and JUnit `file`/`line` point at the JSON that failed.
///
/// Paths are made relative to `GITHUB_WORKSPACE` when it is set, else to the current directory (GitHub annotates a
/// pull request's diff only for repository-relative paths); a file outside that folder keeps its absolute path.
/// Lines are 1-based. A file that cannot be read or scanned is placed at line 1, never an error: the report is
/// still written.
package final class ScenarioLocator {
  private let currentDirectory: URL
  private let root: String
  private var cached: (file: String, text: String?)?

  /// Creates a locator.
  ///
  /// - Parameters:
  ///   - currentDirectory: What relative report paths are relative to.
  ///   - workspace: The repository root (`GITHUB_WORKSPACE`), or `nil` for the current directory.
  package init(currentDirectory: URL, workspace: String?) {
    // A folder URL, so that relative paths resolve inside it, however the caller built it.
    let currentDirectory = URL(fileURLWithPath: currentDirectory.path, isDirectory: true)
    self.currentDirectory = currentDirectory
    let base = workspace.flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, relativeTo: currentDirectory) }
    root = (base ?? currentDirectory).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// `file` (as reports show it) relative to the repository root, or absolute when it lies outside.
  package func relativePath(_ file: String) -> String {
    let path = url(file).path
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// The line where the scenario `id` (an outline row `ID[n]` or `ID[name]` included) starts: its row's line for an
  /// outline row, else line 1.
  package func scenarioLine(id: String, file: String) -> Int {
    // Only an outline case's id ends with `]`: other scenarios start at line 1 without reading their file.
    guard id.hasSuffix("]"), let text = text(of: file), let row = rowIndex(id: id, text: text),
      let spans = JSONArraySpans.spans(of: "examples", in: text), row < spans.count
    else { return 1 }
    return JSONArraySpans.line(of: spans[row].lowerBound, in: text)
  }

  /// The line of the 0-based step `index` of scenario `id`: an outline row's line (its steps are the outline's,
  /// shared by every row), the `start` key's line for the creation (-1), the step's own line otherwise; line 1 when
  /// none is found.
  package func stepLine(_ index: Int, id: String, file: String) -> Int {
    guard let text = text(of: file) else { return 1 }
    if id.hasSuffix("]"), JSONArraySpans.spans(of: "examples", in: text) != nil {
      return scenarioLine(id: id, file: file)
    }
    if index < 0 {
      return JSONArraySpans.memberStart(of: "start", in: text).map { JSONArraySpans.line(of: $0, in: text) } ?? 1
    }
    return elementLine(index, of: "steps", file: file)
  }

  /// The line of element `index` of the top-level array `key` in `file` (a baseline's `entries[i]`), or 1.
  package func elementLine(_ index: Int, of key: String, file: String) -> Int {
    guard index >= 0, let text = text(of: file), let spans = JSONArraySpans.spans(of: key, in: text),
      index < spans.count
    else { return 1 }
    return JSONArraySpans.line(of: spans[index].lowerBound, in: text)
  }

  /// The line a verdict points at: its failing step's line for `failed` and `errored` (an error before the first
  /// step, at the scenario's line), else the scenario's line.
  package func line(of verdict: Verdict) -> Int {
    switch verdict.outcome {
    case .failed(let failure): return stepLine(failure.stepIndex, id: verdict.scenarioID, file: verdict.file)
    case .noTrace(.errored(let step, _)) where step > 0:
      return stepLine(step - 1, id: verdict.scenarioID, file: verdict.file)
    default: return scenarioLine(id: verdict.scenarioID, file: verdict.file)
    }
  }

  /// The line an input error is at: its own line (syntax errors, located errors), else its step's line when its
  /// path is inside `steps[i]`, else 1.
  package func line(of error: InputError) -> Int {
    if let line = error.line { return line }
    if let components = error.path?.components, components.count >= 2, components[0] == .key("steps"),
      case .index(let step) = components[1]
    {
      return stepLine(step, id: "", file: error.file)
    }
    return 1
  }

  /// The 0-based row of an outline case id `ID[n]` (1-based `n`) or `ID[name]`, or `nil`.
  private func rowIndex(id: String, text: String) -> Int? {
    guard id.hasSuffix("]"), let open = id.lastIndex(of: "[") else { return nil }
    let key = String(id[id.index(after: open)..<id.index(before: id.endIndex)])
    if let number = Int(key), number >= 1 { return number - 1 }
    guard let spans = JSONArraySpans.spans(of: "examples", in: text) else { return nil }
    return spans.firstIndex { span in
      let row = try? JSONSerialization.jsonObject(with: Data(text[span].utf8)) as? [String: Any]
      return row?["name"] as? String == key
    }
  }

  private func url(_ file: String) -> URL {
    URL(fileURLWithPath: file, relativeTo: currentDirectory).standardizedFileURL.resolvingSymlinksInPath()
  }

  /// The file's text, the last one read kept (a scenario's results, and an outline's rows, come together).
  private func text(of file: String) -> String? {
    if let cached, cached.file == file { return cached.text }
    let text = try? String(contentsOf: url(file), encoding: .utf8)
    cached = (file, text)
    return text
  }
}
