import CompWeb

await CompdWebCommand.runAsMain()
