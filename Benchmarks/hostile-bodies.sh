#!/usr/bin/env bash
# What a 1 MiB hostile body costs the server beside a plain 1 MiB body (issue 45: "work is
# bounded before it is done"): SUMA Finance's sign-in posted by one session, each body refused
# by the form's checks (no password is hashed for any), in interleaved ROUNDS. Kinds:
#   plain     email empty, and a 1 MiB field the form does not declare
#   email     a 1 MiB email (normalised and scanned in full before the limits, until this issue)
#   fields    1 MiB of `a&a&…` (decoded in full before the 256-field limit answered)
#   escapes   a 1 MiB email of percent-escapes (`%41%41…`)
#   unicode   a 1 MiB email of escaped fullwidth letters (NFKC's costly kind)
# Prints the server's CPU time a request (user + system, from /proc) per kind and each hostile
# kind's ratio to plain; the goal is ≤ 1.5×. Release build.
#   Benchmarks/hostile-bodies.sh                  200 posts a kind a round, 3 rounds
#   POSTS=100 ROUNDS=5 Benchmarks/hostile-bodies.sh
set -euo pipefail
cd "$(dirname "$0")/.."
posts=${POSTS:-200}
rounds=${ROUNDS:-3}
port=${PORT:-18186}
source Benchmarks/serve-release.sh

# Each body just under the 1 MiB limit once the csrf token and screen go before it (below).
mib=$((1048576 - 256))
python3 - "$folder" "$mib" <<'PY'
import sys
folder, size = sys.argv[1], int(sys.argv[2])
def fill(unit, prefix):
    return prefix + unit * ((size - len(prefix)) // len(unit))
bodies = {
    "plain": "&form=login&email=&password=x&" + fill("a", "notes="),
    "email": "&form=login&password=x&" + fill("a", "email=") + "%40example.com",
    "fields": "&form=login&email=&password=x&" + fill("a&", ""),
    "escapes": "&form=login&password=x&" + fill("%41", "email="),
    "unicode": "&form=login&password=x&" + fill("%EF%BC%A1", "email="),
}
for name, body in bodies.items():
    open(f"{folder}/{name}.body", "w").write(body)
PY
kinds="plain email fields escapes unicode"
declare -A costs
start_server --db "$folder/hostile.sqlite" --connections-per-address 0
read -r cookie csrf < <(make_people 1)
base="http://127.0.0.1:$port/suma-finance"
echo "SUMA Finance's sign-in, ${posts} posts of 1 MiB a kind a round, $rounds rounds, release build"
for round in $(seq 1 "$rounds"); do
    for kind in $kinds; do
        { printf 'csrf=%s&screen=%%2Fsuma-finance%%2Fauth%%2Flogin' "$csrf"; cat "$folder/$kind.body"; } > "$folder/post.body"
        status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" -H "Origin: http://127.0.0.1:$port" \
            --data-binary @"$folder/post.body" "$base/_action/log-in")
        before=$(ticks)
        for _ in $(seq 1 "$posts"); do
            curl -s -o /dev/null -H "Cookie: $cookie" -H "Origin: http://127.0.0.1:$port" -H "Content-Type: application/x-www-form-urlencoded" \
                --data-binary @"$folder/post.body" "$base/_action/log-in"
        done
        after=$(ticks)
        cost=$(awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v count="$posts" 'BEGIN { printf "%.0f", ticks / hz * 1e6 / count }')
        costs[$kind]="${costs[$kind]:-} $cost"
        echo "round $round, $kind: ${cost} µs CPU a post (answered $status)"
    done
done
plain=$(echo "${costs[plain]}" | median)
for kind in $kinds; do
    cost=$(echo "${costs[$kind]}" | median)
    awk -v kind="$kind" -v cost="$cost" -v plain="$plain" 'BEGIN { printf "median %-8s %6.0f µs CPU a post: %.2fx plain (goal ≤ 1.5x)\n", kind, cost, cost / plain }'
done
