import CompCtl

await CompctlCommand.main()
