#!/usr/bin/env bash
# The automated audit pass with a real screen reader, as a benchmark: `flowpages audit` from a
# release build's products over one app, Orca reading every state in the browsers asked for.
# Prints seconds a state: the audit in Chromium (axe light and dark, the tree walk, the keyboard
# pass), and Orca per browser (arrival, H through headings, say-all, Tab through every stop).
#   bash Benchmarks/audit-pass.sh [app] [chromium|firefox|both]     default: pantry, both
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:-pantry}
browsers=${2:-both}
swift build -c release --product flowpages >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# From the products alone, as an auditor runs it.
mkdir "$work/products"
cp -r .build/release/flowpages .build/release/*_flowpages.resources "$work/products/"
views=Views
[ -f "Views/$app/app.xml" ] || views=Tests/Apps
start=$(date +%s.%N)
(cd "$work" && "$work/products/flowpages" audit "$app" --views "$OLDPWD/$views" --out "$work/out" --browser "$browsers" >/dev/null 2>&1) || true
end=$(date +%s.%N)
python3 - "$work/out/results.json" "$start" "$end" <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))
states = results["states"]
audit = [state["seconds"]["audit"] for state in states]
print(f"{results['app']}: {len(states)} states in {float(sys.argv[3]) - float(sys.argv[2]):.0f} s, the command's whole run")
print(f"  audit in Chromium, no screen reader: {statistics.mean(audit):.1f} s a state (median {statistics.median(audit):.1f}, max {max(audit):.1f})")
for browser in sorted({b for state in states for b in state["seconds"].get("screenReader", {})}):
    said = [state["seconds"]["screenReader"][browser] for state in states if browser in state["seconds"].get("screenReader", {})]
    parts = {}
    for state in states:
        for part, seconds in state.get("screenReader", {}).get(browser, {}).get("seconds", {}).items():
            parts.setdefault(part, []).append(seconds)
    detail = ", ".join(f"{part} {statistics.mean(values):.1f}" for part, values in parts.items())
    print(f"  Orca in {browser}: {statistics.mean(said):.1f} s a state (median {statistics.median(said):.1f}, max {max(said):.1f}; {detail})")
    disagreements = sum(len(state["screenReader"][browser]["disagreements"]) for state in states if browser in state.get("screenReader", {}))
    print(f"    {disagreements} disagreements with the tree")
PY
