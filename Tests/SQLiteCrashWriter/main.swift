// The child of the crash test: appends events as fast as it can and, after each commit returns,
// writes the event's number to stdout. The test kills it with SIGKILL at a random moment and
// checks that every number it printed is in the database.
//
//   sqlite-crash-writer DATABASE FIRST-NUMBER
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import FlowStore
import SQLiteStore

let arguments = CommandLine.arguments
guard arguments.count == 3, var number = Int(arguments[2]) else {
    fatalError("usage: sqlite-crash-writer DATABASE FIRST-NUMBER")
}
let database = try Database(path: arguments[1])
let store = SQLiteWebStore(database: database, key: .random())
let padding = String(repeating: "x", count: 200)
while true {
    let event = StoredEvent(time: Timestamp.now(), app: "crash", kind: "commit", detail: "\(number) \(padding)")
    try store.transaction { try $0.events.append([event], session: "crash-test") }
    // Acknowledged only after the commit returned; one write(2), no buffering to lose.
    let line = Array("\(number)\n".utf8)
    _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    number += 1
}
