# Sourced by run.sh and audit-app.sh, from the repository's root: installs what the browser suite
# needs (Debian's Chromium, its driver and Java with apt-get; the pass's and the suite's pinned
# Python packages into .venv-browser) and builds flowpages. Sets $venv and $FLOWPAGES_BIN.
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
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r AuditPass/requirements.txt -r Tests/Browser/requirements.txt
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps -r AuditPass/requirements-no-deps.txt

swift build --product flowpages >/dev/null
export FLOWPAGES_BIN="$PWD/.build/debug/flowpages"
