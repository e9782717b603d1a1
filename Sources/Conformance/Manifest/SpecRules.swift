/// The rule ids a feature's prose spec declares (scenario format §18.1): what a scenario's `rules` may cite and what
/// `conformance coverage` lists as cited or not.
///
/// A rule is declared where its id starts a heading or a bold list item, the two ways the bundled specs number their
/// rules:
///
/// ```markdown
/// ### L3 — `{"type": "submit"}` [`Submit`]
/// - **L3.a** If `isLoading` is true, the action is ignored …
/// - **LR1.** The `authenticate` effect calls the dependency …
/// - **IB1 (creation).** Creating the runtime calls `loadProfile` once …
/// ```
///
/// declares `L3`, `L3.a`, `LR1` and `IB1`. An id elsewhere in the prose (a citation such as "cleared by L4.b") declares
/// nothing. Ids follow the rule id pattern of format §1.3, `^[A-Z]+[0-9]+(\.[a-z])?$`; fenced code blocks are skipped.
package enum SpecRules {
  /// The ids `markdown` declares, in the order it declares them, each once.
  ///
  /// - Parameter markdown: The text of the spec, e.g. `Conformance/features/login.md`.
  /// - Returns: The declared ids; empty when none is declared.
  package static func ids(inMarkdown markdown: String) -> [String] {
    var ids: [String] = []
    var seen = Set<String>()
    var inFence = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      guard !inFence, let id = declaredID(in: trimmed), seen.insert(id).inserted else { continue }
      ids.append(id)
    }
    return ids
  }

  /// The id a line declares: the first word after a heading's `#`s, or after the `**` that opens a list item.
  private static func declaredID(in line: Substring) -> String? {
    var rest: Substring
    if line.hasPrefix("#") {
      rest = line.drop { $0 == "#" }
      guard rest.first == " " else { return nil }
      rest = rest.drop { $0 == " " }
    } else if line.hasPrefix("- **") || line.hasPrefix("* **") {
      rest = line.dropFirst(4)
    } else {
      return nil
    }
    var word = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })
    // A sentence's full stop after the id ("**LR1.**") is not part of it.
    if word.hasSuffix(".") { word.removeLast() }
    return ManifestNames.isRuleID(word) ? word : nil
  }
}
