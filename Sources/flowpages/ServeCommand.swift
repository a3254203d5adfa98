import ArgumentParser
import FlowPages
import HTTPServer

/// `flowpages serve`: runs the server until SIGINT or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the apps over HTTP (the default command)."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(name: .customLong("public"), help: "The folder of static files.")
    var publicFolder = "Public"

    @Option(help: "The app folders.")
    var views = "Views"

    @Option(help: "The SQLite database file, created if missing.")
    var db = "flowpages.sqlite"

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port).")
        }
    }

    func run() throws {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        try Application.serve(configuration: configuration, publicFolder: publicFolder, views: views, databasePath: db)
    }
}
