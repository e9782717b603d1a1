/// Problems found while checking one document, before they are tied to a file.
struct IssueList {
  private(set) var items: [(path: JSONPath, message: String)] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func add(_ path: JSONPath, _ message: String) {
    items.append((path, message))
  }

  mutating func append(contentsOf other: IssueList) {
    items.append(contentsOf: other.items)
  }

  /// The problems as errors of `file`: at most ``maximumPerFile``, then one that counts the rest (a file with a
  /// million unknown keys must not print a million lines).
  func errors(file: String) -> [InputError] {
    var errors = items.prefix(Self.maximumPerFile).map { InputError(file: file, path: $0.path, message: $0.message) }
    if items.count > Self.maximumPerFile {
      errors.append(
        InputError(
          file: file, path: nil,
          message:
            "… and \(ReportText.plural(items.count - Self.maximumPerFile, "more problem", "more problems")) in this file (fix these first)"
        ))
    }
    return errors
  }

  /// How many problems of one file are listed.
  static let maximumPerFile = 100
}
