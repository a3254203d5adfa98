#!/usr/bin/env bash
# What offering the app costs a deep link's web fallback page: SUMA Finance's Login served on its
# own host with the prototype off, as it serves real people, fetched by visitors without a
# session (no cookie: each GET a fresh visitor, as links from mail are) from an iPhone, with
# `--app-banner off` and `on` (Smart App Banner, store links, the "Get a code" form; a page view
# stores nothing, the claim code being minted only when asked for). The two alternate ROUNDS
# times, each run on a fresh SQLite file; release build, wrk with 64 connections. Prints every
# run with the server's CPU time a request (less swayed than requests/s by whatever else runs on
# the machine), the medians and their ratios; the goal is on ≥ 0.9× off.
#   Benchmarks/fallback-page.sh                                  10 s a run, 3 rounds
#   DURATION=20 ROUNDS=5 Benchmarks/fallback-page.sh
#   SCRATCH_PATH=.build-banner Benchmarks/fallback-page.sh       built in another scratch path
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
port=${PORT:-18185}
connections=64
source Benchmarks/serve-release.sh

agent="Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
declare -A runs=([off]="" [on]="") costs=([off]="" [on]="")
echo "SUMA Finance's /auth/login on suma.finance, --prototype off, no cookie, release build, $connections connections, ${duration} s a run"
for round in $(seq 1 "$rounds"); do
    for banner in off on; do
        start_server --db "$folder/banner-$banner-$round.sqlite" --durability "${DURABILITY:-full}" --prototype off \
            --app-host suma.finance=suma-finance --app-banner "$banner"
        page=$(curl -fs -H "Host: suma.finance" -A "$agent" "http://127.0.0.1:$port/auth/login")
        if [ "$banner" = on ] && ! grep -q 'class="app-banner"' <<< "$page"; then
            echo "no app banner on the page with --app-banner on" >&2
            exit 1
        fi
        before=$(ticks)
        summary=$(wrk -t2 -c"$connections" -d"${duration}s" --latency -H "Host: suma.finance" -H "User-Agent: $agent" \
            "http://127.0.0.1:$port/auth/login")
        after=$(ticks)
        stop_server
        rps=$(awk '/^Requests\/sec/ { printf "%.0f", $2 }' <<< "$summary")
        p99=$(awk '$1 == "99%" { print $2 }' <<< "$summary")
        errors=$(awk '/Non-2xx/ { print $NF }' <<< "$summary")
        count=$(awk '/requests in/ { print $1 }' <<< "$summary")
        cost=$(awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v count="$count" 'BEGIN { printf "%.0f", ticks / hz * 1e6 / count }')
        runs[$banner]="${runs[$banner]} $rps"
        costs[$banner]="${costs[$banner]} $cost"
        echo "round $round, --app-banner $banner:  ${rps} requests/s  p99 ${p99}  ${cost} µs CPU a request  (non-2xx: ${errors:-0})"
    done
done
off=$(echo "${runs[off]}" | median)
on=$(echo "${runs[on]}" | median)
awk -v off="$off" -v on="$on" 'BEGIN { printf "median: --app-banner off %.0f requests/s, --app-banner on %.0f requests/s: on is %.2fx off\n", off, on, on / off }'
off=$(echo "${costs[off]}" | median)
on=$(echo "${costs[on]}" | median)
awk -v off="$off" -v on="$on" 'BEGIN { printf "median CPU a request: --app-banner off %.0f µs, --app-banner on %.0f µs: on serves %.2fx as many requests a CPU second\n", off, on, off / on }'
