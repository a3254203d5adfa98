import FlowStore
import Foundation
import HTTPServer
import SQLiteStore

/// How `Application.serve` listens, where it reads apps and files, and what it keeps.
public struct ServeOptions: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port; 0 lets the system choose a free one.
    public var port: Int
    /// The folder of app folders.
    public var views: String
    /// The folder of static files.
    public var publicFolder: String
    /// The folder of the shared layouts (`app.html`, `field.html`…); nil: the views folder's own
    /// `_layout`, or without one those FlowPages is installed with (``SharedLayouts``).
    public var layouts: String?
    /// Where everything is kept: a SQLite file, created and migrated if needed, or a
    /// PostgreSQL database several instances share (`postgres://user@host:port/db`; see
    /// ``isPostgres``), migrated at start.
    public var databasePath: String
    /// How hard a commit waits for the disk (SQLite; PostgreSQL's own settings decide there).
    public var durability: Durability
    /// The most connections to a PostgreSQL database one instance opens.
    public var databaseConnections: Int
    /// Whether the prototype tools are served.
    public var prototype: PrototypeMode
    /// The automated audit pass's key, with ``prototype`` `audit` (`FLOWPAGES_AUDIT_KEY`).
    public var auditKey: String?
    /// Whether the prototype may listen on an address other machines reach; see
    /// ``prototypeProblem``.
    public var allowsRemotePrototype: Bool
    /// How many days analytics events are kept; older ones are swept hourly.
    public var eventRetentionDays: Int
    /// Open connections one client address (an IPv6 /64) may hold; 0 for no limit.
    public var connectionsPerAddress: Int
    /// Reverse proxies (addresses or CIDR blocks) whose `X-Forwarded-For` names the client, for
    /// the limits counted per client address (wrong claim codes); see ``isAddressRange(_:)``.
    public var trustedProxies: [String]
    /// Host names mapped to the id of the app served at their root.
    public var appHosts: [String: String]
    /// Origins posts may come from besides the request's own, for a reverse proxy that
    /// rewrites `Host`.
    public var publicOrigins: [String]
    /// How long shared caches and browsers may keep a stranger's public page (``PublicCache``);
    /// nil: every page is `private, no-store`. Not used while the prototype is on.
    public var publicCache: PublicCache?
    /// Whether a change to a file under the views folder (or the static files) is served from
    /// the next request on; nil: when the prototype is on and the views folder is writable.
    public var watch: Bool?
    /// The file of the key codes, tokens and attempt counts are kept under (``StoreKey``); nil:
    /// with SQLite, `<database>.key` beside the file, made at first start; with PostgreSQL, the
    /// key must be given, here or as ``secretKey``, the same to every instance.
    public var secretKeyFile: String?
    /// The key itself, as `FLOWPAGES_SECRET_KEY` gives it (43 characters of base64url); wins over
    /// ``secretKeyFile``.
    public var secretKey: String?
    /// Whether deep-linkable pages offer the installed app (Smart App Banner, open-in-app and
    /// store links, a claim code); nil: when the prototype is off.
    public var appBanner: Bool?

    /// The most connections the server holds open at once, and so the most one address may.
    public static let maximumConnections = ServerConfiguration().maximumConnections
    /// The connections one address may hold unless told otherwise.
    public static let defaultConnectionsPerAddress = ServerConfiguration().maximumConnectionsPerAddress

    /// Options with the defaults of `flowpages serve`: 127.0.0.1:8080, `Views`, `Public`,
    /// `flowpages.sqlite`, full durability, prototype tools on, events kept 90 days.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, views: String = "Views", publicFolder: String = "Public", layouts: String? = nil,
        databasePath: String = "flowpages.sqlite", durability: Durability = .full, databaseConnections: Int = 32, prototype: PrototypeMode = .on,
        allowsRemotePrototype: Bool = false, eventRetentionDays: Int = 90, connectionsPerAddress: Int = ServeOptions.defaultConnectionsPerAddress, trustedProxies: [String] = [],
        appHosts: [String: String] = [:], publicOrigins: [String] = [], publicCache: PublicCache? = PublicCache(), watch: Bool? = nil, appBanner: Bool? = nil,
        secretKeyFile: String? = nil, secretKey: String? = nil, auditKey: String? = nil
    ) {
        self.auditKey = auditKey
        self.host = host
        self.port = port
        self.views = views
        self.publicFolder = publicFolder
        self.layouts = layouts
        self.databasePath = databasePath
        self.durability = durability
        self.databaseConnections = databaseConnections
        self.prototype = prototype
        self.allowsRemotePrototype = allowsRemotePrototype
        self.eventRetentionDays = eventRetentionDays
        self.connectionsPerAddress = connectionsPerAddress
        self.trustedProxies = trustedProxies
        self.appHosts = appHosts
        self.publicOrigins = publicOrigins
        self.publicCache = publicCache
        self.watch = watch
        self.appBanner = appBanner
        self.secretKeyFile = secretKeyFile
        self.secretKey = secretKey
    }

    /// The key the store keeps secrets under: ``secretKey``, else the one in ``secretKeyFile``,
    /// else (SQLite) the one beside the database file, made at its first start. A key file made
    /// beside a SQLite file that already holds data is logged with what the new key voids.
    /// - Throws: ``StoreKey/FileError`` with what to do.
    func storeKey(log: (String) -> Void) throws(StoreKey.FileError) -> StoreKey {
        if let secretKey {
            guard let key = StoreKey(text: secretKey) else {
                throw StoreKey.FileError(description: "FLOWPAGES_SECRET_KEY is not a FlowPages key: 43 characters of base64url, such as `openssl rand 32 | basenc --base64url`")
            }
            return key
        }
        guard secretKeyFile != nil || !isPostgres else {
            throw StoreKey.FileError(description: "with PostgreSQL, every instance needs the same secret key, which the database must not hold: "
                + "give it as FLOWPAGES_SECRET_KEY (43 characters of base64url) or --secret-key-file; `flowpages serve` with a SQLite file makes one beside it")
        }
        let path = secretKeyFile ?? SQLiteWebStore.keyFile(for: databasePath)
        // The key is read before the database is opened: a file with data in it was started
        // with a key before, and whatever was kept under that key no longer matches.
        let size = isPostgres ? nil : (try? FileManager.default.attributesOfItem(atPath: databasePath))?[.size] as? Int
        return try StoreKey.file(at: path) {
            guard let size, size > 0 else { return }
            log("the key file \(path) was missing, so a new key was made for \(databasePath), which already holds data: "
                + "every code, link and claim code sent before no longer works (the codes and links of mails such as email "
                + "verification and password reset, and app banners' claim codes), and counts of wrong attempts start over; "
                + "accounts, passwords and sessions are kept. To keep what was sent working, stop the server and put the old key file back.")
        }
    }

    /// Whether the views are watched: as asked, else when the prototype is on and the views
    /// folder is writable (a folder baked read-only into an image never changes).
    public var watchesViews: Bool {
        watch ?? (prototype == .on && FileManager.default.isWritableFile(atPath: views))
    }

    /// Whether `text` is an IPv4 or IPv6 address, or a CIDR block (`10.0.0.0/8`), as
    /// ``trustedProxies`` takes them.
    public static func isAddressRange(_ text: String) -> Bool {
        AddressRange(text) != nil
    }

    /// Why these options may not be served: the prototype — fixture sign-ins with published
    /// passwords, the dev mailbox, insights, the flow map — on an address other machines reach,
    /// unless ``allowsRemotePrototype`` says that is meant; the audit pass's mode anywhere but on
    /// a loopback address, or without its key. Nil when they may.
    public var prototypeProblem: String? {
        if prototype == .audit {
            guard PrototypeHosts.isLoopback(host) else { return "--prototype audit serves the audit pass on this machine only: --host must be a loopback address, not \(host)." }
            guard let auditKey, auditKey.count >= AuditPassAccess.shortestKey else {
                return "--prototype audit needs the audit pass's key in FLOWPAGES_AUDIT_KEY (at least \(AuditPassAccess.shortestKey) characters); `flowpages audit` starts such a server itself."
            }
            return nil
        }
        guard prototype == .on, !allowsRemotePrototype, !PrototypeHosts.isLoopback(host) else { return nil }
        return "--host \(host) with --prototype on would show fixture sign-ins, the dev mailbox, insights and the flow map to "
            + "every machine that reaches it. Serve real people with --prototype off, or add --allow-remote-prototype "
            + "(and --public-origin with the address people type) to share a prototype on a network you trust."
    }

    /// Whether ``databasePath`` names a PostgreSQL database (`postgres://` or `postgresql://`)
    /// rather than a SQLite file.
    public var isPostgres: Bool {
        let lowered = databasePath.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// The server configuration these options describe, with the server's other defaults.
    var serverConfiguration: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.maximumConnectionsPerAddress = connectionsPerAddress
        configuration.trustedProxies = trustedProxies.compactMap(AddressRange.init)
        // Every read of a shared database waits on the network: its handlers run all at once.
        if isPostgres { configuration.handlersAtOnce = configuration.handlerThreads }
        return configuration
    }
}
