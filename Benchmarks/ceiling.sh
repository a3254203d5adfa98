#!/usr/bin/env bash
# The ceiling beside the peer ratios (issue 37): FlowPages answering the very bytes of a rendered
# screen and of a results page from memory (files of its public folder, read once and kept),
# in the same interleaved rounds as it renders them, and as the rendered screen's peer
# (../shared/anchors' hb-mustache --dict) renders its page. Per kind it prints:
#   rendered ÷ from memory   how close rendering comes to the server's own ceiling
#   from memory ÷ peer       the ceiling ratio: what FlowPages would reach were rendering free
# wrk -t1 -c64 as compare.sh, ROUNDS (3) rounds of DUR (6s); 128 sessions in turn for the rendered
# pages. The results page's peer (hb-list) needs compare.sh list's own setup: its ratio there sits
# beside this run's from-memory figure for the same bytes.
#   bash Benchmarks/ceiling.sh
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
dur=${DUR:-6s}
port=${PORT:-18186}
anchors=${ANCHORS_BUILD:-/tmp/flowpages-anchors-build}
source Benchmarks/serve-release.sh
[ -x "$anchors/release/hb-mustache" ] || (cd ../shared/anchors && swift build -c release --product hb-mustache --scratch-path "$anchors" >/dev/null)

mkdir -p "$folder/public"
start_server --db "$folder/fp.sqlite" --watch off --public "$folder/public"
make_people 128 > "$folder/people"
make_portal_people 128 > "$folder/portal-people"
# The pages as the first person of each sees them, byte for byte.
read -r cookie _ < "$folder/people"
curl -fs -H "Cookie: $cookie" "http://127.0.0.1:$port/suma-finance/auth/login" > "$folder/public/login.html"
read -r cookie _ < "$folder/portal-people"
curl -fs -H "Cookie: $cookie" -H "Sec-Fetch-Site: same-origin" \
    "http://127.0.0.1:$port/reality-portal/search/results?query=apartment" > "$folder/public/results.html"
grep -q 'class="listing' "$folder/public/results.html" || { echo "the results page lists nothing" >&2; exit 1; }
peer_port=$((port + 1))
"$anchors/release/hb-mustache" "$peer_port" ../shared/anchors/templates/page.mustache --dict >/dev/null 2>&1 &
peer=$!
trap 'kill "$peer" 2>/dev/null; cleanup' EXIT
wait_for_peer() { for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$peer_port/" && return; sleep 0.1; done; exit 1; }
wait_for_peer

base="http://127.0.0.1:$port"
rate() { wrk -t1 -c64 -d"$dur" "$@" | awk '/^Requests\/sec/ {printf "%.0f", $2}'; }
walk() { wrk -t1 -c64 -d"$dur" -s Benchmarks/web/flow.lua "$base" -- "$1" "$2" 1 | awk '/^RESULT/ {print $2}'; }
walk "$folder/people" get >/dev/null; rate "$base/login.html" >/dev/null; rate "http://127.0.0.1:$peer_port/" >/dev/null
echo "login: $(wc -c < "$folder/public/login.html") bytes, results: $(wc -c < "$folder/public/results.html") bytes; wrk -t1 -c64 -d$dur, $rounds rounds"
declare -A runs
for round in $(seq 1 "$rounds"); do
    runs[login]+=" $(walk "$folder/people" get)"
    runs[login_static]+=" $(rate "$base/login.html")"
    runs[peer]+=" $(rate "http://127.0.0.1:$peer_port/")"
    runs[results]+=" $(walk "$folder/portal-people" results)"
    runs[results_static]+=" $(rate "$base/results.html")"
    echo "round $round: login rendered ${runs[login]##* }/s, from memory ${runs[login_static]##* }/s, hb-mustache ${runs[peer]##* }/s;" \
        "results rendered ${runs[results]##* }/s, from memory ${runs[results_static]##* }/s"
done
python3 - "${runs[login]}" "${runs[login_static]}" "${runs[peer]}" "${runs[results]}" "${runs[results_static]}" <<'PY'
import statistics, sys
login, login_static, peer, results, results_static = (statistics.median(map(float, arg.split())) for arg in sys.argv[1:])
print("rendered screen: rendered ÷ from memory %.2f; from memory ÷ hb-mustache %.2f (the ceiling); rendered ÷ hb-mustache %.2f"
      % (login / login_static, login_static / peer, login / peer))
print("results page: rendered ÷ from memory %.2f (from memory %.0f/s; set beside compare.sh list's hb-list)" % (results / results_static, results_static))
PY
