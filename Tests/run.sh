#!/usr/bin/env bash
# The one test command: installs what the checks need (Debian packages; the browser audit's
# Python venv), starts a throwaway PostgreSQL cluster, then runs `swift test` (its PostgreSQL
# tests on that cluster), the HTTP server's tests a second time on its Dispatch event loop, the
# end-to-end suites a second time with PostgreSQL as their store, and the browser audit
# (Tests/Browser/run.sh). The cluster is stopped and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

# System libraries the package links (Package.swift names their apt providers), and the nginx
# the proxy test (Tests/FlowPagesTests/Requests/NginxProxyTests.swift) puts in front of the server.
missing=""
[ -f /usr/include/sqlite3.h ] || missing="$missing libsqlite3-dev"
[ -f /usr/include/libxml2/libxml/relaxng.h ] || missing="$missing libxml2-dev"
[ -f /usr/include/postgresql/libpq-fe.h ] || missing="$missing libpq-dev"
[ -x /usr/sbin/nginx ] || missing="$missing nginx-light"
if [ -n "$missing" ]; then
    apt-get update -qq
    # Debian releases without nginx-light have nginx.
    apt-get install -y -qq $missing || apt-get install -y -qq ${missing/nginx-light/nginx}
fi

# PostgreSQL from Debian (Tests/postgres.sh installs it if missing), in a cluster of this run's
# own; fsync is off: these tests are about FlowPages, not about the disk.
cluster=$(mktemp -d)
# What the tests write to a temporary folder (app folders, SQLite files, the browser suite's
# servers) goes to this run's own, removed at the end: a run left thousands of them in /tmp.
scratch=$(mktemp -d)
# Open to every user as /tmp is: tests hand folders in it to PostgreSQL's user and the audit's readers.
chmod 1777 "$scratch"
trap 'bash Tests/postgres.sh stop "$cluster" >/dev/null 2>&1 || true; rm -rf "$cluster" "$scratch"' EXIT
FLOWPAGES_TEST_POSTGRES=$(bash Tests/postgres.sh start "$cluster" fsync=off)
export FLOWPAGES_TEST_POSTGRES
export TMPDIR=$scratch

# Everything, the `flowpages serve` the several-instances tests run included; a warning in the
# project's own code fails the run (on a fresh checkout every file is compiled, so every one shows).
build_log=$(mktemp)
swift build --build-tests 2>&1 | tee "$build_log"
if grep -E "^$PWD/(Sources|Tests|Benchmarks|Fuzz)/[^:]+:[0-9]+:[0-9]+: warning:" "$build_log"; then
    echo "The build has warnings (above): fix them." >&2
    exit 1
fi
swift test --skip-build
# The server's tests again over its portable event loop (Dispatch read sources, macOS's).
FLOWPAGES_EVENT_LOOP=dispatch swift test --skip-build --filter HTTPServerTests
# The end-to-end suites are the web app's and the workshop's (both serve through FlowPagesTestSupport).
FLOWPAGES_TEST_BACKEND=postgres swift test --skip-build --filter FlowPagesTests --filter FlowWorkshopTests --skip SeveralInstancesLiveTests
bash Tests/Browser/run.sh
