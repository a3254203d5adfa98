#!/usr/bin/env bash
# Navigate POSTs on PostgreSQL beside pgbench sending the same statements (issue 37): one
# FlowPages instance on a throwaway cluster of Debian's (Tests/postgres.sh, every commit fsynced),
# 128 SUMA Finance sessions on Login, each POST navigating to Create Account or Back
# (Benchmarks/web/flow.lua's post mode, wrk with 64 connections). The statements one navigate
# POST and its Back send are captured with log_statement=all and turned into a pgbench script
# (Benchmarks/web/pgbench_scripts.py: the same statements, round trips and pipelines, each
# client writing sessions of its own, each write a compare-and-set), run with FlowPages' pool
# size as clients (pgbench -M prepared -c32 -j2). The two run in turn, ROUNDS pairs (3) of DURATION seconds (10).
# A script is two POSTs, so pgbench's POSTs/s is twice its tps; the ratio is FlowPages' mean
# over pgbench's. pgbench alone is the ceiling: what the database gives these statements. Each
# round also says where the machine's CPU went a POST (the server, PostgreSQL, the load driver):
# on 2 cores shared by all three, what FlowPages spends is taken from the database. PostgreSQL's
# share is given twice: the machine's busy time left over when the others' is taken away, and
# what PostgreSQL's own processes were charged (the postmaster's, its live backends', and what
# backends that ended left it), which leaves out the kernel's work for no process. STATEMENTS=1
# loads pg_stat_statements and prints, per run, each statement's calls and mean time executing;
# PROFILE=1 records the machine with perf and prints where PostgreSQL's processes spent theirs.
# PACED=1 holds pgbench to the POSTs/s FlowPages reached in the same round (pgbench -R): how much
# CPU a commit costs depends on how many commits arrive together, so the same work is compared at
# the same rate.
#   bash Benchmarks/postgres-navigate.sh
#   ROUNDS=5 DURATION=15 bash Benchmarks/postgres-navigate.sh
#   POOL=8 bash Benchmarks/postgres-navigate.sh         FlowPages' pool and pgbench's clients 8
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
port=${PORT:-18184}
people=128
# FlowPages' pool size (its default, 32), and so pgbench's clients; a divisor of 128.
pool=${POOL:-32}
export FLOWPAGES_DB_CONNECTIONS=$pool

cluster=$(mktemp -d)
stop_cluster() { bash Tests/postgres.sh stop "$cluster" >/dev/null 2>&1 || true; rm -rf "$cluster"; }
url=$(bash Tests/postgres.sh start "$cluster" ${STATEMENTS:+shared_preload_libraries=pg_stat_statements})
postmaster=$(head -1 "$cluster/data/postmaster.pid")
[ -z "${STATEMENTS:-}" ] || psql -q "$url" -c "CREATE EXTENSION pg_stat_statements" >/dev/null
source Benchmarks/serve-release.sh
trap 'cleanup; stop_cluster' EXIT
pgbench=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)/pgbench
start_server --db "$url"
make_people "$people" > "$folder/people"

# One person's navigate POST and Back, as the server logs them once they are what the run's are:
# wrk's POSTs all come from one address, whose analytics events past 6,000 a minute are dropped
# (EventBudget), so after the first seconds a POST saves the session and writes no events. A
# burst of them first spends that budget, and the statements captured are the run's.
log="$cluster/server.log"
read -r cookie csrf < "$folder/people"
base="http://127.0.0.1:$port/suma-finance"
navigate_and_back() {
    for step in "_action/create-account auth%2Flogin" "_back auth%2Fregister"; do
        read -r action screen <<< "$step"
        curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: http://127.0.0.1:$port" \
            --data "csrf=$csrf&screen=%2Fsuma-finance%2F$screen" "$base/$action"
    done
}
wrk -t2 -c64 -d3s -s Benchmarks/web/flow.lua "http://127.0.0.1:$port" -- "$folder/people" post 2 >/dev/null
navigate_and_back
psql -q "$url" -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
from=$(($(wc -l < "$log") + 1))
navigate_and_back
psql -q "$url" -c "ALTER SYSTEM RESET log_statement" -c "SELECT pg_reload_conf()" >/dev/null
tail -n +"$from" "$log" | grep -v 'statement: \|SIGHUP\|parameter "\|configuration file' > "$folder/captured.log"

# The script, and the sessions' numbers: 128 in a row, shared out among pgbench's clients.
python3 Benchmarks/web/pgbench_scripts.py "$folder/captured.log" > "$folder/navigate.sql"
read -r first last count <<< "$(psql -Atq -F ' ' "$url" -c "SELECT min(number), max(number), count(*) FROM sessions WHERE app = 'suma-finance'")"
[ "$count" = "$people" ] && [ $((last - first + 1)) = "$people" ] || { echo "the sessions are not numbered in a row: $first…$last, $count" >&2; exit 1; }
versions() { psql -Atq "$url" -c "SELECT sum(version) FROM sessions WHERE app = 'suma-finance'"; }

# Where the machine's CPU went in a run, in seconds: `measured FILE COMMAND…` runs the command,
# its output to FILE, and sets client (the command's own), server (FlowPages'), network (the
# kernel's interrupt work, most of it loopback TCP, which no process is charged for) and
# database (the rest of the machine's busy time: PostgreSQL's, the machine being otherwise idle).
ticks=$(getconf CLK_TCK)
busy() { awk '/^cpu / {print $2 + $3 + $4, $7 + $8}' /proc/stat; }
server_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
# PostgreSQL's own: the postmaster's time with what its ended children left it, and its live children's.
postgres_ticks() {
    { awk '{print $14 + $15 + $16 + $17}' "/proc/$postmaster/stat"
      for child in $(pgrep -P "$postmaster"); do awk '{print $14 + $15}' "/proc/$child/stat" 2>/dev/null || true; done
    } | awk '{sum += $1} END {print sum}'
}
# WAL flushes (fsyncs) a committed transaction since the last call: fewer when commits arrive
# together and one flush makes several durable (group commit).
flushes() {
    psql -Atq "$url" -c "SELECT round(w.wal_sync::numeric / nullif(d.xact_commit, 0), 2) FROM pg_stat_wal w, pg_stat_database d WHERE d.datname = current_database()"
    psql -Atq "$url" -c "SELECT pg_stat_reset_shared('wal')" -c "SELECT pg_stat_reset()" >/dev/null
}
# Each statement's calls and mean execution time (ms) since the last call, most time first.
statements() {
    [ -n "${STATEMENTS:-}" ] || return 0
    psql -Atq -F ' | ' "$url" -c "SELECT calls, round(mean_exec_time::numeric, 4), round(total_exec_time::numeric, 1), left(regexp_replace(query, '\s+', ' ', 'g'), 90)
        FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 12" | sed 's/^/    /'
    psql -Atq "$url" -c "SELECT pg_stat_statements_reset()" >/dev/null
}
measured() {
    local file=$1 busy_before server_before postgres_before timing
    shift
    local recorder=""
    if [ -n "${PROFILE:-}" ]; then
        perf record -a -g -e cpu-clock -F 499 -o "$file.perf" >/dev/null 2>&1 &
        recorder=$!
    fi
    busy_before=$(busy) server_before=$(server_ticks) postgres_before=$(postgres_ticks)
    timing=$( { TIMEFORMAT='%3U %3S'; time "$@" > "$file" 2>&1; } 2>&1 )
    postgres=$(python3 -c "print(($(postgres_ticks) - $postgres_before) / $ticks)")
    if [ -n "$recorder" ]; then kill -INT "$recorder"; wait "$recorder" || true; fi
    read -r client server_cpu network database < <(python3 - "$timing" "$busy_before" "$(busy)" "$server_before" "$(server_ticks)" <<PY
import sys
timing, before, after, server_before, server_after = sys.argv[1:]
client = sum(map(float, timing.split()))
(tasks, interrupts) = (int(b) - int(a) for a, b in zip(before.split(), after.split()))
server = (int(server_after) - int(server_before)) / $ticks
print(client, server, interrupts / $ticks, tasks / $ticks - server - client)
PY
)
}
# Microseconds a POST of `seconds` of CPU over `posts` POSTs.
per_post() { python3 -c "print(round($1 * 1e6 / $2))"; }

echo "Navigate POSTs on PostgreSQL (one instance, every commit fsynced), $people sessions, pool $pool, ${duration} s a run, $rounds pairs"
echo "captured: $(grep -c 'LOG:  execute' "$folder/captured.log") statements for a navigate POST and its Back"
ours=() theirs=()
statements >/dev/null
flushes >/dev/null
for round in $(seq 1 "$rounds"); do
    measured "$folder/wrk.out" wrk -t2 -c64 -d"${duration}s" --latency -s Benchmarks/web/flow.lua \
        "http://127.0.0.1:$port" -- "$folder/people" post 2
    read -r _ rps p99 failed errors < <(awk '/^RESULT/' "$folder/wrk.out")
    requests=$(awk '/requests in/ {print $1; exit}' "$folder/wrk.out")
    ours_cpu="FlowPages $(per_post "$server_cpu" "$requests"), PostgreSQL $(per_post "$database" "$requests") (its processes $(per_post "$postgres" "$requests")), wrk $(per_post "$client" "$requests"), network $(per_post "$network" "$requests")"
    ours_statements=$(statements)
    before=$(versions)
    ours_flushes=$(flushes)
    paced=(); [ -z "${PACED:-}" ] || paced=(-R "$(python3 -c "print(round($rps / 2))")")
    measured "$folder/pgbench.out" "$pgbench" -n -M prepared "${paced[@]}" -c"$pool" -j2 -T "$duration" -D first="$first" -D clients="$pool" \
        -D each=$((people / pool)) -D turn=0 -f "$folder/navigate.sql" "$url"
    out=$(cat "$folder/pgbench.out")
    after=$(versions)
    done_count=$(echo "$out" | awk '/^number of transactions actually processed/ {print $NF; exit}' | cut -d/ -f1)
    tps=$(echo "$out" | awk '/^tps = / {print $3; exit}')
    posts=$(python3 -c "print(round(2 * $tps))")
    # Every compare-and-set must have written: two versions a transaction.
    [ $((after - before)) -eq $((2 * done_count)) ] || { echo "pgbench's writes missed: $((after - before)) versions for $done_count transactions" >&2; exit 1; }
    echo "round $round: FlowPages ${rps} POSTs/s p99 ${p99} ms (unexpected statuses ${failed}, socket errors ${errors}); pgbench ${posts} POSTs/s ($tps tps, $(echo "$out" | awk '/^latency average/ {print $4; exit}') ms a script)"
    echo "  CPU a POST, µs: $ours_cpu; beside pgbench: PostgreSQL $(per_post "$database" $((2 * done_count))) (its processes $(per_post "$postgres" $((2 * done_count)))), pgbench $(per_post "$client" $((2 * done_count))), network $(per_post "$network" $((2 * done_count)))"
    if [ -n "${PROFILE:-}" ]; then
        for run in wrk pgbench; do
            echo "  where PostgreSQL's processes spent their time under $([ $run = wrk ] && echo FlowPages || echo pgbench) (self, of theirs):"
            perf report -i "$folder/$run.out.perf" --comm postgres --percentage relative --no-children --stdio -g none --sort symbol --percent-limit 1.2 2>/dev/null \
                | grep -v '^#' | grep -v '^$' | head -25 | sed 's/^/    /'
        done
    fi
    if [ -n "${STATEMENTS:-}" ]; then
        echo "  statements under FlowPages (calls | mean ms | total ms | statement):"; echo "$ours_statements"
        echo "  statements under pgbench:"; statements
    fi
    echo "  WAL flushes a commit: under FlowPages $ours_flushes, under pgbench $(flushes)"
    ours+=("$rps") theirs+=("$posts")
done
python3 - "${ours[*]}" "${theirs[*]}" <<'PY'
import sys
ours, theirs = ([float(x) for x in arg.split()] for arg in sys.argv[1:3])
mean = lambda values: sum(values) / len(values)
print("ratio %.2f ours=%.0f pgbench=%.0f (means of %d pairs; goal >= 0.8)" % (mean(ours) / mean(theirs), mean(ours), mean(theirs), len(ours)))
PY
