#!/usr/bin/env bash
# What offering the app costs a deep link's web fallback page: SUMA Finance's Login served on its
# own host with the prototype off, as it serves real people, fetched by visitors without a
# session (each GET a fresh visitor, as links from mail are), with `--app-banner off` and `on`
# (Smart App Banner, store links, a claim code kept in the database — one fsynced INSERT a page —
# and its QR code drawn), release build, wrk with 64 connections. Prints requests/s and p99.
#   Benchmarks/fallback-page.sh              10 s a run
#   DURATION=20 Benchmarks/fallback-page.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
port=${PORT:-18185}
source Benchmarks/serve-release.sh

agent="Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
echo "SUMA Finance's /auth/login on suma.finance, --prototype off, release build, 64 connections, ${duration} s a run"
for banner in off on; do
    start_server --db "$folder/banner-$banner.sqlite" --durability "${DURABILITY:-full}" --prototype off --app-host suma.finance=suma-finance --app-banner "$banner"
    summary=$(wrk -t2 -c64 -d"${duration}s" --latency -H "Host: suma.finance" -H "User-Agent: $agent" "http://127.0.0.1:$port/auth/login")
    stop_server
    rps=$(awk '/^Requests\/sec/ { printf "%.0f", $2 }' <<< "$summary")
    p99=$(awk '$1 == "99%" { print $2 }' <<< "$summary")
    errors=$(awk '/Non-2xx/ { print $NF }' <<< "$summary")
    echo "--app-banner $banner:  ${rps} requests/s  p99 ${p99}  (non-2xx: ${errors:-0})"
done
