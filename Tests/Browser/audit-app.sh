#!/usr/bin/env bash
# The automated accessibility pass over every state of one app (see README.md, "Auditing an app"):
#   bash Tests/Browser/audit-app.sh coin                      into ./audit-coin
#   bash Tests/Browser/audit-app.sh coin --out DIR            a previous pass in DIR is compared
#   bash Tests/Browser/audit-app.sh my-app --views ~/apps     an app folder kept elsewhere
#   bash Tests/Browser/audit-app.sh coin --base http://127.0.0.1:8080   a server already running
# Installs what it needs the first time (Debian packages, a Python venv), as the browser suite does.
set -euo pipefail
here="$PWD"
cd "$(dirname "$0")/../.."
root="$PWD"
source Tests/Browser/setup.sh
cd "$here"
PYTHONPATH="$root/AuditPass" exec "$root/$venv/bin/python" "$root/AuditPass/audit_app.py" "$@"
