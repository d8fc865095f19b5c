import JSONRPC
import Testing

@testable import CompdProtocol

/// compd's own error names keep their codes: clients match on both (docs/protocol.md).
struct ServerErrorNameTests {
  @Test func errorNamesHaveFixedCodes() {
    #expect(ServerErrorName.allCases.map(\.code) == Array((-32011 ... -32001).reversed()))
    #expect(RPCError.server(.limitExceeded, "too many").data?["name"] == "compd.LimitExceeded")
    let tooLong = RPCError.lineTooLong(byteCount: 20, limit: 10)
    #expect(tooLong.code == -32600)
    #expect(tooLong.data?["name"] == "compd.LimitExceeded")
  }
}
