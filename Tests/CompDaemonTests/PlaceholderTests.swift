import Testing
@testable import CompDaemon
@Test func commandParses() throws { _ = try CompdCommand.parse([]) }
