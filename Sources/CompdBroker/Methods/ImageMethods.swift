import CompdProtocol
import JSONRPC

extension Daemon {
  /// `image.get`: the bytes of an image a scene's nodes name by hash.
  func registerImageMethods(into registry: inout MethodRegistry) {
    registry.register(
      RPCMethod(
        name: "image.get",
        summary: "The bytes of an image that a node's `image` prop names by hash.",
        description:
          "hash is the 64 lowercase hexadecimal digits of the SHA-256 digest of the image file, as nodes carry it. The scene hosts own the bytes; an image no host has sent fails with compd.NoSuchImage.",
        params: .object([
          .init(
            "hash", .string(minLength: 64, maxLength: 64, description: "SHA-256, lowercase hex."),
            required: true)
        ]),
        result: .object([
          .init("hash", .string(), required: true),
          .init(
            "mime", .string(enum: ["image/png", "image/jpeg", "image/svg+xml"]), required: true),
          .init("data", .string(description: "The file's bytes, base64."), required: true),
        ]),
        handler: .mainActorDeferred { [self] call, reply in
          let hash = call.params["hash"]?.stringValue ?? ""
          guard hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw RPCError.invalidParams(
              "hash must be 64 lowercase hexadecimal digits", field: "hash")
          }
          ask(sceneHosts.hosts.filter { !$0.hasEnded }, forImage: hash, reply: reply)
        }))
  }

  /// Asks `hosts` in turn for the image `hash` until one has it.
  @MainActor
  private func ask(_ hosts: [SceneHostProcess], forImage hash: String, reply: DeferredReply) {
    guard let host = hosts.first else {
      return reply.fail(
        RPCError.server(
          .noSuchImage, "no image has hash \(hash)", details: ["hash": JSON.string(hash)]))
    }
    host.request(.image, ["hash": .string(hash)]) { [self] outcome in
      if case .success(let answer) = outcome, answer["found"]?.boolValue == true,
        let mime = answer["mime"], let data = answer["data"]
      {
        return reply.succeed(["hash": .string(hash), "mime": mime, "data": data])
      }
      ask(Array(hosts.dropFirst()), forImage: hash, reply: reply)
    }
  }
}
