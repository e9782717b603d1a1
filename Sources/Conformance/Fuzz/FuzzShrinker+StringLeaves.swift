// MARK: - String leaves

extension FuzzShrinker {
  /// Where a string sits in a case: the action's index (-1 for the initial state) and the keys and indices down to
  /// it.
  package typealias StringPath = (action: Int, components: [JSONPath.Component])

  /// Every string leaf of the initial state and of every action, in that order, then in key order; `type`
  /// discriminators are left out, and so are strings in a neutral format (a `date-time` or a `uuid`, README §15),
  /// which a shorter string would make invalid: the shrinker does not read the manifest, and a value in one of these
  /// exact spellings is one the generator wrote for such a field.
  static func stringPaths(in fuzzCase: FuzzCase) -> [StringPath] {
    var paths: [StringPath] = []
    collect(fuzzCase.initialState, prefix: [], into: &paths, action: -1)
    for (index, action) in fuzzCase.actions.enumerated() {
      collect(action, prefix: [], into: &paths, action: index)
    }
    return paths
  }

  private static func collect(
    _ value: JSONValue, prefix: [JSONPath.Component], into paths: inout [StringPath], action: Int
  ) {
    switch value {
    case .string(let string):
      if !StringFormat.allCases.contains(where: { $0.admits(string) }) { paths.append((action, prefix)) }
    case .object(let object):
      for member in object.members where member.key != "type" {
        collect(member.value, prefix: prefix + [.key(member.key)], into: &paths, action: action)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collect(element, prefix: prefix + [.index(index)], into: &paths, action: action)
      }
    default: break
    }
  }

  /// The string at `path`, or `nil` when the path leads elsewhere.
  static func string(at path: StringPath, in fuzzCase: FuzzCase) -> String? {
    guard path.action == -1 || fuzzCase.actions.indices.contains(path.action) else { return nil }
    var value = path.action == -1 ? fuzzCase.initialState : fuzzCase.actions[path.action]
    for component in path.components {
      switch component {
      case .key(let key): guard let next = value[key] else { return nil }; value = next
      case .index(let index):
        guard let elements = value.arrayValue, elements.indices.contains(index) else { return nil }
        value = elements[index]
      }
    }
    return value.stringValue
  }

  /// The case with the string at `path` made of `scalars` (unchanged when the path leads elsewhere).
  static func replacing(_ path: StringPath, in fuzzCase: FuzzCase, with scalars: [Unicode.Scalar]) -> FuzzCase {
    var copy = fuzzCase
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    if path.action == -1 {
      copy.initialState = setting(copy.initialState, at: path.components[...], to: .string(text))
    } else if copy.actions.indices.contains(path.action) {
      copy.actions[path.action] = setting(copy.actions[path.action], at: path.components[...], to: .string(text))
    }
    return copy
  }

  private static func setting(_ value: JSONValue, at path: ArraySlice<JSONPath.Component>, to leaf: JSONValue)
    -> JSONValue
  {
    guard let first = path.first else { return leaf }
    switch (first, value) {
    case (.key(let key), .object(var object)):
      guard let member = object[key] else { return value }
      object[key] = setting(member, at: path.dropFirst(), to: leaf)
      return .object(object)
    case (.index(let index), .array(var elements)) where elements.indices.contains(index):
      elements[index] = setting(elements[index], at: path.dropFirst(), to: leaf)
      return .array(elements)
    default: return value
    }
  }
}
