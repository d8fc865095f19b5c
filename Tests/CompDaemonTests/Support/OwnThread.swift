import Foundation

/// Runs `body`, which blocks (a build, a socket read with a timeout), on a thread of its own
/// and awaits its result, instead of blocking a thread of the concurrency pool. The pool has
/// a thread per core, two on a small machine, and other suites' tasks need them meanwhile:
/// a test that blocks one while it waits for a task that needs the other (a server's async
/// handler, say) waits for nothing else to run. Record expectations after it returns: the
/// thread is not the test's task.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result)
  async throws -> Result
{
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
  }
}
