#!/usr/bin/env bash
# Measures what an abusive client can do to the release build (issue 11):
#   1. peak RSS of the server while SIGN_INS (32) people sign in at once (scrypt at its
#      recommended cost), and how long /_health takes meanwhile;
#   2. how long a fresh client from 127.0.0.2 waits while SLOW (512) connections from 127.0.0.1
#      trickle a request head that never ends.
#   Benchmarks/abuse.sh
#   PER_ADDRESS=0 Benchmarks/abuse.sh     no per-address limit: only eviction keeps room
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-18183}
sign_ins=${SIGN_INS:-32}
slow=${SLOW:-512}
base="http://127.0.0.1:$port"

source Benchmarks/serve-release.sh
# PER_ADDRESS=0 leaves only the eviction of the slowest connection to make room.
start_server --db "$folder/bench.sqlite" --connections-per-address "${PER_ADDRESS:-64}"

# People on Login, each with a stored session and its CSRF token.
make_people "$sign_ins" > "$folder/people"

rss_kib() { awk -v field="$1" '$1 == field ":" {print $2}' "/proc/$server/status"; }
echo "idle: RSS $(( $(rss_kib VmRSS) / 1024 )) MiB"
started=$(date +%s.%N)
pids=()
while read -r cookie csrf; do
    curl -s -o /dev/null -w '%{http_code}\n' -H "Cookie: $cookie" -H "Origin: $base" \
        --data "csrf=$csrf&screen=%2Fsuma-finance%2Fauth%2Flogin&form=login&email=test%40example.com&password=password123" \
        "$base/suma-finance/_action/log-in" >> "$folder/statuses" &
    pids+=($!)
done < "$folder/people"
health=()
for _ in 1 2 3 4 5; do
    sleep 0.5
    health+=("$(curl -s -o /dev/null -w '%{time_total}' "$base/_health")")
done
wait "${pids[@]}"
ended=$(date +%s.%N)
echo "$sign_ins concurrent sign-ins: peak RSS $(( $(rss_kib VmHWM) / 1024 )) MiB, all answered in $(awk -v a="$started" -v b="$ended" 'BEGIN {printf "%.1f", b - a}') s," \
    "statuses: $(sort "$folder/statuses" | uniq -c | awk '{printf "%s×%s ", $1, $2}')"
echo "  /_health meanwhile: ${health[*]} s"

# Slow clients: each sends the start of a head and then nothing. Those refused are closed by
# the server, and writing to them must not end this script.
trap '' PIPE
opened=0
for _ in $(seq 1 "$slow"); do
    if { exec {fd}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
        printf 'GET /_health HTTP/1.1\r\nHo' >&"$fd" 2>/dev/null || true
        opened=$((opened + 1))
    fi
done
sleep 1
times=()
for _ in 1 2 3 4 5; do
    times+=("$(curl -s -o /dev/null --interface 127.0.0.2 -w '%{http_code}:%{time_total}' "$base/_health" || true)")
done
echo "$opened trickling connections from 127.0.0.1: a fresh client from 127.0.0.2 got (status:seconds) ${times[*]}"
