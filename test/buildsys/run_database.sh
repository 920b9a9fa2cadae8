#!/usr/bin/env bash
# run_database.sh <ddx> <work dir> <project dir> <c++ compiler>
# ddx over a generated compile_commands.json of 24 translation units, each
# with its own flags: 16 hold requests, 8 do not (passed through). A -j 2
# run must give byte-identical outputs, depfiles and report to a -j 1 run;
# a sample of the outputs is compiled and run (each checks its derivative).
# The runs use relative paths from the work directory while the commands
# name a build directory and a relative -I: each parse resolves them in
# its own command's directory, whatever the other threads do.
set -euo pipefail
ddx=$1 work=$2 project=$3 cxx=$4
rm -rf "$work"; mkdir -p "$work/src/requests" "$work/src/plain" "$work/build" "$work/inc"
echo '#define UNIT_OFFSET 0.25' > "$work/inc/unit_config.hpp"
entries=()
for i in $(seq 1 16); do
  f="$work/src/requests/unit$i.cpp"
  cat > "$f" <<CPP
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include "unit_config.hpp"
// Unit $i: its scale comes from its own -D flag.
double f$i(double x) {
  double s = UNIT_OFFSET * x;
  for (int k = 1; k <= UNIT_TERMS; ++k)
    s += std::sin(k * x) / k * UNIT_SCALE;
  return s;
}
int main() {
  auto [y, dx] = ddx::gradient(f$i, ddx::active(0.3));
  double h = 1e-6, fd = (f$i(0.3 + h) - f$i(0.3 - h)) / (2 * h);
  std::printf("unit $i: %.12f %.12f\n", dx, fd);
  return std::fabs(dx - fd) < 1e-6 ? 0 : 1;
}
CPP
  entries+=("{\"directory\": \"$work/build\", \"file\": \"$f\", \"command\": \"$cxx -std=c++17 -DUNIT_SCALE=$i.5 -DUNIT_TERMS=$((i % 5 + 1)) -I$project/include -I$project/rules -I../inc -c $f -o unit$i.o\"}")
done
for i in $(seq 1 8); do
  f="$work/src/plain/plain$i.cpp"
  printf '// no requests here\nint plain%d(int n) { return n * %d; }\n' "$i" "$i" > "$f"
  entries+=("{\"directory\": \"$work/build\", \"file\": \"$f\", \"command\": \"$cxx -std=c++17 -c $f -o plain$i.o\"}")
done
{ echo "["; (IFS=$',\n'; echo "${entries[*]}"); echo "]"; } > "$work/build/compile_commands.json"

run() { # run <jobs> <copy to>
  rm -rf "$work/out" "$work/report.json"
  (cd "$work" && "$ddx" -p build --all -j "$1" --out-dir out --source-root src \
    -MD --report report.json 2> "stderr.$1")
  cp -r "$work/out" "$2"; cp "$work/report.json" "$2/report.json"
}
run 1 "$work/j1"
run 2 "$work/j2"
test "$(find "$work/j1" -name '*.cpp' | wc -l)" -eq 24 || { echo "expected 24 outputs"; exit 1; }
test "$(find "$work/j1" -name '*.cpp.d' | wc -l)" -eq 24 || { echo "expected 24 depfiles"; exit 1; }
diff -r "$work/j1" "$work/j2" || { echo "-j 2 differs from -j 1"; exit 1; }
# Not on a terminal: no progress line and no summary.
test ! -s "$work/stderr.1" -a ! -s "$work/stderr.2" || { cat "$work/stderr.2"; echo "stderr is not clean"; exit 1; }
# Files without requests are passed through unchanged.
for i in $(seq 1 8); do cmp -s "$work/src/plain/plain$i.cpp" "$work/j1/plain/plain$i.cpp"; done
grep -q '"passed_through": true' "$work/j1/report.json"
# A sample of the transformed units compiles and checks its derivative.
for i in 1 7 16; do
  "$cxx" -std=c++17 -DUNIT_SCALE=$i.5 -DUNIT_TERMS=$((i % 5 + 1)) -I"$project/include" -I"$project/rules" -I"$work/inc" \
    "$work/out/requests/unit$i.cpp" -o "$work/unit$i"
  "$work/unit$i"
done
echo "24 units: -j 2 output identical to -j 1"
