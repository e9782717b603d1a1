extension JSONRenderer {
  /// Renders `value` over several lines with sorted keys and two-space indentation, in the ``Style/display`` style.
  ///
  /// Objects and arrays whose members are all scalars and that fit in 80 columns stay on one line, so a state or an
  /// effect reads at a glance and line diffs point at the member that changed.
  ///
  /// - Parameter value: The value to render.
  /// - Returns: The lines, without trailing newlines.
  package static func prettyLines(_ value: JSONValue) -> [String] {
    var lines: [String] = []
    writePretty(value, indent: "", prefix: "", suffix: "", into: &lines)
    return lines
  }

  private static func writePretty(
    _ value: JSONValue, indent: String, prefix: String, suffix: String, into lines: inout [String]
  ) {
    let inline = compact(value, style: .display)
    let isContainer: Bool
    let isEmpty: Bool
    switch value {
    case .object(let object): isContainer = true; isEmpty = object.isEmpty
    case .array(let elements): isContainer = true; isEmpty = elements.isEmpty
    default: isContainer = false; isEmpty = true
    }
    if !isContainer || isEmpty
      || (indent.count + prefix.count + inline.count <= 80 && !hasNestedContainer(value)
        && indent.count > 0)
    {
      lines.append(indent + prefix + inline + suffix)
      return
    }
    let inner = indent + "  "
    switch value {
    case .object(let object):
      lines.append(indent + prefix + "{")
      for (index, member) in object.members.enumerated() {
        let comma = index < object.count - 1 ? "," : ""
        writePretty(member.value, indent: inner, prefix: quoted(member.key) + ": ", suffix: comma, into: &lines)
      }
      lines.append(indent + "}" + suffix)
    case .array(let elements):
      lines.append(indent + prefix + "[")
      for (index, element) in elements.enumerated() {
        let comma = index < elements.count - 1 ? "," : ""
        writePretty(element, indent: inner, prefix: "", suffix: comma, into: &lines)
      }
      lines.append(indent + "]" + suffix)
    default:
      lines.append(indent + prefix + inline + suffix)
    }
  }

  private static func hasNestedContainer(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let object):
      return object.members.contains { $0.value.objectValue != nil || $0.value.arrayValue != nil }
    case .array(let elements): return elements.contains { $0.objectValue != nil || $0.arrayValue != nil }
    default: return false
    }
  }
}
