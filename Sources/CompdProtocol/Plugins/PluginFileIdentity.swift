#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What identifies one version of a plugin file: its path, size and modification time
/// (and inode, so that a file replaced by another with the same size and time still counts
/// as changed).
package struct PluginFileIdentity: Sendable, Hashable {
  package var path: String
  package var size: Int64
  package var modificationNanoseconds: Int64
  package var inode: UInt64

  /// The identity of the regular file at `path` (following symbolic links), or `nil`
  /// when there is none.
  package init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    self.path = path
    self.size = Int64(info.st_size)
    self.modificationNanoseconds =
      Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    self.inode = UInt64(info.st_ino)
  }

  package init(path: String, size: Int64, modificationNanoseconds: Int64, inode: UInt64) {
    self.path = path
    self.size = size
    self.modificationNanoseconds = modificationNanoseconds
    self.inode = inode
  }
}
