import FlowStore

/// Accessibility audits and their findings. On one connection (``SQLiteWebStore``).
struct ReviewStore: ReviewWrites {
    let connection: SQLiteConnection

    func reviews(app: String) throws -> [AuditReview] {
        try connection.query("SELECT id, name, auditor, created_at, folder_hash FROM audit_reviews WHERE app = ? ORDER BY id", [.text(app)]) {
            AuditReview(id: Int64($0.int(0)), app: app, name: $0.string(1) ?? "", auditor: $0.string(2) ?? "", created: Int64($0.int(3)), folderHash: $0.string(4) ?? "")
        }
    }

    func review(id: Int64, app: String) throws -> AuditReview? {
        try connection.queryFirst("SELECT name, auditor, created_at, folder_hash FROM audit_reviews WHERE id = ? AND app = ?", [.integer(id), .text(app)]) {
            AuditReview(id: id, app: app, name: $0.string(0) ?? "", auditor: $0.string(1) ?? "", created: Int64($0.int(2)), folderHash: $0.string(3) ?? "")
        }
    }

    func findings(review: Int64) throws -> [ReviewFinding] {
        try connection.query(
            """
            SELECT state, criterion, outcome, note, auditor, updated_at, state_hash, version
            FROM audit_findings WHERE review = ? ORDER BY state, criterion
            """, [.integer(review)]
        ) { row in
            ReviewFinding(state: row.string(0) ?? "", criterion: row.string(1) ?? "",
                          outcome: ReviewFinding.Outcome(rawValue: row.string(2) ?? "") ?? .notApplicable, note: row.string(3) ?? "",
                          auditor: row.string(4) ?? "", updated: Int64(row.int(5)), stateHash: row.string(6) ?? "", version: Int64(row.int(7)))
        }
    }

    func create(app: String, name: String, auditor: String, folderHash: String, now: Int64) throws -> AuditReview {
        let id = try connection.queryFirst(
            "INSERT INTO audit_reviews (app, name, auditor, created_at, folder_hash) VALUES (?, ?, ?, ?, ?) RETURNING id",
            [.text(app), .text(name), .text(auditor), .integer(now), .text(folderHash)]
        ) { Int64($0.int(0)) } ?? 0
        return AuditReview(id: id, app: app, name: name, auditor: auditor, created: now, folderHash: folderHash)
    }

    func record(_ finding: ReviewFinding, in review: Int64, seen: Int64) throws -> Bool {
        // No stored version is Int64.max (each save adds one from 0): such a version was never seen.
        guard (0..<Int64.max).contains(seen) else { return false }
        let values: [SQLiteValue] = [.text(finding.outcome.rawValue), .text(finding.note), .text(finding.auditor), .integer(finding.updated),
                                     .text(finding.stateHash), .integer(seen + 1), .integer(review), .text(finding.state), .text(finding.criterion)]
        if seen == 0 {
            return try connection.execute(
                """
                INSERT INTO audit_findings (outcome, note, auditor, updated_at, state_hash, version, review, state, criterion)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """, values) == 1
        }
        return try connection.execute(
            """
            UPDATE audit_findings SET outcome = ?, note = ?, auditor = ?, updated_at = ?, state_hash = ?, version = ?
            WHERE review = ? AND state = ? AND criterion = ? AND version = ?
            """, values + [.integer(seen)]) == 1
    }

    func automatedPass(review: Int64) throws -> (attached: Int64, results: String)? {
        try connection.queryFirst("SELECT attached_at, results FROM audit_passes WHERE review = ? ORDER BY attached_at DESC, id DESC LIMIT 1",
                                  [.integer(review)]) { (Int64($0.int(0)), $0.string(1) ?? "") }
    }

    func attach(automatedPass results: String, to review: Int64, now: Int64) throws {
        _ = try connection.execute("INSERT INTO audit_passes (review, attached_at, results) VALUES (?, ?, ?)",
                                   [.integer(review), .integer(now), .text(results)])
    }

    func screenshot(review: Int64, state: String, scheme: String) throws -> [UInt8]? {
        try connection.queryFirst("SELECT png FROM audit_screenshots WHERE review = ? AND state = ? AND scheme = ?",
                                  [.integer(review), .text(state), .text(scheme)]) { $0.bytes(0) }
    }

    func screenshotSchemes(review: Int64, state: String) throws -> [String] {
        try connection.query("SELECT scheme FROM audit_screenshots WHERE review = ? AND state = ? ORDER BY scheme",
                             [.integer(review), .text(state)]) { $0.string(0) ?? "" }
    }

    func keep(screenshot png: [UInt8], of state: String, scheme: String, in review: Int64, now: Int64) throws {
        _ = try connection.execute(
            """
            INSERT INTO audit_screenshots (review, state, scheme, png, kept_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (review, state, scheme) DO UPDATE SET png = excluded.png, kept_at = excluded.kept_at
            """, [.integer(review), .text(state), .text(scheme), .blob(png), .integer(now)])
    }

    func move(review: Int64, from: String, to: String) throws -> [String] {
        _ = try connection.execute(
            """
            UPDATE audit_findings SET state = ? WHERE review = ? AND state = ?
              AND criterion NOT IN (SELECT criterion FROM audit_findings WHERE review = ? AND state = ?)
            """, [.text(to), .integer(review), .text(from), .integer(review), .text(to)])
        return try connection.query("SELECT criterion FROM audit_findings WHERE review = ? AND state = ? ORDER BY criterion",
                                    [.integer(review), .text(from)]) { $0.string(0) ?? "" }
    }
}
