/// Renders a scenario document in the layout the bundled scenarios use (Conformance/scenarios): top-level keys in
/// the format reference's order (`$schema`, `id`, `feature`, `level`, `description`, `rules`, `tags`, `initialState`,
/// `exhaustive`, `leavesRunning`, `start`, `steps`; scenario format §3.1, §16.2), one step per line group, the step's
/// kind first, then `expect` (`state`, `changes`, `effects`, `calls`, `cancelled`, `received`, `events`), then
/// `description` (§3.2, §13.2, §13.3).
///
/// A value stays on one line when it fits in 120 columns; otherwise an object puts one member per line and an array
/// one element per line, and so on inwards. Strings are written in the display style (scenario format §3.4: every
/// invisible or confusable scalar escaped), with `", "` and `": "` between members; the text ends with a newline.
/// Other objects (states, actions, effects, arguments) put `type` first, then their keys in sorted order.
package enum ScenarioFileLayout {
  /// The widest line kept on one line, in characters.
  static let width = 120

  /// Keys in the order they are written, per object kind; keys not listed follow in sorted order.
  static let topLevelOrder = [
    "$schema", "id", "feature", "level", "description", "rules", "tags", "initialState", "exhaustive",
    "leavesRunning", "start", "steps",
  ]
  static let stepOrder = ["send", "respond", "advance", "clear", "screen", "emit", "expect", "description"]
  static let expectOrder = ["state", "changes", "effects", "calls", "cancelled", "received", "events"]
  static let callOrder = ["call", "dependency", "arguments"]

  /// The file's text for `document` (an object; anything else is rendered on one line).
  package static func render(_ document: JSONValue) -> String {
    guard let root = document.objectValue else { return FuzzFinding.render(document) + "\n" }
    var lines = ["{"]
    let members = ordered(root, by: topLevelOrder)
    for (index, member) in members.enumerated() {
      let comma = index + 1 < members.count ? "," : ""
      let key = "\(FuzzFinding.render(.string(member.key))): "
      if member.key == "steps", let steps = member.value.arrayValue, !steps.isEmpty {
        lines.append("  " + key + "[")
        for (position, step) in steps.enumerated() {
          write(
            step, indent: "    ", prefix: "", suffix: position + 1 < steps.count ? "," : "", kind: .step, into: &lines)
        }
        lines.append("  ]" + comma)
      } else {
        // `start` (format v1.3) holds an `expect` as a step does.
        let kind: Kind = member.key == "start" ? .step : .plain
        write(member.value, indent: "  ", prefix: key, suffix: comma, kind: kind, into: &lines)
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// What an object is, for its key order.
  enum Kind { case plain, step, expect, call }

  private static func write(
    _ value: JSONValue, indent: String, prefix: String, suffix: String, kind: Kind, into lines: inout [String]
  ) {
    let inline = text(value, kind: kind)
    if indent.count + prefix.count + inline.count + suffix.count <= width {
      lines.append(indent + prefix + inline + suffix)
      return
    }
    let inner = indent + "  "
    switch value {
    case .object(let object) where !object.isEmpty:
      lines.append(indent + prefix + "{")
      let members = ordered(object, by: order(of: kind))
      for (index, member) in members.enumerated() {
        write(
          member.value, indent: inner, prefix: FuzzFinding.render(.string(member.key)) + ": ",
          suffix: index + 1 < members.count ? "," : "", kind: childKind(of: kind, key: member.key), into: &lines)
      }
      lines.append(indent + "}" + suffix)
    case .array(let elements) where !elements.isEmpty:
      lines.append(indent + prefix + "[")
      for (index, element) in elements.enumerated() {
        write(
          element, indent: inner, prefix: "", suffix: index + 1 < elements.count ? "," : "",
          kind: kind == .call ? .call : .plain, into: &lines)
      }
      lines.append(indent + "]" + suffix)
    default:
      lines.append(indent + prefix + inline + suffix)
    }
  }

  /// One line of `value`, nested objects in their kinds' key orders.
  private static func text(_ value: JSONValue, kind: Kind) -> String {
    switch value {
    case .object(let object):
      let members = ordered(object, by: order(of: kind)).map {
        FuzzFinding.render(.string($0.key)) + ": " + text($0.value, kind: childKind(of: kind, key: $0.key))
      }
      return "{" + members.joined(separator: ", ") + "}"
    case .array(let elements):
      return "[" + elements.map { text($0, kind: kind == .call ? .call : .plain) }.joined(separator: ", ") + "]"
    default: return FuzzFinding.render(value)
    }
  }

  private static func order(of kind: Kind) -> [String] {
    switch kind {
    case .plain: return ["type"]
    case .step: return stepOrder
    case .expect: return expectOrder
    case .call: return callOrder
    }
  }

  /// The kind of the value at `key` inside an object of `kind` (`calls` holds call objects, passed through arrays).
  private static func childKind(of kind: Kind, key: String) -> Kind {
    switch (kind, key) {
    case (.step, "expect"): return .expect
    case (.expect, "calls"): return .call
    default: return .plain
    }
  }

  /// The members of `object`: those named in `order` first, in that order, then the rest in sorted order.
  private static func ordered(_ object: JSONObject, by order: [String]) -> [(key: String, value: JSONValue)] {
    let listed = order.compactMap { key in object[key].map { (key: key, value: $0) } }
    return listed + object.members.filter { !order.contains($0.key) }
  }
}
