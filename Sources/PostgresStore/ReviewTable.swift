import FlowStore

/// Accessibility audits and their findings; a verdict is kept only over the version its auditor
/// saw, in one statement, so auditors on several instances never overwrite each other unseen.
struct ReviewTable: ReviewWrites {
    let connection: PostgresConnection

    func reviews(app: String) throws -> [AuditReview] {
        try connection.query("SELECT id, name, auditor, created_at, folder_hash FROM audit_reviews WHERE app = $1 ORDER BY id", [.text(app)]) {
            AuditReview(id: Int64($0.int(0)), app: app, name: $0.string(1) ?? "", auditor: $0.string(2) ?? "", created: Int64($0.int(3)),
                        folderHash: $0.string(4) ?? "")
        }
    }

    func review(id: Int64, app: String) throws -> AuditReview? {
        try connection.queryFirst("SELECT name, auditor, created_at, folder_hash FROM audit_reviews WHERE id = $1 AND app = $2", [.integer(id), .text(app)]) {
            AuditReview(id: id, app: app, name: $0.string(0) ?? "", auditor: $0.string(1) ?? "", created: Int64($0.int(2)), folderHash: $0.string(3) ?? "")
        }
    }

    func findings(review: Int64) throws -> [ReviewFinding] {
        try connection.query(
            """
            SELECT state, criterion, outcome, note, auditor, updated_at, state_hash, version
            FROM audit_findings WHERE review = $1 ORDER BY state, criterion
            """, [.integer(review)]
        ) { row in
            ReviewFinding(state: row.string(0) ?? "", criterion: row.string(1) ?? "",
                          outcome: ReviewFinding.Outcome(rawValue: row.string(2) ?? "") ?? .notApplicable, note: row.string(3) ?? "",
                          auditor: row.string(4) ?? "", updated: Int64(row.int(5)), stateHash: row.string(6) ?? "", version: Int64(row.int(7)))
        }
    }

    func create(app: String, name: String, auditor: String, folderHash: String, now: Int64) throws -> AuditReview {
        let id = try connection.queryFirst(
            "INSERT INTO audit_reviews (app, name, auditor, created_at, folder_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            [.text(app), .text(name), .text(auditor), .integer(now), .text(folderHash)]
        ) { Int64($0.int(0)) } ?? 0
        return AuditReview(id: id, app: app, name: name, auditor: auditor, created: now, folderHash: folderHash)
    }

    func record(_ finding: ReviewFinding, in review: Int64, seen: Int64) throws -> Bool {
        // No stored version is Int64.max (each save adds one from 0): such a version was never seen.
        guard (0..<Int64.max).contains(seen) else { return false }
        let values: [PostgresValue] = [.text(finding.outcome.rawValue), .text(finding.note), .text(finding.auditor), .integer(finding.updated),
                                       .text(finding.stateHash), .integer(seen + 1), .integer(review), .text(finding.state), .text(finding.criterion)]
        if seen == 0 {
            return try connection.execute(
                """
                INSERT INTO audit_findings (outcome, note, auditor, updated_at, state_hash, version, review, state, criterion)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING
                """, values) == 1
        }
        return try connection.execute(
            """
            UPDATE audit_findings SET outcome = $1, note = $2, auditor = $3, updated_at = $4, state_hash = $5, version = $6
            WHERE review = $7 AND state = $8 AND criterion = $9 AND version = $10
            """, values + [.integer(seen)]) == 1
    }

    func automatedPass(review: Int64) throws -> (attached: Int64, results: String)? {
        try connection.queryFirst("SELECT attached_at, results FROM audit_passes WHERE review = $1 ORDER BY attached_at DESC, id DESC LIMIT 1",
                                  [.integer(review)]) { (Int64($0.int(0)), $0.string(1) ?? "") }
    }

    func attach(automatedPass results: String, to review: Int64, now: Int64) throws {
        _ = try connection.execute("INSERT INTO audit_passes (review, attached_at, results) VALUES ($1, $2, $3)",
                                   [.integer(review), .integer(now), .text(results)])
    }

    func screenshot(review: Int64, state: String, scheme: String) throws -> [UInt8]? {
        try connection.queryFirst("SELECT png FROM audit_screenshots WHERE review = $1 AND state = $2 AND scheme = $3",
                                  [.integer(review), .text(state), .text(scheme)]) { $0.bytes(0) }
    }

    func screenshotSchemes(review: Int64, state: String) throws -> [String] {
        try connection.query("SELECT scheme FROM audit_screenshots WHERE review = $1 AND state = $2 ORDER BY scheme",
                             [.integer(review), .text(state)]) { $0.string(0) ?? "" }
    }

    func keep(screenshot png: [UInt8], of state: String, scheme: String, in review: Int64, now: Int64) throws {
        _ = try connection.execute(
            """
            INSERT INTO audit_screenshots (review, state, scheme, png, kept_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (review, state, scheme) DO UPDATE SET png = excluded.png, kept_at = excluded.kept_at
            """, [.integer(review), .text(state), .text(scheme), .bytes(png), .integer(now)])
    }

    func move(review: Int64, from: String, to: String) throws -> [String] {
        _ = try connection.execute(
            """
            UPDATE audit_findings SET state = $3 WHERE review = $1 AND state = $2
              AND criterion NOT IN (SELECT criterion FROM audit_findings WHERE review = $1 AND state = $3)
            """, [.integer(review), .text(from), .text(to)])
        return try connection.query("SELECT criterion FROM audit_findings WHERE review = $1 AND state = $2 ORDER BY criterion",
                                    [.integer(review), .text(from)]) { $0.string(0) ?? "" }
    }
}
