import ArgumentParser

/// `flowpages`: serves mobile-app navigation flows as accessible HTML.
struct FlowPagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowpages",
        abstract: "Serves mobile-app navigation flows as plain, accessible HTML pages.",
        subcommands: [ServeCommand.self, NewCommand.self, CheckCommand.self, RoutesCommand.self, MapCommand.self, ImportNavGraphCommand.self, RenderCommand.self, AuditCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
