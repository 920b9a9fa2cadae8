#!/usr/bin/env bash
# sanitize.sh [--no-build] [<mutant dir>...]
# Builds ddx with AddressSanitizer + UndefinedBehaviorSanitizer in build-asan
# (Ninja, RelWithDebInfo, -DDDX_SANITIZE=ON, only the ddx target), then runs
# it over every file in test/e2e/cases and test/e2e/negative, and over every
# *.cpp under each <mutant dir> (e.g. a mutate.py results folder; files named
# *.ddx.cpp, ddx's outputs, are skipped). Reports each input whose stderr
# contains "ERROR: AddressSanitizer" or "runtime error:"; exit status 1 if any.
#
# Environment: BUILD_JOBS (default 2) for the build, JOBS (default 1) inputs
# run at a time, TIMEOUT (seconds per input, default 300), RESULTS (default a
# new /tmp/ddx-asan-XXXXXX), BUILD_DIR (default <project>/build-asan),
# SAMPLE (default 1: every e2e case; k: every k-th, and all negative cases).
# Exit status 77 (a skip, for CTest) with --no-build when the build is
# missing.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../.." && pwd)
build=${BUILD_DIR:-$project/build-asan}
build_jobs=${BUILD_JOBS:-2}
jobs=${JOBS:-1}
timeout_s=${TIMEOUT:-300}
sample=${SAMPLE:-1}

do_build=1
if [[ "${1:-}" == "--no-build" ]]; then do_build=0; shift; fi
extra_dirs=("$@")

if (( do_build )); then
  echo "== configuring and building $build (ddx only, -j$build_jobs)"
  mkdir -p "$build"
  nice -n 19 cmake -S "$project" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDDX_SANITIZE=ON \
    -DBUILD_TESTING=OFF -DDDX_BUILD_BENCHMARKS=OFF > "$build/configure.log" 2>&1 || {
    cat "$build/configure.log"; echo "sanitize.sh: configure failed"; exit 2; }
  nice -n 19 cmake --build "$build" --target ddx -j "$build_jobs" || {
    echo "sanitize.sh: build failed"; exit 2; }
fi
ddx=$build/tool/ddx
[[ -x "$ddx" ]] || { echo "sanitize.sh: no $ddx (run without --no-build, or scripts/test.sh)"; exit 77; }

results=${RESULTS:-$(mktemp -d /tmp/ddx-asan-XXXXXX)}
mkdir -p "$results"
export ASAN_OPTIONS=detect_leaks=0
export UBSAN_OPTIONS=print_stacktrace=1

inputs=()
k=0
for f in "$project"/test/e2e/cases/*.cpp; do
  k=$((k + 1))
  (( (k - 1) % sample == 0 )) && inputs+=("$f")
done
for f in "$project"/test/e2e/negative/*.cpp; do inputs+=("$f"); done
for d in "${extra_dirs[@]}"; do
  while IFS= read -r -d '' f; do inputs+=("$f"); done \
    < <(find "$d" -name '*.cpp' ! -name '*.ddx.cpp' -print0 | sort -z)
done
echo "== $ddx over ${#inputs[@]} inputs (results in $results)"

# run_one <index> <input>: writes <results>/<index>.{stderr,status,input}
run_one() {
  local i=$1 f=$2 dir rules
  dir=$(dirname "$f")
  local flags=(-std=c++17 -I"$project/include" -I"$project/rules" -I"$project/test/e2e" -iquote "$dir")
  local rule_args=()
  rules=$(sed -n 's|^// DDX-RULES: *\(.*\)$|\1|p' "$f" 2>/dev/null | head -1 | tr -d '\r')
  if [[ -n "$rules" && -d "$project/$rules" ]]; then
    rule_args=(--rules "$project/$rules"); flags+=(-I"$project/$rules")
  fi
  printf '%s\n' "$f" > "$results/$i.input"
  timeout -s KILL "$timeout_s" "$ddx" "$f" -o "$results/$i.ddx.cpp" "${rule_args[@]}" -- "${flags[@]}" \
    > /dev/null 2> "$results/$i.stderr"
  echo $? > "$results/$i.status"
}

i=0
for f in "${inputs[@]}"; do
  i=$((i + 1))
  while (( $(jobs -rp | wc -l) >= jobs )); do wait -n; done
  run_one "$i" "$f" &
done
wait

found=0 other=0
declare -A by_status=()
for ((k = 1; k <= i; k++)); do
  f=$(cat "$results/$k.input")
  st=$(cat "$results/$k.status")
  by_status[$st]=$(( ${by_status[$st]:-0} + 1 ))
  if grep -q "ERROR: AddressSanitizer\|runtime error:" "$results/$k.stderr"; then
    found=$((found + 1))
    echo "-- SANITIZER: $f (exit $st, stderr $results/$k.stderr)"
    grep -m1 -A12 "ERROR: AddressSanitizer\|runtime error:" "$results/$k.stderr" | sed 's/^/   /'
  elif [[ "$st" != 0 && "$st" != 1 && "$st" != 2 ]]; then
    other=$((other + 1))
    echo "-- exit $st (no sanitizer report): $f (stderr $results/$k.stderr)"
    grep -m3 "error\|Stack dump\|PLEASE" "$results/$k.stderr" | sed 's/^/   /'
  fi
done
printf '== %d inputs; exit statuses:' "$i"
for st in "${!by_status[@]}"; do printf ' %s:%d' "$st" "${by_status[$st]}"; done
printf '\n== sanitizer reports: %d; other exits (not 0/1/2): %d\n' "$found" "$other"
(( found == 0 ))
