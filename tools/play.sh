#!/usr/bin/env bash
# play.sh: installs what is missing, builds the game (the `racer` target and the libraries
# it links, not the test suite or the tools) and starts it. Extra arguments go to the game
# (try --help). tools/test.sh builds and runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default --target racer
exec ./build/racer "$@"
