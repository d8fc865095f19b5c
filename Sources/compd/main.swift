import CompDaemon

await CompdCommand.main()
