#!/usr/bin/env bash
# The desktop's screen reader path, checked without a screen reader (issue 41): the game runs a
# scene under a virtual X server on a private session bus with the accessibility bus (AT-SPI)
# up and marked in use, as a screen reader such as Orca marks it; then scripts/atspi-check.py
# reads the application's tree over AT-SPI and looks for the names given.
#   scripts/atspi-check.sh GAME_BINARY SCENE NAME [NAME ...]
# Exits 0 when every name was found within 60 s. Needs Debian's at-spi2-core, dbus-x11 and
# python3-pyatspi (`scripts/setup.sh test` installs them).
set -euo pipefail
bin="$1"
scene="$2"
shift 2
out="$(mktemp -d)"
eval "$(dbus-launch --sh-syntax)"
export DBUS_SESSION_BUS_ADDRESS
cleanup() {
    [ -n "${game:-}" ] && kill "$game" 2>/dev/null || true
    pkill -P $$ 2>/dev/null || true
    kill "$DBUS_SESSION_BUS_PID" 2>/dev/null || true
}
trap cleanup EXIT
# The accessibility bus and its registry, then "a screen reader is running": AccessKit's adapter
# serves its tree only while the platform says one is.
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$out/bus.log" 2>&1 &
for _ in $(seq 50); do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
        org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
    sleep 0.1
done
for property in IsEnabled ScreenReaderEnabled; do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
        org.freedesktop.DBus.Properties.Set string:org.a11y.Status "string:$property" \
        variant:boolean:true >/dev/null
done
timeout 120 xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --scene "$scene" --lang en \
    >"$out/game.log" 2>&1 &
game=$!
if /usr/bin/python3 "$(dirname "$0")/atspi-check.py" 60 "$@"; then
    exit 0
fi
echo "atspi-check: the game's log:"
tail -n 20 "$out/game.log"
exit 1
