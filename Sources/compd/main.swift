import CompDaemon

// (plugins) call from an async function: in top-level code, `await CompdCommand.main()`
// resolves to the synchronous overload, which refuses to run an async root command.
func start() async { await CompdCommand.main() }
await start()
