#!/usr/bin/env bash
# The one test command: installs what the checks need (Debian packages; the browser audit's
# Python venv), then runs `swift test` and the browser audit (Tests/Browser/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# System libraries the package links (Package.swift names their apt providers), and the nginx
# the proxy test (Tests/FlowPagesTests/NginxProxyTests.swift) puts in front of the server.
missing=""
[ -f /usr/include/sqlite3.h ] || missing="$missing libsqlite3-dev"
[ -f /usr/include/libxml2/libxml/relaxng.h ] || missing="$missing libxml2-dev"
[ -x /usr/sbin/nginx ] || missing="$missing nginx-light"
if [ -n "$missing" ]; then
    apt-get update -qq
    # Debian releases without nginx-light have nginx.
    apt-get install -y -qq $missing || apt-get install -y -qq ${missing/nginx-light/nginx}
fi

swift test
bash Tests/Browser/run.sh
