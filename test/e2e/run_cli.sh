#!/usr/bin/env bash
# run_cli.sh <ddx> <work dir> <project dir> <c++ compiler>
# The command-line contract: options, exit statuses, outputs.
set -uo pipefail
ddx=$1 work=$2 project=$3 cxx=$4
rm -rf "$work"; mkdir -p "$work"
fails=0 passes=0
check() { # check <description> <command...>: the command must succeed
  local what=$1; shift
  if "$@"; then passes=$((passes + 1)); else echo "FAIL: $what"; fails=$((fails + 1)); fi
}
status() { "$@" > "$work/out.txt" 2> "$work/err.txt"; echo $?; }
flags=(-std=c++17 -I"$project/include" -I"$project/rules")

cat > "$work/model.cpp" <<'CPP'
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
double f(double x) { return std::sin(x) * x; }
int main() {
  auto [y, dx] = ddx::gradient(f, ddx::active(0.5));
  std::printf("%.15f\n", dx);
  return std::fabs(dx - (std::cos(0.5) * 0.5 + std::sin(0.5))) < 1e-14 ? 0 : 1;
}
CPP
cp "$work/model.cpp" "$work/model.orig"

check "--version exits 0 and names ddx" bash -c "'$ddx' --version | grep -q 'ddx '"
check "--help exits 0 and shows usage" bash -c "'$ddx' --help | grep -q -- '--out-dir'"
check "an unknown option exits 2" test "$(status "$ddx" --no-such-option "$work/model.cpp")" = 2
check "no input exits 2" test "$(status "$ddx")" = 2
check "a missing input exits 2" test "$(status "$ddx" "$work/missing.cpp" -o "$work/x.cpp")" = 2
check "the missing input is named" grep -q "missing.cpp" "$work/err.txt"
check "-o with two inputs exits 2" test "$(status "$ddx" "$work/model.cpp" "$work/model.cpp" -o "$work/x.cpp")" = 2

check "a valid input exits 0" test "$(status "$ddx" "$work/model.cpp" -o "$work/model.ddx.cpp" -- "${flags[@]}")" = 0
check "the input is not modified" cmp -s "$work/model.cpp" "$work/model.orig"
check "the output compiles" "$cxx" "${flags[@]}" -Wall -Werror "$work/model.ddx.cpp" -o "$work/model"
check "the output runs correctly" "$work/model"
check "the output has #line directives" grep -q '^#line 1 ' "$work/model.ddx.cpp"
# #line names the input as given on the command line.
(cd "$work" && "$ddx" model.cpp -o rel.ddx.cpp -- "${flags[@]}")
check "#line uses the path as given" grep -q '^#line 1 "model.cpp"' "$work/rel.ddx.cpp"
# Compiler messages about user code point into the user's file.
sed 's|return std::fabs|int unused_marker = 0; return std::fabs|' "$work/model.cpp" > "$work/warn.cpp"
"$ddx" "$work/warn.cpp" -o "$work/warn.ddx.cpp" -- "${flags[@]}"
"$cxx" "${flags[@]}" -Wall -fsyntax-only "$work/warn.ddx.cpp" 2> "$work/warn.txt"
check "messages map to the user's file" grep -q "warn.cpp:8:.*unused_marker" "$work/warn.txt"
check "no temporary file is left behind" test -z "$(ls "$work" | grep tmp-)"

# --report: a JSON account, also when the transformation fails.
check "--report exits 0" test "$(status "$ddx" "$work/model.cpp" -o "$work/rep.cpp" --report "$work/rep.json" -- "${flags[@]}")" = 0
check "the report names the generated gradient" grep -q '"name": "ddx_generated::f_grad' "$work/rep.json"
check "the report says the mode" grep -q '"mode": "gradient"' "$work/rep.json"
check "the report names the output" grep -q "\"output\": \"$work/rep.cpp\"" "$work/rep.json"

# Output to stdout when neither -o nor --out-dir is given.
check "stdout output" bash -c "'$ddx' '$work/model.cpp' -- ${flags[*]} | grep -q ddx_generated"

# --out-dir with several inputs.
mkdir -p "$work/src"; cp "$work/model.cpp" "$work/src/a.cpp"; cp "$work/model.cpp" "$work/src/b.cpp"
check "--out-dir exits 0" test "$(status "$ddx" "$work/src/a.cpp" "$work/src/b.cpp" --out-dir "$work/gen" --source-root "$work" -- "${flags[@]}")" = 0
check "--out-dir mirrors the paths under the source root" test -s "$work/gen/src/a.cpp" -a -s "$work/gen/src/b.cpp"
check "not on a terminal, nothing but diagnostics on stderr" test ! -s "$work/err.txt"
# On a terminal (a pseudo-terminal from script(1)): a progress line and a summary.
script -qec "'$ddx' '$work/src/a.cpp' '$work/src/b.cpp' --out-dir '$work/gentty' --source-root '$work' -j 2 -- ${flags[*]}" /dev/null > "$work/tty.txt" 2>&1
check "on a terminal, a progress line" grep -q "\[2/2\] $work/src/" "$work/tty.txt"
check "on a terminal, a summary" grep -q "ddx: 2 files: 2 transformed, 0 passed through, 0 failed" "$work/tty.txt"
# By default the source root is the current directory.
check "--out-dir mirrors paths under the current directory" bash -c "cd '$work' && '$ddx' src/a.cpp --out-dir gen2 -- ${flags[*]} && test -s gen2/src/a.cpp"
# A source outside the root keeps its whole path under the output directory.
check "--out-dir keeps the whole path of a source outside the root" bash -c "cd '$work/gen' && '$ddx' '$work/src/a.cpp' --out-dir '$work/gen3' -- ${flags[*]} && test -s '$work/gen3$work/src/a.cpp'"

# -MD -MF: a Makefile-syntax depfile of every file read.
check "-MD -MF exits 0" test "$(status "$ddx" "$work/src/a.cpp" -o "$work/dep.cpp" -MD -MF "$work/dep.d" -- "${flags[@]}")" = 0
check "the depfile's target is the output" grep -q "^$work/dep.cpp:" "$work/dep.d"
check "the depfile lists the source" grep -q "^  $work/src/a.cpp" "$work/dep.d"
check "the depfile lists ddx's header" grep -q "include/ddx/ddx.hpp" "$work/dep.d"
check "the depfile lists the rules read" grep -q "rules/ddx/rules/cmath.hpp" "$work/dep.d"
check "the depfile lists system headers" grep -q "/cmath" "$work/dep.d"
check "make reads the depfile" bash -c "printf 'include $work/dep.d\nall: $work/dep.cpp\n' > '$work/dep.mk' && make -s -q -f '$work/dep.mk' all"
check "-MD alone writes <output>.d" bash -c "'$ddx' '$work/src/a.cpp' '$work/src/b.cpp' --out-dir '$work/gen4' --source-root '$work/src' -MD -- ${flags[*]} && test -s '$work/gen4/a.cpp.d' -a -s '$work/gen4/b.cpp.d'"
check "-MF with several inputs is a usage error (exit 2)" test "$(status "$ddx" "$work/src/a.cpp" "$work/src/b.cpp" --out-dir "$work/gen5" -MD -MF "$work/x.d" -- "${flags[@]}")" = 2
check "-MD to stdout without -MF is a usage error (exit 2)" test "$(status "$ddx" "$work/src/a.cpp" -MD -- "${flags[@]}")" = 2
check "-j 0 is a usage error (exit 2)" test "$(status "$ddx" "$work/src/a.cpp" -j 0 -o "$work/j0.cpp" -- "${flags[@]}")" = 2
check "--all without -p is a usage error (exit 2)" test "$(status "$ddx" --all --out-dir "$work/gen6")" = 2
# A file that never mentions ddx is passed through without a parse.
printf 'int plain() { return 1; }\n' > "$work/src/plain.cpp"
check "a file without requests is passed through" bash -c "'$ddx' '$work/src/plain.cpp' -o '$work/plain.out.cpp' -- ${flags[*]} && cmp -s '$work/src/plain.cpp' '$work/plain.out.cpp'"

# -p reads compile_commands.json.
mkdir -p "$work/db"
cat > "$work/db/compile_commands.json" <<JSON
[{"directory": "$work", "file": "$work/model.cpp",
  "command": "g++ -std=c++17 -I$project/include -I$project/rules -c $work/model.cpp -o model.o"}]
JSON
check "-p exits 0" test "$(status "$ddx" -p "$work/db" "$work/model.cpp" -o "$work/fromdb.cpp")" = 0
check "-p output compiles and runs" bash -c "'$cxx' ${flags[*]} '$work/fromdb.cpp' -o '$work/fromdb' && '$work/fromdb'"
check "--all without --out-dir is a usage error (exit 2)" test "$(status "$ddx" -p "$work/db" --all)" = 2
check "--all says why" grep -q -- "--all writes one output per file" "$work/err.txt"
check "--all with --out-dir transforms the database's files" bash -c "'$ddx' -p '$work/db' --all --out-dir '$work/alldb' --source-root '$work' && test -s '$work/alldb/model.cpp'"
echo '[{"directory": "' > "$work/db/bad.json"
mkdir -p "$work/baddb"; echo '[{"directory": ' > "$work/baddb/compile_commands.json"
check "-p with malformed JSON exits 2" test "$(status "$ddx" -p "$work/baddb" "$work/model.cpp" -o "$work/x.cpp")" = 2
check "malformed JSON is reported" grep -q "compile_commands.json" "$work/err.txt"
check "-p with a missing database exits 2" test "$(status "$ddx" -p "$work/nodb" "$work/model.cpp" -o "$work/x.cpp")" = 2

# An error leaves an existing output untouched and writes nothing new.
cat > "$work/bad.cpp" <<'CPP'
#include <ddx/ddx.hpp>
double g(double x) { if (x > 0) goto out; x = x * x; out: return x; }
int main() { auto [y, d] = ddx::gradient(g, ddx::active(1.0)); return y > d; }
CPP
echo "previous" > "$work/bad.out"
check "an error exits 1" test "$(status "$ddx" "$work/bad.cpp" -o "$work/bad.out" -- "${flags[@]}")" = 1
check "an error leaves the old output" grep -qx previous "$work/bad.out"
"$ddx" "$work/bad.cpp" -o "$work/bad2.out" --report "$work/bad.json" -- "${flags[@]}" 2> /dev/null
check "the report of a failure holds its diagnostic" grep -q '"message": "ddx cannot differentiate a goto' "$work/bad.json"
check "the report of a failure has no output" grep -q '"output": null' "$work/bad.json"
check "the error is located" grep -q "bad.cpp:2:33: error:" "$work/err.txt"

# An active value passed to an option: a located warning, exit 0.
"$ddx" "$project/test/e2e/cases/hof_options.cpp" -o "$work/opt.cpp" -- "${flags[@]}" -I"$project/test/e2e" 2> "$work/opt.txt"
check "an active option argument is a warning, not an error" test -s "$work/opt.cpp"
check "the option warning is located" grep -q "hof_options.cpp:35:65: warning: an active value is passed to option 'tol'" "$work/opt.txt"
check "a default option is folded into the clone" grep -q "n = 1e-10 < 1e-8" "$work/opt.cpp"
check "a constant request option is folded into the entry" grep -q "option 'tol' folded to 0.001" "$work/opt.cpp"

# The issue's example with a tolerance computed from the active value: the
# warning names Boost's option, at the argument.
"$ddx" "$project/test/e2e/cases/hof_issue_example.cpp" -o "$work/issue.cpp" -- "${flags[@]}" -I"$project/test/e2e" 2> "$work/issue.txt"
check "an active tolerance reaching a rule's option is a located warning" grep -q "hof_issue_example.cpp:20:64: warning: an active value is passed to option 'tol' of 'boost::math::quadrature::gauss_kronrod<double, 15>::integrate'" "$work/issue.txt"
check "the warning does not stop the output" test -s "$work/issue.cpp"
"$ddx" "$project/test/e2e/cases/hof_issue_example.cpp" -o "$work/issue.cpp" --report "$work/issue.json" -- "${flags[@]}" -I"$project/test/e2e" 2> /dev/null
check "the report lists rule dispatches with their signature" grep -q '"signature": "::ddx::rules::boost::math::quadrature::gauss_kronrod<double, 15U>::integrate_pullback(::ddx_generated::lambda_L' "$work/issue.json"
check "the report says what became of each option" grep -q '"max_depth": "folded: 10"' "$work/issue.json"
check "the report lists an active option as detached" grep -q '"tol": "detached: an active value"' "$work/issue.json"
check "the report lists the generated callable objects" grep -q '"callable_objects"' "$work/issue.json"

# A library function without a rule: ddx says so, not only what failed in
# the library's source.
cat > "$work/norule.cpp" <<'CPP'
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/trapezoidal.hpp>
#include <cmath>
double model(double k) {
  return boost::math::quadrature::trapezoidal(
      [k](double x) { return std::exp(-k * x); }, 0.0, 1.0);
}
int main() { auto [v, dk] = ddx::gradient(model, ddx::active(1.0)); return v > dk; }
CPP
check "a library function without a rule fails (exit 1)" test "$(status "$ddx" "$work/norule.cpp" -o "$work/norule.ddx.cpp" -- "${flags[@]}")" -eq 1
check "the missing rule is named" grep -q "norule.cpp:5:10: note: 'boost::math::quadrature::trapezoidal' has no derivative rule" "$work/err.txt"

# Several sources in one run: each is parsed with the rules appended (a
# path kept by reference once made every source but the last lose them).
mkdir -p "$work/two"
cp "$project/test/e2e/cases/hof_issue_example.cpp" "$work/two/first.cpp"
cp "$project/test/e2e/cases/hof_issue_example.cpp" "$work/two/second.cpp"
"$ddx" "$work/two/first.cpp" "$work/two/second.cpp" --out-dir "$work/two/out" --source-root "$work/two" -- "${flags[@]}" -I"$project/test/e2e" > /dev/null 2>&1
check "every source of a run sees the rules (first)" grep -q "integrate_pushforward" "$work/two/out/first.cpp"
check "every source of a run sees the rules (second)" grep -q "integrate_pushforward" "$work/two/out/second.cpp"

# --rules must name a directory.
check "--rules with a missing directory is a usage error (exit 2)" test "$(status "$ddx" "$project/test/e2e/cases/hof_user_rule.cpp" --rules "$work/no-such-dir" -o "$work/norules.cpp" -- "${flags[@]}")" -eq 2
check "--rules names the directory" grep -q "no-such-dir' (--rules) is not a directory" "$work/err.txt"
check "--rules with a missing directory writes nothing" test ! -e "$work/norules.cpp"

# Untransformed code that uses a request does not build, naming ddx.
check "untransformed code fails to build" bash -c "! '$cxx' ${flags[*]} -fsyntax-only '$work/model.cpp' 2> '$work/untransformed.txt'"
check "the build error names ddx" grep -q "ddx" "$work/untransformed.txt"
# The header alone type-checks.
check "the header type-checks alone" bash -c "echo '#include <ddx/ddx.hpp>' | '$cxx' ${flags[*]} -x c++ -fsyntax-only -"

echo "$passes passed, $fails failed"
test "$fails" = 0
