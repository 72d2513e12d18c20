#!/usr/bin/env bash
# sanitize.sh: installs what is missing, builds the whole test suite with AddressSanitizer
# and UndefinedBehaviorSanitizer (the `debug` preset: -O1, warnings as errors, into
# build-debug/) and runs it. Any sanitizer finding (memory error, leak, undefined
# behaviour) stops the process with a non-zero status, so the test it is in fails.
# CI runs it after tools/test.sh (.ci/run); timings are in docs/performance.md, "CI time".
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# Exported before the build as well: gtest_discover_tests runs each test binary at build time.
export ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cmake --preset debug >/dev/null
cmake --build --preset debug
# The game's screenshots (under Xvfb, and the no-display check's offscreen one) and the view
# tests that open a GL renderer (the minimap's cached plate and the cars' cached art: SDL's
# offscreen driver with no display) run without the leak check (memory errors and
# undefined behaviour are still checked): SDL's X11 and EGL start-up leave libdbus's
# connection and blocks of libraries they unload again allocated at exit, third-party
# memory whose stacks LeakSanitizer cannot even name, so no suppression can single them
# out. The game's own code is leak-checked in racer_flow_tests (the same app under SDL's
# dummy video driver).
xvfb_tests='^(racer\.(screenshot|screenshot_panels|track_screenshot|lab_screenshot|lab_track_screenshot|lab_motion_screenshot|editor_screenshot|editor_new_screenshot|no_display|screen_)|Minimap\.TheCachedPlateLooksAsDrawnDirectly$|CarSprites\.(CachedCarsLookAsDrawnDirectly|StaggeredCarsAreCopiedWithEachAxlesTyres|TheCacheStaysBoundedWhileTheZoomSweeps)$|HudLayers\.(CachedHudLooksAsDrawnDirectly|OnlyAChangedLayerIsDrawnAgain)$)'
ctest --preset debug -j2 -E "$xvfb_tests"
ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 ctest --preset debug -j2 -R "$xvfb_tests"
