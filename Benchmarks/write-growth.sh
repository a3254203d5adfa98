#!/usr/bin/env bash
# Does the write path stay flat as the file grows? Runs Benchmarks/web-flow.sh's navigate POST on a
# fresh SQLite file, then on one grown to 1,000,000 sessions and 3,000,000 events (growth-seed),
# in one run, and prints both figures and their ratio.
#   Benchmarks/write-growth.sh                     15 s a run
#   DURATION=8 SESSIONS=100000 EVENTS=300000 Benchmarks/write-growth.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-15}
sessions=${SESSIONS:-1000000}
events=${EVENTS:-3000000}
port=${PORT:-18183}
connections=64

source Benchmarks/serve-release.sh
swift build -c release --product growth-seed >/dev/null
people=${PEOPLE:-512}

measure() {
    start_server --db "$1"
    make_people "$people" > "$folder/people"
    wrk -t2 -c"$connections" -d"${duration}s" --latency -s Benchmarks/web/flow.lua "http://127.0.0.1:$port" -- "$folder/people" post 2 | awk '/^RESULT/'
    kill -TERM "$server" && wait "$server" 2>/dev/null
    server=""
}

read -r _ fresh_rps fresh_p99 _ <<< "$(measure "$folder/fresh.sqlite")"
echo "fresh file:                   navigate POST ${fresh_rps} requests/s, p99 ${fresh_p99} ms"
.build/release/growth-seed "$folder/grown.sqlite" "$sessions" "$events"
size=$(du -h "$folder/grown.sqlite" | cut -f1)
read -r _ grown_rps grown_p99 _ <<< "$(measure "$folder/grown.sqlite")"
echo "grown file ($size, $sessions sessions, $events events): navigate POST ${grown_rps} requests/s, p99 ${grown_p99} ms"
awk -v f="$fresh_rps" -v g="$grown_rps" 'BEGIN { printf "grown ÷ fresh throughput: %.2f×\n", g / f }'
