#!/usr/bin/env bash
# FlowPages beside the peers a user would pick instead (../shared/anchors: Hummingbird 2,
# swift-mustache, GRDB), each comparison run through the anchors' own compare.sh: 3 invocations
# (INVOCATIONS) of 3 interleaved rounds each (ROUNDS), on the release build. Prints every
# invocation's ratio (median FlowPages requests/s over median peer requests/s) and the goal.
#   bash Benchmarks/peers.sh                    static, rendered and list
#   bash Benchmarks/peers.sh rendered list      only those
# Absolute figures move ±40 % between runs on these shared 2-core machines; the ratios, measured
# side by side, are what the goals are set in (issue 37). OLD=path/to/an/earlier/flowpages runs
# that binary beside this one, invocation by invocation, and prints its ratios too, over the Views,
# Public and Benchmarks/web of OLD_REF (a commit; default HEAD), since an older binary may not read
# vocabulary the current app folders use.
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@"); [ ${#kinds[@]} -gt 0 ] || kinds=(static rendered list)
invocations=${INVOCATIONS:-3}
swift build -c release --product flowpages >/dev/null
# The anchors run from a copy: their list-compare.sh signs people in and takes every Set-Cookie of
# the answer as the session's, and a sign-in also sets the device cookie (`fp_<app>_device`) now,
# so it sent both in one header line and stopped. The copy keeps the session's cookie only.
anchors=$(mktemp -d)
trap 'rm -rf "$anchors"' EXIT
cp -r ../shared/anchors/. "$anchors"
sed -i "s#awk -F'\[ ;\]' '/^Set-Cookie:/ {print \$2}'#awk -F'[ ;]' '/^Set-Cookie: fp_[a-z0-9-]*=/ {print \$2; exit}'#" "$anchors/list-compare.sh"
grep -q 'Set-Cookie: fp_' "$anchors/list-compare.sh" || { echo "the anchors' list-compare.sh changed: see Benchmarks/peers.sh" >&2; exit 1; }
if [ -n "${OLD:-}" ]; then
    oldroot=$(mktemp -d)
    trap 'rm -rf "$anchors" "$oldroot"' EXIT
    git archive "${OLD_REF:-HEAD}" Views Public Benchmarks/web | tar -x -C "$oldroot"
fi
declare -A goal=([static]=1.0 [rendered]=3.5 [list]=6.0)
declare -A peer=([static]=hb-static [rendered]="hb-mustache --dict" [list]=hb-list)
summary=()
for kind in "${kinds[@]}"; do
    ratios=(); old=()
    for run in $(seq 1 "$invocations"); do
        if [ -n "${OLD:-}" ]; then
            out=$(cd "$oldroot" && FLOWPAGES="$OLD" bash "$anchors/compare.sh" "$kind" "${ROUNDS:-3}" 2>&1)
            line=$(echo "$out" | grep '^ratio')
            old+=("$(echo "$line" | awk '{print $2}')")
            echo "$kind, invocation $run, old: $line"
        fi
        out=$(bash "$anchors/compare.sh" "$kind" "${ROUNDS:-3}" 2>&1)
        echo "$out"
        line=$(echo "$out" | grep '^ratio')
        ratios+=("$(echo "$line" | awk '{print $2}')")
        echo "$kind, invocation $run: $line"
    done
    summary+=("$kind against ${peer[$kind]}: ${ratios[*]}${OLD:+ (old: ${old[*]})} (goal ≥ ${goal[$kind]}×)")
done
echo
printf '%s\n' "${summary[@]}"
