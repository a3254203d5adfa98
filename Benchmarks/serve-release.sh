# Sourced by the HTTP benchmarks: installs wrk if missing, builds flowpages in release mode, and
# start_server runs it on $port with the arguments given (the access log on, to /dev/null) until
# the script exits, waiting for /_health. $folder is a scratch folder removed at exit.
if ! command -v wrk >/dev/null; then
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
swift build -c release --product flowpages >/dev/null

folder=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$folder"
}
trap cleanup EXIT

start_server() {
    .build/release/flowpages serve --port "$port" "$@" >/dev/null &
    server=$!
    for _ in $(seq 1 100); do
        curl -fs "http://127.0.0.1:$port/_health" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "the server did not start on port $port" >&2
    exit 1
}
