import Glibc
import Testing

@testable import CompdBroker

@Suite("Service: socket activation")
struct ServiceSocketActivationTests {
  /// A Unix socket of the given type bound to a fresh path, listening if asked.
  func makeSocket(type: Int32, listening: Bool) throws -> (Int32, String) {
    let descriptor = socket(AF_UNIX, type, 0)
    let path = "/tmp/compd-activation-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    if listening { try #require(listen(descriptor, 8) == 0) }
    return (descriptor, path)
  }

  @Test("takes a listening AF_UNIX stream socket with its name and path")
  func takesListeningSocket() throws {
    let (descriptor, path) = try makeSocket(type: Int32(SOCK_STREAM.rawValue), listening: true)
    defer {
      close(descriptor)
      unlink(path)
    }
    let socket = try #require(
      try SocketActivation.takeSocket(
        listenFDs: "1", listenPID: "\(getpid())", listenFDNames: "compd", pid: getpid(),
        firstDescriptor: descriptor))
    #expect(socket == ActivatedSocket(descriptor: descriptor, name: "compd", path: path))
    #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
  }

  @Test("ignores descriptors meant for another process, and absent variables")
  func notForUs() throws {
    #expect(
      try SocketActivation.takeSocket(listenFDs: nil, listenPID: nil, listenFDNames: nil, pid: 5)
        == nil)
    #expect(
      try SocketActivation.takeSocket(listenFDs: "1", listenPID: "4", listenFDNames: nil, pid: 5)
        == nil)
    #expect(
      try SocketActivation.takeSocket(listenFDs: "0", listenPID: "5", listenFDNames: nil, pid: 5)
        == nil)
  }

  @Test("refuses several sockets, junk counts, and sockets that are not listening streams")
  func refusals() throws {
    #expect(throws: ServiceProtocolError.self) {
      try SocketActivation.takeSocket(listenFDs: "2", listenPID: "5", listenFDNames: nil, pid: 5)
    }
    #expect(throws: ServiceProtocolError.self) {
      try SocketActivation.takeSocket(listenFDs: "x", listenPID: "5", listenFDNames: nil, pid: 5)
    }
    let (datagram, datagramPath) = try makeSocket(
      type: Int32(SOCK_DGRAM.rawValue), listening: false)
    defer {
      close(datagram)
      unlink(datagramPath)
    }
    #expect(throws: ServiceProtocolError.self) {
      try SocketActivation.checkListeningUnixStream(datagram)
    }
    let (idle, idlePath) = try makeSocket(type: Int32(SOCK_STREAM.rawValue), listening: false)
    defer {
      close(idle)
      unlink(idlePath)
    }
    #expect(throws: ServiceProtocolError.self) {
      try SocketActivation.checkListeningUnixStream(idle)
    }
    let file = open("/dev/null", O_RDONLY)
    defer { close(file) }
    #expect(throws: ServiceProtocolError.self) {
      try SocketActivation.checkListeningUnixStream(file)
    }
  }

  @Test("reads the peer's kernel credentials from a connected socket")
  func peerCredentials() throws {
    var pair: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer {
      close(pair[0])
      close(pair[1])
    }
    let identity = try PeerIdentity.read(fromSocket: pair[0])
    #expect(identity.pid == getpid())
    #expect(identity.uid == geteuid())
    #expect(identity.gid == getegid())
    var groups = [gid_t](repeating: 0, count: 256)
    let count = getgroups(Int32(groups.count), &groups)
    #expect(Set(identity.supplementaryGroups) == Set(groups.prefix(Int(count))))
    #expect(throws: ServiceProtocolError.self) { try PeerIdentity.read(fromSocket: -1) }
  }
}
