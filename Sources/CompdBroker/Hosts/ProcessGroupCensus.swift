import CompdProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Counts the processes of a scene host's process group, from `/proc`: what enforces
/// `host-process-limit`.
///
/// Hosts run under compd's own user, so `RLIMIT_NPROC` (a limit per real user, shared by
/// compd, every host and every client of that user) cannot bound one host; and the packaged
/// unit neither delegates a cgroup to compd nor lets it write one (`ProtectControlGroups=`),
/// so `pids.max` per host is not available either. What component code forks stays in its
/// host's process group (a host is a group leader, and a fork inherits the group), which is
/// what the broker kills when it ends a host: counting the group's members counts exactly
/// what the broker would end. A process that leaves the group (`setsid`, `setpgid`) escapes
/// both; the unit's `TasksMax=` bounds those with the whole service.
enum ProcessGroupCensus {
  /// The number of processes in each of `groups`, from one pass over `/proc` (a group
  /// with none is absent), or `nil` when `/proc` cannot be read.
  static func members(ofGroups groups: Set<pid_t>) -> [pid_t: Int]? {
    guard let directory = opendir("/proc") else { return nil }
    defer { closedir(directory) }
    var counts: [pid_t: Int] = [:]
    var buffer = [UInt8](repeating: 0, count: 512)
    while let entry = readdir(directory) {
      let pid = withUnsafeBytes(of: entry.pointee.d_name) { name -> pid_t in
        var value: pid_t = 0
        for byte in name {
          if byte == 0 { break }
          guard byte >= 48, byte <= 57 else { return 0 }
          value = value * 10 + pid_t(byte - 48)
        }
        return value
      }
      if pid > 0, let group = processGroup(of: pid, buffer: &buffer), groups.contains(group) {
        counts[group, default: 0] += 1
      }
    }
    return counts
  }

  /// Whether `pid` has child processes now (any thread's `/proc/PID/task/TID/children` is
  /// not empty): a few small reads, cheap enough after every answer of a host; `nil` when the
  /// kernel does not list children.
  static func hasChildren(_ pid: pid_t) -> Bool? {
    guard let directory = opendir("/proc/\(pid)/task") else { return nil }
    defer { closedir(directory) }
    var buffer = [UInt8](repeating: 0, count: 16)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.first?.isNumber == true else { continue }
      let fd = open("/proc/\(pid)/task/\(name)/children", O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { return nil }
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      close(fd)
      if count > 0 { return true }
    }
    return false
  }

  /// The process group in `/proc/PID/stat` (the fifth field; the second, the command in
  /// parentheses, may hold spaces and parentheses itself, so fields are counted after its
  /// last `)`).
  private static func processGroup(of pid: pid_t, buffer: inout [UInt8]) -> pid_t? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0, let command = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else {
      return nil
    }
    // ") S PPID PGRP …"
    let fields = buffer[(command + 1)..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 2 else { return nil }
    return pid_t(String(decoding: fields[2], as: UTF8.self))
  }
}
