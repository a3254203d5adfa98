import FlowDefinition
import FlowStore

/// An app's fixtures put in the store when it is served: its accounts (marked as fixtures
/// whatever the mode, so a database seeded before fixtures were marked cannot sign them in once
/// the prototype is off) and, for a prototype, its records and each fixture account's base copy.
enum FixtureSeeding {
    /// Seeds `app`'s fixtures into `store`; returns the fixture accounts' ids (none when the
    /// prototype is off).
    static func seed(_ app: AppDefinition, into store: any WebStore, prototype: Bool) throws -> Set<Int> {
        let fixtures = prototype ? app.fixtures.accounts : []
        try store.seedFixtures(app: app.id, accounts: fixtures.map {
            FixtureAccount(email: $0.email, password: $0.password, profile: $0.profile, verified: $0.verified)
        }, fixtureEmails: app.fixtures.accounts.map(\.email))
        let ids = prototype ? Set(try fixtures.compactMap { try store.accounts.account(app: app.id, email: $0.email)?.id }) : []
        if prototype, !app.data.fixtures.isEmpty || !fixtures.isEmpty {
            try store.seedRecords(app: app.id, app.data.fixtures.map { fixture in
                FixtureRecord(collection: fixture.collection, id: fixture.id, values: fixture.values.mapValues(\.recordValue),
                              accountEmail: fixture.account)
            } + fixtures.map(FixtureAccountCopy.base))
        }
        return ids
    }
}
