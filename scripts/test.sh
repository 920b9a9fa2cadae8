#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
# ddx with AddressSanitizer and UndefinedBehaviorSanitizer, for the suite's
# bounded sanitizer run (test sanitize.bounded).
cmake -S "$root" -B "$root/build-asan" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DDDX_SANITIZE=ON -DBUILD_TESTING=OFF -DDDX_BUILD_BENCHMARKS=OFF > /dev/null
cmake --build "$root/build-asan" --target ddx -j "$(nproc)"
cd "$root/build"
ctest --output-on-failure -j "$(nproc)"
