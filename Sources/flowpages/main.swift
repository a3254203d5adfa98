FlowPagesCommand.main()
