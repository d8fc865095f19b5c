import CompdCommandLine

await CompdCommand.runAsMain()
