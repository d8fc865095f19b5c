import CompCtl

await CompctlCommand.runAsMain()
