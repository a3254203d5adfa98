import ArgumentParser
import Foundation
import FlowPages
import FlowWorkshop

/// `flowpages serve`: runs the server until SIGINT or SIGTERM. Every option can also be set by
/// an environment variable (`FLOWPAGES_PORT=9000`); an option on the command line wins.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the apps over HTTP (the default command).",
        discussion: """
            Environment: FLOWPAGES_HOST, FLOWPAGES_PORT, FLOWPAGES_DB, FLOWPAGES_SECRET_KEY, FLOWPAGES_DURABILITY, FLOWPAGES_PROTOTYPE, FLOWPAGES_AUDIT_KEY (with --prototype audit), FLOWPAGES_ALLOW_REMOTE_PROTOTYPE, FLOWPAGES_WATCH,
            FLOWPAGES_DB_CONNECTIONS, FLOWPAGES_EVENT_RETENTION_DAYS, FLOWPAGES_CONNECTIONS_PER_ADDRESS, FLOWPAGES_VIEWS, FLOWPAGES_LAYOUTS, FLOWPAGES_PUBLIC, FLOWPAGES_APP_HOST (comma-separated
            host=app-id pairs), FLOWPAGES_PUBLIC_ORIGIN (comma-separated origins) and FLOWPAGES_TRUSTED_PROXY (comma-separated
            addresses or CIDR blocks).
            """
    )

    private static let environment = ProcessInfo.processInfo.environment

    @Option(help: "The address to listen on (FLOWPAGES_HOST).")
    var host = environment["FLOWPAGES_HOST"] ?? "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one (FLOWPAGES_PORT).")
    var port = Int(environment["FLOWPAGES_PORT"] ?? "") ?? 8080

    @Option(name: .customLong("public"), help: "The folder of static files (FLOWPAGES_PUBLIC).")
    var publicFolder = environment["FLOWPAGES_PUBLIC"] ?? "Public"

    @Option(help: "The folder of app folders (FLOWPAGES_VIEWS).")
    var views = environment["FLOWPAGES_VIEWS"] ?? "Views"

    @Option(help: ArgumentHelp(
        "The folder of the shared layouts the screens extend (app.html, field.html…). Default: the views folder's _layout, or without one the Views/_layout FlowPages is installed with (FLOWPAGES_LAYOUTS).",
        valueName: "folder"))
    var layouts: String?

    @Option(help: ArgumentHelp(
        "A SQLite file, created and migrated if needed, or a PostgreSQL database several instances share, as postgres://user@host:port/db[?sslmode=require] (its password from PGPASSWORD or ~/.pgpass) (FLOWPAGES_DB).",
        valueName: "file|url"))
    var db = environment["FLOWPAGES_DB"] ?? "flowpages.sqlite"

    @Option(help: ArgumentHelp(
        "full: every commit is fsynced, and survives power loss; normal: survives the process crashing, not the machine (FLOWPAGES_DURABILITY).",
        valueName: "full|normal"))
    var durability = Self.environment["FLOWPAGES_DURABILITY"].flatMap(Durability.init(argument:)) ?? .full

    @Option(name: .customLong("secret-key-file"), help: ArgumentHelp(
        "The file of the key codes, link tokens and claim codes are kept under as HMACs, outside the database; made (mode 600) when missing. Default: beside a SQLite file, <db>.key; with PostgreSQL give FLOWPAGES_SECRET_KEY (43 characters of base64url) or this, the same to every instance.",
        valueName: "file"))
    var secretKeyFile: String?

    @Option(name: .customLong("db-connections"), help: ArgumentHelp(
        "The most connections to a PostgreSQL database this instance opens; instances × this must stay under the server's max_connections (FLOWPAGES_DB_CONNECTIONS).",
        valueName: "count"))
    var databaseConnections = Int(environment["FLOWPAGES_DB_CONNECTIONS"] ?? "") ?? 32

    @Option(help: ArgumentHelp(
        "on: the prototype toolbar, dev mailbox, event log page and fixtures; off: none of them, for apps serving real people; audit: the pages as off serves them over the fixtures, for `flowpages audit`, loopback only, with its key in FLOWPAGES_AUDIT_KEY (FLOWPAGES_PROTOTYPE).",
        valueName: "on|off|audit"))
    var prototype = Self.environment["FLOWPAGES_PROTOTYPE"].flatMap(PrototypeMode.init(argument:)) ?? .on

    @Flag(name: .customLong("allow-remote-prototype"), help: ArgumentHelp(
        "Let --prototype on listen on an address other machines reach (--host 0.0.0.0): its fixture sign-ins, dev mailbox and insights are then theirs too; requests must still name a loopback host, --host, an --app-host or a --public-origin (FLOWPAGES_ALLOW_REMOTE_PROTOTYPE=1)."))
    var allowRemotePrototype = ["1", "true", "yes", "on"].contains(environment["FLOWPAGES_ALLOW_REMOTE_PROTOTYPE"]?.lowercased() ?? "")

    @Option(help: ArgumentHelp(
        "on: a changed app.xml, template, data file or stylesheet is served from the next request on, and a broken app folder shows its problems in the browser; auto: on with --prototype on when the views folder is writable (FLOWPAGES_WATCH).",
        valueName: "on|off|auto"))
    var watch = Self.environment["FLOWPAGES_WATCH"].flatMap(Toggle.init(argument:)) ?? .auto

    @Option(name: .customLong("app-banner"), help: ArgumentHelp(
        "on: deep-linkable pages offer the installed app (Smart App Banner, open-in-app and store links, a claim code for after installing); auto: on with --prototype off (FLOWPAGES_APP_BANNER).",
        valueName: "on|off|auto"))
    var appBanner = Self.environment["FLOWPAGES_APP_BANNER"].flatMap(Toggle.init(argument:)) ?? .auto

    @Option(name: .customLong("event-retention-days"), help: ArgumentHelp(
        "Analytics events older than this many days are deleted, hourly (FLOWPAGES_EVENT_RETENTION_DAYS).", valueName: "days"))
    var eventRetentionDays = Int(environment["FLOWPAGES_EVENT_RETENTION_DAYS"] ?? "") ?? 90

    @Option(name: .customLong("connections-per-address"), help: ArgumentHelp(
        "Open connections one client address (an IPv6 /64) may hold; 0 for no limit, as behind a reverse proxy whose address every client has (FLOWPAGES_CONNECTIONS_PER_ADDRESS).",
        valueName: "count"))
    var connectionsPerAddress = Int(environment["FLOWPAGES_CONNECTIONS_PER_ADDRESS"] ?? "") ?? ServeOptions.defaultConnectionsPerAddress

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "A reverse proxy, as an address or a CIDR block, whose X-Forwarded-For names the client: limits per client address (wrong claim codes) then count each client, not the proxy (repeatable; FLOWPAGES_TRUSTED_PROXY).",
        valueName: "address[/bits]"))
    var trustedProxies: [String] = (environment["FLOWPAGES_TRUSTED_PROXY"] ?? "").split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) }

    @Option(name: .customLong("app-host"), help: ArgumentHelp(
        "Serve an app at / for a Host, as host=app-id (repeatable; FLOWPAGES_APP_HOST).", valueName: "host=app-id"))
    var appHosts: [String] = (environment["FLOWPAGES_APP_HOST"] ?? "").split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) }

    @Option(name: .customLong("public-origin"), help: ArgumentHelp(
        "An origin posts may come from besides the request's own, such as a reverse proxy's address when it rewrites Host (repeatable; FLOWPAGES_PUBLIC_ORIGIN).",
        valueName: "url"))
    var publicOrigins: [String] = (environment["FLOWPAGES_PUBLIC_ORIGIN"] ?? "").split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) }

    @OptionGroup var publicCache: PublicCacheOptions

    func validate() throws {
        if let port = Self.environment["FLOWPAGES_PORT"], Int(port) == nil {
            throw ValidationError("FLOWPAGES_PORT must be a whole number, not '\(port)'.")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port).")
        }
        if let days = Self.environment["FLOWPAGES_EVENT_RETENTION_DAYS"], Int(days) == nil {
            throw ValidationError("FLOWPAGES_EVENT_RETENTION_DAYS must be a whole number of days, not '\(days)'.")
        }
        guard (1...36_500).contains(eventRetentionDays) else {
            throw ValidationError("--event-retention-days must be between 1 and 36500, not \(eventRetentionDays).")
        }
        if let count = Self.environment["FLOWPAGES_CONNECTIONS_PER_ADDRESS"], Int(count) == nil {
            throw ValidationError("FLOWPAGES_CONNECTIONS_PER_ADDRESS must be a whole number, not '\(count)'.")
        }
        guard (0...ServeOptions.maximumConnections).contains(connectionsPerAddress) else {
            throw ValidationError("--connections-per-address must be between 0 (no limit) and \(ServeOptions.maximumConnections), not \(connectionsPerAddress).")
        }
        // A bad value on the command line is ArgumentParser's to report; one in the environment
        // would otherwise fall back to the default unnoticed.
        if let count = Self.environment["FLOWPAGES_DB_CONNECTIONS"], Int(count) == nil {
            throw ValidationError("FLOWPAGES_DB_CONNECTIONS must be a whole number, not '\(count)'.")
        }
        guard (1...1_000).contains(databaseConnections) else {
            throw ValidationError("--db-connections must be between 1 and 1000, not \(databaseConnections).")
        }
        if let value = Self.environment["FLOWPAGES_DURABILITY"], Durability(argument: value) == nil {
            throw ValidationError("FLOWPAGES_DURABILITY is full or normal, not '\(value)'.")
        }
        if let value = Self.environment["FLOWPAGES_WATCH"], Toggle(argument: value) == nil {
            throw ValidationError("FLOWPAGES_WATCH is on, off or auto, not '\(value)'.")
        }
        if let value = Self.environment["FLOWPAGES_APP_BANNER"], Toggle(argument: value) == nil {
            throw ValidationError("FLOWPAGES_APP_BANNER is on, off or auto, not '\(value)'.")
        }
        if let value = Self.environment["FLOWPAGES_PROTOTYPE"], PrototypeMode(argument: value) == nil {
            throw ValidationError("FLOWPAGES_PROTOTYPE is on, off or audit, not '\(value)'.")
        }
        for proxy in trustedProxies where !ServeOptions.isAddressRange(proxy) {
            throw ValidationError("--trusted-proxy takes an IPv4 or IPv6 address or a CIDR block, such as 127.0.0.1, ::1 or 10.0.0.0/8, not '\(proxy)'.")
        }
        for pair in appHosts where Self.split(pair) == nil {
            throw ValidationError("--app-host takes host=app-id, such as suma.finance=suma-finance, not '\(pair)'.")
        }
        for origin in publicOrigins where OriginPolicy.normalized(origin) == nil {
            throw ValidationError("--public-origin takes an http or https origin without a path, such as https://suma.finance or http://127.0.0.1:8081, not '\(origin)'.")
        }
    }

    func run() throws {
        let options = ServeOptions(
            host: host, port: port, views: views, publicFolder: publicFolder,
            layouts: layouts ?? Self.environment["FLOWPAGES_LAYOUTS"].flatMap { $0.isEmpty ? nil : $0 }, databasePath: db, durability: durability,
            databaseConnections: databaseConnections,
            prototype: prototype, allowsRemotePrototype: allowRemotePrototype, eventRetentionDays: eventRetentionDays, connectionsPerAddress: connectionsPerAddress,
            trustedProxies: trustedProxies,
            appHosts: Dictionary(appHosts.compactMap(Self.split), uniquingKeysWith: { _, last in last }), publicOrigins: publicOrigins,
            publicCache: publicCache.cache, watch: watch.asked, appBanner: appBanner.asked, secretKeyFile: secretKeyFile,
            secretKey: Self.environment["FLOWPAGES_SECRET_KEY"].flatMap { $0.isEmpty ? nil : $0 },
            auditKey: Self.environment["FLOWPAGES_AUDIT_KEY"]
        )
        if let problem = options.prototypeProblem { throw ValidationError(problem) }
        try Application.serve(options, workshop: WorkshopRoutes())
    }

    private static func split(_ pair: String) -> (String, String)? {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0].lowercased(), parts[1])
    }
}
