#!/usr/bin/env bash
# The results page of a usability test beside the insights page over the same events: usability-seed
# writes a five-mission test of SUMA Finance taken by TESTERS testers (1,000) and each screen they
# were shown as a screen_view event. First the results are worked out afresh: each of the page's
# eight filters (everyone, then each answer about assistive technology) asked for once, the first
# time. Then the results page (/_usability/benchmark), which is kept until the test's results
# change, and the insights dashboard (/_insights, over the days the events fall in, read from the
# daily counts kept as events are written) are each asked for in turn, REQUESTS (30) times, one at
# a time. Prints the medians and slowest times and the ratio of the medians, results over
# insights: the goal is at most 2.
#   Benchmarks/usability-results.sh
#   TESTERS=200 Benchmarks/usability-results.sh
set -euo pipefail
cd "$(dirname "$0")/.."
testers=${TESTERS:-1000}
requests=${REQUESTS:-30}
port=${PORT:-18186}

source Benchmarks/serve-release.sh
swift build -c release --product usability-seed >/dev/null
db=$folder/usability.sqlite
.build/release/usability-seed "$db" "$testers"
start_server --db "$db" --prototype on

from=$(date -u -d '-8 days' +%F)
to=$(date -u +%F)
results="http://127.0.0.1:$port/suma-finance/_usability/benchmark"
insights="http://127.0.0.1:$port/suma-finance/_insights?from=$from&to=$to"
: >"$folder/fresh"
for filter in none screen-reader magnifier voice-control switch-access keyboard-only other; do
    curl -fs -o /dev/null -w '%{time_total}\n' "$results?at=$filter" >>"$folder/fresh"
done
curl -fs -o /dev/null -w '%{time_total}\n' "$results" >>"$folder/fresh"
echo "results page: $(curl -fs "$results" | wc -c) bytes; insights page: $(curl -fs "$insights" | wc -c) bytes"
: >"$folder/results"; : >"$folder/insights"
for _ in $(seq 1 "$requests"); do
    curl -fs -o /dev/null -w '%{time_total}\n' "$results" >>"$folder/results"
    curl -fs -o /dev/null -w '%{time_total}\n' "$insights" >>"$folder/insights"
done
report() { sort -n "$folder/$1" | awk -v name="$2" '{ t[NR] = $1 * 1000 } END {
    printf "%-34s median %7.1f ms, slowest %7.1f ms (%d requests)\n", name, t[int((NR + 1) / 2)], t[NR], NR }'; }
report fresh "results worked out afresh"
report results "results, $testers testers × 5 missions"
report insights "insights, the same events"
echo "results / insights: $(awk 'NR == FNR { a[FNR] = $1; next } { b[FNR] = $1 } END {
    printf "%.2f", a[int((FNR + 1) / 2)] / b[int((FNR + 1) / 2)] }' <(sort -n "$folder/results") <(sort -n "$folder/insights")) (goal ≤ 2)"
