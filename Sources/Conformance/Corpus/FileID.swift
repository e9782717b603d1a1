import Foundation

/// A file's identity on its device (`st_dev`, `st_ino`): the same for every path and link that reaches it.
package struct FileID: Hashable, Sendable {
  /// `st_dev`.
  let device: UInt64
  /// `st_ino`.
  let inode: UInt64

  init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}
