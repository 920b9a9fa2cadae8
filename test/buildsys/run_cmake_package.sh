#!/usr/bin/env bash
# run_cmake_package.sh <ddx build dir> <work dir> <project dir>
# Installs ddx into a temporary prefix with `cmake --install`, then builds
# examples/cmake-project against it (find_package(ddx) and
# ddx_target_sources) with Ninja and with Makefiles; the built program
# checks its derivatives against finite differences. Touching a header the
# differentiated source includes must re-run ddx; touching an unrelated
# source must not.
set -euo pipefail
build=$1 work=$2 project=$3
rm -rf "$work"; mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" > "$work/install.log"

# The installed ddx uses its own headers, rules and Clang headers.
dirs=$("$prefix/bin/ddx" --print-support-dirs)
echo "$dirs"
while read -r _ dir; do
  [[ "$dir" == "$prefix"/* ]] || { echo "not under the prefix: $dir"; exit 1; }
done <<< "$dirs"

for generator in Ninja "Unix Makefiles"; do
  tag=${generator// /-}
  src="$work/src-$tag" out="$work/build-$tag"
  cp -r "$project/examples/cmake-project" "$src"
  cmake -S "$src" -B "$out" -G "$generator" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_BUILD_TYPE=Release > "$out.configure.log"
  cmake --build "$out" > "$out.build1.log"
  grep -q "ddx: differentiating src/main.cpp" "$out.build1.log" || {
    cat "$out.build1.log"; echo "$generator: ddx did not run"; exit 1; }
  "$out/decay"
  grep -q "$prefix/bin/ddx" "$out"/CMakeFiles/*.dir/build.make "$out/build.ninja" 2> /dev/null || {
    echo "$generator: the build does not use the installed ddx"; exit 1; }

  # Nothing changed: nothing runs.
  cmake --build "$out" > "$out.build2.log"
  if grep -q "ddx: differentiating" "$out.build2.log"; then
    cat "$out.build2.log"; echo "$generator: ddx re-ran with nothing changed"; exit 1
  fi
  # An unrelated source: compiled again, ddx not run.
  sleep 1; touch "$src/src/report.cpp"
  cmake --build "$out" > "$out.build3.log"
  if grep -q "ddx: differentiating" "$out.build3.log"; then
    cat "$out.build3.log"; echo "$generator: touching report.cpp re-ran ddx"; exit 1
  fi
  # A header the differentiated source includes: ddx runs again.
  sleep 1; touch "$src/include/model/model.hpp"
  cmake --build "$out" > "$out.build4.log"
  grep -q "ddx: differentiating src/main.cpp" "$out.build4.log" || {
    cat "$out.build4.log"; echo "$generator: touching model.hpp did not re-run ddx"; exit 1; }
  # A rule the transformation read: ddx runs again.
  sleep 1; touch "$prefix/share/ddx/rules/ddx/rules/boost/math/quadrature/gauss_kronrod.hpp"
  cmake --build "$out" > "$out.build5.log"
  grep -q "ddx: differentiating src/main.cpp" "$out.build5.log" || {
    cat "$out.build5.log"; echo "$generator: touching a rule did not re-run ddx"; exit 1; }
  "$out/decay"
  echo "$generator: ok"
done
