#!/usr/bin/env bash
# Serves the browser build in web/dist/ (build it first with web/build.sh) with the right content
# types and compression, for players who host the game:
#
#   web/serve.sh                         # http://127.0.0.1:8000/
#   web/serve.sh --bind 0.0.0.0 --port 8080
#
# The online table's server is another program (README, "The online table's server"): started
# on the same host at its default port 7878, the page finds it by itself.
set -euo pipefail
exec python3 "$(cd "$(dirname "$0")" && pwd)/serve.py" "$@"
