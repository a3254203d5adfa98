#!/usr/bin/env bash
# What issue 45's attacks cost now, on the release build and fresh SQLite files:
#   1. ATTACKERS (100) loopback addresses (127.0.1.N) send GUESSES (5) wrong passwords each at the
#      fixture account, 16 at a time; meanwhile and after, the owner signs in from a browser that
#      signed in before (its device cookie) — from one of the attackers' own addresses — and
#      from a browser never seen: what each is answered, in how long, and the Retry-After.
#   2. the rows 10,000 sign-ins refused by the address limit (each a new email) add to
#      `attempts`, and the rows 10,000 banner pings with one session's cookie add to `events`.
#   Benchmarks/abuse-round4.sh
# The CPU of 1 MiB hostile bodies is Benchmarks/hostile-bodies.sh; the longest writer hold of a
# sweep over 1M expired attempt counts is `swift run -c release store-benchmark`; the memory of
# the event budget's tables for 1M addresses is `swift run -c release event-budget-benchmark`.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-18194}
attackers=${ATTACKERS:-100}
guesses=${GUESSES:-5}
base="http://127.0.0.1:$port"
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null; }
source Benchmarks/serve-release.sh
login_body() { echo "csrf=$1&screen=%2Fsuma-finance%2Fauth%2Flogin&form=login&email=$2&password=$3"; }
# post_login COOKIE CSRF EMAIL PASSWORD [INTERFACE]: "status seconds retry-after set-cookies"
post_login() {
    local headers
    headers=$(curl -s -o /dev/null -D - -w 'took %{http_code} %{time_total}\n' ${5:+--interface "$5"} -H "Cookie: $1" -H "Origin: $base" \
        --data "$(login_body "$2" "$3" "$4")" "$base/suma-finance/_action/log-in" | tr -d '\r')
    local status seconds retry
    read -r status seconds < <(awk '/^took / { print $2, $3 }' <<< "$headers")
    retry=$(awk -F': ' 'tolower($1) == "retry-after" { print $2 }' <<< "$headers")
    echo "$status $seconds ${retry:--} $(awk -F'[ ;]' '/^Set-Cookie: / { printf "%s;", $2 }' <<< "$headers")"
}

# 1. A hundred addresses against one account.
start_server --db "$folder/lockout.sqlite" --connections-per-address 0
read -r cookie csrf < <(make_people 1)
read -r status _ _ cookies < <(post_login "$cookie" "$csrf" "test%40example.com" "password123")
device=$(tr ';' '\n' <<< "$cookies" | grep '^fp_suma-finance_device=' || true)
[ -n "$device" ] || { echo "signing in set no device cookie (answered $status)" >&2; exit 1; }
make_people "$attackers" > "$folder/attackers"
make_people 2 > "$folder/owners"
echo "$attackers addresses, $guesses wrong passwords each at test@example.com, 16 at a time"
started=$(date +%s.%N)
n=0
while read -r cookie csrf; do
    n=$((n + 1))
    for guess in $(seq 1 "$guesses"); do echo "$cookie $csrf 127.0.1.$n guess$n-$guess"; done
done < "$folder/attackers" | xargs -P 16 -L 1 bash -c '
    curl -s -o /dev/null -w "%{http_code}\n" --interface "$2" -H "Cookie: $0" -H "Origin: '"$base"'" \
        --data "csrf=$1&screen=%2Fsuma-finance%2Fauth%2Flogin&form=login&email=test%40example.com&password=$3" \
        "'"$base"'/suma-finance/_action/log-in"' > "$folder/guesses" &
guessing=$!
sleep 2
{ read -r known_cookie known_csrf; read -r new_cookie new_csrf; } < "$folder/owners"
read -r status seconds retry _ < <(post_login "$known_cookie; $device" "$known_csrf" "test%40example.com" "password123" 127.0.1.7)
echo "during the attack, the owner's known browser (from 127.0.1.7, an attacker's address): $status in ${seconds} s"
wait "$guessing"
echo "attack: $(wc -l < "$folder/guesses") guesses in $(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s," \
    "$(grep -c '^429$' "$folder/guesses" || true) answered 429"
read -r status seconds retry _ < <(post_login "$new_cookie" "$new_csrf" "test%40example.com" "password123" 127.0.2.1)
echo "after the attack, the owner from a browser never seen (127.0.2.1): $status in ${seconds} s, Retry-After ${retry} s"
read -r cookie csrf < <(make_people 1)
read -r status seconds retry _ < <(post_login "$cookie; $device" "$csrf" "test%40example.com" "password123" 127.0.1.8)
echo "after the attack, the owner's known browser again (127.0.1.8): $status in ${seconds} s"
stop_server

# 2. Rows written by refused sign-ins and by pings.
rows() { sqlite3 "$folder/rows.sqlite" "SELECT count(*) FROM $1"; }
start_server --db "$folder/rows.sqlite" --connections-per-address 0 --app-host suma.finance=suma-finance --app-banner on
read -r cookie csrf < <(make_people 1)
# The address's free attempts, then 10,000 refused ones, each naming a new email.
for i in $(seq 1 25); do post_login "$cookie" "$csrf" "warmup$i%40example.com" "x" > /dev/null; done
attempts_before=$(rows attempts)
events_before=$(rows events)
config="$folder/refused.curl"
for i in $(seq 1 10000); do
    [ "$i" = 1 ] || echo next
    printf 'url = "%s/suma-finance/_action/log-in"\ndata = "%s"\nheader = "Cookie: %s"\nheader = "Origin: %s"\noutput = "/dev/null"\nwrite-out = "%%{http_code}\\n"\n' \
        "$base" "$(login_body "$csrf" "person$i%40example.com" "x")" "$cookie" "$base"
done > "$config"
answered=$(curl --no-progress-meter --parallel --parallel-max 16 -K "$config" | sort | uniq -c | awk '{ printf "%s %s, ", $1, $2 }')
echo "10,000 sign-ins with new emails after the address's free ones (answered: ${answered%, }): attempts rows $attempts_before → $(rows attempts)"
# The banner is offered to a phone: its "Open in the app" link's ping.
ping=$(curl -fs -H "Host: suma.finance" -H "Cookie: $cookie" -A "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" "$base/auth/login" \
    | grep -o 'ping="[^"]*"' | head -1 | cut -d'"' -f2 | sed 's|^http://suma.finance||; s|&amp;|\&|g')
[ -n "$ping" ] || { echo "no banner ping on the page" >&2; exit 1; }
config="$folder/pings.curl"
for i in $(seq 1 10000); do
    [ "$i" = 1 ] || echo next
    printf 'url = "%s%s"\nrequest = "POST"\nheader = "Host: suma.finance"\nheader = "Ping-To: sumafinance://auth/login"\nheader = "Cookie: %s"\noutput = "/dev/null"\nwrite-out = "%%{http_code}\\n"\n' \
        "$base" "$ping" "$cookie"
done > "$config"
answered=$(curl --no-progress-meter --parallel --parallel-max 16 -K "$config" | sort | uniq -c | awk '{ printf "%s %s, ", $1, $2 }')
events_after=$(rows events)
stop_server
echo "10,000 banner pings with one session's cookie (answered: ${answered%, }): events rows $events_before → $events_after;" \
    "after the server's last write of its counts: $(sqlite3 "$folder/rows.sqlite" "SELECT count(*) || ' link count rows, open-in-app ' || coalesce(sum(count), 0) FROM link_counts WHERE kind LIKE '%open_in_app'")"
