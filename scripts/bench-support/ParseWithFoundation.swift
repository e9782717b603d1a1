// The baseline for scripts/bench: read every *.json file under a folder and parse it with Foundation's
// JSONSerialization, doing nothing else. Prints the number of files parsed.
import Foundation

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: parse-with-foundation <folder>\n".utf8))
  exit(2)
}
let root = URL(fileURLWithPath: CommandLine.arguments[1])
var parsed = 0
if let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
  for case let url as URL in enumerator where url.pathExtension == "json" {
    if let data = try? Data(contentsOf: url), (try? JSONSerialization.jsonObject(with: data)) != nil {
      parsed += 1
    }
  }
}
print(parsed)
