import CompdCommandLine

CompdCommand.runOnMainRunLoop()
