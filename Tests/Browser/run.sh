#!/usr/bin/env bash
# The browser audit: every page state of every app in headless Chromium, with axe-core (light and
# dark), the Nu HTML Checker, Chromium's accessibility tree, a keyboard-only walk, and a gallery
# of screenshots. Installs what it needs (Debian packages, a Python venv), builds and starts
# flowpages on a free port over a throwaway database, and stops it at the end.
#   bash Tests/Browser/run.sh                 everything
#   bash Tests/Browser/run.sh -k keyboard     pytest's own options pass through
# Screenshots and their index.html go to Tests/Browser/gallery/ (GALLERY=folder to change it).
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=""
command -v chromium >/dev/null || missing="$missing chromium"
command -v chromedriver >/dev/null || missing="$missing chromium-driver"
command -v java >/dev/null || missing="$missing default-jre-headless"
python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$missing python3-venv"
if [ -n "$missing" ]; then
    apt-get update -qq && apt-get install -y -qq $missing >/dev/null
fi

venv=.venv-browser
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r Tests/Browser/requirements.txt
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps -r Tests/Browser/requirements-no-deps.txt

swift build --product flowpages >/dev/null
export FLOWPAGES_BIN="$PWD/.build/debug/flowpages"
export GALLERY="${GALLERY:-$PWD/Tests/Browser/gallery}"
exec "$venv/bin/python" -m pytest -p no:cacheprovider -q Tests/Browser "$@"
