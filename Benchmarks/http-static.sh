#!/usr/bin/env bash
# Serves a ~4 KB static page from the release build of flowpages and measures it with wrk over
# 64 keep-alive connections; prints requests/s and the p99 latency.
#   Benchmarks/http-static.sh            15 s run
#   DURATION=30 Benchmarks/http-static.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-15}
port=${PORT:-18181}

source Benchmarks/serve-release.sh

# A page of about 4 KB, the same bytes every run.
{
    printf '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Benchmark page</title></head><body><main>\n'
    for i in $(seq 1 56); do printf '<p>Line %02d of the benchmark page, plain text of a typical length.</p>\n' "$i"; done
    printf '</main></body></html>\n'
} > "$folder/page.html"

start_server --public "$folder" --db "$folder/bench.sqlite"

bytes=$(curl -fs "http://127.0.0.1:$port/page.html" | wc -c)
result=$(wrk -t2 -c64 -d"${duration}s" --latency "http://127.0.0.1:$port/page.html")
echo "$result" >&2
rps=$(echo "$result" | awk '/Requests\/sec/ {print $2}')
p99=$(echo "$result" | awk '$1 == "99%" {print $2}')
errors=$(echo "$result" | awk '/Non-2xx|Socket errors/' | tr '\n' ' ')
echo "static page of ${bytes} bytes, 64 keep-alive connections, ${duration} s: ${rps} requests/s, p99 ${p99}${errors:+ ($errors)}"
