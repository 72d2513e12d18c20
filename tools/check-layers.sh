#!/usr/bin/env bash
# check-layers.sh: the pure layers include only the layers below them (docs/architecture.md,
# "Modules and targets"): core < vehicle, track < sim < ai < race < game < editor, and
# core < plan < ai (plan knows grids and shapes, not cars or tracks). Prints every
# include that points up and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/../src"
status=0
check() {  # check DIR FORBIDDEN...
  local dir=$1; shift
  for up in "$@"; do
    if grep -rn --include='*.h' --include='*.cpp' "#include \"$up/" "$dir"; then
      echo "check-layers: src/$dir includes from src/$up (a layer above it)" >&2
      status=1
    fi
  done
}
check core vehicle track sim plan ai race game editor platform render ui audio app
check plan vehicle track sim ai race game editor platform render ui audio app
check vehicle sim ai race game editor platform render ui audio app
check track sim ai race game editor platform render ui audio app
check sim ai race game editor platform render ui audio app
check ai race game editor platform render ui audio app
check race game editor platform render ui audio app
check game editor platform render ui audio app
check editor platform render ui audio app
for dir in core vehicle track sim plan ai race game editor audio; do
  if grep -rln --include='*.h' --include='*.cpp' -E '#include (<SDL|"SDL|<imgui|"imgui)' "$dir"; then
    echo "check-layers: src/$dir is pure and must not include SDL or ImGui" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "check-layers: every include points down the layers"
exit $status
