#!/usr/bin/env bash
# test.sh: installs what is missing, builds everything with warnings as errors and runs the
# whole test suite (unit and scenario tests, tool smoke tests, a headless screenshot).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default
ctest --preset default -j2
