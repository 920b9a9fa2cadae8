#!/usr/bin/env bash
# Sets up and builds ddx, transforms examples/demo.cpp, compiles the output
# with g++, and runs it: each derivative is printed beside a central
# finite-difference estimate.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
out="$root/build/demo"
mkdir -p "$out"
flags=(-std=c++17 -I"$root/include" -I"$root/rules")
echo "== ddx examples/demo.cpp -o build/demo/demo.ddx.cpp"
"$root/build/tool/ddx" "$root/examples/demo.cpp" -o "$out/demo.ddx.cpp" -- "${flags[@]}"
echo "== g++ -O2 build/demo/demo.ddx.cpp"
g++ "${flags[@]}" -O2 -Wall "$out/demo.ddx.cpp" -o "$out/demo"
echo "== running"
"$out/demo"
