#!/usr/bin/env python3
"""Random differential testing of ddx.

For each seed: generate a program (gen.py), transform it with ddx, compile the
output with g++, run it; the program compares ddx's derivatives with finite
differences. Each program gets one class:

  ok             everything agreed
  refused        ddx exit 1 with a diagnostic (acceptable; message recorded)
  crash          ddx died on a signal or exited with a status other than 0/1/2
  hang           a step (ddx, g++ or the program) exceeded the timeout
  not-compiling  ddx exit 0 but g++ rejects its output
  wrong          a derivative differs from the finite difference
  primal-wrong   a value returned by a ddx request differs from f(x)
  run-crash      the compiled program died on a signal / unexpected status
  usage          ddx exit 2 (bad usage: a harness problem)
  invalid        not a usable test: the generated program is not valid C++
                 (g++ -fsyntax-only -DDDX_TRANSFORMING fails), or f is not
                 finite or not smooth at the test point (generator's fault)

Failures (crash, hang, not-compiling, wrong, primal-wrong, run-crash, usage)
make the exit status 1. Each non-ok program is kept in
<results>/<class>/seed_<N>/ with every output; summary.txt and summary.json
are written to <results>.

Usage: run.py [--count N] [--start-seed S] [--jobs J] [--ddx PATH]
              [--results DIR] [--timeout SEC] [--verify] [--no-pch]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

FAILURES = ("crash", "hang", "not-compiling", "wrong", "primal-wrong", "run-crash", "usage")
ORDER = ("ok", "refused", "invalid") + FAILURES


def run_cmd(cmd, timeout, cwd=None):
    """Run cmd in its own process group. Returns (status, stdout, stderr),
    status None on timeout (the whole group is killed)."""
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return None, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def support_dirs(ddx):
    """include and rules directories that belong to this ddx binary."""
    status, out, _ = run_cmd([ddx, "--print-support-dirs"], 30)
    dirs = {}
    if status == 0:
        for line in out.splitlines():
            parts = line.split(None, 1)
            if len(parts) == 2:
                dirs[parts[0]] = parts[1].strip()
    return dirs.get("include"), dirs.get("rules")


def first_error(text, with_source=False):
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if "error:" in line:
            msg = re.sub(r"^/\S*/(prog[.\w]*:)", r"\1", line.strip())
            if with_source and n + 1 < len(lines) and "|" in lines[n + 1]:
                msg += "  <<" + lines[n + 1].split("|", 1)[1].strip() + ">>"
            return msg
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else ""


def normalise(msg):
    """A refusal message without location and names, for counting kinds."""
    msg = re.sub(r"^.*?error:\s*", "", msg)
    msg = re.sub(r"'[^']*'", "'_'", msg)
    msg = re.sub(r"‘[^’]*’", "'_'", msg)
    msg = re.sub(r"\b[A-Za-z_]*\d+\b", "N", msg)
    return msg.strip()


class Config:
    def __init__(self, args):
        self.ddx = os.path.abspath(args.ddx)
        inc, rules = support_dirs(self.ddx)
        self.include = args.include or inc or os.path.join(args.project, "include")
        self.rules = args.rules or rules or os.path.join(args.project, "rules")
        self.flags = ["-std=c++17", "-I" + self.include, "-I" + self.rules]
        self.cxx = args.cxx
        self.timeout = args.timeout
        self.results = args.results
        self.keep_ok = args.keep_ok
        # ddx parses its output before writing it; g++ compiles it here
        # anyway, so the check is skipped unless asked for (--verify): an
        # output that does not compile is then "not-compiling" instead of
        # a crash (exit 3), a failure either way.
        self.ddx_flags = [] if args.verify else ["--no-verify"]
        self.pch = [] if args.no_pch else precompile_headers(self, args.results)


def precompile_headers(cfg, results):
    """The headers every generated program includes, precompiled once with
    the flags the outputs are compiled with (about halves g++'s time); the
    flags to use it, or [] if g++ could not build it."""
    folder = os.path.join(results, "pch")
    os.makedirs(folder, exist_ok=True)
    header = os.path.join(folder, "difftest_headers.hpp")
    with open(header, "w") as fh:
        fh.write("".join("#include <%s>\n" % h for h in gen.HEADERS))
    st, _, _ = run_cmd([cfg.cxx] + cfg.flags + ["-O1", "-x", "c++-header", header,
                                                 "-o", header + ".gch"], cfg.timeout)
    return ["-include", header] if st == 0 else []


def check_program(cfg, src_text, work, name="prog"):
    """Transform, compile and run one program in directory work.
    Returns a dict with 'class' and details."""
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, name + ".cpp")
    out = os.path.join(work, name + ".ddx.cpp")
    exe = os.path.join(work, name)
    with open(src, "w") as fh:
        fh.write(src_text)
    res = {"class": None, "detail": ""}
    logs = {}

    def finish(cls, detail=""):
        res["class"] = cls
        res["detail"] = detail
        for k, v in logs.items():
            with open(os.path.join(work, k), "w") as fh:
                fh.write(v)
        return res

    t0 = time.time()
    st, so, se = run_cmd([cfg.ddx] + cfg.ddx_flags + [src, "-o", out, "--"] + cfg.flags,
                         cfg.timeout, cwd=work)
    res["ddx_seconds"] = round(time.time() - t0, 3)
    res["ddx_status"] = st
    logs["ddx.stdout"] = so
    logs["ddx.stderr"] = se
    if st is None:
        return finish("hang", "ddx exceeded %ss" % cfg.timeout)
    if st < 0 or st not in (0, 1, 2):
        sig = " (signal %d)" % -st if st < 0 else ""
        return finish("crash", "ddx exit status %d%s: %s" % (st, sig, first_error(se)))
    if st == 2:
        return finish("usage", first_error(se))
    if st == 1:
        msg = first_error(se)
        # Is the input itself valid C++? (ddx parses with DDX_TRANSFORMING.)
        cs, _, ce = run_cmd([cfg.cxx, "-fsyntax-only", "-DDDX_TRANSFORMING"] + cfg.flags + [src],
                            cfg.timeout, cwd=work)
        if cs != 0:
            logs["syntax.stderr"] = ce
            return finish("invalid", "generated program is not valid C++: " + first_error(ce))
        if "error:" not in se:
            return finish("crash", "ddx exit 1 without a diagnostic")
        res["message"] = first_error(se, True)
        res["kind"] = normalise(msg)
        return finish("refused", res["message"])
    if not os.path.exists(out):
        return finish("crash", "ddx exit 0 but no output file")
    t0 = time.time()
    cs, co, ce = run_cmd([cfg.cxx] + cfg.flags + ["-O1"] + cfg.pch + [out, "-o", exe],
                         cfg.timeout, cwd=work)
    res["compile_seconds"] = round(time.time() - t0, 3)
    logs["compile.stderr"] = ce
    if cs is None:
        return finish("hang", "g++ exceeded %ss" % cfg.timeout)
    if cs != 0:
        # Check the input compiles on its own, to blame ddx only when it does.
        vs, _, ve = run_cmd([cfg.cxx, "-fsyntax-only", "-DDDX_TRANSFORMING"] + cfg.flags + [src],
                            cfg.timeout, cwd=work)
        if vs != 0:
            logs["syntax.stderr"] = ve
            return finish("invalid", "generated program is not valid C++: " + first_error(ve))
        res["message"] = first_error(ce, True)
        res["kind"] = normalise(first_error(ce))
        return finish("not-compiling", res["message"])
    rs, ro, re_ = run_cmd([exe], cfg.timeout, cwd=work)
    logs["run.stdout"] = ro
    logs["run.stderr"] = re_
    if rs is None:
        return finish("hang", "program exceeded %ss" % cfg.timeout)
    fails = [l for l in ro.splitlines() if l.startswith("FAIL")]
    if rs == 0:
        return finish("ok")
    if rs == 1:
        return finish("wrong", "; ".join(fails))
    if rs == 2:
        return finish("primal-wrong", "; ".join(fails))
    if rs == 3:
        inv = [l for l in ro.splitlines() if l.startswith("INVALID")]
        return finish("invalid", inv[0] if inv else "invalid")
    sig = " (signal %d)" % -rs if rs < 0 else ""
    return finish("run-crash", "program exit status %d%s %s" % (rs, sig, first_error(re_)))


def one_seed(cfg, seed, tmp_root):
    work = os.path.join(tmp_root, "seed_%d" % seed)
    try:
        text = gen.generate(seed)
    except Exception as e:  # a generator bug must not stop the run
        return {"seed": seed, "class": "invalid", "detail": "generator exception: %r" % e}
    res = check_program(cfg, text, work)
    res["seed"] = seed
    keep = res["class"] != "ok" or cfg.keep_ok
    if keep:
        dest = os.path.join(cfg.results, res["class"], "seed_%d" % seed)
        if os.path.exists(dest):
            shutil.rmtree(dest)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.move(work, dest)
        res["dir"] = dest
    else:
        shutil.rmtree(work, ignore_errors=True)
    return res


def write_summary(cfg, results, elapsed):
    counts = collections.Counter(r["class"] for r in results)
    refusals = collections.Counter(r.get("kind", "") for r in results if r["class"] == "refused")
    refusal_example = {}
    for r in results:
        if r["class"] == "refused":
            refusal_example.setdefault(r.get("kind", ""), (r["seed"], r.get("message", "")))
    lines = ["ddx difftest: %d programs in %.0f s, ddx %s" % (len(results), elapsed, cfg.ddx), ""]
    for c in ORDER:
        if counts.get(c):
            lines.append("%-14s %5d" % (c, counts[c]))
    lines.append("")
    for c in FAILURES + ("invalid",):
        rs = [r for r in results if r["class"] == c]
        if not rs:
            continue
        lines.append("== %s ==" % c)
        for r in sorted(rs, key=lambda r: r["seed"]):
            lines.append("  seed %d: %s" % (r["seed"], r.get("detail", "")[:300]))
            if r.get("dir"):
                lines.append("    %s" % r["dir"])
        lines.append("")
    if refusals:
        lines.append("== refusal messages (normalised), most frequent first ==")
        for kind, n in refusals.most_common():
            seed, msg = refusal_example[kind]
            lines.append("  %4d  %s" % (n, kind))
            lines.append("        e.g. seed %d: %s" % (seed, msg[:300]))
        lines.append("")
    text = "\n".join(lines)
    with open(os.path.join(cfg.results, "summary.txt"), "w") as fh:
        fh.write(text + "\n")
    with open(os.path.join(cfg.results, "summary.json"), "w") as fh:
        json.dump({"ddx": cfg.ddx, "counts": dict(counts), "refusals": dict(refusals),
                   "results": sorted(results, key=lambda r: r["seed"])}, fh, indent=1)
    return text, counts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--start-seed", type=int, default=1)
    ap.add_argument("--seeds", help="comma-separated seeds (instead of --count/--start-seed)")
    ap.add_argument("--files", nargs="+", help="check these complete programs (e.g. from wrap.py) instead")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ddx", default="/work/main/build/tool/ddx")
    ap.add_argument("--project", default=os.path.dirname(os.path.dirname(HERE)),
                    help="ddx source tree (fallback for --include/--rules)")
    ap.add_argument("--include", help="ddx include dir (default: from ddx --print-support-dirs)")
    ap.add_argument("--rules", help="ddx rules dir (default: from ddx --print-support-dirs)")
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--results", default=None, help="results folder (default: a new /tmp/ddx-difftest-*)")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--keep-ok", action="store_true", help="also keep the programs that passed")
    ap.add_argument("--verify", action="store_true",
                    help="let ddx parse its output before writing it (slower; g++ compiles it anyway)")
    ap.add_argument("--no-pch", action="store_true", help="do not precompile the common headers")
    args = ap.parse_args()
    if not os.path.exists(args.ddx):
        sys.exit("ddx binary not found: %s" % args.ddx)
    if args.results is None:
        args.results = tempfile.mkdtemp(prefix="ddx-difftest-", dir="/tmp")
    os.makedirs(args.results, exist_ok=True)
    cfg = Config(args)
    seeds = ([int(s) for s in args.seeds.split(",")] if args.seeds
             else list(range(args.start_seed, args.start_seed + args.count)))
    if args.files:
        status = 0
        for path in args.files:
            with open(path) as fh:
                text = fh.read()
            work = os.path.join(args.results, os.path.splitext(os.path.basename(path))[0])
            r = check_program(cfg, text, work)
            print("%s: %s %s" % (path, r["class"], r.get("detail", "")))
            if r["class"] in FAILURES:
                status = 1
            print("  outputs in %s" % work)
        sys.exit(status)
    tmp_root = tempfile.mkdtemp(prefix="work-", dir=args.results)
    print("ddx %s, include %s, rules %s, results %s" % (cfg.ddx, cfg.include, cfg.rules, cfg.results),
          flush=True)
    results = []
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = {ex.submit(one_seed, cfg, s, tmp_root): s for s in seeds}
        for fut in concurrent.futures.as_completed(futs):
            r = fut.result()
            results.append(r)
            mark = "" if r["class"] in ("ok", "refused", "invalid") else "  <<<"
            print("[%d/%d] seed %d: %s %s%s" % (len(results), len(seeds), r["seed"], r["class"],
                                                 r.get("detail", "")[:160], mark), flush=True)
    shutil.rmtree(tmp_root, ignore_errors=True)
    text, counts = write_summary(cfg, results, time.time() - start)
    print()
    print(text)
    print("summary: %s" % os.path.join(cfg.results, "summary.txt"))
    sys.exit(1 if any(counts.get(c) for c in FAILURES) else 0)


if __name__ == "__main__":
    main()
