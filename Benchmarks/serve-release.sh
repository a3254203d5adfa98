# Sourced by the HTTP benchmarks: installs wrk if missing, builds flowpages in release mode, and
# start_server runs it on $port with the arguments given (the access log on, to /dev/null) until
# the script exits (or stop_server), waiting for /_health; start_instances N runs N of them behind nginx on $port;
# make_people N writes N SUMA Finance sessions on Login, one "cookie csrf" a line; ticks and median
# help measure. $folder is a scratch folder removed at exit. SCRATCH_PATH builds elsewhere than .build (`--scratch-path`).
if ! command -v wrk >/dev/null; then
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
# Instances of one PostgreSQL database share one key, which the database does not hold.
export FLOWPAGES_SECRET_KEY=${FLOWPAGES_SECRET_KEY:-$(head -c 32 /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '=')}
scratch=${SCRATCH_PATH:-.build}
swift build -c release --product flowpages --scratch-path "$scratch" >/dev/null

folder=$(mktemp -d)
server=""
instances=""
balancer=""
cleanup() {
    [ -n "$balancer" ] && kill -KILL "$balancer" 2>/dev/null
    for pid in $server $instances; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    rm -rf "$folder"
}
trap cleanup EXIT

# The server's CPU time so far (user + system), in clock ticks.
ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }

# The median of the numbers on standard input (spaces or lines between them).
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

start_server() {
    "$scratch/release/flowpages" serve --port "$port" "$@" >/dev/null &
    server=$!
    wait_for "$port"
}

# Stops the server start_server ran, as Ctrl-C would.
stop_server() {
    kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
    server=""
}

# Waits for /_health on a port (seeding fixture accounts takes a real password hash each).
wait_for() {
    for _ in $(seq 1 300); do
        curl -fs "http://127.0.0.1:$1/_health" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "the server did not start on port $1" >&2
    exit 1
}

# start_nginx HTTP: Debian's nginx (installed if missing) in the foreground under $folder/nginx,
# one worker, with HTTP (server and upstream blocks) inside its `http` block.
start_nginx() {
    if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
        apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null
    fi
    mkdir -p "$folder/nginx"
    cat > "$folder/nginx/nginx.conf" <<NGINX
daemon off;
master_process off;
pcre_jit on;
worker_processes 1;
pid $folder/nginx/nginx.pid;
error_log $folder/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $folder/nginx/body;
    proxy_temp_path $folder/nginx/proxy;
    fastcgi_temp_path $folder/nginx/fastcgi;
    uwsgi_temp_path $folder/nginx/uwsgi;
    scgi_temp_path $folder/nginx/scgi;
$1
}
NGINX
    "$(command -v nginx || echo /usr/sbin/nginx)" -p "$folder/nginx/" -c "$folder/nginx/nginx.conf" -e "$folder/nginx/error.log" &
    balancer=$!
}

# start_instances N ARGS…: N servers on ports after $port, and Debian's nginx on $port sending
# requests to them in turn (round-robin, keep-alive to each), as a load balancer would.
start_instances() {
    local count=$1 upstreams="" instance
    shift
    for instance in $(seq 1 "$count"); do
        "$scratch/release/flowpages" serve --port $((port + instance)) --connections-per-address 0 "$@" >/dev/null &
        instances="$instances $!"
        upstreams="$upstreams server 127.0.0.1:$((port + instance));"
    done
    for instance in $(seq 1 "$count"); do wait_for $((port + instance)); done
    start_nginx "    upstream flowpages { $upstreams keepalive 64; }
    server {
        listen 127.0.0.1:$port;
        location / {
            proxy_pass http://flowpages;
            proxy_http_version 1.1;
            proxy_set_header Connection \"\";
            proxy_set_header Host \$http_host;
        }
    }"
    wait_for "$port"
}

# Reality Portal people: each signed in with the fixture account (through the Favorites tab's
# login sheet) and on listing 123 of the Home tab; one "cookie csrf" a line.
make_portal_people() {
    local base="http://127.0.0.1:$port/reality-portal" origin="http://127.0.0.1:$port" cookie csrf
    setcookie() { tr -d '\r' | awk -F'[ ;]' '/^Set-Cookie: fp_reality-portal=/ {print $2}'; }
    token() { grep -o 'name="csrf" value="[^"]*"' | head -1 | cut -d'"' -f4; }
    for _ in $(seq 1 "$1"); do
        cookie=$(curl -fs -o /dev/null -D - "$base/" | setcookie)
        csrf=$(curl -fs -H "Cookie: $cookie" "$base/" | token)
        cookie=$(curl -fs -o /dev/null -D - -H "Cookie: $cookie" -H "Origin: $origin" --data "csrf=$csrf" "$base/_tab/favorites" | setcookie)
        csrf=$(curl -fs -H "Cookie: $cookie" "$base/login" | token)
        cookie=$(curl -fs -o /dev/null -D - -H "Cookie: $cookie" -H "Origin: $origin" \
            --data "csrf=$csrf&form=login&email=test%40example.com&password=password123" "$base/_action/log-in" | setcookie)
        # Signing in gave the session a new CSRF token, as its next page shows it.
        csrf=$(curl -fs -H "Cookie: $cookie" "$base/favorites" | token)
        curl -fs -o /dev/null -H "Cookie: $cookie" -H "Origin: $origin" --data "csrf=$csrf" "$base/_tab/home"
        curl -fs -o /dev/null -H "Cookie: $cookie" -H "Sec-Fetch-Site: same-origin" "$base/listing/123"
        echo "$cookie $csrf"
    done
}

# People as a browser makes them: the first GET sets a cookie, the first post (Skip, on the
# onboarding) stores the session under a new id, and Login gives that session's CSRF token.
make_people() {
    local base="http://127.0.0.1:$port" cookie csrf
    for _ in $(seq 1 "$1"); do
        cookie=$(curl -fs -o /dev/null -D - "$base/suma-finance/" | tr -d '\r' | awk -F'[ ;]' '/^Set-Cookie: fp_suma-finance=/ {print $2}')
        csrf=$(curl -fs -H "Cookie: $cookie" "$base/suma-finance/welcome" | grep -o 'name="csrf" value="[^"]*"' | head -1 | cut -d'"' -f4)
        cookie=$(curl -fs -o /dev/null -D - -H "Cookie: $cookie" -H "Origin: $base" \
            --data "csrf=$csrf&screen=%2Fsuma-finance%2Fwelcome" "$base/suma-finance/_action/skip-onboarding" \
            | tr -d '\r' | awk -F'[ ;]' '/^Set-Cookie: fp_suma-finance=/ {print $2}')
        csrf=$(curl -fs -H "Cookie: $cookie" "$base/suma-finance/auth/login" | grep -o 'name="csrf" value="[^"]*"' | head -1 | cut -d'"' -f4)
        echo "$cookie $csrf"
    done
}
