#!/usr/bin/env python3
"""Wall time and peak memory of ddx per translation unit, against
clang++-19 -fsyntax-only on the same units with the same flags.

    python3 bench/transform_time.py <ddx> [<unit.cpp>...]

Without units it takes every end-to-end case (test/e2e/cases). Each unit is
run once by each tool, alternating, on an otherwise idle machine; the table
in docs/performance.md comes from this script. Not a test: it asserts
nothing.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["-std=c++17", "-I" + ROOT + "/include", "-I" + ROOT + "/rules",
         "-I" + ROOT + "/test/e2e"]


def measure(cmd):
    """Wall seconds and peak resident memory (MiB) of one command."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("failed: " + " ".join(cmd))
    return wall, usage.ru_maxrss / 1024.0


def main():
    ddx = sys.argv[1]
    units = sys.argv[2:] or sorted(
        os.path.join(ROOT, "test/e2e/cases", f)
        for f in os.listdir(os.path.join(ROOT, "test/e2e/cases"))
        if f.endswith(".cpp"))
    out = tempfile.mkdtemp()
    rows = []
    for unit in units:
        d = measure([ddx, unit, "-o", os.path.join(out, "o.cpp"), "--"] + FLAGS)
        c = measure(["clang++-19", "-fsyntax-only", "-DDDX_TRANSFORMING=1"] +
                    FLAGS + [unit])
        rows.append((os.path.basename(unit), d, c))
        print("%-45s ddx %6.2f s %6.0f MiB   clang %6.2f s %6.0f MiB   %.2f" %
              (rows[-1][0], d[0], d[1], c[0], c[1], d[0] / c[0]), flush=True)
    ratios = [d[0] / c[0] for _, d, c in rows]
    print()
    print("units: %d" % len(rows))
    print("total wall: ddx %.1f s, clang -fsyntax-only %.1f s, ratio %.3f" %
          (sum(d[0] for _, d, _ in rows), sum(c[0] for _, _, c in rows),
           sum(d[0] for _, d, _ in rows) / sum(c[0] for _, _, c in rows)))
    print("per-unit ratio: median %.3f, max %.3f (%s)" %
          (statistics.median(ratios), max(ratios),
           rows[ratios.index(max(ratios))][0]))
    print("peak memory: ddx max %.0f MiB (median %.0f), clang max %.0f MiB "
          "(median %.0f)" %
          (max(d[1] for _, d, _ in rows),
           statistics.median(d[1] for _, d, _ in rows),
           max(c[1] for _, _, c in rows),
           statistics.median(c[1] for _, _, c in rows)))


if __name__ == "__main__":
    main()
