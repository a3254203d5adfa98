#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and benchmarks: PostgreSQL from Debian (installed
# if missing), a cluster in a folder of its own on a free loopback port, trust authentication
# for the user `flowpages`, and a database `flowpages`.
#   Tests/postgres.sh start DIR [setting=value…]   makes and starts the cluster in DIR; prints its URL
#   Tests/postgres.sh stop DIR                     stops it (the folder stays)
#   Tests/postgres.sh restart DIR                  starts it again on the same port after a stop
# PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user the
# Debian package makes.
set -euo pipefail

command=${1:?start, stop or restart}
folder=${2:?a folder for the cluster}
shift 2

install() {
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    install
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The server outlives this script: it must not hold the descriptors of whatever started the
# script (a test's pipe, the socket a process monitor waits on), or they never close.
for descriptor in /proc/$$/fd/*; do
    number=${descriptor##*/}
    [ "$number" -gt 2 ] && eval "exec $number>&-" 2>/dev/null || true
done

case $command in
start)
    mkdir -p "$folder"
    [ "$(id -u)" = 0 ] && chown postgres "$folder"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/initdb" -D "$folder/data" -U flowpages --auth=trust -E UTF8 --locale=C >/dev/null
    options="-p $port -k $folder -c listen_addresses=127.0.0.1 -c max_connections=300"
    for setting in "$@"; do options="$options -c $setting"; done
    echo "$options" > "$folder/options"
    as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -o "$options" -w start >/dev/null
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U flowpages flowpages
    echo "postgres://flowpages@127.0.0.1:$port/flowpages"
    ;;
stop)
    as_owner "$bin/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null
    ;;
restart)
    as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -o "$(cat "$folder/options")" -w start >/dev/null
    ;;
*)
    echo "usage: Tests/postgres.sh start|stop|restart DIR" >&2
    exit 2
    ;;
esac
