#!/usr/bin/env bash
# Installs what ddx needs on Debian 12 (as root). Idempotent: when every
# package is present it only checks and returns.
set -euo pipefail
packages=(
  build-essential cmake ninja-build ccache
  llvm-19-dev libclang-19-dev clang-19
  nlohmann-json3-dev libgtest-dev googletest libbenchmark-dev
  libboost-math-dev libgsl-dev python3
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
