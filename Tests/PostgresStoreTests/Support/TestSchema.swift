import Foundation
import PostgresStore

/// A new, empty schema of the test run's PostgreSQL database (`FLOWPAGES_TEST_POSTGRES`), and the
/// URL whose connections work in it: each test has its own, so tests run side by side.
func freshSchemaURL() throws -> String {
    guard let url = ProcessInfo.processInfo.environment["FLOWPAGES_TEST_POSTGRES"], !url.isEmpty else {
        throw MissingServer()
    }
    let schema = "store_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try PostgresConnection(url: url).run(script: "CREATE SCHEMA \(schema)")
    return url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
}

/// Why a PostgreSQL test cannot run: it says how to give it a server.
/// Whether the run has a PostgreSQL server: without one (a plain `swift test`) these suites are
/// skipped, saying how to run them.
let hasTestServer = !(ProcessInfo.processInfo.environment["FLOWPAGES_TEST_POSTGRES"] ?? "").isEmpty

struct MissingServer: Error, CustomStringConvertible {
    var description: String {
        "the PostgreSQL tests need a server: set FLOWPAGES_TEST_POSTGRES=postgres://user@host:port/db, or run `bash Tests/run.sh`, which starts a throwaway cluster"
    }
}
