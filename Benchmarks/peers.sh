#!/usr/bin/env bash
# FlowPages beside the peers a user would pick instead (../shared/anchors: Hummingbird 2,
# swift-mustache, GRDB), each comparison run through the anchors' own compare.sh: 3 invocations
# (INVOCATIONS) of 3 interleaved rounds each (ROUNDS), on the release build. Prints every
# invocation's ratio (median FlowPages requests/s over median peer requests/s) and the goal.
#   bash Benchmarks/peers.sh                    static, rendered and list
#   bash Benchmarks/peers.sh rendered list      only those
# Absolute figures move ±40 % between runs on these shared 2-core machines; the ratios, measured
# side by side, are what the goals are set in (issue 37).
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@"); [ ${#kinds[@]} -gt 0 ] || kinds=(static rendered list)
invocations=${INVOCATIONS:-3}
swift build -c release --product flowpages >/dev/null
declare -A goal=([static]=1.0 [rendered]=3.5 [list]=6.0)
declare -A peer=([static]=hb-static [rendered]="hb-mustache --dict" [list]=hb-list)
summary=()
for kind in "${kinds[@]}"; do
    ratios=()
    for run in $(seq 1 "$invocations"); do
        out=$(bash ../shared/anchors/compare.sh "$kind" "${ROUNDS:-3}" 2>&1)
        echo "$out"
        line=$(echo "$out" | grep '^ratio')
        ratios+=("$(echo "$line" | awk '{print $2}')")
        echo "$kind, invocation $run: $line"
    done
    summary+=("$kind against ${peer[$kind]}: ${ratios[*]} (goal ≥ ${goal[$kind]}×)")
done
echo
printf '%s\n' "${summary[@]}"
