#!/usr/bin/env bash
# Profiles one kind of request on the release build: serves it as ../shared/anchors/compare.sh
# does, drives it with wrk over 64 keep-alive connections and records the server with Debian's
# perf (`-e cpu-clock`, call graphs), then writes the hottest symbols (self time) and the hottest
# call chains to Benchmarks/profiles/<kind>-<label>.txt.
#   bash Benchmarks/profile.sh static|rendered|list|post [LABEL]     LABEL defaults to "now"
#   static    a 4,189-byte file from the public folder
#   rendered  SUMA Finance's Login screen, 128 stored sessions in turn
#   list      Reality Portal's 20-listing results page, 128 signed-in people in turn
#   post      SUMA Finance's navigate and Back posts, 128 sessions in turn (DB=postgres://… for PostgreSQL)
# DUR (seconds, default 10) sets the length of the recorded run.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?usage: Benchmarks/profile.sh static|rendered|list|post [LABEL]}; label=${2:-now}
dur=${DUR:-10}
port=${PORT:-18190}
command -v perf >/dev/null || { apt-get update -qq && apt-get install -y -qq linux-perf; } >/dev/null
source Benchmarks/serve-release.sh
args=(--db "${DB:-$folder/fp.sqlite}" --watch off)
case $kind in
static)
    mkdir -p "$folder/public"; cp ../shared/anchors/static/page.html "$folder/public/page.html"
    start_server "${args[@]}" --public "$folder/public"
    url="http://127.0.0.1:$port/page.html"; script=() ;;
rendered|post)
    start_server "${args[@]}"
    make_people 128 >"$folder/people"
    url="http://127.0.0.1:$port"; script=(-s Benchmarks/web/flow.lua -- "$folder/people" "$([ "$kind" = post ] && echo post || echo get)" 1) ;;
list)
    start_server "${args[@]}"
    make_portal_people 128 >"$folder/people"
    url="http://127.0.0.1:$port"; script=(-s Benchmarks/web/flow.lua -- "$folder/people" results 1) ;;
*) echo "unknown kind $kind" >&2; exit 2 ;;
esac
wrk -t1 -c64 -d2s "$url" "${script[@]}" >/dev/null
out=Benchmarks/profiles/$kind-$label.txt
perf record -e cpu-clock -g -F 999 -p "$server" -o "$folder/perf.data" -- sleep "$dur" 2>/dev/null &
recorder=$!
result=$(wrk -t1 -c64 -d"${dur}s" --latency "$url" "${script[@]}")
wait "$recorder" || true
# `head` closes the report pipes early; that is not a failure.
set +o pipefail
{
    echo "# $kind, $(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes'), $(date -u +%F): wrk -t1 -c64 -d${dur}s; perf record -e cpu-clock -g"
    echo "$result" | awk '/Requests\/sec|99%/'
    echo
    echo "## self time"
    perf report -i "$folder/perf.data" --no-children --stdio --percent-limit 0.7 -g none --sort symbol 2>/dev/null | grep -v '^#' | grep -v '^$' | head -60
    echo
    echo "## call chains (caller first, with children)"
    perf report -i "$folder/perf.data" --children --stdio --percent-limit 3 -g none --sort symbol 2>/dev/null | grep -v '^#' | grep -v '^$' | head -60
} | sed "s/[ -]*$//" >"$out"
cp "$folder/perf.data" "/tmp/perf-$kind-$label.data"
echo "wrote $out"; head -3 "$out"
