# Sourced by run.sh, from the repository's root: installs what the browser suite
# needs (Debian's Chromium, its driver, Java, Orca and what it runs under, with apt-get; the pass's and the suite's pinned
# Python packages into .venv-browser) and builds flowpages. Sets $venv and $FLOWPAGES_BIN.
missing=""
command -v chromium >/dev/null || missing="$missing chromium"
command -v chromedriver >/dev/null || missing="$missing chromium-driver"
command -v java >/dev/null || missing="$missing default-jre-headless"
python3 -c 'import venv, ensurepip' 2>/dev/null || missing="$missing python3-venv"
# A real screen reader: Orca under Xvfb, driven by xdotool, in Chromium and Firefox ESR.
command -v orca >/dev/null || missing="$missing orca at-spi2-core dbus-x11 python3-pyatspi gir1.2-atspi-2.0"
command -v Xvfb >/dev/null || missing="$missing xvfb xauth"
command -v xdotool >/dev/null || missing="$missing xdotool"
command -v firefox-esr >/dev/null || missing="$missing firefox-esr"
if [ -n "$missing" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

venv=.venv-browser
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r AuditPass/requirements.txt -r Tests/Browser/requirements.txt
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps -r AuditPass/requirements-no-deps.txt

swift build --product flowpages >/dev/null
export FLOWPAGES_BIN="$PWD/.build/debug/flowpages"
