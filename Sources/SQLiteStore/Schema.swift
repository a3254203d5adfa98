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
    ]
}
