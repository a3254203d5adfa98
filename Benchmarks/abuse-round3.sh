#!/usr/bin/env bash
# What an attacker could do before issue 33, measured on the release build (fresh SQLite files):
#   1. peak RSS while STREAMS (16) connections post a sign-in and keep sending JUNK_MB (100) MB
#      each while it is answered, against the same sign-ins without the junk;
#   2. GUESSES (200) wrong passwords for one account from 127.0.0.1, 32 at a time, while another
#      person signs in 8 times from 127.0.0.2: how long each of theirs took;
#   3. the rows 10,000+ GETs of every kind add (no cookie, a forged one, a stored session's; same-
#      origin, typed, cross-site; a 7 KB link; the banner's fallback pages): sessions, events,
#      claim codes, link counts.
#   Benchmarks/abuse-round3.sh
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-18193}
streams=${STREAMS:-16}
junk_mb=${JUNK_MB:-100}
guesses=${GUESSES:-200}
base="http://127.0.0.1:$port"
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null; }

source Benchmarks/serve-release.sh
rss_mib() { echo $(( $(awk -v field="$1" '$1 == field ":" {print $2}' "/proc/$server/status") / 1024 )); }
login_body() { echo "csrf=$1&screen=%2Fsuma-finance%2Fauth%2Flogin&form=login&email=$2&password=$3"; }

# 1. Sign-ins whose clients keep sending while they are answered.
trap '' PIPE
streaming_sign_ins() {
    local junk=$1 n=0 pids=()
    start_server --db "$folder/stream-$junk.sqlite" --connections-per-address 0
    make_people "$streams" > "$folder/people"
    local idle; idle=$(rss_mib VmRSS)
    while read -r cookie csrf; do
        n=$((n + 1))
        body=$(login_body "$csrf" "person$n%40example.com" "wrong-password")
        (
            exec {fd}<>"/dev/tcp/127.0.0.1/$port"
            printf 'POST /suma-finance/_action/log-in HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nCookie: %s\r\nOrigin: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %s\r\n\r\n%s' \
                "$port" "$cookie" "$base" "${#body}" "$body" >&"$fd"
            if [ "$junk" = junk ]; then timeout 20 head -c "${junk_mb}M" /dev/zero >&"$fd" 2>/dev/null || true; fi
            timeout 20 cat <&"$fd" >/dev/null 2>&1 || true
        ) &
        pids+=($!)
    done < "$folder/people"
    wait "${pids[@]}" 2>/dev/null || true
    local what="without junk"
    [ "$junk" = junk ] && what="each client sending $junk_mb MB more meanwhile"
    echo "  $streams sign-ins, $what: RSS idle $idle MiB, peak $(rss_mib VmHWM) MiB"
    stop_server
}
sections=${SECTIONS:-1 2 3}
if [[ " $sections " == *" 1 "* ]]; then
    echo "1. sign-ins whose clients keep sending"
    streaming_sign_ins none
    streaming_sign_ins junk
fi
# 2. A guesser and another person.
if [[ " $sections " == *" 2 "* ]]; then
start_server --db "$folder/flood.sqlite"
make_people 32 > "$folder/guessers"
make_people 8 > "$folder/others"
started=$(date +%s.%N)
guess() {
    local cookie=$1 csrf=$2 count=$3
    for _ in $(seq 1 "$count"); do
        curl -s -o /dev/null -w '%{http_code}\n' -H "Cookie: $cookie" -H "Origin: $base" \
            --data "$(login_body "$csrf" "owner%40example.com" "guess$RANDOM")" "$base/suma-finance/_action/log-in" >> "$folder/guess-statuses"
    done
}
guessing=()
while read -r cookie csrf; do
    guess "$cookie" "$csrf" $((guesses / 32 + 1)) &
    guessing+=($!)
done < "$folder/guessers"
sleep 0.3
while read -r cookie csrf; do
    curl -s -o /dev/null --interface 127.0.0.2 -w '%{http_code}:%{time_total}\n' -H "Cookie: $cookie" -H "Origin: $base" \
        --data "$(login_body "$csrf" "test%40example.com" "password123")" "$base/suma-finance/_action/log-in" >> "$folder/other-times"
    sleep 0.2
done < "$folder/others"
wait "${guessing[@]}"
ended=$(date +%s.%N)
echo "2. $(wc -l < "$folder/guess-statuses") guesses for one account from 127.0.0.1, 32 at a time, in $(awk -v a="$started" -v b="$ended" 'BEGIN {printf "%.1f", b - a}') s:" \
    "$(sort "$folder/guess-statuses" | uniq -c | awk '{printf "%s×%s ", $1, $2}')"
echo "   another person signing in from 127.0.0.2 meanwhile (status:seconds): $(tr '\n' ' ' < "$folder/other-times")"
stop_server
fi
[[ " $sections " == *" 3 "* ]] || exit 0

# 3. GETs of every kind, and the rows they add.
rows() {
    sqlite3 "$1" "SELECT (SELECT COUNT(*) FROM sessions) || ' sessions, ' || (SELECT COUNT(*) FROM events) || ' events, '
        || (SELECT COUNT(*) FROM deferred_links) || ' claim codes, ' || (SELECT COUNT(*) FROM link_counts) || ' link-count rows'"
}
for banner in off on; do
    db="$folder/gets-$banner.sqlite"
    start_server --db "$db" --app-banner "$banner"
    member=$(make_people 1 | awk '{print $1}')
    before=$(rows "$db")
    requests=$(wrk -t2 -c32 -d4s -s Benchmarks/web/strangers.lua "$base" -- "$member" | awk '/requests in/ {print $1}')
    stop_server  # flushes the link counters
    echo "3. $requests GETs of every kind, app banner $banner: before $before; after $(rows "$db")"
done
