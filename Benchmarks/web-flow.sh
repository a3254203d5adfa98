#!/usr/bin/env bash
# Measures SUMA Finance screens and navigation posts on the release build with wrk: 64
# connections, each a person in its own session (Benchmarks/web/flow.lua). Prints requests/s and
# p99 for the screen GET (session read + render), the navigate POST (session read, CAS write,
# event) and the whole walk (GET, POST navigate, follow the 303, POST Back).
#   Benchmarks/web-flow.sh              15 s a mode
#   DURATION=30 Benchmarks/web-flow.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-15}
port=${PORT:-18182}
connections=64

if ! command -v wrk >/dev/null; then
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
swift build -c release --product flowpages >/dev/null

folder=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$folder"
}
trap cleanup EXIT

# The access log is on, as in production, written to /dev/null; the database is a fresh file
# with the default durability (synchronous=FULL).
.build/release/flowpages serve --port "$port" --db "$folder/bench.sqlite" >/dev/null &
server=$!
for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$port/_health" >/dev/null 2>&1 && break
    sleep 0.1
done

echo "SUMA Finance, $connections connections (one session each), ${duration} s a mode, release build"
for mode in get post walk; do
    # One wrk thread a connection: each thread's script is one person's walk.
    line=$(wrk -t"$connections" -c"$connections" -d"${duration}s" -s Benchmarks/web/flow.lua \
        "http://127.0.0.1:$port" -- "$mode" | awk '/^RESULT/')
    read -r _ _ rps p99 failed errors <<< "$line"
    case $mode in
        get) what="screen GET (session read + render)     " ;;
        post) what="navigate POST (read + CAS write + event)" ;;
        walk) what="walk (GET, POST, GET, POST back)        " ;;
    esac
    echo "$what  ${rps} requests/s  p99 ${p99} ms  (unexpected statuses: ${failed}, socket errors: ${errors})"
done
