#!/usr/bin/env bash
# An app folder's image against the public folder's static path (issue 46: app images at ≥ 0.9×
# the public folder's rate): the same bytes (SIZE, 16 KiB by default: a PNG's signature, then
# random bytes) served by one release-build server, once as `images/photo.png` of an app folder
# at the hashed address its page names, once as `Public/photo.png`, with the prototype off as
# real people are served. The two alternate ROUNDS times, wrk with 64 keep-alive connections
# each; prints every run with the server's CPU time a request, the medians and their ratio.
#   Benchmarks/app-images.sh                              10 s a run, 3 rounds
#   DURATION=20 ROUNDS=5 SIZE=65536 Benchmarks/app-images.sh
#   SCRATCH_PATH=.build-images Benchmarks/app-images.sh   built in another scratch path
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
size=${SIZE:-16384}
port=${PORT:-18186}
connections=64
source Benchmarks/serve-release.sh

mkdir -p "$folder/views/bench/images" "$folder/public"
cp -R Views/_layout "$folder/views/_layout"
{ printf '\211PNG\r\n\032\n'; head -c $((size - 8)) /dev/urandom; } > "$folder/public/photo.png"
cp "$folder/public/photo.png" "$folder/views/bench/images/photo.png"
cat > "$folder/views/bench/app.xml" <<'XML'
<app id="bench" title="Bench">
  <navigation><stack id="main" root="home"/></navigation>
  <routes><route name="home" path="/" title="Home" owner="main"/></routes>
</app>
XML
printf '{{extends "_layout/app"}}\n{{#block "content"}}<img src="{{ image "photo.png" }}" alt="Random bytes">{{/block}}\n' > "$folder/views/bench/home.html"

start_server --views "$folder/views" --public "$folder/public" --db "$folder/bench.sqlite" --prototype off
image=$(curl -fs "http://127.0.0.1:$port/bench/" | grep -o '/bench/_images/photo\.[0-9a-f]*\.png')
declare -A paths=([public]="/photo.png" [app]="$image") runs=([public]="" [app]="") costs=([public]="" [app]="")
for kind in public app; do
    if ! curl -fs "http://127.0.0.1:$port${paths[$kind]}" | cmp -s - "$folder/public/photo.png"; then
        echo "${paths[$kind]} does not answer the image's bytes" >&2
        exit 1
    fi
done

echo "a ${size}-byte PNG, release build, --prototype off, $connections connections, ${duration} s a run: Public ${paths[public]}, app ${paths[app]}"
for round in $(seq 1 "$rounds"); do
    for kind in public app; do
        before=$(ticks)
        summary=$(wrk -t2 -c"$connections" -d"${duration}s" --latency "http://127.0.0.1:$port${paths[$kind]}")
        after=$(ticks)
        rps=$(awk '/^Requests\/sec/ { printf "%.0f", $2 }' <<< "$summary")
        p99=$(awk '$1 == "99%" { print $2 }' <<< "$summary")
        errors=$(awk '/Non-2xx/ { print $NF }' <<< "$summary")
        count=$(awk '/requests in/ { print $1 }' <<< "$summary")
        cost=$(awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v count="$count" 'BEGIN { printf "%.1f", ticks / hz * 1e6 / count }')
        runs[$kind]="${runs[$kind]} $rps"
        costs[$kind]="${costs[$kind]} $cost"
        echo "round $round, $kind:  ${rps} requests/s  p99 ${p99}  ${cost} µs CPU a request  (non-2xx: ${errors:-0})"
    done
done
public=$(echo "${runs[public]}" | median)
app=$(echo "${runs[app]}" | median)
awk -v public="$public" -v app="$app" 'BEGIN { printf "median: Public %.0f requests/s, app image %.0f requests/s: the app image is %.2fx the public folder (goal: >= 0.9x)\n", public, app, app / public }'
public=$(echo "${costs[public]}" | median)
app=$(echo "${costs[app]}" | median)
awk -v public="$public" -v app="$app" 'BEGIN { printf "median CPU a request: Public %.1f µs, app image %.1f µs\n", public, app }'
