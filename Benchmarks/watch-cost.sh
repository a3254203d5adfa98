#!/usr/bin/env bash
# What the authoring loop's watch costs a request: SUMA Finance's screen GET (session read +
# render) served with `--watch off` and with `--watch on` (each request first asks inotify whether
# anything under Views/ changed), alternated ROUNDS times, each run on a fresh SQLite file, release
# build, wrk with 64 keep-alive connections over 512 sessions. Prints every run and the ratio of
# the medians; the goal is a cost of at most 5 %.
#   Benchmarks/watch-cost.sh                 10 s a run, 3 rounds
#   DURATION=20 ROUNDS=5 Benchmarks/watch-cost.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
port=${PORT:-18184}
connections=64
source Benchmarks/serve-release.sh

declare -A runs=([off]="" [on]="")
echo "SUMA Finance screen GET, release build, $connections keep-alive connections over 512 sessions, ${duration} s a run"
for round in $(seq 1 "$rounds"); do
    for watch in off on; do
        start_server --db "$folder/$watch-$round.sqlite" --watch "$watch"
        make_people 512 > "$folder/people"
        line=$(wrk -t2 -c"$connections" -d"${duration}s" --latency -s Benchmarks/web/flow.lua \
            "http://127.0.0.1:$port" -- "$folder/people" get 2 | awk '/^RESULT/')
        stop_server
        read -r _ rps p99 failed errors <<< "$line"
        runs[$watch]="${runs[$watch]} $rps"
        echo "round $round, --watch $watch:  ${rps} requests/s  p99 ${p99} ms  (unexpected statuses: ${failed}, socket errors: ${errors})"
    done
done
off=$(echo "${runs[off]}" | median)
on=$(echo "${runs[on]}" | median)
awk -v off="$off" -v on="$on" 'BEGIN { printf "median: --watch off %.0f requests/s, --watch on %.0f requests/s: on is %.2fx off (%+.1f %%)\n", off, on, on / off, (on / off - 1) * 100 }'
