#!/usr/bin/env python3
"""Reduce a failing difftest program while it keeps its failure class.

  reduce.py prog.cpp [--ddx PATH] [--class CLASS] [--match REGEX] [-o out.cpp]

The class (wrong, primal-wrong, not-compiling, crash, hang, run-crash,
refused, ...) is computed from the input when not given; --match also
requires REGEX to occur in the class detail (the first error message, or the
FAIL lines). Only the model code (the lines before the generated harness
marker) is reduced. A candidate counts only if the untransformed program is
still well-formed: it must compile (with -DDDX_TRANSFORMING) at -O1 with
-Werror=return-type -Werror=uninitialized -Werror=maybe-uninitialized, so
that deleting an initialisation or a return cannot turn the program into
undefined behaviour.

Passes, repeated until nothing changes:
  1. delete whole brace blocks (a line ending in '{' to its closing line),
     and unwrap them (keep the body, drop the header and the closing line);
  2. delete chunks of lines (ddmin-like: halves, quarters, ..., single lines);
  3. simplify expressions on each line: replace a call or a parenthesised
     group by one of its arguments or by a literal.
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402

MARKER = "// ---- harness"


class Reducer:
    def __init__(self, args):
        self.args = args
        ns = argparse.Namespace(ddx=args.ddx, include=args.include, rules=args.rules,
                                project=os.path.dirname(os.path.dirname(HERE)), cxx=args.cxx,
                                timeout=args.timeout, results=None, keep_ok=False,
                                verify=False, no_pch=True)
        self.cfg = run.Config(ns)
        self.tmp = tempfile.mkdtemp(prefix="ddx-reduce-")
        self.tests = 0
        self.want = args.klass
        self.match = re.compile(args.match) if args.match else None
        self.cache = {}

    def well_formed(self, text, work):
        src = os.path.join(work, "wf.cpp")
        os.makedirs(work, exist_ok=True)
        with open(src, "w") as fh:
            fh.write(text)
        st, _, _ = run.run_cmd([self.cfg.cxx, "-O1", "-c", "-o", os.devnull, "-DDDX_TRANSFORMING",
                                "-Werror=return-type", "-Werror=uninitialized",
                                "-Werror=maybe-uninitialized"] + self.cfg.flags + [src],
                               self.cfg.timeout)
        return st == 0

    def classify(self, text):
        work = os.path.join(self.tmp, "t%d" % self.tests)
        self.tests += 1
        try:
            res = run.check_program(self.cfg, text, work)
            return res
        finally:
            shutil.rmtree(work, ignore_errors=True)

    # ----------------------------------------------------------------- passes
    def block_pass(self, model):
        changed = True
        any_change = False
        while changed:
            changed = False
            i = 0
            while i < len(model):
                line = model[i]
                if line.rstrip().endswith("{") and not line.startswith("template") and "operator()" not in line:
                    j = self.match_close(model, i)
                    if j is not None:
                        for cand in (model[:i] + model[j + 1:],
                                     model[:i] + model[i + 1:j] + model[j + 1:]):
                            if self.interesting(cand):
                                model = cand
                                changed = any_change = True
                                break
                        else:
                            i += 1
                        continue
                i += 1
        return model, any_change

    @staticmethod
    def match_close(model, i):
        depth = 0
        for j in range(i, len(model)):
            s = model[j]
            depth += s.count("{") - s.count("}")
            if depth <= 0 and j > i:
                return j
            if depth <= 0 and j == i:
                return None
        return None

    def chunk_pass(self, model):
        any_change = False
        n = max(1, len(model) // 2)
        while n >= 1:
            i = 0
            while i < len(model):
                cand = model[:i] + model[i + n:]
                if cand and self.interesting(cand):
                    model = cand
                    any_change = True
                else:
                    i += n
            n //= 2
        return model, any_change

    @staticmethod
    def groups(line):
        """(start, end, inner args, is_call) of every balanced (...) group."""
        out = []
        stack = []
        for k, ch in enumerate(line):
            if ch == "(":
                stack.append(k)
            elif ch == ")" and stack:
                a = stack.pop()
                s = a
                is_call = a > 0 and (line[a - 1].isalnum() or line[a - 1] in "_:")
                if is_call:
                    while s > 0 and (line[s - 1].isalnum() or line[s - 1] in "_:"):
                        s -= 1
                inner = line[a + 1:k]
                # split top-level arguments
                args, depth, cur = [], 0, ""
                for ch2 in inner:
                    if ch2 in "([{":
                        depth += 1
                    elif ch2 in ")]}":
                        depth -= 1
                    if ch2 == "," and depth == 0:
                        args.append(cur.strip())
                        cur = ""
                    else:
                        cur += ch2
                args.append(cur.strip())
                out.append((s, k + 1, args, is_call))
        out.sort(key=lambda g: g[0] - g[1])  # largest first
        return out

    def expr_pass(self, model):
        any_change = False
        for idx in range(len(model)):
            tried = set()
            progress = True
            while progress:
                progress = False
                line = model[idx]
                for s, e, args, is_call in self.groups(line):
                    head = line[s:e]
                    if is_call and re.match(r"^(if|for|while|switch|return)\b", head):
                        continue
                    if not is_call and s > 0 and line[:s].rstrip().endswith(("if", "for", "while")):
                        continue
                    reps = [a for a in args if a] + ["0.5", "x0"]
                    if not is_call and len(args) == 1:
                        reps = [args[0]] + reps[1:]
                    for rep in reps:
                        if rep == head:
                            continue
                        if s > 0 and line[s - 1] in "+-" and rep[:1] in "+-":
                            rep = "(" + rep + ")"  # keep '- -x' from becoming '--x'
                        new = line[:s] + rep + line[e:]
                        if (idx, new) in tried:
                            continue
                        tried.add((idx, new))
                        cand = model[:idx] + [new] + model[idx + 1:]
                        if self.interesting(cand):
                            model = cand
                            any_change = progress = True
                            break
                    if progress:
                        break
        return model, any_change

    def reduce(self, text):
        lines = text.rstrip("\n").split("\n")
        cut = next((k for k, l in enumerate(lines) if l.startswith(MARKER)), len(lines))
        # The includes stay: they are not model code.
        first = next((k for k, l in enumerate(lines) if not l.startswith(("#", "//")) and l.strip()), 0)
        self.prefix = lines[:first]
        model = lines[first:cut]
        self.harness = lines[cut:]
        if self.want is None:
            res = self.classify(text)
            self.want = res["class"]
            print("class: %s (%s)" % (self.want, res.get("detail", "")[:200]), flush=True)
        if not self.interesting(model):
            sys.exit("the input is not interesting (class %s%s) or not well-formed" %
                     (self.want, ", match " + self.args.match if self.args.match else ""))
        changed = True
        while changed:
            changed = False
            for p in (self.block_pass, self.chunk_pass):
                model, c = p(model)
                changed = changed or c
            if not changed and not self.args.no_expr:
                model, c = self.expr_pass(model)
                changed = c
            model = [l for l in model if l.strip()]
            print("  %d model lines after %d tests" % (len(model), self.tests), flush=True)
        return "\n".join(self.prefix + model + self.harness) + "\n"

    def interesting(self, model):
        text = "\n".join(self.prefix + model + self.harness) + "\n"
        if text in self.cache:
            return self.cache[text]
        ok = False
        if self.well_formed(text, os.path.join(self.tmp, "wf")):
            res = self.classify(text)
            ok = res["class"] == self.want and (self.match is None or bool(self.match.search(res.get("detail", ""))))
        self.cache[text] = ok
        return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program")
    ap.add_argument("--ddx", default="/work/main/build/tool/ddx")
    ap.add_argument("--include")
    ap.add_argument("--rules")
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--class", dest="klass", help="failure class to keep (default: the input's)")
    ap.add_argument("--match", help="regex that the class detail must keep matching")
    ap.add_argument("--no-expr", action="store_true", help="skip the expression simplification pass")
    ap.add_argument("-o", "--output", help="reduced program (default: <program>.reduced.cpp)")
    args = ap.parse_args()
    r = Reducer(args)
    try:
        with open(args.program) as fh:
            text = fh.read()
        out = r.reduce(text)
    finally:
        shutil.rmtree(r.tmp, ignore_errors=True)
    dest = args.output or re.sub(r"\.cpp$", "", args.program) + ".reduced.cpp"
    with open(dest, "w") as fh:
        fh.write(out)
    print("%d tests; reduced program: %s" % (r.tests, dest))


if __name__ == "__main__":
    main()
