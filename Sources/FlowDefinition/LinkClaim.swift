/// A custom scheme or universal-link host an app claims for its deep links, where its
/// `app.xml` says so: two apps claiming one would each expect the same links.
public struct LinkClaim: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scheme = "link-scheme"
        case host = "link-host"
    }

    public let kind: Kind
    /// The scheme (`sumafinance`) or host (`suma.finance`), lowercased as URLs compare them.
    public let name: String
    /// The line of its `<link-scheme>` or `<link-host>`.
    public let line: Int

    /// Every claim two or more of `apps` make, each as a problem at every app's line naming the
    /// others' (`<link-host name="notes.example">` is also claimed at Views/b/app.xml:4).
    public static func conflicts(among apps: [AppDefinition]) -> [FolderProblem] {
        var claimants: [Claimed: [(app: AppDefinition, line: Int)]] = [:]
        for app in apps {
            for claim in app.linkClaims { claimants[Claimed(kind: claim.kind, name: claim.name), default: []].append((app, claim.line)) }
        }
        var problems: [FolderProblem] = []
        for (claimed, holders) in claimants where holders.count > 1 {
            for holder in holders {
                let others = holders.filter { $0.app.folder != holder.app.folder }.map { "\(file(of: $0.app)):\($0.line) (\($0.app.id))" }
                problems.append(FolderProblem(
                    file: file(of: holder.app), line: holder.line,
                    message: "<\(claimed.kind.rawValue) name=\"\(claimed.name)\"> is also claimed at \(others.joined(separator: ", ")); "
                        + "a link opens only one app, so give each app its own \(claimed.kind == .scheme ? "scheme" : "host")"
                ))
            }
        }
        return problems.sorted()
    }

    private struct Claimed: Hashable {
        let kind: Kind
        let name: String
    }

    private static func file(of app: AppDefinition) -> String {
        app.folder.hasSuffix("/") ? app.folder + "app.xml" : app.folder + "/app.xml"
    }
}
