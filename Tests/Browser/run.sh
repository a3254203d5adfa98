#!/usr/bin/env bash
# The browser suite: every page state of every app in headless Chromium, with axe-core (light and
# dark), the Nu HTML Checker, Chromium's accessibility tree and a keyboard-only walk; the audit
# pass (`flowpages audit`) run from the build's products; Orca reading pages in Chromium and
# Firefox. Installs what it needs (Debian packages, a Python venv), builds flowpages, and starts
# servers on free ports over throwaway databases.
#   bash Tests/Browser/run.sh                 everything, in two runs side by side (below)
#   bash Tests/Browser/run.sh -k keyboard     one run; pytest's own options pass through
#   GALLERY=folder bash Tests/Browser/run.sh  also keeps every state's screenshots and an index.html
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tests/Browser/setup.sh
pytest=("$venv/bin/python" -m pytest -p no:cacheprovider -q)
if [ $# -gt 0 ]; then
    exec "${pytest[@]}" Tests/Browser "$@"
fi

# The screen-reader tests wait on Orca's speech far more than they use the processor, so they run
# beside the rest (which keeps the processor busy) rather than after it.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
screen_reader=(Tests/Browser/test_orca.py Tests/Browser/test_orca_usability.py Tests/Browser/test_audit_command.py)
"${pytest[@]}" "${screen_reader[@]}" > "$logs/screen-reader" 2>&1 &
beside=$!
status=0
"${pytest[@]}" Tests/Browser $(printf -- '--ignore=%s ' "${screen_reader[@]}") > "$logs/rest" 2>&1 || status=$?
wait "$beside" || status=$?
echo "== the browser suite without the screen reader"; cat "$logs/rest"
echo "== the screen reader's tests (Orca)"; cat "$logs/screen-reader"
exit "$status"
