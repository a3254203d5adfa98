#!/usr/bin/env bash
# Screen GETs and navigate POSTs (Benchmarks/web-flow.sh's get and post modes) in one run on this
# machine, on the three ways FlowPages keeps its data: one instance on SQLite, one on PostgreSQL,
# and two on PostgreSQL behind nginx (round-robin). PostgreSQL is a throwaway cluster of
# Debian's (Tests/postgres.sh) with its default durability: every commit fsynced.
#   Benchmarks/several-instances.sh            15 s a mode
#   DURATION=8 Benchmarks/several-instances.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export MODES="get post"

cluster=$(mktemp -d)
trap 'bash Tests/postgres.sh stop "$cluster" >/dev/null 2>&1 || true; rm -rf "$cluster"' EXIT
url=$(bash Tests/postgres.sh start "$cluster")
database() {
    psql -q "$url" -c "DROP SCHEMA IF EXISTS bench CASCADE; CREATE SCHEMA bench" >/dev/null
    echo "$url?options=-csearch_path%3Dbench"
}

bash Benchmarks/web-flow.sh
bash Benchmarks/web-flow.sh --db "$(database)"
bash Benchmarks/web-flow.sh --db "$(database)" --instances 2
