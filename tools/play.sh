#!/usr/bin/env bash
# play.sh: installs what is missing, builds the game and starts it. Extra arguments go to
# the game (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default
exec ./build/racer "$@"
