extension JSONPath {
  /// Reads back a path as ``description`` renders it (`effects[0].email`, `["a-b"]`, `(root)`), as the JSON report
  /// writes it; `nil` for text that is no such rendering.
  ///
  /// A path over 24 levels, which the rendering shows by its first and last 8 levels and its depth, comes back with
  /// the hidden levels as `[0]`, so that it renders the same.
  init?(rendered text: String) {
    if text == "(root)" {
      self = .root
      return
    }
    if text.hasSuffix(" levels deep)"), let open = text.range(of: " (", options: .backwards),
      let depth = Int(text[open.upperBound...].dropLast(" levels deep)".count)),
      let ellipsis = text[..<open.lowerBound].range(of: "…")
    {
      var tail = text[ellipsis.upperBound..<open.lowerBound]
      if tail.hasPrefix(".") { tail = tail.dropFirst() }
      guard let head = JSONPath(rendered: String(text[..<ellipsis.lowerBound])),
        let last = JSONPath(rendered: String(tail)), depth >= head.components.count + last.components.count
      else { return nil }
      let hidden = Array(
        repeating: JSONPath.Component.index(0), count: depth - head.components.count - last.components.count)
      self.init(head.components + hidden + last.components)
      return
    }
    var components: [JSONPath.Component] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("[") {
        guard let close = rest.firstIndex(of: "]") else { return nil }
        let inner = rest[rest.index(after: rest.startIndex)..<close]
        if let index = Int(inner) {
          components.append(.index(index))
          rest = rest[rest.index(after: close)...]
          continue
        }
        // A quoted key: the JSON string up to its closing quote, then `]`.
        var end = rest.index(after: rest.startIndex)
        var found: String?
        while let next = rest[rest.index(after: end)...].firstIndex(of: "]") {
          end = next
          if let key = try? JSONParser().parse(String(rest[rest.index(after: rest.startIndex)..<end])).stringValue {
            found = key
            break
          }
        }
        guard let found else { return nil }
        components.append(.key(found))
        rest = rest[rest.index(after: end)...]
      } else {
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        guard end > rest.startIndex else { return nil }
        components.append(.key(String(rest[..<end])))
        rest = rest[end...]
      }
    }
    self.init(components)
  }
}
