import CompDaemon

await CompdCommand.runAsMain()
