#!/usr/bin/env bash
# run_case.sh <ddx> <case.cpp> <c++ compiler> <work dir> <project dir>
# Transforms one case, compiles the output with -Wall, runs it: the case's
# own numerical checks decide. Also checks the transformation is
# deterministic.
set -euo pipefail
ddx=$1 case=$2 cxx=$3 work=$4 project=$5
name=$(basename "$case" .cpp)
mkdir -p "$work"
out="$work/$name.ddx.cpp"
# A case may ask for a language standard: "// DDX-STD: c++20".
std=$(sed -n 's|^// DDX-STD: *\(.*\)$|\1|p' "$case" | head -1)
flags=(-std="${std:-c++17}" -I"$project/include" -I"$project/rules" -I"$project/test/e2e")
# (Every tape must be empty when the program ends: see tape.hpp.)
cxx_flags=(-DDDX_CHECK_TAPE)
# A case may load user rules: "// DDX-RULES: <dir under the project>".
rule_args=()
rules=$(sed -n 's|^// DDX-RULES: *\(.*\)$|\1|p' "$case" | head -1)
if [[ -n "$rules" ]]; then
  rule_args=(--rules "$project/$rules")
  flags+=(-I"$project/$rules")
fi
# (ddx parses its output again to check that it compiles; the clang++
# variant compiles it with clang++ itself, so it skips that parse.)
verify=()
[[ "$(basename "$cxx")" == g++* ]] || verify=(--no-verify)
"$ddx" "${verify[@]}" "$case" -o "$out" "${rule_args[@]}" -- "${flags[@]}"
# A second run, to another file of the same name, must give identical bytes
# (checked once per case, in the g++ variant).
if [[ "$(basename "$cxx")" == g++* ]]; then
  mkdir -p "$work/again"
  # (The first run checked that the output compiles; this one compares bytes.)
  "$ddx" --no-verify "$case" -o "$work/again/$name.ddx.cpp" "${rule_args[@]}" -- "${flags[@]}"
  sed "s|$work/again/|$work/|" "$work/again/$name.ddx.cpp" | cmp -s "$out" - || {
    echo "output is not deterministic"; exit 1; }
fi
# A case may link libraries: "// DDX-LIBS: -lgsl -lgslcblas".
read -r -a libs <<< "$(sed -n 's|^// DDX-LIBS: *\(.*\)$|\1|p' "$case" | head -1)"
# Higher-order cases: the derivative code must be statically bound.
if [[ "$name" == hof_* ]]; then
  generated=$(awk '/^\/\/ ddx: derivative functions$/{on=1} on' "$out")
  # (A hoisted function-pointer local, `double (*f)(double){};`, is a
  # declaration, not a call.)
  if grep -v -E '^ *[A-Za-z_][A-Za-z_0-9:<>, ]* \(\*[A-Za-z_][A-Za-z_0-9]*\)\([^()]*\)\{\};$' <<< "$generated" |
      grep -n "std::function\|virtual\|(\*[A-Za-z_][A-Za-z_0-9]*) *("; then
    echo "the derivative code is not statically bound (std::function, a virtual call or a function pointer above)"
    exit 1
  fi
fi
"$cxx" "${flags[@]}" -Wall -O1 "${cxx_flags[@]}" "$out" -o "$work/$name" "${libs[@]}" 2> "$work/$name.warnings" || {
  cat "$work/$name.warnings"; exit 1; }
if grep -q "warning:" "$work/$name.warnings"; then
  cat "$work/$name.warnings"; echo "the generated code compiles with warnings"; exit 1
fi
"$work/$name"
