#!/usr/bin/env bash
# Installs what Carved Tables needs on a Debian or Ubuntu machine, skipping what is already there.
#   scripts/setup.sh play   — what the game needs to build and run
#   scripts/setup.sh test   — the same, plus the software renderer for the screenshot checks and
#                             PostgreSQL and Redis for the server's cluster test
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-play}"

# System packages: kira's audio backend needs ALSA headers (found with pkg-config); winit's
# Wayland and X11 backends need libxkbcommon and libwayland; gamepads are off, but libudev keeps
# every Bevy build script content.
packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev)
if [ "$what" = test ]; then
    # A virtual X server and a CPU Vulkan driver: the screenshot checks render without a GPU.
    packages+=(xvfb xauth mesa-vulkan-drivers)
    # The server's cluster test (tests/cluster.rs) starts its own PostgreSQL and Redis servers.
    packages+=(postgresql redis-server)
    # The desktop's screen reader path (scripts/atspi-check.sh): the accessibility bus, a session
    # bus to start it on, and Python's AT-SPI client to read the game's tree as Orca would.
    packages+=(at-spi2-core dbus-x11 python3-pyatspi)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
    if [ -x "$HOME/.cargo/bin/cargo" ]; then
        export PATH="$HOME/.cargo/bin:$PATH"
    elif apt-cache show rustup >/dev/null 2>&1; then
        echo "setup: installing rustup"
        sudo_cmd=()
        [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
        DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq rustup
    else
        echo "setup: Rust is missing; install rustup (https://rustup.rs) and run this again" >&2
        exit 1
    fi
fi
# rust-toolchain.toml pins the compiler; rustup fetches it on first use.
cargo --version >/dev/null
