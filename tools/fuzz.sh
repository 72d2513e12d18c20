#!/usr/bin/env bash
# fuzz.sh [SECONDS] [TARGET...]: builds the loaders' libFuzzer targets (the `fuzz` preset:
# clang, AddressSanitizer, UndefinedBehaviorSanitizer, into build-fuzz/) and runs each for
# SECONDS (default 60), one after the other, on one core. Every target starts from its
# seed files (the shipped and the test data files, and the files make_seeds writes with the
# game's own writers) and from the corpus earlier runs kept in build-fuzz/corpus/TARGET.
# A crash, a hang (over 10 s on one input), a leak or a broken check stops that target;
# its input is saved as build-fuzz/crashes/TARGET/crash-* (or leak-*, timeout-*), and the
# script carries on with the next target and exits with status 1 at the end.
# Prints each target's executions; the log of each run is build-fuzz/logs/TARGET.log, and
# each run adds a line (time, target, seconds, executions, result) to
# build-fuzz/logs/executions.tsv.
# Targets: track car ai_profile settings records ghost replay (default: all). The JSON
# targets get fuzz/json.dict; the binary replay has no dictionary.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(track car ai_profile settings records ghost replay)

bash tools/install-deps.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

out=build-fuzz
# Seed files of one target, fresh each run (another run of this script may be using the others).
make_seeds() {
  local dir=$out/seeds/$1
  rm -rf "$dir"
  mkdir -p "$dir"
  case $1 in
    track) cp tracks/*.json tests/track/bad/*.json tests/track/big/*.json "$dir/" ;;
    car) cp assets/cars/*.json tests/tools/bad_car.json "$dir/" ;;
    ai_profile) cp assets/ai/*.json "$dir/" ;;
    *) local tmp
       tmp=$(mktemp -d)
       "$out/fuzz/make_seeds" "$tmp"   # settings/, records/, ghost/, replay/ written by the game's writers
       cp "$tmp/$1"/* "$dir/"
       rm -rf "$tmp" ;;
  esac
}

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
failed=()
printf '%-12s %12s %8s %s\n' target executions seconds result
for t in "${targets[@]}"; do
  mkdir -p "$out/corpus/$t" "$out/crashes/$t" "$out/logs"
  rm -f "$out/crashes/$t"/*   # an earlier run's finds: each is a test in tests/ once fixed
  log=$out/logs/$t.log
  make_seeds "$t"
  dict=(-dict=fuzz/json.dict)
  if [ "$t" = replay ]; then dict=(); fi
  status=ok
  "$out/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    "${dict[@]}" -print_final_stats=1 -artifact_prefix="$out/crashes/$t/" \
    "$out/corpus/$t" "$out/seeds/$t" >"$log" 2>&1 || status=FAILED
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  printf '%-12s %12s %8s %s\n' "$t" "${runs:-?}" "${took:-?}" "$status"
  # The ledger of every run on this machine, for the totals in docs/reliability.md.
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "${took:-?}" "${runs:-0}" "$status" \
    >>"$out/logs/executions.tsv"
  if [ "$status" != ok ]; then
    failed+=("$t")
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz check failed|.*runtime error)' "$log" | head -5 >&2 || true
    ls "$out/crashes/$t" >&2
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failures in ${failed[*]} (inputs in $out/crashes/, logs in $out/logs/)" >&2
  exit 1
fi
