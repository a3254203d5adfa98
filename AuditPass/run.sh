#!/usr/bin/env bash
# What `flowpages audit` runs (the binary passes its own path as FLOWPAGES_BIN and its arguments
# as they were given): makes sure what the pass needs is here, then starts it (audit_app.py).
#  - Debian packages: Chromium and its driver, Java for the Nu checker, and for a screen reader
#    Orca, Xvfb, xdotool, AT-SPI and D-Bus (Firefox ESR when it is asked for). Installed with
#    apt-get when running as root; otherwise the exact command is printed and the run stops (2).
#  - Python packages, pinned (requirements*.txt beside this file), in a venv under the user's
#    cache: ${XDG_CACHE_HOME:-~/.cache}/flowpages/audit-<hash of the pins>, made once.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

screen_reader=orca
browsers=chromium
previous=""
for argument in "$@"; do
    case "$previous" in
        --screen-reader) screen_reader="$argument" ;;
        --browser) browsers="$argument" ;;
    esac
    case "$argument" in
        --screen-reader=*) screen_reader="${argument#*=}" ;;
        --browser=*) browsers="${argument#*=}" ;;
    esac
    previous="$argument"
done

needed=()
want() { command -v "$1" >/dev/null 2>&1 || needed+=("$2"); }
want chromium chromium
want chromedriver chromium-driver
want java default-jre-headless
python3 -c 'import venv, ensurepip' 2>/dev/null || needed+=(python3-venv)
if [ "$screen_reader" = orca ]; then
    want orca orca
    want Xvfb xvfb
    want xauth xauth
    want xdotool xdotool
    want dbus-run-session dbus-x11
    [ -x /usr/libexec/at-spi-bus-launcher ] || needed+=(at-spi2-core)
    /usr/bin/python3 -c 'import pyatspi' 2>/dev/null || needed+=(python3-pyatspi gir1.2-atspi-2.0)
fi
case "$browsers" in firefox|both) want firefox-esr firefox-esr ;; esac
if [ ${#needed[@]} -gt 0 ]; then
    command="apt-get update && apt-get install -y --no-install-recommends ${needed[*]}"
    if [ "$(id -u)" != 0 ]; then
        echo "flowpages audit needs Debian packages that are not installed. Run, as root:" >&2
        echo "    $command" >&2
        exit 2
    fi
    echo "installing ${needed[*]} (apt-get)" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null
fi

pins=$(cat "$here/requirements.txt" "$here/requirements-no-deps.txt" | sha256sum | cut -c1-12)
venv="${XDG_CACHE_HOME:-$HOME/.cache}/flowpages/audit-$pins"
if [ ! -x "$venv/bin/python" ] || [ ! -f "$venv/.installed" ]; then
    echo "installing the pass's Python packages into $venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$here/requirements.txt"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps -r "$here/requirements-no-deps.txt"
    touch "$venv/.installed"
fi
PYTHONPATH="$here" exec "$venv/bin/python" "$here/audit_app.py" "$@"
