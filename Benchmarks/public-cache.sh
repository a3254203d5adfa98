#!/usr/bin/env bash
# A deep link's fallback page behind the shipped nginx cache (Docs/deploy/nginx.conf, issue 50):
# SUMA Finance's Login on suma.finance, --prototype off, fetched by strangers (no cookie) from a
# desktop browser. In one run, on the release build:
#   cached    through nginx's cache, which answers from its copy;
#   static    the same nginx answering the same bytes as a file (`root`, no proxy): the ceiling;
#   miss      FlowPages itself, as a cache's miss reaches it (a stranger's public page rendered);
#   304       FlowPages answering a cache's revalidation (If-None-Match: the page's ETag);
#   old       OLD (an earlier binary, before public pages) answering the same GET over the
#             views of OLD_REF (default 6f8f1f7, before `private`): today's figure, a cookie and a
#             token per visitor (skipped without OLD).
# FlowPages runs with --public-max-age 2 --public-s-maxage 2 --public-stale-while-revalidate 1,
# so the cached runs include the revalidations a page makes as it goes stale.
# ROUNDS (3) interleaved rounds of DURATION (8) s each, wrk with 64 connections; prints each
# round, the medians, cached/static (goal ≥ 0.9) and the requests FlowPages saw per 10,000
# stranger visits through the cache (its access log counted).
#   bash Benchmarks/public-cache.sh
#   OLD=/tmp/fp-old/flowpages ROUNDS=5 bash Benchmarks/public-cache.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-8}
rounds=${ROUNDS:-3}
port=${PORT:-18195}
connections=64
source Benchmarks/serve-release.sh
agent="Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36"
page=/auth/login

# FlowPages with its access log kept (one line a request), behind nginx as the deploy file says.
"$scratch/release/flowpages" serve --port "$port" --db "$folder/fp.sqlite" --prototype off --watch off \
    --app-host suma.finance=suma-finance --public-origin http://suma.finance --trusted-proxy 127.0.0.1 \
    --public-max-age 2 --public-s-maxage 2 --public-stale-while-revalidate 1 \
    --connections-per-address 0 >"$folder/access.log" 2>&1 &
server=$!
wait_for "$port"
cached_port=$((port + 1)); static_port=$((port + 2))
mkdir -p "$folder/static"
curl -fs -H "Host: suma.finance" -A "$agent" "http://127.0.0.1:$port$page" >"$folder/static/page.html"
etag=$(curl -fs -o /dev/null -D - -H "Host: suma.finance" -A "$agent" "http://127.0.0.1:$port$page" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" {print $2}')
[ -n "$etag" ] || { echo "the page has no ETag: is it public?" >&2; exit 1; }
start_nginx "$(sed -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$port;|" -e "s|/var/cache/nginx/flowpages|$folder/nginx/cache|" \
    -e "s|listen 80;|listen 127.0.0.1:$cached_port;|" Docs/deploy/nginx.conf)
    server {
        listen 127.0.0.1:$static_port;
        location / { root $folder/static; default_type \"text/html; charset=utf-8\"; try_files /page.html =404; }
    }"
wait_for_port() { for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$1/" -H "Host: suma.finance" && return; sleep 0.1; done; }
wait_for_port "$static_port"
for _ in $(seq 1 100); do curl -fs -o /dev/null -H "Host: suma.finance" "http://127.0.0.1:$cached_port$page" && break; sleep 0.1; done
old_port=$((port + 3))
if [ -n "${OLD:-}" ]; then
    mkdir -p "$folder/old"
    git archive "${OLD_REF:-6f8f1f7}" Views | tar -x -C "$folder/old"
    "$OLD" serve --port "$old_port" --db "$folder/old.sqlite" --prototype off --watch off --app-host suma.finance=suma-finance \
        --views "$folder/old/Views" \
        --connections-per-address 0 >/dev/null 2>&1 &
    instances="$instances $!"
    wait_for "$old_port"
fi

origin_requests() { grep -c " $page " "$folder/access.log" || true; }
run() { # kind port [header]
    local extra=()
    [ -n "${3:-}" ] && extra=(-H "$3")
    wrk -t1 -c"$connections" -d"${duration}s" -H "Host: suma.finance" -H "User-Agent: $agent" "${extra[@]}" "http://127.0.0.1:$2$page" \
        | awk '/^Requests\/sec/ { printf "%.0f", $2 } /^ *[0-9]+ requests in/ { total = $1 } END { printf " %d\n", total }'
}
declare -A medians
kinds=(cached static miss 304)
[ -n "${OLD:-}" ] && kinds+=(old)
declare -A rates
visits=0; seen=0
echo "SUMA Finance's $page on suma.finance, --prototype off, strangers, release build, nginx $("$(command -v nginx || echo /usr/sbin/nginx)" -v 2>&1 | awk -F/ '{print $2}'), $connections connections, ${duration} s a run"
for round in $(seq 1 "$rounds"); do
    line="round $round:"
    for kind in "${kinds[@]}"; do
        case $kind in
        cached) before=$(origin_requests); read -r rps total < <(run cached "$cached_port"); after=$(origin_requests)
                visits=$((visits + total)); seen=$((seen + after - before)) ;;
        static) read -r rps total < <(run static "$static_port") ;;
        miss) read -r rps total < <(run miss "$port") ;;
        304) read -r rps total < <(run 304 "$port" "If-None-Match: $etag") ;;
        old) read -r rps total < <(run old "$old_port") ;;
        esac
        rates[$kind]="${rates[$kind]:-} $rps"
        line="$line  $kind $rps/s"
    done
    echo "$line"
done
for kind in "${kinds[@]}"; do medians[$kind]=$(echo "${rates[$kind]}" | median); done
echo "medians: $(for kind in "${kinds[@]}"; do printf '%s %s/s  ' "$kind" "${medians[$kind]}"; done)"
awk -v c="${medians[cached]}" -v s="${medians[static]}" 'BEGIN { printf "cached/static %.2f (goal >= 0.9)\n", c / s }'
awk -v v="$visits" -v o="$seen" 'BEGIN { printf "FlowPages saw %d requests for %d stranger visits through the cache: %.1f per 10,000\n", o, v, (v ? o * 10000 / v : 0) }'
[ -n "${OLD:-}" ] && awk -v m="${medians[miss]}" -v o="${medians[old]}" 'BEGIN { printf "miss (public page rendered) / old (a cookie and a token per visitor) %.2f\n", m / o }'
echo "each visit's view beacon (/suma-finance/_seen) also reaches FlowPages: measure it with wrk on /_seen?pattern=… (see README)"
