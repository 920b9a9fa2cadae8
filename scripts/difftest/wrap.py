#!/usr/bin/env python3
"""Wrap hand-written model code (structs, helpers and
`double f(double x0, double x1, double x2)`) into a complete difftest program:
the includes, the apply_sum/apply_ref templates and the checking main() of
gen.py, at a given point.

  wrap.py model.cpp [--point X0,X1,X2] [-o prog.cpp]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

PRELUDE = """#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include <algorithm>
#include <vector>

template <class F> double apply_sum(F f, double a, double b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += f(a + 0.25 * i * b);
  return s;
}
template <class F> double apply_ref(const F& f, double a) { return f(a) * f(0.5 * a); }
"""


def wrap(model, point=(0.5, -0.7, 1.1)):
    h = gen.HARNESS
    for k, v in enumerate(point):
        h = h.replace("@X%d@" % k, repr(float(v)))
    return PRELUDE + "\n" + model.rstrip("\n") + "\n\n" + h


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model")
    ap.add_argument("--point", default="0.5,-0.7,1.1")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    with open(args.model) as fh:
        text = wrap(fh.read(), [float(v) for v in args.point.split(",")])
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
