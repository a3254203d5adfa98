/// FlowPages' schema on PostgreSQL, one migration per version. Never edit a released step; add
/// one. The tables mirror the SQLite file's (`SQLiteStore.Schema`), in PostgreSQL's own types.
public enum PostgresSchema {
    public static let migrations: [PostgresMigration] = [
        PostgresMigration(version: 1, name: "sessions, events, accounts, secrets, outbox, link counts and app data", statements: [
            """
            CREATE TABLE sessions (
                id_hash bytea PRIMARY KEY,
                number bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
                app text NOT NULL,
                state bytea NOT NULL,
                version integer NOT NULL,
                created_at bigint NOT NULL,
                last_seen_at bigint NOT NULL,
                csrf_secret text NOT NULL,
                data_key text NOT NULL,
                screen_since bigint
            )
            """,
            "CREATE INDEX sessions_by_last_seen ON sessions (last_seen_at)",
            "CREATE INDEX sessions_by_created ON sessions (created_at)",
            """
            CREATE TABLE events (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                time bigint NOT NULL,
                session_number bigint,
                app text NOT NULL,
                kind text NOT NULL,
                screen text,
                previous_screen text,
                source text,
                detail text,
                funnel text,
                step text,
                step_number integer,
                depth integer,
                link text,
                pattern text,
                dwell bigint
            )
            """,
            "CREATE INDEX events_by_session ON events (session_number, time)",
            "CREATE INDEX events_by_time ON events (time)",
            """
            CREATE TABLE event_counts (
                app text NOT NULL,
                metric text NOT NULL,
                day text NOT NULL,
                subject text NOT NULL,
                detail text NOT NULL,
                shard smallint NOT NULL,
                count bigint NOT NULL,
                PRIMARY KEY (app, metric, day, subject, detail, shard)
            )
            """,
            """
            CREATE TABLE funnel_sessions (
                app text NOT NULL,
                funnel text NOT NULL,
                step_number integer NOT NULL,
                session_number bigint NOT NULL,
                PRIMARY KEY (app, funnel, step_number, session_number)
            )
            """,
            """
            CREATE TABLE accounts (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app text NOT NULL,
                email text NOT NULL,
                email_key text NOT NULL,
                password_hash text NOT NULL,
                profile text NOT NULL DEFAULT '{}',
                verified boolean NOT NULL DEFAULT false,
                is_fixture boolean NOT NULL DEFAULT false,
                created_at bigint NOT NULL,
                UNIQUE (app, email_key)
            )
            """,
            """
            CREATE TABLE secrets (
                hash bytea PRIMARY KEY,
                account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                kind text NOT NULL,
                purpose text NOT NULL,
                expires_at bigint NOT NULL,
                used_at bigint,
                attempts integer NOT NULL DEFAULT 0,
                earlier_attempts integer NOT NULL DEFAULT 0
            )
            """,
            "CREATE INDEX secrets_by_account ON secrets (account_id, purpose)",
            """
            CREATE TABLE outbox (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app text NOT NULL,
                recipient text NOT NULL,
                subject text NOT NULL,
                body text NOT NULL,
                link text,
                sent_at bigint NOT NULL
            )
            """,
            "CREATE INDEX outbox_by_app ON outbox (app, sent_at)",
            """
            CREATE TABLE link_counts (
                app text NOT NULL,
                pattern text NOT NULL,
                day text NOT NULL,
                kind text NOT NULL,
                count bigint NOT NULL,
                PRIMARY KEY (app, pattern, day, kind)
            )
            """,
            // scope: 'app', 'account:<id>' or 'session:<data key>'. A session's copy overlays the
            // shared fixtures; `deleted` marks a fixture deleted. `sequence` keeps the order
            // records were made in (fixtures below zero).
            """
            CREATE TABLE records (
                app text NOT NULL,
                collection text NOT NULL,
                scope text NOT NULL,
                id text NOT NULL,
                body text NOT NULL,
                sequence bigint NOT NULL,
                is_fixture boolean NOT NULL DEFAULT false,
                deleted boolean NOT NULL DEFAULT false,
                updated_at bigint NOT NULL,
                PRIMARY KEY (app, collection, scope, id)
            )
            """,
            "CREATE INDEX records_in_order ON records (app, collection, scope, sequence)",
            "CREATE INDEX records_by_scope ON records (scope)",
            "CREATE TABLE record_counters (app text NOT NULL, collection text NOT NULL, next bigint NOT NULL, PRIMARY KEY (app, collection))",
        ]),
        PostgresMigration(version: 2, name: "deferred deep links, kept under their claim code's hash until they expire; events' fallback outcomes", statements: [
            """
            CREATE TABLE deferred_links (
                code_hash bytea PRIMARY KEY,
                app text NOT NULL,
                link text NOT NULL,
                created_at bigint NOT NULL,
                expires_at bigint NOT NULL,
                claimed_at bigint
            )
            """,
            "CREATE INDEX deferred_links_by_expiry ON deferred_links (expires_at)",
            "ALTER TABLE events ADD COLUMN outcome text",
        ]),
        PostgresMigration(version: 3, name: "a new CSRF secret with each id a session is given, the one before kept to tell a stale form", statements: [
            "ALTER TABLE sessions ADD COLUMN previous_csrf_secret text",
        ]),
        PostgresMigration(version: 4, name: "each mail kept in a dev mailbox: the sending session's for a fixture account, else the registering session's", statements: [
            "ALTER TABLE outbox ADD COLUMN mailbox text",
            "CREATE INDEX outbox_by_mailbox ON outbox (app, mailbox, sent_at)",
            "ALTER TABLE accounts ADD COLUMN mailbox text",
        ]),
        PostgresMigration(version: 5, name: "fixture accounts as documented again: testers now change copies of their own, so what was changed in the accounts themselves goes (seeding sets the password again)", statements: [
            "UPDATE accounts SET password_hash = '' WHERE is_fixture",
            "DELETE FROM records WHERE NOT is_fixture AND scope IN (SELECT 'account:' || id FROM accounts WHERE is_fixture)",
        ]),
        // Secrets and claim codes were kept as SHA-256; they are now HMACs under the key every
        // instance is given, so the live ones could no longer be matched: they go.
        PostgresMigration(version: 6, name: "attempt counts kept in the database; sessions know who is signed in; secrets under the server's key", statements: [
            """
            CREATE TABLE attempts (
                key bytea PRIMARY KEY,
                hits integer NOT NULL,
                window_start bigint NOT NULL,
                next_allowed bigint NOT NULL,
                expires_at bigint NOT NULL
            )
            """,
            "CREATE INDEX attempts_by_expiry ON attempts (expires_at)",
            "ALTER TABLE sessions ADD COLUMN user_id text",
            "CREATE INDEX sessions_by_user ON sessions (app, user_id) WHERE user_id IS NOT NULL",
            "DELETE FROM secrets WHERE used_at IS NULL",
            "DELETE FROM deferred_links",
        ]),
        PostgresMigration(version: 7, name: "accessibility audits: a verdict per state and WCAG criterion, by a named auditor, and the automated passes attached", statements: [
            """
            CREATE TABLE audit_reviews (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app text NOT NULL,
                name text NOT NULL,
                auditor text NOT NULL,
                created_at bigint NOT NULL,
                folder_hash text NOT NULL
            )
            """,
            "CREATE INDEX audit_reviews_by_app ON audit_reviews (app, id)",
            """
            CREATE TABLE audit_findings (
                review bigint NOT NULL REFERENCES audit_reviews (id) ON DELETE CASCADE,
                state text NOT NULL,
                criterion text NOT NULL,
                outcome text NOT NULL,
                note text NOT NULL,
                auditor text NOT NULL,
                updated_at bigint NOT NULL,
                state_hash text NOT NULL,
                version bigint NOT NULL,
                PRIMARY KEY (review, state, criterion)
            )
            """,
            """
            CREATE TABLE audit_passes (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                review bigint NOT NULL REFERENCES audit_reviews (id) ON DELETE CASCADE,
                attached_at bigint NOT NULL,
                results text NOT NULL
            )
            """,
            "CREATE INDEX audit_passes_by_review ON audit_passes (review, attached_at)",
        ]),
        PostgresMigration(version: 8, name: "the automated pass's screenshots of each audited state, light and dark", statements: [
            """
            CREATE TABLE audit_screenshots (
                review bigint NOT NULL REFERENCES audit_reviews (id) ON DELETE CASCADE,
                state text NOT NULL,
                scheme text NOT NULL,
                png bytea NOT NULL,
                kept_at bigint NOT NULL,
                PRIMARY KEY (review, state, scheme)
            )
            """,
        ]),
        PostgresMigration(version: 9, name: "usability tests: testers known by a token of their own, their tries at missions with the screens shown, their answers, whether a test takes testers and how often its results changed, and the tests a team made in the browser", statements: [
            """
            CREATE TABLE usability_testers (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app text NOT NULL,
                test text NOT NULL,
                token_hash bytea NOT NULL UNIQUE,
                joined_at bigint NOT NULL
            )
            """,
            "CREATE INDEX usability_testers_by_test ON usability_testers (app, test, id)",
            """
            CREATE TABLE usability_attempts (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                tester bigint NOT NULL REFERENCES usability_testers (id) ON DELETE CASCADE,
                mission text NOT NULL,
                started_at bigint NOT NULL,
                ended_at bigint,
                ending text
            )
            """,
            "CREATE INDEX usability_attempts_by_tester ON usability_attempts (tester, started_at)",
            """
            CREATE TABLE usability_steps (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                attempt bigint NOT NULL REFERENCES usability_attempts (id) ON DELETE CASCADE,
                route text NOT NULL,
                at bigint NOT NULL,
                back boolean NOT NULL
            )
            """,
            "CREATE INDEX usability_steps_by_attempt ON usability_steps (attempt, id)",
            """
            CREATE TABLE usability_answers (
                tester bigint NOT NULL REFERENCES usability_testers (id) ON DELETE CASCADE,
                question text NOT NULL,
                value text NOT NULL,
                PRIMARY KEY (tester, question)
            )
            """,
            """
            CREATE TABLE usability_test_status (
                app text NOT NULL,
                test text NOT NULL,
                status text NOT NULL,
                changed_at bigint NOT NULL,
                revision bigint NOT NULL DEFAULT 0,
                PRIMARY KEY (app, test)
            )
            """,
            """
            CREATE TABLE usability_tests (
                app text NOT NULL,
                id text NOT NULL,
                xml text NOT NULL,
                updated_at bigint NOT NULL,
                PRIMARY KEY (app, id)
            )
            """,
        ]),
    ]
}
