#!/usr/bin/env bash
# How long the insights dashboard takes over a month of 1,000,000 events: insights-seed writes
# them through the store (so the daily counts are what a server would have kept), then the
# dashboard, its screens CSV and the flow map with traffic are each asked for 50 times, one at a
# time, and the median and slowest times printed. The target is < 200 ms.
#   Benchmarks/insights.sh
#   EVENTS=100000 Benchmarks/insights.sh
#   DB=postgres://flowpages@127.0.0.1:5432/flowpages Benchmarks/insights.sh   (an empty database)
set -euo pipefail
cd "$(dirname "$0")/.."
events=${EVENTS:-1000000}
port=${PORT:-18185}
requests=50

source Benchmarks/serve-release.sh
swift build -c release --product insights-seed >/dev/null
db=${DB:-$folder/insights.sqlite}
.build/release/insights-seed "$db" "$events"
[ -f "$db" ] && echo "database: $(du -h "$db" | cut -f1)"
start_server --db "$db"

from=$(date -u -d '-29 days' +%F)
to=$(date -u +%F)
time_page() {
    local url="http://127.0.0.1:$port$2?from=$from&to=$to" times
    curl -fs -o /dev/null "$url"
    times=$(for _ in $(seq 1 "$requests"); do curl -fs -o /dev/null -w '%{time_total}\n' "$url"; done | sort -n)
    awk -v name="$1" -v n="$requests" '{ t[NR] = $1 * 1000 } END {
        printf "%-28s median %6.1f ms, slowest %6.1f ms (%d requests)\n", name, t[int((n + 1) / 2)], t[n], n }' <<< "$times"
}
echo "days $from to $to, $events events"
time_page "dashboard /_insights" /suma-finance/_insights
time_page "screens table as CSV" /suma-finance/_insights/screens.csv
time_page "flow map with traffic" /suma-finance/_map
