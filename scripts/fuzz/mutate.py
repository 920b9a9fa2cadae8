#!/usr/bin/env python3
"""Seeded mutation fuzzer for ddx.

Takes the end-to-end inputs (test/e2e/cases/*.cpp, test/e2e/negative/*.cpp),
applies 1-3 random mutations to one of them per mutant, runs ddx on the
mutant and classifies the result:

  accepted            ddx exit 0 and its output compiles (g++ -fsyntax-only)
  refused             ddx exit 1 or 2 and no output file written
  accepted-invalid    ddx exit 0, the output does not compile, but neither
                      does the mutant itself (g++ -fsyntax-only
                      -DDDX_TRANSFORMING=1): g++ rejects code clang accepts
  crash               exit status other than 0/1/2 (3 included), killed by a
                      signal, or stderr with "Stack dump" / "PLEASE submit"
  hang                ddx exceeded the timeout
  accepted-broken     ddx exit 0, the output does not compile, the mutant does
  accepted-no-output  ddx exit 0 without writing its output
  refused-but-wrote   ddx exit 1 or 2 and an output (or a temporary) file exists
  sanitizer           stderr holds an AddressSanitizer or UndefinedBehavior-
                      Sanitizer report (with --ddx a -DDDX_SANITIZE=ON build,
                      one run checks the mutants and the sanitizers together)

The last six are failures: each failing (and each accepted-invalid) mutant
is kept, with ddx's stderr, its output and the g++ messages, in
<results>/<class>/<id>/; summary.txt and
summary.json (counts per class, failures grouped by signature) are written to
<results>. The exit status is 1 if anything failed.

Mutants are generated from --seed alone (mutant i is the same whatever
--jobs), and deduplicated by content hash.

Usage: mutate.py [--count N] [--seed S] [--jobs J] [--ddx PATH]
                 [--results DIR] [--timeout SEC] [--files FILE...]
--files classifies the given files as they are (no mutation): to check a
reduced reproducer.
"""
import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(os.path.dirname(HERE))

FAILURES = ("crash", "hang", "accepted-broken", "accepted-no-output", "refused-but-wrote",
            "sanitizer")
ORDER = ("accepted", "refused", "accepted-invalid") + FAILURES

# --------------------------------------------------------------------------
# Tokens

TOKEN_RE = re.compile(r"""
    (?P<pp>^[ \t]*\#[^\n]*)                       # a preprocessor line, whole
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFlLuU]*|0[xX][0-9a-fA-F]+[uUlL]*)
  | (?P<ident>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<space>\s+)
  | (?P<op>::|->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|\.\.\.|.)
""", re.VERBOSE | re.MULTILINE | re.DOTALL)

KEYWORDS = set("""
alignas alignof and asm auto bool break case catch char char16_t char32_t class
const constexpr const_cast continue decltype default delete do double
dynamic_cast else enum explicit export extern false float for friend goto if
inline int long mutable namespace new noexcept not nullptr operator or private
protected public register reinterpret_cast return short signed sizeof static
static_assert static_cast struct switch template this throw true try typedef
typeid typename union unsigned using virtual void volatile while
""".split())


def tokenize(text):
    """[(kind, start, end)] covering text."""
    out = []
    for m in TOKEN_RE.finditer(text):
        out.append((m.lastgroup, m.start(), m.end()))
    return out


def significant(tokens):
    return [t for t in tokens if t[0] not in ("space", "comment")]


# --------------------------------------------------------------------------
# Mutations: each takes (rng, text) and returns (new text, description) or
# None when it does not apply to this text.

FLOAT_TYPES = ["double", "float", "int", "long double"]
OPERATORS = ["+", "-", "*", "/", "<", ">"]
ODD_BYTES = ["\x00", "\xff", "\xc3", "\xfe\xfe", "{", "}", "(", ")", '"', "'", "\\", "\x1b", "??/"]
NUMBERS = ["0", "1", "-1", "0.0", "2", "1e308", "1e-320", "1e400", "2147483647",
           "4294967296", "18446744073709551615", "0x7fffffff", "3.0f", "1.5L", "0.5",
           "-0.0", "1e-9", "100000", "077", "0b101", "1'000"]


def _lines(text):
    return text.splitlines(keepends=True)


def m_delete_token(rng, text):
    toks = significant(tokenize(text))
    if not toks:
        return None
    k, s, e = rng.choice(toks)
    return text[:s] + text[e:], "delete token %r at %d" % (text[s:e][:40], s)


def m_delete_line(rng, text):
    lines = _lines(text)
    if len(lines) < 2:
        return None
    i = rng.randrange(len(lines))
    return "".join(lines[:i] + lines[i + 1:]), "delete line %d" % (i + 1)


def m_swap_lines(rng, text):
    lines = _lines(text)
    if len(lines) < 2:
        return None
    i = rng.randrange(len(lines))
    # mostly a nearby line, sometimes anywhere
    j = min(len(lines) - 1, i + rng.randint(1, 3)) if rng.random() < 0.7 else rng.randrange(len(lines))
    if i == j:
        return None
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines), "swap lines %d and %d" % (i + 1, j + 1)


def m_duplicate_line(rng, text):
    lines = _lines(text)
    if not lines:
        return None
    i = rng.randrange(len(lines))
    line = lines[i] if lines[i].endswith("\n") else lines[i] + "\n"
    return "".join(lines[:i + 1] + [line] + lines[i + 1:]), "duplicate line %d" % (i + 1)


def m_change_type(rng, text):
    toks = tokenize(text)
    structs = sorted(set(re.findall(r"\b(?:struct|class)\s+([A-Za-z_]\w*)\s*[{:]", text)))
    cands = []  # (start, end, old, choices)
    sig = significant(toks)
    for n, (k, s, e) in enumerate(sig):
        if k != "ident":
            continue
        w = text[s:e]
        if w == "long" and n + 1 < len(sig) and text[sig[n + 1][1]:sig[n + 1][2]] == "double":
            cands.append((s, sig[n + 1][2], "long double", FLOAT_TYPES))
        elif w in ("double", "float", "int"):
            if n > 0 and text[sig[n - 1][1]:sig[n - 1][2]] == "long":
                continue
            cands.append((s, e, w, FLOAT_TYPES))
        elif w in structs and len(structs) > 1:
            cands.append((s, e, w, structs))
    if not cands:
        return None
    s, e, old, choices = rng.choice(cands)
    new = rng.choice([c for c in choices if c != old])
    return text[:s] + new + text[e:], "type %s -> %s at %d" % (old, new, s)


def m_replace_identifier(rng, text):
    ids = [t for t in tokenize(text) if t[0] == "ident" and text[t[1]:t[2]] not in KEYWORDS]
    names = sorted(set(text[s:e] for _, s, e in ids))
    if len(names) < 2:
        return None
    _, s, e = rng.choice(ids)
    old = text[s:e]
    new = rng.choice([n for n in names if n != old])
    return text[:s] + new + text[e:], "identifier %s -> %s at %d" % (old, new, s)


def m_change_operator(rng, text):
    ops = [t for t in tokenize(text) if t[0] == "op" and text[t[1]:t[2]] in OPERATORS]
    if not ops:
        return None
    _, s, e = rng.choice(ops)
    old = text[s:e]
    new = rng.choice([o for o in OPERATORS if o != old])
    return text[:s] + new + text[e:], "operator %s -> %s at %d" % (old, new, s)


def m_truncate(rng, text):
    if len(text) < 2:
        return None
    p = rng.randrange(1, len(text))
    return text[:p], "truncate at %d of %d" % (p, len(text))


def m_odd_bytes(rng, text):
    p = rng.randrange(len(text) + 1)
    b = rng.choice(ODD_BYTES)
    return text[:p] + b + text[p:], "insert %r at %d" % (b, p)


def m_change_number(rng, text):
    nums = [t for t in tokenize(text) if t[0] == "number"]
    if not nums:
        return None
    _, s, e = rng.choice(nums)
    old = text[s:e]
    if rng.random() < 0.3:
        try:
            v = float(old.rstrip("fFlLuU"))
            new = repr(v * rng.choice([-1, 10, 0.1, 1e100, 1e-100]))
        except ValueError:
            new = rng.choice(NUMBERS)
    else:
        new = rng.choice([n for n in NUMBERS if n != old])
    return text[:s] + new + text[e:], "number %s -> %s at %d" % (old, new, s)


MUTATIONS = [m_delete_token, m_delete_line, m_swap_lines, m_duplicate_line, m_change_type,
             m_replace_identifier, m_change_operator, m_truncate, m_odd_bytes, m_change_number]


def mutate(rng, text):
    """1-3 mutations; returns (text, [descriptions])."""
    done = []
    want = rng.randint(1, 3)
    tries = 0
    while len(done) < want and tries < 30:
        tries += 1
        m = rng.choice(MUTATIONS)
        r = m(rng, text)
        if r is None or r[0] == text:
            continue
        text, desc = r
        done.append("%s: %s" % (m.__name__[2:], desc))
    return text, done


# --------------------------------------------------------------------------
# Running

def run_cmd(cmd, timeout, cwd=None):
    """Run cmd in its own process group. Returns (status, stdout, stderr);
    status None on timeout (the whole group is killed), negative for a signal."""
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        status = None
    return status, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def support_dirs(ddx):
    """include and rules directories of this ddx binary (so that an installed
    snapshot is used with its own headers); the project's otherwise."""
    dirs = {}
    try:
        status, out, _ = run_cmd([ddx, "--print-support-dirs"], 30)
    except OSError:
        status = None
    if status == 0:
        for line in out.splitlines():
            parts = line.split(None, 1)
            if len(parts) == 2:
                dirs[parts[0]] = parts[1].strip()
    return (dirs.get("include", os.path.join(PROJECT, "include")),
            dirs.get("rules", os.path.join(PROJECT, "rules")))


class Config:
    def __init__(self, ddx, timeout, gxx):
        self.ddx = ddx
        self.timeout = timeout
        self.gxx = gxx
        self.include, self.rules = support_dirs(ddx)


def rules_dir(original_text):
    """The case's "// DDX-RULES: <dir under the project>", if any."""
    m = re.search(r"^// DDX-RULES: *(\S+)", original_text, re.M)
    if m and os.path.isdir(os.path.join(PROJECT, m.group(1))):
        return os.path.join(PROJECT, m.group(1))
    return None


def flags_for(cfg, source_dir, rules):
    # -iquote: quoted includes resolve as from the original's folder.
    f = ["-std=c++17", "-I" + cfg.include, "-I" + cfg.rules,
         "-I" + os.path.join(PROJECT, "test", "e2e"), "-iquote", source_dir]
    if rules:
        f.append("-I" + rules)
    return f


STACK_FRAME_RE = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ (.*)$")
BORING_FRAMES = ("llvm::sys::", "SignalHandler", "__restore_rt", "libc.so", "raise",
                 "abort", "__assert", "PrintStackTrace", "CrashRecoveryContext",
                 "llvm::llvm_unreachable_internal", "llvm::report_fatal_error", "__pthread_kill",
                 "gsignal", "libstdc++.so", "(linux-vdso")


def top_frames(stderr, n=4):
    frames = []
    for line in stderr.splitlines():
        m = STACK_FRAME_RE.match(line)
        if not m:
            continue
        f = m.group(2)
        if any(b in f for b in BORING_FRAMES):
            continue
        f = re.sub(r" \(/[^)]*\)$", "", f)           # the (module+offset) tail
        f = re.sub(r" /\S+:\d+(:\d+)?$", "", f)       # a source location
        frames.append(f.strip())
        if len(frames) == n:
            break
    return frames


def first_error(text):
    for line in text.splitlines():
        if "error:" in line or "Assertion" in line or "LLVM ERROR" in line or "internal error" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else ""


def normalise(msg):
    """A message without the path, positions, names and numbers: a signature."""
    msg = re.sub(r"^\S*?:\d+:\d+: ", "", msg)
    msg = re.sub(r"'[^']*'|\u2018[^\u2019]*\u2019", "'_'", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg[:160]


def sanitizer_line(stderr):
    """The first line of an ASan or UBSan report in stderr, or "" (the
    markers are those sanitize.sh greps for)."""
    for line in stderr.splitlines():
        if "ERROR: AddressSanitizer" in line or "runtime error:" in line:
            return line.strip()
    return ""


def classify(cfg, work, name, text_bytes, original_text, source_dir):
    """Runs ddx on the mutant in <work>/<name> (quoted includes resolved from
    source_dir, rules from the original's DDX-RULES line); returns a result
    dict. Leaves the files in <work>."""
    src = os.path.join(work, name)
    with open(src, "wb") as fh:
        fh.write(text_bytes)
    out = os.path.join(work, "out.ddx.cpp")
    if os.path.exists(out):
        os.remove(out)
    rules = rules_dir(original_text)
    flags = flags_for(cfg, source_dir, rules)
    cmd = [cfg.ddx, src, "-o", out] + (["--rules", rules] if rules else []) + ["--"] + flags
    t0 = time.time()
    status, stdout, stderr = run_cmd(cmd, cfg.timeout, cwd=work)
    res = {"cmd": cmd, "status": status, "seconds": round(time.time() - t0, 2), "notes": []}
    with open(os.path.join(work, "ddx.stderr"), "w") as fh:
        fh.write(stderr)
    if stdout:
        with open(os.path.join(work, "ddx.stdout"), "w") as fh:
            fh.write(stdout)
    crashed_text = "Stack dump" in stderr or "PLEASE submit" in stderr
    # A sanitizer report wins over every other class: the exit status of a
    # sanitized ddx that aborts is 1 by default, which would read as a refusal.
    sanitizer_report = sanitizer_line(stderr)
    others = sorted(set(os.listdir(work)) - {name, "out.ddx.cpp", "ddx.stderr", "ddx.stdout"})
    if sanitizer_report:
        res["class"] = "sanitizer"
        res["signature"] = normalise(sanitizer_report)
    elif status is None:
        res["class"] = "hang"
        res["signature"] = "hang"
    elif status not in (0, 1, 2) or crashed_text:
        res["class"] = "crash"
        frames = top_frames(stderr)
        res["frames"] = frames
        what = ("signal %d" % -status) if status < 0 else "exit %d" % status
        res["signature"] = "%s | %s | %s" % (what, normalise(first_error(stderr)), " < ".join(frames[:3]))
    elif status == 0:
        if not os.path.exists(out):
            res["class"] = "accepted-no-output"
            res["signature"] = "no output"
        else:
            st, _, gerr = run_cmd([cfg.gxx, "-fsyntax-only"] + flags + [out], 120, cwd=work)
            if st == 0:
                res["class"] = "accepted"
            else:
                with open(os.path.join(work, "gxx-output.txt"), "w") as fh:
                    fh.write(gerr)
                pst, _, perr = run_cmd([cfg.gxx, "-fsyntax-only", "-DDDX_TRANSFORMING=1"] + flags + [src],
                                       120, cwd=work)
                with open(os.path.join(work, "gxx-primal.txt"), "w") as fh:
                    fh.write(perr)
                res["class"] = "accepted-broken" if pst == 0 else "accepted-invalid"
                res["signature"] = normalise(first_error(gerr))
    else:
        wrote = os.path.exists(out) or bool(others)
        if wrote:
            res["class"] = "refused-but-wrote"
            res["notes"].append("files left: %s" % ", ".join(
                (["out.ddx.cpp"] if os.path.exists(out) else []) + others))
            res["signature"] = "exit %d wrote" % status
        else:
            res["class"] = "refused"
            res["refusal"] = normalise(first_error(stderr))
            if "error:" not in stderr:
                res["notes"].append("refused without an 'error:' message")
    return res


# --------------------------------------------------------------------------

def load_corpus():
    files = []
    for sub in ("cases", "negative"):
        d = os.path.join(PROJECT, "test", "e2e", sub)
        for n in sorted(os.listdir(d)):
            if n.endswith(".cpp"):
                files.append(os.path.join(d, n))
    return files


def generate(seed, count, corpus):
    """count distinct mutants: [(index, seed file, text, descriptions, hash)]."""
    texts = {}
    for f in corpus:
        with open(f, "rb") as fh:
            texts[f] = fh.read().decode("latin-1")
    seen = set(hashlib.sha256(t.encode("latin-1")).hexdigest() for t in texts.values())
    mutants = []
    i = 0
    attempts = 0
    while len(mutants) < count and attempts < count * 20:
        rng = random.Random("%d:%d" % (seed, attempts))
        attempts += 1
        f = rng.choice(corpus)
        text, descs = mutate(rng, texts[f])
        if not descs:
            continue
        h = hashlib.sha256(text.encode("latin-1")).hexdigest()
        if h in seen:
            continue
        seen.add(h)
        mutants.append((i, f, text, descs, h))
        i += 1
    return mutants, attempts


def main():
    # Leak reports are not failures: ddx, like clang, frees nothing at exit.
    os.environ.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    os.environ.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ddx", default=os.path.join(PROJECT, "build", "tool", "ddx"))
    ap.add_argument("--gxx", default="g++")
    ap.add_argument("--results", default=None, help="default: a new /tmp/ddx-fuzz-* folder")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--keep-all", action="store_true", help="keep every mutant, not only failures")
    ap.add_argument("--files", nargs="+", help="classify these files as they are")
    args = ap.parse_args()

    ddx = os.path.abspath(args.ddx)
    if not os.access(ddx, os.X_OK):
        print("mutate.py: no executable ddx at %s" % ddx, file=sys.stderr)
        return 2
    cfg = Config(ddx, args.timeout, args.gxx)
    results = args.results or tempfile.mkdtemp(prefix="ddx-fuzz-", dir="/tmp")
    os.makedirs(results, exist_ok=True)
    scratch = os.path.join(results, "work")
    os.makedirs(scratch, exist_ok=True)

    if args.files:
        jobs = []
        for n, f in enumerate(args.files):
            with open(f, "rb") as fh:
                data = fh.read()
            jobs.append((n, os.path.abspath(f), data.decode("latin-1"), ["as is"],
                         hashlib.sha256(data).hexdigest()))
        originals = {j[1]: j[2] for j in jobs}
        attempts = len(jobs)
    else:
        corpus = load_corpus()
        jobs, attempts = generate(args.seed, args.count, corpus)
        originals = {}
        for f in corpus:
            with open(f, "rb") as fh:
                originals[f] = fh.read().decode("latin-1")

    print("ddx %s; %d inputs (%d draws), jobs %d; results in %s"
          % (ddx, len(jobs), attempts, args.jobs, results), flush=True)

    def one(job):
        i, f, text, descs, h = job
        work = os.path.join(scratch, "m%05d" % i)
        os.makedirs(work, exist_ok=True)
        name = os.path.basename(f)
        res = classify(cfg, work, name, text.encode("latin-1"), originals.get(f, text),
                       os.path.dirname(f))
        res.update({"id": i, "seed_file": os.path.relpath(f, PROJECT) if f.startswith(PROJECT) else f,
                    "mutations": descs, "hash": h})
        with open(os.path.join(work, "info.json"), "w") as fh:
            json.dump(res, fh, indent=1)
        if res["class"] in FAILURES + ("accepted-invalid",) or args.keep_all:
            dest = os.path.join(results, res["class"], "m%05d" % i)
            if os.path.exists(dest):
                shutil.rmtree(dest)
            shutil.move(work, dest)
            res["dir"] = dest
        else:
            shutil.rmtree(work, ignore_errors=True)
        return res

    counts = collections.Counter()
    failures = []
    refusals = collections.Counter()
    invalid = collections.Counter()
    silent = 0
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futs = [pool.submit(one, j) for j in jobs]
        for n, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            r = fut.result()
            counts[r["class"]] += 1
            if r["class"] == "refused":
                refusals[r["refusal"]] += 1
                if r["notes"]:
                    silent += 1
            if r["class"] == "accepted-invalid":
                invalid[r.get("signature", "")] += 1
            if r["class"] in FAILURES:
                failures.append(r)
                print("  %-18s m%05d %s  [%s]" % (r["class"], r["id"], r["seed_file"],
                                                  r.get("signature", "")), flush=True)
            if n % 50 == 0:
                print("  ... %d/%d, %.0f s" % (n, len(jobs), time.time() - t0), flush=True)
    shutil.rmtree(scratch, ignore_errors=True)

    groups = collections.OrderedDict()
    for r in sorted(failures, key=lambda r: r["id"]):
        groups.setdefault((r["class"], r.get("signature", "")), []).append(r)

    lines = ["ddx: %s" % ddx, "seed: %d  mutants: %d  jobs: %d  time: %.0f s"
             % (args.seed, len(jobs), args.jobs, time.time() - t0), ""]
    for c in ORDER:
        lines.append("%-20s %d" % (c, counts[c]))
    lines.append("")
    lines.append("refusals without an 'error:' message: %d" % silent)
    lines.append("")
    lines.append("distinct failures (class | signature | count | first mutants):")
    for (c, sig), rs in groups.items():
        lines.append("  %s | %s | %d | %s" % (c, sig, len(rs), " ".join(r["dir"] for r in rs[:3])))
    lines.append("")
    lines.append("most frequent refusals:")
    for msg, k in refusals.most_common(15):
        lines.append("  %5d  %s" % (k, msg))
    if invalid:
        lines.append("")
        lines.append("accepted-invalid (g++ rejects both the mutant and the output):")
        for msg, k in invalid.most_common(10):
            lines.append("  %5d  %s" % (k, msg))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(results, "summary.txt"), "w") as fh:
        fh.write(text)
    with open(os.path.join(results, "summary.json"), "w") as fh:
        json.dump({"ddx": ddx, "seed": args.seed, "count": len(jobs), "counts": dict(counts),
                   "failures": [{k: r.get(k) for k in ("id", "class", "signature", "seed_file",
                                                        "mutations", "status", "dir", "frames", "notes")}
                                for r in sorted(failures, key=lambda r: r["id"])],
                   "refusals": dict(refusals)}, fh, indent=1)
    print(text, end="")
    print("results: %s" % results)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
