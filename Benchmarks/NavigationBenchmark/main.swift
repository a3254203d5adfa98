// Measures one navigation on the Reality Portal tree, as a request will do it: decode the stored
// state, execute the command, encode the new state. Prints medians per operation, with the
// state's own codec and, for comparison, with Foundation's JSON coders.
import Foundation
import Navigation
import NavigationFixtures

let navigator = Navigator(Fixtures.realityPortal)

/// A signed-in person browsing: listings from several tabs, gallery, Back, tab switches, a deep
/// link, a modal and its dismissal. The cycle returns to where it started.
let script: [NavigationCommand] = [
    .navigate(RouteInstance("listing", ["id": "123"])),
    .navigate(RouteInstance("listing.gallery", ["id": "123"])),
    .back,
    .selectTab("search"),
    .navigate(RouteInstance("search.results", ["query": "loft with a view"])),
    .navigate(RouteInstance("listing", ["id": "456"])),
    .selectTab("favorites"),
    .navigate(RouteInstance("listing", ["id": "123"]), source: .deepLink),
    .navigate(RouteInstance("new-inquiry", ["listingId": "123"])),
    .back,
    .selectTab("inquiries"),
    .navigate(RouteInstance("inquiry", ["id": "9"])),
    .selectTab("search"),
    .selectTab("search"),
    .selectTab("home"),
    .selectTab("home"),
]

func signedIn() -> NavigationState {
    guard case .success(let transition) = navigator.execute(.signIn(userID: "benchmark@example.com"), on: navigator.initialState) else {
        fatalError("sign-in failed")
    }
    return transition.state
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func median(_ values: inout [Double]) -> Double {
    values.sort()
    return values[values.count / 2]
}

/// Runs the script `rounds` times through a store-like cycle and prints medians.
func measure(_ label: String, rounds: Int, encode: (NavigationState) throws -> [UInt8], decode: ([UInt8]) throws -> NavigationState) throws {
    let clock = ContinuousClock()
    var navigateOnly: [Double] = []
    var whole: [Double] = []
    navigateOnly.reserveCapacity(rounds * script.count)
    whole.reserveCapacity(rounds * script.count)
    var stored = try encode(signedIn())
    var largest = 0
    for round in 0..<rounds {
        for command in script {
            let start = clock.now
            let state = try decode(stored)
            let decoded = clock.now
            guard case .success(let transition) = navigator.execute(command, on: state) else {
                fatalError("\(command) failed")
            }
            let executed = clock.now
            stored = try encode(transition.state)
            let end = clock.now
            // The first rounds warm caches and are not counted.
            if round >= rounds / 10 {
                navigateOnly.append(nanoseconds(executed - decoded))
                whole.append(nanoseconds(end - start))
            }
            largest = max(largest, stored.count)
        }
    }
    print("\(label): \(whole.count) operations, largest state \(largest) bytes")
    print(String(format: "  navigate only:               median %7.2f µs", median(&navigateOnly) / 1000))
    print(String(format: "  decode + navigate + encode:  median %7.2f µs", median(&whole) / 1000))
}

let rounds = 20_000
print("Reality Portal tree, \(script.count)-command script × \(rounds) rounds, first 10% not counted")
try measure("NavigationState.encoded() / init(encoded:)", rounds: rounds,
            encode: { $0.encoded() }, decode: { try NavigationState(encoded: $0) })
let encoder = JSONEncoder()
let decoder = JSONDecoder()
try measure("Foundation JSONEncoder / JSONDecoder (for comparison)", rounds: rounds / 4,
            encode: { Array(try encoder.encode($0)) }, decode: { try decoder.decode(NavigationState.self, from: Data($0)) })
