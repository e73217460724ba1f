#!/usr/bin/env bash
# Installs what is missing, builds the game and starts it. Extra words go to the game
# (e.g. `scripts/play.sh --scene chess`).
#
# It builds with the same profile as `scripts/test.sh` (`dev`: every dependency, Bevy included, at
# opt-level 2), so the two commands share one build of the dependencies: whichever runs second
# compiles only the game's own crate. That crate is compiled here as for a release (opt-level 3,
# no debug assertions or overflow checks; the tests use opt-level 1 for quick rebuilds), so the
# engines think at full speed. These settings reach the game's crate only: `Cargo.toml` gives
# the dependencies theirs outright.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh play
CARGO_PROFILE_DEV_OPT_LEVEL=3 CARGO_PROFILE_DEV_DEBUG_ASSERTIONS=false CARGO_PROFILE_DEV_OVERFLOW_CHECKS=false \
    cargo run --bin carved-tables -- "$@"
