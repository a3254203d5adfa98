// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The command line's target is the package's root (SwiftPM takes resources only from inside a
/// target's folder, and the shared layouts and public folder live where people look for them): its
/// sources and resources are these, and everything else at the root is excluded from it.
let commandLineFolders = (sources: "Sources/flowpages", resources: ["AuditPass", "Views/_layout", "Public"])
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
func notCommandLine(_ folder: String = "") -> [String] {
    let kept = [commandLineFolders.sources] + commandLineFolders.resources
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/" + folder)) ?? []
    return entries.filter { !$0.hasPrefix(".") && $0 != "Package.swift" }.sorted().flatMap { name -> [String] in
        let path = folder.isEmpty ? name : folder + "/" + name
        if kept.contains(path) { return [] }
        return kept.contains { $0.hasPrefix(path + "/") } ? notCommandLine(path) : [path]
    }
}

let package = Package(
    name: "FlowPages",
    // Synchronization's Mutex and Atomic, which the server and stores use, are macOS 15's.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "HTMLTemplate", targets: ["HTMLTemplate"]),
        .library(name: "FlowStore", targets: ["FlowStore"]),
        .library(name: "SQLiteStore", targets: ["SQLiteStore"]),
        .library(name: "FlowDefinition", targets: ["FlowDefinition"]),
        .library(name: "PostgresStore", targets: ["PostgresStore"]),
        .library(name: "QRCode", targets: ["QRCode"]),
        .executable(name: "flowpages", targets: ["flowpages"]),
        // libFuzzer target: swift build -c release --product request-parser-fuzz --sanitize=fuzzer
        .executable(name: "request-parser-fuzz", targets: ["RequestParserFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        // Pure Swift, standard library only: the coordinator navigation engine.
        .target(name: "Navigation"),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "NavigationFixtures"]),
        // Pure Swift over the system's threads: the lock for state handler threads share.
        .target(name: "Locking"),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        // HTTP/1.1 on Dispatch and sockets, no framework underneath.
        // Linux's epoll (sys/epoll.h), which Glibc's module leaves out: the epoll event loop, Linux's
        // default, uses it; elsewhere the server has only its Dispatch event loop.
        .systemLibrary(name: "CEpoll"),
        .target(name: "HTTPServer", dependencies: [.target(name: "CEpoll", condition: .when(platforms: [.linux])), "Locking"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        // Pure Swift, standard library only: templates with contextual escaping.
        .target(name: "HTMLTemplate"),
        .testTarget(name: "HTMLTemplateTests", dependencies: ["HTMLTemplate"]),
        // The system SQLite library, imported by SQLiteStore only.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // Pure Swift: the store protocols the web layer sees, which each backend implements.
        .target(
            name: "FlowStore",
            dependencies: ["Locking", .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto")]
        ),
        .testTarget(name: "FlowStoreTests", dependencies: ["FlowStore"]),
        // The embedded backend: sessions, events and the prototype backend in one SQLite file.
        .target(name: "SQLiteStore", dependencies: ["FlowStore", "CSQLite"]),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "FlowStore", "sqlite-crash-writer"]),
        .executableTarget(name: "sqlite-crash-writer", dependencies: ["FlowStore", "SQLiteStore"], path: "Tests/SQLiteCrashWriter"),
        // The system libpq, imported by PostgresStore only.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        // The shared backend: the same stores on a PostgreSQL database several instances use.
        .target(name: "PostgresStore", dependencies: ["FlowStore", "CLibPQ", "Locking"]),
        // Needs a server: FLOWPAGES_TEST_POSTGRES (Tests/run.sh starts a throwaway cluster).
        .testTarget(name: "PostgresStoreTests", dependencies: ["PostgresStore", "FlowStore"]),
        // The storage contract: every rule of the stores, run against each backend alike.
        .testTarget(name: "StoreContractTests", dependencies: ["FlowStore", "SQLiteStore", "PostgresStore"]),
        // The system libxml2, imported by FlowDefinition only.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // App folders: app.xml read and validated over libxml2, turned into navigation definitions.
        .target(name: "FlowDefinition", dependencies: ["CLibXML2", "Navigation"]),
        .testTarget(name: "FlowDefinitionTests", dependencies: ["FlowDefinition", "Navigation"]),
        // Pure Swift, standard library only: QR codes drawn as SVG on the server.
        .target(name: "QRCode"),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        // glibc's allocator tuning (malloc.h), imported by FlowPages only.
        .systemLibrary(name: "CMalloc"),
        // The web app: wires the modules into routes and runs the server. It never depends on the
        // workshop: a server is handed one (the `Workshop` protocol) or serves its apps alone.
        .target(name: "FlowPages", dependencies: [
            "HTTPServer", "HTMLTemplate", "FlowDefinition", "Navigation", "FlowStore", "SQLiteStore", "PostgresStore", "QRCode", "CMalloc", "Locking",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The workshop: authoring, audit, insights and the prototype's tools, mounted in each app's
        // group as one (`WorkshopRoutes`); the command line's other subcommands call it too.
        .target(name: "FlowWorkshop", dependencies: [
            "FlowPages", "HTTPServer", "HTMLTemplate", "FlowDefinition", "Navigation", "FlowStore",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The live-server harness both web test targets use: a real server on 127.0.0.1 over a fresh
        // store (the workshop mounted, as `flowpages serve` mounts it), a browser without JavaScript
        // whose pages libxml2's HTML parser reads, as an HTML checker would, and shared fixtures.
        .target(name: "FlowPagesTestSupport", dependencies: [
            "FlowPages", "FlowWorkshop", "FlowStore", "HTTPServer", "SQLiteStore", "PostgresStore", "CLibXML2",
        ], path: "Tests/FlowPagesTestSupport"),
        .testTarget(name: "FlowPagesTests", dependencies: [
            "FlowPages", "FlowPagesTestSupport", "FlowDefinition", "Navigation", "FlowStore", "HTMLTemplate", "HTTPServer", "SQLiteStore", "PostgresStore", "CLibXML2",
        ]),
        .testTarget(name: "FlowWorkshopTests", dependencies: [
            "FlowWorkshop", "FlowPages", "FlowPagesTestSupport", "FlowDefinition", "Navigation", "FlowStore", "HTTPServer", "CLibXML2",
        ]),
        // The command line: parses arguments and calls FlowPages and the workshop. Its resources
        // travel beside the binary (flowpages_flowpages.resources): the automated audit pass
        // `flowpages audit` runs, the shared layouts and the public folder, so a build's products
        // audit an app folder with no checkout at hand.
        .executableTarget(
            name: "flowpages",
            dependencies: ["FlowPages", "FlowWorkshop", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: ".",
            exclude: notCommandLine(),
            sources: [commandLineFolders.sources],
            resources: commandLineFolders.resources.map { .copy($0) }
        ),
        // The seed apps' coordinator trees and a seeded random generator, shared by tests and benchmarks.
        .target(name: "NavigationFixtures", dependencies: ["Navigation"], path: "Tests/NavigationFixtures"),
        // Benchmarks print figures; run them with `swift run -c release <name>`.
        .executableTarget(
            name: "navigation-benchmark",
            dependencies: ["Navigation", "NavigationFixtures"],
            path: "Benchmarks/NavigationBenchmark"
        ),
        .executableTarget(name: "store-benchmark", dependencies: ["FlowStore", "SQLiteStore"], path: "Benchmarks/StoreBenchmark"),
        .executableTarget(name: "growth-seed", dependencies: ["SQLiteStore"], path: "Benchmarks/GrowthSeed"),
        .executableTarget(name: "insights-seed", dependencies: ["FlowStore", "SQLiteStore", "PostgresStore", "NavigationFixtures"], path: "Benchmarks/InsightsSeed"),
        .executableTarget(name: "usability-seed", dependencies: ["FlowStore", "SQLiteStore", "NavigationFixtures"], path: "Benchmarks/UsabilitySeed"),
        .executableTarget(name: "template-benchmark", dependencies: ["HTMLTemplate"], path: "Benchmarks/TemplateBenchmark"),
        .executableTarget(name: "qr-benchmark", dependencies: ["QRCode"], path: "Benchmarks/QRBenchmark"),
        .executableTarget(name: "event-budget-benchmark", dependencies: ["FlowPages", "FlowStore", "SQLiteStore"], path: "Benchmarks/EventBudgetBenchmark"),
        .executableTarget(name: "RequestParserFuzz", dependencies: ["HTTPServer"], path: "Fuzz/RequestParserFuzz"),
    ],
    swiftLanguageModes: [.v6]
)
