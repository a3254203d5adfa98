#!/usr/bin/env bash
# Navigate POSTs on PostgreSQL beside pgbench sending the same statements (issue 37): one
# FlowPages instance on a throwaway cluster of Debian's (Tests/postgres.sh, every commit fsynced),
# 128 SUMA Finance sessions on Login, each POST navigating to Create Account or Back
# (Benchmarks/web/flow.lua's post mode, wrk with 64 connections). The statements one navigate
# POST and its Back send are captured with log_statement=all and turned into a pgbench script
# (Benchmarks/web/pgbench_scripts.py: the same statements, round trips and pipelines, each
# client writing sessions of its own, each write a compare-and-set), run with FlowPages' pool size as clients
# (pgbench -M prepared -c32 -j2). The two run in turn, ROUNDS pairs (3) of DURATION seconds (10).
# A script is two POSTs, so pgbench's POSTs/s is twice its tps; the ratio is FlowPages' mean
# over pgbench's. pgbench alone is the ceiling: what the database gives these statements.
#   bash Benchmarks/postgres-navigate.sh
#   ROUNDS=5 DURATION=15 bash Benchmarks/postgres-navigate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
port=${PORT:-18184}
people=128

cluster=$(mktemp -d)
stop_cluster() { bash Tests/postgres.sh stop "$cluster" >/dev/null 2>&1 || true; rm -rf "$cluster"; }
url=$(bash Tests/postgres.sh start "$cluster")
source Benchmarks/serve-release.sh
trap 'cleanup; stop_cluster' EXIT
pgbench=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)/pgbench
start_server --db "$url"
make_people "$people" > "$folder/people"

# One person's navigate POST and Back, as the server logs them.
log="$cluster/server.log"
psql -q "$url" -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
from=$(($(wc -l < "$log") + 1))
read -r cookie csrf < "$folder/people"
base="http://127.0.0.1:$port/suma-finance"
for step in "_action/create-account auth%2Flogin" "_back auth%2Fregister"; do
    read -r action screen <<< "$step"
    curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: http://127.0.0.1:$port" \
        --data "csrf=$csrf&screen=%2Fsuma-finance%2F$screen" "$base/$action"
done
psql -q "$url" -c "ALTER SYSTEM RESET log_statement" -c "SELECT pg_reload_conf()" >/dev/null
tail -n +"$from" "$log" | grep -v 'statement: \|SIGHUP\|parameter "\|configuration file' > "$folder/captured.log"

# The script, and the sessions' numbers: 128 in a row, 4 to each of pgbench's 32 clients.
python3 Benchmarks/web/pgbench_scripts.py "$folder/captured.log" > "$folder/navigate.sql"
read -r first last count <<< "$(psql -Atq -F ' ' "$url" -c "SELECT min(number), max(number), count(*) FROM sessions WHERE app = 'suma-finance'")"
[ "$count" = "$people" ] && [ $((last - first + 1)) = "$people" ] || { echo "the sessions are not numbered in a row: $first…$last, $count" >&2; exit 1; }
versions() { psql -Atq "$url" -c "SELECT sum(version) FROM sessions WHERE app = 'suma-finance'"; }

echo "Navigate POSTs on PostgreSQL (one instance, every commit fsynced), $people sessions, ${duration} s a run, $rounds pairs"
echo "captured: $(grep -c 'LOG:  execute' "$folder/captured.log") statements for a navigate POST and its Back"
ours=() theirs=()
for round in $(seq 1 "$rounds"); do
    line=$(wrk -t2 -c64 -d"${duration}s" --latency -s Benchmarks/web/flow.lua \
        "http://127.0.0.1:$port" -- "$folder/people" post 2 | awk '/^RESULT/')
    read -r _ rps p99 failed errors <<< "$line"
    before=$(versions)
    out=$("$pgbench" -n -M prepared -c32 -j2 -T "$duration" -D first="$first" -D clients=32 -D each=$((people / 32)) -D turn=0 -f "$folder/navigate.sql" "$url" 2>&1)
    after=$(versions)
    done_count=$(echo "$out" | awk '/^number of transactions actually processed/ {print $NF; exit}' | cut -d/ -f1)
    tps=$(echo "$out" | awk '/^tps = / {print $3; exit}')
    posts=$(python3 -c "print(round(2 * $tps))")
    # Every compare-and-set must have written: two versions a transaction.
    [ $((after - before)) -eq $((2 * done_count)) ] || { echo "pgbench's writes missed: $((after - before)) versions for $done_count transactions" >&2; exit 1; }
    echo "round $round: FlowPages ${rps} POSTs/s p99 ${p99} ms (unexpected statuses ${failed}, socket errors ${errors}); pgbench ${posts} POSTs/s ($tps tps, $(echo "$out" | awk '/^latency average/ {print $4; exit}') ms a script)"
    ours+=("$rps") theirs+=("$posts")
done
python3 - "${ours[*]}" "${theirs[*]}" <<'PY'
import sys
ours, theirs = ([float(x) for x in arg.split()] for arg in sys.argv[1:3])
mean = lambda values: sum(values) / len(values)
print("ratio %.2f ours=%.0f pgbench=%.0f (means of %d pairs; goal >= 0.8)" % (mean(ours) / mean(theirs), mean(ours), mean(theirs), len(ours)))
PY
