#!/usr/bin/env bash
# install-deps.sh: installs the Debian 12 packages this project builds and tests with.
# Run as root (or with sudo). Does nothing when everything is already there.
set -euo pipefail

packages=(
  g++ cmake make pkg-config           # compiler and build
  libsdl2-dev                         # window, input, audio
  libbox2d-dev                        # rigid bodies
  libimgui-dev libstb-dev             # menus and debug panels; PNG writing
  nlohmann-json3-dev                  # data files
  libgtest-dev googletest             # tests
  clang libclang-rt-14-dev            # fuzz targets: clang and its libFuzzer and sanitizer runtimes
  xvfb xauth                          # headless screenshots
  fonts-dejavu-core                   # UI font (the built-in font is the fallback)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then exec sudo "$0" "$@"; fi
  echo "install-deps: missing ${missing[*]}; run this script as root" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
