import CompDaemon

// The main thread runs the main run loop (the main actor's jobs and the scene host
// channels); the command runs in a task.
MainRunLoop.run { await CompdCommand.runAsMain() }
