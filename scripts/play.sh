#!/usr/bin/env bash
# Installs what is missing, builds the game in release and starts it. Extra words go to the game
# (e.g. `scripts/play.sh --scene chess`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh play
cargo run --release --bin carved-tables -- "$@"
