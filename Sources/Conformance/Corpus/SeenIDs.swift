/// The scenario ids a corpus has read, and which file used each: kept compactly so that memory grows by a few dozen
/// bytes per scenario, not by two heap strings and a dictionary entry (issue 7, item 8).
///
/// Ids are found by a 64-bit FNV-1a hash of their UTF-8 bytes, in an open-addressing table of 4-byte entry numbers
/// (linear probing, at most half full). A hash only narrows the search: every candidate is compared byte for byte, so two different ids that share a hash are both kept and never reported as duplicates,
/// and a duplicate is reported with the exact file that used the id first. A file's name is stored as its folder (one
/// string per folder, shared by its files) and its own name, which is left out when it is `<id>.json`, as it is for
/// every scenario the walk finds (scenario format §3.1: the id is the file's name).
struct SeenIDs {
  private struct Entry {
    var idStart: Int32
    var folder: Int32
    var idLength: UInt16
  }

  private var bytes = ByteArena()
  private var entries: [Entry] = []
  /// Entry number + 1 by slot; 0 is an empty slot. Its size is a power of two.
  private var table = [Int32](repeating: 0, count: 1024)
  /// The file's own name, by entry index, when it is not `<id>.json` (a file given by name on the command line).
  private var otherNames: [Int32: String] = [:]
  private var folders: [String] = []
  private var folderIndex: [String: Int32] = [:]

  private let hash: (UnsafeBufferPointer<UInt8>) -> UInt64

  /// How many ids are kept.
  var count: Int { entries.count }

  /// Creates an empty set; `hash` is FNV-1a unless a test needs collisions.
  init(hash: @escaping (UnsafeBufferPointer<UInt8>) -> UInt64 = SeenIDs.fnv1a) {
    self.hash = hash
  }

  /// Records that `file` uses `id`, unless an earlier file did.
  ///
  /// - Returns: The earlier file's name when the id was already used (then nothing is recorded), else `nil`.
  mutating func insert(_ id: String, file: String) -> String? {
    var id = id
    let mask = table.count - 1
    var slot = Int(truncatingIfNeeded: id.withUTF8 { self.hash($0) }) & mask
    while table[slot] != 0 {
      let number = table[slot] - 1
      let entry = entries[Int(number)]
      if id.withUTF8({ $0.elementsEqual(bytes.bytes(at: entry.idStart, length: Int(entry.idLength))) }) {
        return fileName(of: entry, at: number, id: id)
      }
      slot = (slot + 1) & mask
    }
    append(id, file: file)
    table[slot] = Int32(entries.count)
    if entries.count * 2 > table.count { grow() }
    return nil
  }

  /// Doubles the table and places every entry again, by the hash of its bytes.
  private mutating func grow() {
    var grown = [Int32](repeating: 0, count: table.count * 2)
    let mask = grown.count - 1
    for (number, entry) in entries.enumerated() {
      let idBytes = bytes.bytes(at: entry.idStart, length: Int(entry.idLength))
      var slot = Int(truncatingIfNeeded: idBytes.withUnsafeBufferPointer { hash($0) }) & mask
      while grown[slot] != 0 { slot = (slot + 1) & mask }
      grown[slot] = Int32(number + 1)
    }
    table = grown
  }

  private mutating func append(_ id: String, file: String) {
    let idStart = bytes.append(id.utf8)
    let slash = file.utf8.lastIndex(of: UInt8(ascii: "/"))
    let folderName = slash.map { String(file[..<$0]) } ?? ""
    let ownName = slash.map { String(file[file.index(after: $0)...]) } ?? file
    let folder: Int32
    if let known = folderIndex[folderName] {
      folder = known
    } else {
      folder = Int32(folders.count)
      folders.append(folderName)
      folderIndex[folderName] = folder
    }
    if ownName != id + ".json" { otherNames[Int32(entries.count)] = ownName }
    entries.append(
      Entry(idStart: idStart, folder: folder, idLength: UInt16(clamping: id.utf8.count)))
  }

  private func fileName(of entry: Entry, at index: Int32, id: String) -> String {
    let ownName = otherNames[index] ?? id + ".json"
    let folder = folders[Int(entry.folder)]
    return folder.isEmpty ? ownName : folder + "/" + ownName
  }

  /// FNV-1a, 64 bits (Fowler, Noll, Vo): deterministic across runs, unlike `Hasher`.
  static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
