#!/usr/bin/env bash
# run_negative.sh <ddx> <case.cpp> <work dir> <project dir>
# The case names the expected exit status and diagnostic in its header:
#   // EXPECT-EXIT: 1
#   // EXPECT-DIAG: <line>:<col>: <keyword>
#   // EXPECT-NOTE: <line>:<col>: <keyword>     (optional, any number)
# (one line or more) ddx must print "<file>:<line>:<col>: error: ..." containing <keyword>
# (case-insensitive), exit with that status, and write no output file.
set -uo pipefail
ddx=$1 case=$2 work=$3 project=$4
name=$(basename "$case" .cpp)
mkdir -p "$work"
out="$work/$name.ddx.cpp"
rm -f "$out"
expect_exit=$(sed -n 's|^// EXPECT-EXIT: *\([0-9]*\).*|\1|p' "$case" | head -1)
rule_args=()
rules=$(sed -n 's|^// DDX-RULES: *\(.*\)$|\1|p' "$case" | head -1)
rule_flags=()
[[ -n "$rules" ]] && rule_args=(--rules "$project/$rules") && rule_flags=(-I"$project/$rules")
"$ddx" "$case" -o "$out" "${rule_args[@]}" -- -std=c++17 -I"$project/include" -I"$project/rules" -I"$project/test/e2e" "${rule_flags[@]}" \
  > "$work/$name.stdout" 2> "$work/$name.stderr"
status=$?
cat "$work/$name.stderr"
fail=0
if [[ "$status" != "$expect_exit" ]]; then echo "FAIL: exit $status, expected $expect_exit"; fail=1; fi
# Every EXPECT-DIAG (an error) and EXPECT-NOTE line must be matched; a
# location that starts with a file name is in that (library) file.
expect() { # expect <error|note> <loc: keyword>
  local kind=$1 diag=$2 loc keyword where
  loc=${diag%%: *}
  keyword=${diag#*: }
  where="$case:$loc"
  [[ "$loc" =~ ^[0-9] ]] || where="/$loc"
  if ! grep -i -- "$where: $kind: .*$keyword" "$work/$name.stderr" > /dev/null; then
    echo "FAIL: no '$where: $kind: ...$keyword' diagnostic"; fail=1
  fi
}
while IFS= read -r diag; do expect error "$diag"; done \
  < <(sed -n 's|^// EXPECT-DIAG: *\(.*\)$|\1|p' "$case")
while IFS= read -r diag; do expect note "$diag"; done \
  < <(sed -n 's|^// EXPECT-NOTE: *\(.*\)$|\1|p' "$case")
if [[ -e "$out" ]]; then echo "FAIL: an output file was written"; fail=1; fi
if grep -qi "stack dump\|PLEASE submit" "$work/$name.stderr"; then echo "FAIL: crashed"; fail=1; fi
exit $fail
