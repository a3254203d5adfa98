import FlowStore

/// Usability tests' testers, tries and answers. On one connection (``SQLiteWebStore``).
struct UsabilityStore: UsabilityWrites {
    let connection: SQLiteConnection

    func tester(token: String) throws -> UsabilityTester? {
        try connection.queryFirst("SELECT id, app, test, joined_at FROM usability_testers WHERE token_hash = ?", [.blob(Secret.hash(token))]) {
            UsabilityTester(id: Int64($0.int(0)), app: $0.string(1) ?? "", test: $0.string(2) ?? "", joined: Int64($0.int(3)))
        }
    }

    func testers(app: String, test: String) throws -> [UsabilityTester] {
        try connection.query("SELECT id, joined_at FROM usability_testers WHERE app = ? AND test = ? ORDER BY id", [.text(app), .text(test)]) {
            UsabilityTester(id: Int64($0.int(0)), app: app, test: test, joined: Int64($0.int(1)))
        }
    }

    func attempts(app: String, test: String) throws -> [StoredMissionAttempt] {
        let values: [SQLiteValue] = [.text(app), .text(test)]
        let attempts = try connection.query(
            """
            SELECT a.id, a.tester, a.mission, a.started_at, a.ended_at, a.ending
            FROM usability_attempts a JOIN usability_testers t ON t.id = a.tester
            WHERE t.app = ? AND t.test = ? ORDER BY a.tester, a.started_at, a.id
            """, values
        ) { row in
            StoredMissionAttempt(id: Int64(row.int(0)), tester: Int64(row.int(1)), mission: row.string(2) ?? "", started: Int64(row.int(3)),
                                 ended: row.isNull(4) ? nil : Int64(row.int(4)), ending: row.string(5).flatMap(StoredMissionAttempt.Ending.init))
        }
        let steps = try connection.query(
            """
            SELECT s.attempt, s.route, s.at, s.back
            FROM usability_steps s JOIN usability_attempts a ON a.id = s.attempt JOIN usability_testers t ON t.id = a.tester
            WHERE t.app = ? AND t.test = ? ORDER BY s.attempt, s.id
            """, values
        ) { row in (Int64(row.int(0)), StoredMissionAttempt.Step(route: row.string(1) ?? "", at: Int64(row.int(2)), isBack: row.int(3) != 0)) }
        return StoredMissionAttempt.joined(attempts, steps: steps)
    }

    func answers(app: String, test: String) throws -> [UsabilityAnswer] {
        try connection.query(
            """
            SELECT n.tester, n.question, n.value FROM usability_answers n JOIN usability_testers t ON t.id = n.tester
            WHERE t.app = ? AND t.test = ? ORDER BY n.tester, n.question
            """, [.text(app), .text(test)]
        ) { UsabilityAnswer(tester: Int64($0.int(0)), question: $0.string(1) ?? "", value: $0.string(2) ?? "") }
    }

    func revision(app: String, test: String) throws -> Int64 {
        try connection.queryFirst("SELECT revision FROM usability_test_status WHERE app = ? AND test = ?", [.text(app), .text(test)]) {
            Int64($0.int(0))
        } ?? 0
    }

    /// Raises the revision of the test whose tester `where` picks (`tester`, `attempt`) names.
    private func bump(_ source: String, _ value: Int64) throws {
        _ = try connection.execute(
            """
            INSERT INTO usability_test_status (app, test, status, changed_at, revision)
            SELECT t.app, t.test, 'open', 0, 1 FROM \(source)
            ON CONFLICT (app, test) DO UPDATE SET revision = usability_test_status.revision + 1
            """, [.integer(value)])
    }

    /// Raises the revision of `test` of `app`.
    private func bump(app: String, test: String) throws {
        _ = try connection.execute(
            """
            INSERT INTO usability_test_status (app, test, status, changed_at, revision) VALUES (?, ?, 'open', 0, 1)
            ON CONFLICT (app, test) DO UPDATE SET revision = usability_test_status.revision + 1
            """, [.text(app), .text(test)])
    }

    private static let byTester = "usability_testers t WHERE t.id = ?"
    private static let byAttempt = "usability_attempts a JOIN usability_testers t ON t.id = a.tester WHERE a.id = ?"

    func status(app: String, test: String) throws -> UsabilityTestStatus {
        try connection.queryFirst("SELECT status FROM usability_test_status WHERE app = ? AND test = ?", [.text(app), .text(test)]) {
            $0.string(0).flatMap(UsabilityTestStatus.init)
        }.flatMap { $0 } ?? .open
    }

    func join(app: String, test: String, token: String, now: Int64) throws -> UsabilityTester {
        // The status row first, as every write takes it: joins at once are counted one by one.
        try bump(app: app, test: test)
        guard let id = try connection.queryFirst(
            """
            INSERT INTO usability_testers (app, test, token_hash, joined_at) SELECT ?, ?, ?, ?
            WHERE (SELECT count(*) FROM usability_testers WHERE app = ? AND test = ?) < ? RETURNING id
            """, [.text(app), .text(test), .blob(Secret.hash(token)), .integer(now), .text(app), .text(test), .integer(Int64(UsabilityLimits.testersPerTest))],
            { Int64($0.int(0)) }
        ) else {
            throw UsabilityLimitReached("This test has \(UsabilityLimits.testersPerTest) testers, the most it takes.")
        }
        return UsabilityTester(id: id, app: app, test: test, joined: now)
    }

    func begin(mission: String, tester: Int64, now: Int64) throws -> Int64 {
        try bump(Self.byTester, tester)
        guard let id = try connection.queryFirst(
            """
            INSERT INTO usability_attempts (tester, mission, started_at) SELECT ?, ?, ?
            WHERE (SELECT count(*) FROM usability_attempts WHERE tester = ?) < ? RETURNING id
            """, [.integer(tester), .text(mission), .integer(now), .integer(tester), .integer(Int64(UsabilityLimits.triesPerTester))],
            { Int64($0.int(0)) }
        ) else {
            throw UsabilityLimitReached("You have begun \(UsabilityLimits.triesPerTester) tries, the most a test keeps of one tester.")
        }
        return id
    }

    func record(_ step: StoredMissionAttempt.Step, in attempt: Int64) throws -> Bool {
        try bump(Self.byAttempt, attempt)
        return try connection.execute(
            """
            INSERT INTO usability_steps (attempt, route, at, back)
            SELECT id, ?, ?, ? FROM usability_attempts WHERE id = ? AND ended_at IS NULL
                AND (SELECT count(*) FROM usability_steps WHERE attempt = ?) < ?
            """, [.text(step.route), .integer(step.at), .integer(step.isBack ? 1 : 0), .integer(attempt), .integer(attempt),
                  .integer(Int64(UsabilityLimits.screensPerTry))]) == 1
    }

    func end(attempt: Int64, as ending: StoredMissionAttempt.Ending, at time: Int64) throws -> Bool {
        try bump(Self.byAttempt, attempt)
        return try connection.execute("UPDATE usability_attempts SET ended_at = ?, ending = ? WHERE id = ? AND ended_at IS NULL",
                               [.integer(time), .text(ending.rawValue), .integer(attempt)]) == 1
    }

    func answer(_ question: String, with value: String, tester: Int64) throws {
        try bump(Self.byTester, tester)
        _ = try connection.execute(
            """
            INSERT INTO usability_answers (tester, question, value) VALUES (?, ?, ?)
            ON CONFLICT (tester, question) DO UPDATE SET value = excluded.value
            """, [.integer(tester), .text(question), .text(value)])
    }

    func withdraw(tester: Int64) throws -> Bool {
        try bump(Self.byTester, tester)
        return try connection.execute("DELETE FROM usability_testers WHERE id = ?", [.integer(tester)]) == 1
    }

    func setStatus(_ status: UsabilityTestStatus, app: String, test: String, now: Int64) throws {
        _ = try connection.execute(
            """
            INSERT INTO usability_test_status (app, test, status, changed_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (app, test) DO UPDATE SET status = excluded.status, changed_at = excluded.changed_at
            """, [.text(app), .text(test), .text(status.rawValue), .integer(now)])
    }

    func madeTests(app: String) throws -> [(id: String, xml: String)] {
        try connection.query("SELECT id, xml FROM usability_tests WHERE app = ? ORDER BY id", [.text(app)]) { (id: $0.string(0) ?? "", xml: $0.string(1) ?? "") }
    }

    func keep(test id: String, xml: String, app: String, now: Int64) throws {
        try bump(app: app, test: id)
        _ = try connection.execute(
            """
            INSERT INTO usability_tests (app, id, xml, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (app, id) DO UPDATE SET xml = excluded.xml, updated_at = excluded.updated_at
            """, [.text(app), .text(id), .text(xml), .integer(now)])
    }

    func delete(test id: String, app: String) throws -> Bool {
        // The status row first, as every other write takes it first (no deadlock between them);
        // it stays, open again, so the test's revision only ever rises.
        _ = try connection.execute("UPDATE usability_test_status SET status = 'open', revision = revision + 1 WHERE app = ? AND test = ?",
                                   [.text(app), .text(id)])
        _ = try connection.execute("DELETE FROM usability_testers WHERE app = ? AND test = ?", [.text(app), .text(id)])
        return try connection.execute("DELETE FROM usability_tests WHERE app = ? AND id = ?", [.text(app), .text(id)]) == 1
    }
}
