#!/usr/bin/env python3
"""Reduce a failing mutant by deleting lines (chunks of lines, then single
lines) while mutate.py still puts it in the same class with the same
signature.

Usage: reduce.py <mutant folder of a mutate.py results dir> [--ddx PATH]
                 [-o reduced.cpp] [--timeout SEC] [--loose] [--grep TEXT]
The folder's info.json gives the class, the signature and the original case
(for its folder, used for quoted includes, and its DDX-RULES line).
--loose keeps only the class (and, for a crash, the top frame); --grep TEXT
also requires TEXT in ddx's stderr (e.g. one error message of an exit 3).
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mutate  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--ddx", default=os.path.join(mutate.PROJECT, "build", "tool", "ddx"))
    ap.add_argument("--gxx", default="g++")
    ap.add_argument("-o", "--output", default=None)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--loose", action="store_true")
    ap.add_argument("--grep", default=None)
    args = ap.parse_args()

    with open(os.path.join(args.folder, "info.json")) as fh:
        info = json.load(fh)
    seed_file = info["seed_file"]
    if not os.path.isabs(seed_file):
        seed_file = os.path.join(mutate.PROJECT, seed_file)
    name = os.path.basename(seed_file)
    with open(os.path.join(args.folder, name), "rb") as fh:
        text = fh.read().decode("latin-1")
    with open(seed_file, "rb") as fh:
        original = fh.read().decode("latin-1")
    cfg = mutate.Config(os.path.abspath(args.ddx), args.timeout, args.gxx)
    want_class = info["class"]
    want_sig = info.get("signature")
    want_frame = (info.get("frames") or [None])[0]
    work = tempfile.mkdtemp(prefix="ddx-reduce-", dir="/tmp")
    tries = [0]

    def same(candidate):
        tries[0] += 1
        d = os.path.join(work, "t%d" % tries[0])
        os.makedirs(d)
        r = mutate.classify(cfg, d, name, candidate.encode("latin-1"), original,
                            os.path.dirname(seed_file))
        with open(os.path.join(d, "ddx.stderr")) as fh:
            stderr = fh.read()
        shutil.rmtree(d, ignore_errors=True)
        if r["class"] != want_class:
            return False
        if args.grep and args.grep not in stderr:
            return False
        if args.loose:
            return want_class != "crash" or (r.get("frames") or [None])[0] == want_frame
        return r.get("signature") == want_sig

    if not same(text):
        shutil.rmtree(work, ignore_errors=True)
        print("reduce.py: the mutant no longer fails the same way (%s | %s)" % (want_class, want_sig))
        return 1
    lines = text.splitlines(keepends=True)
    chunk = max(1, len(lines) // 2)
    while True:
        changed = False
        i = 0
        while i < len(lines):
            cand = lines[:i] + lines[i + chunk:]
            if cand and same("".join(cand)):
                lines = cand
                changed = True
                print("  %d lines (chunk %d, %d tries)" % (len(lines), chunk, tries[0]), flush=True)
            else:
                i += chunk
        if chunk == 1 and not changed:
            break
        if not changed or chunk > 1:
            chunk = max(1, chunk // 2)
    out = "".join(lines)
    dest = args.output or os.path.join(args.folder, "reduced-" + name)
    with open(dest, "wb") as fh:
        fh.write(out.encode("latin-1"))
    shutil.rmtree(work, ignore_errors=True)
    print("%d lines, %d tries: %s" % (len(lines), tries[0], dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
