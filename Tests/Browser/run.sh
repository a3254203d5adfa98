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
source Tests/Browser/setup.sh
export GALLERY="${GALLERY:-$PWD/Tests/Browser/gallery}"
exec "$venv/bin/python" -m pytest -p no:cacheprovider -q Tests/Browser "$@"
