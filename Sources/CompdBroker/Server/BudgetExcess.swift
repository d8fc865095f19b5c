import CompdProtocol

/// Which connections a budget shared by all clients (`OutputBudget`, `InputBudget`) ends when
/// what they hold together is over its limit: the biggest holders first, as few as cover the
/// excess. What connections already being ended hold is on its way out (their closes release
/// it in a moment) and is not counted again: counting it would end ever smaller holders, down
/// to well-behaved clients with one request or reply in flight.
enum BudgetExcess {
  /// The connections to end and what each holds, biggest first; each is marked as leaving
  /// (`markLeaving`) before it is returned, so that a check running meanwhile skips it.
  static func holdersToEnd(
    of connections: [Connection], total: Int, limit: Int, held: (Connection) -> Int,
    isLeaving: (Connection) -> Bool, markLeaving: (Connection) -> Void
  ) -> [(connection: Connection, bytes: Int)] {
    let all = connections.map { (connection: $0, bytes: held($0)) }
    let leaving = all.filter { isLeaving($0.connection) }.reduce(0) { $0 + $1.bytes }
    var excess = total - leaving - limit
    guard excess > 0 else { return [] }
    let holders =
      all
      .filter { $0.bytes > 0 && !isLeaving($0.connection) }
      .sorted { $0.bytes > $1.bytes }
    var ended: [(connection: Connection, bytes: Int)] = []
    for holder in holders where excess > 0 {
      markLeaving(holder.connection)
      excess -= holder.bytes
      ended.append(holder)
    }
    return ended
  }
}
