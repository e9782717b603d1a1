/// A location inside a JSON document, rendered the way reports show it: `state.isLoading`, `effects[0].email`,
/// `steps[2].send.type`.
///
/// Keys that are not plain identifiers are quoted (`state["first name"]`); the empty path renders as `(root)`, and a
/// path deeper than 24 levels shows its first and last 8 components around an ellipsis.
public struct JSONPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// One step into a document.
  public enum Component: Sendable, Hashable {
    /// An object member.
    case key(String)
    /// An array element, 0-based.
    case index(Int)
  }

  /// The steps from the document root.
  public var components: [Component]

  /// Creates a path from components.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The path to the root of a document.
  public static let root = JSONPath()

  /// This path extended by an object key.
  public func appending(key: String) -> JSONPath { JSONPath(components + [.key(key)]) }

  /// This path extended by an array index (0-based).
  public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

  /// This path followed by all of `other`'s components.
  public func appending(_ other: JSONPath) -> JSONPath { JSONPath(components + other.components) }

  /// Document order: component by component, keys by Unicode scalars, indices numerically (`effects[2]` before
  /// `effects[10]`), and a path before the paths below it.
  public static func < (lhs: JSONPath, rhs: JSONPath) -> Bool {
    for (a, b) in zip(lhs.components, rhs.components) where a != b {
      switch (a, b) {
      case (.index(let x), .index(let y)): return x < y
      case (.key(let x), .key(let y)): return ScalarOrder.less(x, y)
      case (.key, .index): return true
      case (.index, .key): return false
      }
    }
    return lhs.components.count < rhs.components.count
  }

  /// The rendering used in every report, e.g. `effects[0].email`.
  public var description: String {
    if components.isEmpty { return "(root)" }
    if components.count > 24 {
      let head = JSONPath(Array(components.prefix(8))).description
      let tail = JSONPath(Array(components.suffix(8))).description
      return "\(head)…\(tail.hasPrefix("[") ? "" : ".")\(tail) (\(components.count) levels deep)"
    }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where Self.isIdentifier(key):
        text += text.isEmpty ? key : ".\(key)"
      case .key(let key):
        text += "[\(JSONRenderer.quoted(key))]"
      }
    }
    return text
  }

  /// Whether `key` can be written bare: `^[A-Za-z_][A-Za-z0-9_]*$` (Conformance/README.md §1.4); anything else,
  /// such as `$schema` or `a-b`, is quoted.
  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, first.isASCIILetter || first == UInt8(ascii: "_") else { return false }
    return key.utf8.allSatisfy {
      $0.isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
    }
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII letter.
  var isASCIILetter: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
  }
}
