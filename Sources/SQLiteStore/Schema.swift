/// FlowPages' schema, one migration per version. Never edit a released step; add one.
public enum Schema {
    public static let migrations: [Migration] = [
        Migration(version: 1, name: "sessions, events, accounts, tokens and outbox", statements: [
            """
            CREATE TABLE sessions (
                id_hash BLOB PRIMARY KEY,
                app TEXT NOT NULL,
                state BLOB NOT NULL,
                version INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE events (
                id INTEGER PRIMARY KEY,
                time INTEGER NOT NULL,
                session_hash BLOB,
                app TEXT NOT NULL,
                kind TEXT NOT NULL,
                screen TEXT,
                previous_screen TEXT,
                source TEXT,
                detail TEXT
            )
            """,
            """
            CREATE TABLE accounts (
                id INTEGER PRIMARY KEY,
                app TEXT NOT NULL,
                email TEXT NOT NULL COLLATE NOCASE,
                password_hash TEXT NOT NULL,
                profile TEXT NOT NULL DEFAULT '{}',
                verified INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                UNIQUE (app, email)
            )
            """,
            """
            CREATE TABLE tokens (
                hash BLOB PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                purpose TEXT NOT NULL,
                expires_at INTEGER NOT NULL,
                used_at INTEGER
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE outbox (
                id INTEGER PRIMARY KEY,
                app TEXT NOT NULL,
                recipient TEXT NOT NULL,
                subject TEXT NOT NULL,
                body TEXT NOT NULL,
                link TEXT,
                sent_at INTEGER NOT NULL
            )
            """,
        ]),
        Migration(version: 2, name: "indexes for reading events and sweeping sessions", statements: [
            "CREATE INDEX events_by_session ON events (session_hash, time)",
            "CREATE INDEX events_by_app ON events (app, time)",
            "CREATE INDEX sessions_by_last_seen ON sessions (last_seen_at)",
            "CREATE INDEX tokens_by_account ON tokens (account_id)",
        ]),
        Migration(version: 3, name: "email keys, fixture accounts, code attempts and sweeping events", statements: [
            "ALTER TABLE accounts ADD COLUMN email_key TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE accounts ADD COLUMN is_fixture INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE tokens ADD COLUMN kind TEXT",
            "ALTER TABLE tokens ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX events_by_time ON events (time)",
        ], then: { connection in
            // The keys are Unicode-folded in Swift; the index can only be made once they are set.
            try AccountStore.assignEmailKeys(connection)
            try connection.execute("CREATE UNIQUE INDEX accounts_by_email_key ON accounts (app, email_key)")
        }),
        Migration(version: 4, name: "deep links opened without a session, counted per link pattern and day", statements: [
            """
            CREATE TABLE link_counts (
                app TEXT NOT NULL,
                pattern TEXT NOT NULL,
                day TEXT NOT NULL,
                kind TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (app, pattern, day, kind)
            ) WITHOUT ROWID
            """,
        ]),
        Migration(version: 5, name: "wrong code attempts counted across the codes that replace each other", statements: [
            "ALTER TABLE tokens ADD COLUMN earlier_attempts INTEGER NOT NULL DEFAULT 0",
        ]),
        Migration(version: 6, name: "a CSRF secret per session that outlives the rotation of its id", statements: [
            "ALTER TABLE sessions ADD COLUMN csrf_secret TEXT",
        ]),
        Migration(version: 7, name: "app data: records of collections per scope, and each session's data key", statements: [
            // scope: 'app', 'account:<id>' or 'session:<data key>'. A session's copy overlays the
            // shared fixtures; `deleted` marks a fixture the session deleted. `sequence` keeps
            // the order records were made in.
            """
            CREATE TABLE records (
                app TEXT NOT NULL,
                collection TEXT NOT NULL,
                scope TEXT NOT NULL,
                id TEXT NOT NULL,
                body TEXT NOT NULL,
                sequence INTEGER NOT NULL,
                is_fixture INTEGER NOT NULL DEFAULT 0,
                deleted INTEGER NOT NULL DEFAULT 0,
                updated_at INTEGER NOT NULL,
                PRIMARY KEY (app, collection, scope, id)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX records_in_order ON records (app, collection, scope, sequence)",
            // The next id of each collection, so adding a record reads one row, not the collection.
            "CREATE TABLE record_counters (app TEXT NOT NULL, collection TEXT NOT NULL, next INTEGER NOT NULL, PRIMARY KEY (app, collection)) WITHOUT ROWID",
            "ALTER TABLE sessions ADD COLUMN data_key TEXT",
            "UPDATE sessions SET data_key = lower(hex(randomblob(16)))",
        ]),
        // Ending or sweeping a session deletes its copy by scope, which no index led with.
        Migration(version: 8, name: "records found by scope, for ending and sweeping sessions", statements: [
            "CREATE INDEX records_by_scope ON records (scope)",
        ]),
        // Sessions numbered in the order they start, so the ones in use (the newest) share pages
        // at the end of the table rather than lie anywhere a random id sorts to; events keep that
        // number, which outlives the id's rotations, instead of the id's hash; their facts get
        // columns of their own; and daily counts are kept beside them for the insights.
        Migration(version: 9, name: "sessions by number, events with their facts in columns, and daily counts", statements: [
            """
            CREATE TABLE numbered_sessions (
                number INTEGER PRIMARY KEY,
                id_hash BLOB NOT NULL UNIQUE,
                app TEXT NOT NULL,
                state BLOB NOT NULL,
                version INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL,
                csrf_secret TEXT,
                data_key TEXT,
                screen_since INTEGER
            )
            """,
            """
            INSERT INTO numbered_sessions (id_hash, app, state, version, created_at, last_seen_at, csrf_secret, data_key, screen_since)
            SELECT id_hash, app, state, version, created_at, last_seen_at, csrf_secret, data_key, last_seen_at FROM sessions ORDER BY created_at
            """,
            """
            CREATE TABLE numbered_events (
                id INTEGER PRIMARY KEY,
                time INTEGER NOT NULL,
                session_number INTEGER,
                app TEXT NOT NULL,
                kind TEXT NOT NULL,
                screen TEXT,
                previous_screen TEXT,
                source TEXT,
                detail TEXT,
                funnel TEXT,
                step TEXT,
                step_number INTEGER,
                depth INTEGER,
                link TEXT,
                pattern TEXT,
                dwell INTEGER
            )
            """,
            // The facts older versions wrote into `detail`: `stack_depth=2`, `funnel=f step=2 name=s`, a link.
            """
            INSERT INTO numbered_events (id, time, session_number, app, kind, screen, previous_screen, source, detail,
                                         funnel, step, step_number, depth, link)
            SELECT e.id, e.time, s.number, e.app, e.kind, e.screen, e.previous_screen, e.source,
                CASE WHEN e.kind IN ('back_button_pressed', 'funnel_step') OR e.kind LIKE 'deep_link_%' THEN NULL ELSE e.detail END,
                CASE WHEN e.kind = 'funnel_step' THEN substr(e.detail, 8, instr(e.detail, ' step=') - 8) END,
                CASE WHEN e.kind = 'funnel_step' THEN substr(e.detail, instr(e.detail, ' name=') + 6) END,
                CASE WHEN e.kind = 'funnel_step' THEN CAST(substr(e.detail, instr(e.detail, ' step=') + 6) AS INTEGER) END,
                CASE WHEN e.kind = 'back_button_pressed' AND e.detail LIKE 'stack_depth=%' THEN CAST(substr(e.detail, 13) AS INTEGER) END,
                CASE WHEN e.kind LIKE 'deep_link_%' THEN e.detail END
            FROM events AS e LEFT JOIN numbered_sessions AS s ON s.id_hash = e.session_hash
            """,
            "DROP TABLE events",
            "DROP TABLE sessions",
            "ALTER TABLE numbered_sessions RENAME TO sessions",
            "ALTER TABLE numbered_events RENAME TO events",
            "CREATE INDEX sessions_by_last_seen ON sessions (last_seen_at)",
            "CREATE INDEX events_by_session ON events (session_number, time)",
            "CREATE INDEX events_by_time ON events (time)",
            """
            CREATE TABLE event_counts (
                app TEXT NOT NULL,
                day TEXT NOT NULL,
                metric TEXT NOT NULL,
                subject TEXT NOT NULL,
                detail TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (app, metric, day, subject, detail)
            ) WITHOUT ROWID
            """,
            // Which sessions reached which funnel step: each counts once.
            """
            CREATE TABLE funnel_sessions (
                app TEXT NOT NULL,
                funnel TEXT NOT NULL,
                step_number INTEGER NOT NULL,
                session_number INTEGER NOT NULL,
                PRIMARY KEY (app, funnel, step_number, session_number)
            ) WITHOUT ROWID
            """,
            // The counts of the events kept so far (their times on screen were not known).
            """
            INSERT INTO event_counts (app, day, metric, subject, detail, count)
            SELECT app, date(time / 1000, 'unixepoch'), 'views', screen, '', COUNT(*) FROM events
            WHERE kind = 'screen_view' AND screen IS NOT NULL GROUP BY 1, 2, 4
            """,
            """
            INSERT INTO event_counts (app, day, metric, subject, detail, count)
            SELECT app, date(time / 1000, 'unixepoch'), 'moves', previous_screen, screen, COUNT(*) FROM events
            WHERE kind = 'screen_view' AND screen IS NOT NULL AND previous_screen IS NOT NULL GROUP BY 1, 2, 4, 5
            """,
            """
            INSERT INTO event_counts (app, day, metric, subject, detail, count)
            SELECT app, date(time / 1000, 'unixepoch'), 'backs', screen, '', COUNT(*) FROM events
            WHERE kind = 'back_button_pressed' AND screen IS NOT NULL GROUP BY 1, 2, 4
            """,
            """
            INSERT OR IGNORE INTO funnel_sessions (app, funnel, step_number, session_number)
            SELECT app, funnel, step_number, session_number FROM events
            WHERE kind = 'funnel_step' AND funnel IS NOT NULL AND step_number IS NOT NULL AND session_number IS NOT NULL
            """,
            """
            INSERT INTO event_counts (app, day, metric, subject, detail, count)
            SELECT app, date(MIN(time) / 1000, 'unixepoch'), 'funnel', funnel, step_number || char(9) || MIN(step), 1 FROM events
            WHERE kind = 'funnel_step' AND funnel IS NOT NULL AND step_number IS NOT NULL AND session_number IS NOT NULL
            GROUP BY app, funnel, step_number, session_number
            ON CONFLICT (app, metric, day, subject, detail) DO UPDATE SET count = count + 1
            """,
            """
            INSERT INTO event_counts (app, day, metric, subject, detail, count)
            SELECT app, date(created_at / 1000, 'unixepoch'), 'sessions', '', '', COUNT(*) FROM sessions GROUP BY 1, 2
            """,
        ]),
        Migration(version: 10, name: "deferred deep links, kept under their claim code's hash until they expire; events' fallback outcomes", statements: [
            """
            CREATE TABLE deferred_links (
                code_hash BLOB PRIMARY KEY,
                app TEXT NOT NULL,
                link TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                claimed_at INTEGER
            ) WITHOUT ROWID
            """,
            "CREATE INDEX deferred_links_by_expiry ON deferred_links (expires_at)",
            "ALTER TABLE events ADD COLUMN outcome TEXT",
        ]),
        Migration(version: 11, name: "a new CSRF secret with each id a session is given, the one before kept to tell a stale form", statements: [
            "ALTER TABLE sessions ADD COLUMN previous_csrf_secret TEXT",
        ]),
        Migration(version: 12, name: "each mail kept in a dev mailbox: the sending session's for a fixture account, else the registering session's", statements: [
            "ALTER TABLE outbox ADD COLUMN mailbox TEXT",
            "CREATE INDEX outbox_by_mailbox ON outbox (app, mailbox, sent_at)",
            // The mailbox of the session that registered the account: its mail goes there, never
            // to the session that asked for it (a stranger asking for a reset of someone's account).
            "ALTER TABLE accounts ADD COLUMN mailbox TEXT",
        ]),
        // Before testers had copies (`session:<key>/account:<id>`), they wrote to the fixture
        // accounts themselves. An emptied password hash matches no password; seeding sets the
        // documented one again, and the documented profile, at the next start.
        Migration(version: 13, name: "fixture accounts as documented again: testers now change copies of their own, so what was changed in the accounts themselves goes (seeding sets the password again)", statements: [
            "UPDATE accounts SET password_hash = '' WHERE is_fixture = 1",
            "DELETE FROM records WHERE is_fixture = 0 AND scope IN (SELECT 'account:' || id FROM accounts WHERE is_fixture = 1)",
        ]),
        // Codes, link tokens and claim codes were kept as SHA-256, which a copy of the file alone
        // reverses for a 6-digit code; they are now HMACs under the key beside the file, so the
        // live ones could no longer be matched: they go (each lives an hour at most).
        Migration(version: 14, name: "attempt counts kept in the database; sessions know who is signed in; secrets under the server's key", statements: [
            """
            CREATE TABLE attempts (
                key BLOB PRIMARY KEY,
                hits INTEGER NOT NULL,
                window_start INTEGER NOT NULL,
                next_allowed INTEGER NOT NULL,
                expires_at INTEGER NOT NULL
            ) WITHOUT ROWID
            """,
            "CREATE INDEX attempts_by_expiry ON attempts (expires_at)",
            // Set from now on when a session is created or signs in or out; those signed in
            // before keep NULL until then, and a reset cannot reach them.
            "ALTER TABLE sessions ADD COLUMN user_id TEXT",
            "CREATE INDEX sessions_by_user ON sessions (app, user_id) WHERE user_id IS NOT NULL",
            "DELETE FROM tokens WHERE used_at IS NULL",
            "DELETE FROM deferred_links",
        ]),
        Migration(version: 15, name: "accessibility audits: a verdict per state and WCAG criterion, by a named auditor, and the automated passes attached", statements: [
            """
            CREATE TABLE audit_reviews (
                id INTEGER PRIMARY KEY,
                app TEXT NOT NULL,
                name TEXT NOT NULL,
                auditor TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                folder_hash TEXT NOT NULL
            )
            """,
            "CREATE INDEX audit_reviews_by_app ON audit_reviews (app, id)",
            """
            CREATE TABLE audit_findings (
                review INTEGER NOT NULL REFERENCES audit_reviews (id) ON DELETE CASCADE,
                state TEXT NOT NULL,
                criterion TEXT NOT NULL,
                outcome TEXT NOT NULL,
                note TEXT NOT NULL,
                auditor TEXT NOT NULL,
                updated_at INTEGER NOT NULL,
                state_hash TEXT NOT NULL,
                version INTEGER NOT NULL,
                PRIMARY KEY (review, state, criterion)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE audit_passes (
                id INTEGER PRIMARY KEY,
                review INTEGER NOT NULL REFERENCES audit_reviews (id) ON DELETE CASCADE,
                attached_at INTEGER NOT NULL,
                results TEXT NOT NULL
            )
            """,
            "CREATE INDEX audit_passes_by_review ON audit_passes (review, attached_at)",
        ]),
        Migration(version: 16, name: "the automated pass's screenshots of each audited state, light and dark", statements: [
            """
            CREATE TABLE audit_screenshots (
                review INTEGER NOT NULL REFERENCES audit_reviews (id) ON DELETE CASCADE,
                state TEXT NOT NULL,
                scheme TEXT NOT NULL,
                png BLOB NOT NULL,
                kept_at INTEGER NOT NULL,
                PRIMARY KEY (review, state, scheme)
            ) WITHOUT ROWID
            """,
        ]),
        Migration(version: 17, name: "usability tests: testers known by a token of their own, their tries at missions with the screens shown, their answers, whether a test takes testers and how often its results changed, and the tests a team made in the browser", statements: [
            """
            CREATE TABLE usability_testers (
                id INTEGER PRIMARY KEY,
                app TEXT NOT NULL,
                test TEXT NOT NULL,
                token_hash BLOB NOT NULL UNIQUE,
                joined_at INTEGER NOT NULL
            )
            """,
            "CREATE INDEX usability_testers_by_test ON usability_testers (app, test, id)",
            """
            CREATE TABLE usability_attempts (
                id INTEGER PRIMARY KEY,
                tester INTEGER NOT NULL REFERENCES usability_testers (id) ON DELETE CASCADE,
                mission TEXT NOT NULL,
                started_at INTEGER NOT NULL,
                ended_at INTEGER,
                ending TEXT
            )
            """,
            "CREATE INDEX usability_attempts_by_tester ON usability_attempts (tester, started_at)",
            """
            CREATE TABLE usability_steps (
                id INTEGER PRIMARY KEY,
                attempt INTEGER NOT NULL REFERENCES usability_attempts (id) ON DELETE CASCADE,
                route TEXT NOT NULL,
                at INTEGER NOT NULL,
                back INTEGER NOT NULL
            )
            """,
            "CREATE INDEX usability_steps_by_attempt ON usability_steps (attempt, id)",
            """
            CREATE TABLE usability_answers (
                tester INTEGER NOT NULL REFERENCES usability_testers (id) ON DELETE CASCADE,
                question TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (tester, question)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE usability_test_status (
                app TEXT NOT NULL,
                test TEXT NOT NULL,
                status TEXT NOT NULL,
                changed_at INTEGER NOT NULL,
                revision INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (app, test)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE usability_tests (
                app TEXT NOT NULL,
                id TEXT NOT NULL,
                xml TEXT NOT NULL,
                updated_at INTEGER NOT NULL,
                PRIMARY KEY (app, id)
            ) WITHOUT ROWID
            """,
        ]),
    ]
}
