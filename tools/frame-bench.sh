#!/usr/bin/env bash
# frame-bench.sh: runs a build of the game under Xvfb (Mesa's software renderer) for a
# while and prints what a frame costs: frames per second, CPU seconds per wall second (1.0
# = one core busy), peak and final resident memory; with --rss-every, the resident memory
# over the run (the long-run check: no growth). docs/frame-performance.md, "A frame of the game".
#
#   tools/frame-bench.sh [options] BINARY race|menu|drive [extra racer arguments]
#     race   a 12-car race on screen: --track tracks/port_ardent.json --opponents 11 --autodrive
#     menu   the main menu (its backdrop flight along a track)
#     drive  free driving on the test ground (--screen drive)
#   options: --seconds N (measured, default 30), --warmup W (not measured, default 5),
#            --rss-every S (sample resident memory every S seconds), --label TEXT
#   The warm-up counts from the first frame drawn (a race is built before it).
#
# Any build can be measured, also one without --frame-stats: frames are counted by a small
# LD_PRELOAD shim round SDL_RenderPresent (frame_bench/present_counter.c, compiled on first
# use), CPU time and memory read from /proc. A build that has --frame-stats also writes
# its own summary (from its first frame), printed after the script's figures. The run ends
# with SIGTERM, as `timeout` sends it. The machine's load is printed with the figures:
# compare builds only side by side in one run, alternating.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

seconds=30 warmup=5 rss_every=0 label=""
if [[ "${1:-}" == "--inner" ]]; then inner=1; shift; else inner=0; fi
while [[ $# -gt 0 && "$1" == --* ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --rss-every) rss_every="$2"; shift 2 ;;
    --label) label="$2"; shift 2 ;;
    *) echo "frame-bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 2 ]]; then sed -n '6,14p' "$0" >&2; exit 2; fi
binary="$1" mode="$2"; shift 2
case "$mode" in
  race) args=(--track tracks/port_ardent.json --opponents 11 --autodrive) ;;
  menu) args=(--screen menu) ;;
  drive) args=(--screen drive) ;;
  *) echo "frame-bench.sh: mode must be race, menu or drive" >&2; exit 2 ;;
esac

if [[ $inner -eq 0 ]]; then
  shim_dir="${TMPDIR:-/tmp}/frame-bench-$(id -u)"
  mkdir -p "$shim_dir"
  if [[ ! -f "$shim_dir/present_counter.so" || "$here/frame_bench/present_counter.c" -nt "$shim_dir/present_counter.so" ]]; then
    cc -shared -fPIC -O2 "$here/frame_bench/present_counter.c" -o "$shim_dir/present_counter.so" -ldl
  fi
  export FRAME_BENCH_SHIM="$shim_dir/present_counter.so"
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$0" --inner --seconds "$seconds" --warmup "$warmup" \
    --rss-every "$rss_every" --label "$label" "$binary" "$mode" "$@"
fi

# ---- inside Xvfb --------------------------------------------------------------------------
cd "$here/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SDL_AUDIODRIVER=dummy XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
export FRAME_BENCH_OUT="$work/present.txt" FRAME_BENCH_WARMUP="$warmup"
stats=()
help="$("$binary" --help 2>/dev/null || true)"
if [[ "$help" == *--frame-stats* ]]; then stats=(--frame-stats "$work/stats.json"); fi
LD_PRELOAD="$FRAME_BENCH_SHIM" "$binary" "${args[@]}" "${stats[@]}" "$@" >"$work/out.txt" 2>&1 &
pid=$!
tick=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
rss_mib() { awk -v k="$1:" '$1 == k {printf "%.1f", $2 / 1024}' "/proc/$pid/status"; }

# The shim marks the end of the warm-up (counted from the first frame drawn).
while [[ ! -e "$work/present.txt.warm" ]]; do
  if ! kill -0 "$pid" 2>/dev/null; then echo "frame-bench.sh: the game ended early:" >&2; cat "$work/out.txt" >&2; exit 1; fi
  sleep 0.1
done
# Per thread group: the game's main thread, Mesa's llvmpipe rasteriser threads, SDL's audio
# thread, the rest. "group ticks" lines.
thread_ticks() {
  local task comm
  for task in /proc/$pid/task/*; do
    comm=$(cat "$task/comm" 2>/dev/null) || continue
    case "$comm" in
      llvmpipe*) comm=llvmpipe ;;
      SDLAudio*) comm=audio ;;
      *) if [[ "${task##*/}" == "$pid" ]]; then comm=main; else comm=other; fi ;;
    esac
    echo "$comm $(sed 's/.*) //' "$task/stat" 2>/dev/null | awk '{print $12 + $13}')"
  done | awk '{t[$1] += $2} END {for (g in t) print g, t[g]}'
}
th0=$(thread_ticks)
c0=$(cpu_ticks); t0=$(date +%s.%N); rss0=$(rss_mib VmRSS)
samples="0s:${rss0}"
left="$seconds"
while (( $(echo "$left > 0" | bc) )); do
  step="$left"
  if (( $(echo "$rss_every > 0 && $rss_every < $left" | bc) )); then step="$rss_every"; fi
  sleep "$step"
  left=$(echo "$left - $step" | bc)
  if [[ "$rss_every" != 0 ]]; then samples+=" $(echo "$seconds - $left" | bc)s:$(rss_mib VmRSS)"; fi
done
c1=$(cpu_ticks); t1=$(date +%s.%N); rss1=$(rss_mib VmRSS); hwm=$(rss_mib VmHWM)
th1=$(thread_ticks)
kill -TERM "$pid"
wait "$pid" || true
read -r frames span < "$work/present.txt" || { frames=0; span=0; }

fps=$(echo "scale=1; if ($span > 0) $frames / $span else 0" | bc)
cpu=$(echo "scale=3; ($c1 - $c0) / $tick / ($t1 - $t0)" | bc)
printf '%s %s: %s fps, CPU %s of a core, RSS peak %s MiB, start %s MiB, end %s MiB (%ss after %ss warm-up; load %s)\n' \
  "${label:-$binary}" "$mode" "$fps" "$cpu" "$hwm" "$rss0" "$rss1" "$seconds" "$warmup" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
# CPU per wall second of each thread group, and the main and llvmpipe threads' CPU per
# frame drawn: on a loaded machine the frame rate drops below 60, but the work per frame
# does not, so "at 60 fps" estimates what the run would use at full rate (audio as measured).
wall=$(echo "$t1 - $t0" | bc)
printf '%s\n%s\n' "$th0" "$th1" | awk -v tick="$tick" -v wall="$wall" -v frames="$frames" -v span="$span" '
  NR == FNR {}
  { if (seen[$1]++) d[$1] = $2 - first[$1]; else first[$1] = $2 }
  END {
    line = "  per thread, cores:"; per_frame = 0; fixed = 0
    for (g in d) { line = line sprintf(" %s %.3f", g, d[g] / tick / wall)
                   if (g == "main" || g == "llvmpipe") per_frame += d[g] / tick; else fixed += d[g] / tick / wall }
    print line
    if (frames > 0 && span > 0) {
      f = frames / span * wall
      printf "  main + llvmpipe CPU per frame %.2f ms; at 60 fps that is %.3f of a core, with the rest %.3f\n", 1000 * per_frame / f, 60 * per_frame / f, 60 * per_frame / f + fixed
    }
  }'
if [[ "$rss_every" != 0 ]]; then echo "  RSS MiB over time: $samples"; fi
if [[ -s "$work/stats.json" ]]; then echo "  --frame-stats: $(tr -d '\n ' < "$work/stats.json")"; fi
grep -v "running silent" "$work/out.txt" | sed 's/^/  racer: /' || true
