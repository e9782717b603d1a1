import Foundation

#if !canImport(Darwin)
  /// glibc functions that Swift's `Glibc` module does not import (they need `_GNU_SOURCE`), looked up at run time.
  enum GlibcExtras {
    typealias AddChdir =
      @convention(c) (
        UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
      ) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29+).
    static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
    /// `pipe2` (Linux 2.6.27+): a pipe created close-on-exec atomically.
    static let pipe2: Pipe2? = symbol("pipe2", as: Pipe2.self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
      guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
      return unsafeBitCast(address, to: type)
    }
  }
#endif
