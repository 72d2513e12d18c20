#!/usr/bin/env bash
# sanitize.sh: installs what is missing, builds the whole test suite with AddressSanitizer
# and UndefinedBehaviorSanitizer (the `debug` preset: -O1, warnings as errors, into
# build-debug/) and runs it. Any sanitizer finding (memory error, leak in our code,
# undefined behaviour) stops the process with a non-zero status, so the test it is in fails.
# CI runs it after tools/test.sh (.ci/run); timings are in docs/performance.md, "CI time".
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# Exported before the build as well: gtest_discover_tests runs each test binary at build time.
export ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Leaks inside third-party libraries (SDL, X11, Mesa, fontconfig) only; see the file.
export LSAN_OPTIONS=suppressions=$PWD/tools/lsan.supp:print_suppressions=0
cmake --preset debug >/dev/null
cmake --build --preset debug
ctest --preset debug -j2
