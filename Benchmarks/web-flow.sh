#!/usr/bin/env bash
# Measures SUMA Finance screens and navigation posts, and Reality Portal's data (a search's
# results and a new inquiry), on the release build with wrk: 64 keep-alive
# connections carrying 512 people, each walking in a session of its own (Benchmarks/web/flow.lua).
# Prints requests/s and p99 for the screen GET (session read + render), the navigate POST
# (session read, CAS write, event) and the whole walk (GET, POST navigate, follow the 303, POST
# Back).
#   Benchmarks/web-flow.sh              15 s a mode
#   DURATION=30 Benchmarks/web-flow.sh
#   DURABILITY=normal Benchmarks/web-flow.sh   commits not fsynced (the server's --durability)
#   Benchmarks/web-flow.sh --db postgres://user@host:port/db [--instances 2]
#                                       on a PostgreSQL database (an empty one: the script adds
#                                       people to it), with 2 instances behind nginx round-robin
#   MODES="get post" Benchmarks/web-flow.sh     only those modes
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-15}
port=${PORT:-18182}
connections=64
db=""
count=1
while [ $# -gt 0 ]; do
    case $1 in
    --db) db=$2; shift 2 ;;
    --instances) count=$2; shift 2 ;;
    *) echo "usage: Benchmarks/web-flow.sh [--db postgres://…] [--instances N]" >&2; exit 2 ;;
    esac
done
modes=${MODES:-get post walk results create}

source Benchmarks/serve-release.sh
if [ -z "$db" ]; then
    # A fresh database file, by default fsynced at every commit (synchronous=FULL).
    store="SQLite ($folder/bench.sqlite, durability ${DURABILITY:-full})"
    start_server --db "$folder/bench.sqlite" --durability "${DURABILITY:-full}"
elif [ "$count" -gt 1 ]; then
    store="PostgreSQL, $count instances behind nginx"
    start_instances "$count" --db "$db"
else
    store="PostgreSQL, one instance"
    start_server --db "$db"
fi

# The people: each a session past onboarding, on Login, made as a browser would.
people=${PEOPLE:-512}
make_people "$people" > "$folder/people"

threads=2
echo "SUMA Finance on $store, release build, $connections keep-alive connections over $people sessions, ${duration} s a mode"
for mode in get post walk; do
    case " $modes " in *" $mode "*) ;; *) continue ;; esac
    line=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s Benchmarks/web/flow.lua \
        "http://127.0.0.1:$port" -- "$folder/people" "$mode" "$threads" | awk '/^RESULT/')
    read -r _ rps p99 failed errors <<< "$line"
    case $mode in
        get) what="screen GET (session read + render)     " ;;
        post) what="navigate POST (read + CAS write + event)" ;;
        walk) what="walk (GET, POST, GET, POST back)        " ;;
    esac
    echo "$what  ${rps} requests/s  p99 ${p99} ms  (unexpected statuses: ${failed}, socket errors: ${errors})"
done

# Reality Portal: signed in (so fewer people: each sign-in is a password hash).
case " $modes " in *" results "*|*" create "*) ;; *) exit 0 ;; esac
portal_people=${PORTAL_PEOPLE:-128}
make_portal_people "$portal_people" > "$folder/portal-people"
echo "Reality Portal on $store, release build, $connections keep-alive connections over $portal_people signed-in sessions, ${duration} s a mode"
for mode in results create; do
    case " $modes " in *" $mode "*) ;; *) continue ;; esac
    line=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s Benchmarks/web/flow.lua \
        "http://127.0.0.1:$port" -- "$folder/portal-people" "$mode" "$threads" | awk '/^RESULT/')
    read -r _ rps p99 failed errors <<< "$line"
    case $mode in
        results) what="search results GET (20 listings read + rendered)" ;;
        create) what="inquiry walk (POST ask, POST send = create, GET) " ;;
    esac
    echo "$what  ${rps} requests/s  p99 ${p99} ms  (unexpected statuses: ${failed}, socket errors: ${errors})"
    # A walk whose posts were out of date would answer 303 too: count what it made.
    if [ "$mode" = create ] && [ -z "$db" ]; then
        python3 -c "import sqlite3, sys; print('  inquiries created: %d' % sqlite3.connect(sys.argv[1]).execute(\"SELECT COUNT(*) FROM records WHERE collection = 'inquiries' AND is_fixture = 0\").fetchone()[0])" "$folder/bench.sqlite"
    fi
done
