#!/usr/bin/env bash
# Two builds of FlowPages side by side on SUMA Finance's Login screen for 128 stored sessions,
# as ../shared/anchors/compare.sh rendered serves it: both servers run at once, each on a database
# of its own, and wrk drives them turn about, ROUNDS (7) rounds of DUR (6s) each, A first then B
# first, so drift on these shared cores falls on both alike. Prints each round and the ratio of the
# medians (B over A): what a change bought, with no peer's noise in between.
#   bash Benchmarks/ab.sh OLD-BINARY [NEW-BINARY]      NEW defaults to this tree's release build
# KIND=list measures Reality Portal's results page instead (as compare.sh list serves it): 32
# signed-in people in turn, each GET reading and rendering 20 listings.
set -euo pipefail
cd "$(dirname "$0")/.."
a=${1:?usage: Benchmarks/ab.sh OLD-BINARY [NEW-BINARY]}; b=${2:-.build/release/flowpages}
rounds=${ROUNDS:-7}; dur=${DUR:-6s}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; } >/dev/null
tmp=$(mktemp -d); pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"' EXIT
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'; }

# serve NAME BINARY: a server on a free port over its own database, with 128 sessions that each
# opened SUMA and posted Skip, and a wrk script rotating their cookies.
serve() {
    local name=$1 binary=$2 port base jar page csrf
    port=$(free_port); base="http://127.0.0.1:$port"
    mkdir -p "$tmp/$name"
    if [ "${KIND:-rendered}" = list ]; then serve_portal "$@"; return; fi
    "$binary" serve --host 127.0.0.1 --port "$port" --db "$tmp/$name/fp.sqlite" --views Views --watch off >"$tmp/$name/log" 2>&1 & pids+=($!)
    for _ in $(seq 1 300); do curl -fs -o /dev/null "$base/_health" && break; sleep 0.1; done
    : >"$tmp/$name/cookies"
    for i in $(seq 1 128); do
        jar="$tmp/$name/jar$i"
        page=$(curl -s -c "$jar" -b "$jar" -L "$base/suma-finance/")
        csrf=$(echo "$page" | grep -o 'name="csrf" value="[^"]*"' | head -1 | cut -d'"' -f4)
        curl -s -c "$jar" -b "$jar" -L -o /dev/null -H "Origin: $base" --data-urlencode "csrf=$csrf" \
            --data-urlencode "screen=/suma-finance/welcome" "$base/suma-finance/_action/skip-onboarding"
        awk '/^#HttpOnly_/ || (!/^#/ && NF>=7) {printf "%s=%s; ", $6, $7} END {print ""}' "$jar" >>"$tmp/$name/cookies"
    done
    cat >"$tmp/$name/rotate.lua" <<LUA
local cookies, i = {}, 0
for line in io.lines("$tmp/$name/cookies") do cookies[#cookies + 1] = line end
request = function()
  i = i % #cookies + 1
  return wrk.format("GET", nil, { ["Cookie"] = cookies[i] })
end
LUA
    echo "$base/suma-finance/auth/login" >"$tmp/$name/url"
}
# serve_portal NAME BINARY: the same for Reality Portal's results page, with the people
# Benchmarks/serve-release.sh makes and Benchmarks/web/flow.lua's "results" step.
serve_portal() {
    local name=$1 binary=$2
    port=$(free_port)
    mkdir -p "$tmp/$name"
    "$binary" serve --host 127.0.0.1 --port "$port" --db "$tmp/$name/fp.sqlite" --views Views --watch off >"$tmp/$name/log" 2>&1 & pids+=($!)
    for _ in $(seq 1 300); do curl -fs -o /dev/null "http://127.0.0.1:$port/_health" && break; sleep 0.1; done
    make_portal_people 32 >"$tmp/$name/people"
    echo "http://127.0.0.1:$port" >"$tmp/$name/url"
    echo "-s Benchmarks/web/flow.lua -- $tmp/$name/people results 1" >"$tmp/$name/script"
}
if [ "${KIND:-rendered}" = list ]; then eval "$(sed -n '/^make_portal_people() {/,/^}/p' Benchmarks/serve-release.sh)"; fi
serve a "$a"; serve b "$b"
run() {
    local script="-s $tmp/$2/rotate.lua"
    [ -f "$tmp/$2/script" ] && script=$(cat "$tmp/$2/script")
    # shellcheck disable=SC2086 # the script's arguments are words, after the URL as wrk wants
    wrk -t1 -c64 -d"$1" "$(cat "$tmp/$2/url")" $script | awk '/Requests\/sec/ {print $2}'
}
run 2s a >/dev/null; run 2s b >/dev/null
as=(); bs=()
for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) = 1 ]; then as+=("$(run "$dur" a)"); bs+=("$(run "$dur" b)"); else bs+=("$(run "$dur" b)"); as+=("$(run "$dur" a)"); fi
    echo "round $round: A ${as[-1]}/s  B ${bs[-1]}/s"
done
python3 - "$(IFS=,; echo "${as[*]}")" "$(IFS=,; echo "${bs[*]}")" <<'PY'
import statistics as s, sys
a = s.median(map(float, sys.argv[1].split(","))); b = s.median(map(float, sys.argv[2].split(",")))
print(f"B/A {b / a:.2f} (medians: A {a:.0f}/s, B {b:.0f}/s)")
PY
