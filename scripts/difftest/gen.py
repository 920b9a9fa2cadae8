#!/usr/bin/env python3
"""Seeded random C++17 program generator for differential testing of ddx.

Each program defines `double f(double x0, double x1, double x2)` built from a
small grammar (scalar arithmetic, <cmath> calls, loops with break/continue,
branches, structs, C arrays, std::vector, helper functions with by-value,
const-reference, reference and pointer parameters, lambdas and functors passed
to a template helper), and a main() that asks ddx for the gradient (reverse
mode) and for one forward derivative per input, and compares them with
central finite differences of f.

Exit status of the generated program:
  0  every check passed
  1  a derivative differs from the finite difference
  2  a primal value returned by a ddx request differs from f(x)
  3  the program is not a valid test (f not finite/too large at the point, or
     the two finite-difference estimates disagree: f is not smooth there)

The generator avoids undefined behaviour and domain errors: divisions are by
(1 + v*v) or (2 + sin v), log/sqrt take provably positive arguments, exp
takes bounded arguments, every index is in range and loop trip counts are
constants.

Usage: gen.py --seed N [-o out.cpp]
"""
import argparse
import random
import re
import sys

LITERALS = ["0.5", "1.5", "2.0", "0.25", "0.75", "1.25", "3.0", "0.1", "0.3", "0.9"]



# The headers every generated program includes (run.py precompiles them).
HEADERS = ["ddx/ddx.hpp", "cmath", "cstdio", "algorithm", "vector"]

class Var:
    """A name visible in generated code.

    kind: 'd' double, 'pd' pointer to one double, 'arr' C array of doubles,
    'pa' pointer to `size` doubles, 'vec' std::vector<double> of `size`,
    'st' struct of type `stype`, 'sarr' array of `size` structs, 'int' an int
    whose value lies in [lo, hi], 'lam' a lambda double(double), 'fn' a functor
    object.
    """

    def __init__(self, name, kind, writable=True, size=0, stype=None, lo=0, hi=0):
        self.name = name
        self.kind = kind
        self.writable = writable
        self.size = size
        self.stype = stype
        self.lo = lo
        self.hi = hi


class Scope:
    def __init__(self, parent=None):
        self.parent = parent
        self.vars = {}

    def all(self):
        d = {} if self.parent is None else self.parent.all()
        d.update(self.vars)
        return d

    def add(self, v):
        self.vars[v.name] = v
        return v


class Helper:
    """A generated free function: name, return kind ('d', 'void', or a struct
    type name) and parameter kinds:
      'd' double, 'cd' const double&, 'rd' double&, 'pd' double*,
      'pa' const double* (4), 'pwa' double* (4), 'st:T' T, 'cst:T' const T&,
      'rst:T' T&, 'cvec' const std::vector<double>&, 'rvec'
      std::vector<double>&, 'int' int (a small literal is passed),
    """

    def __init__(self, name, ret, params, int_args=None):
        self.name = name
        self.ret = ret
        self.params = params
        self.int_args = int_args or {}


WRITABLE_PARAMS = ("rd", "pd", "pwa", "rvec")


class Gen:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.counter = 0
        self.lines = []
        self.indent = 1
        self.structs = {}  # name -> list of (field, type) with type 'd' or a struct name
        self.helpers = []
        self.functors = []  # functor type names
        self.loop_depth = 0
        self.block_depth = 0
        self.budget = 0
        self.ret_kind = "d"
        self.dead_names = []
        self.exclude = set()
        self.in_lambda = False
        self.in_helper = False
        self.uses_vector = False

    # ------------------------------------------------------------------ utils
    def w(self, line):
        self.lines.append("  " * self.indent + line)

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def pick(self, options):
        """options: list of (weight, value); zero weights are skipped."""
        options = [(wt, v) for wt, v in options if wt > 0]
        total = sum(wt for wt, _ in options)
        x = self.r.uniform(0, total)
        for wt, v in options:
            x -= wt
            if x <= 0:
                return v
        return options[-1][1]

    def std(self, fn):
        return ("std::" if self.r.random() < 0.8 else "") + fn

    def lit(self):
        return self.r.choice(LITERALS)

    # ---------------------------------------------------------------- structs
    def paths(self, stype):
        out = []
        for field, ftype in self.structs[stype]:
            if ftype == "d":
                out.append(field)
            else:
                out.extend(field + "." + p for p in self.paths(ftype))
        return out

    def struct_init(self, sc, stype, depth):
        """A braced initializer list for stype."""
        parts = []
        for field, ftype in self.structs[stype]:
            if ftype == "d":
                parts.append(self.expr(sc, depth))
            else:
                same = [v for v in sc.all().values()
                        if v.kind == "st" and v.stype == ftype and v.name not in self.exclude]
                if same and self.r.random() < 0.4:
                    parts.append(self.r.choice(same).name)
                else:
                    parts.append(self.struct_init(sc, ftype, depth))
        return "{" + ", ".join(parts) + "}"

    # ---------------------------------------------------------------- indices
    def index(self, sc, n):
        ints = [v for v in sc.all().values() if v.kind == "int" and v.lo >= 0]
        opts = [(3, str(self.r.randrange(n)))]
        for v in ints:
            if v.hi <= n - 1:
                opts.append((4, v.name))
                opts.append((1, "%d - %s" % (n - 1, v.name)))
            else:
                opts.append((2, "%s %% %d" % (v.name, n)))
            opts.append((1, "(%s + 1) %% %d" % (v.name, n)))
        return self.pick(opts)

    # ----------------------------------------------------------- value atoms
    def reads(self, sc):
        """Weighted generators of readable double lvalue-ish expressions."""
        out = []
        for v in sc.all().values():
            if v.name in self.exclude:
                continue
            k = v.kind
            if k == "d":
                out.append((5, lambda v=v: v.name))
            elif k == "pd":
                out.append((2, lambda v=v: "(*%s)" % v.name))
            elif k in ("arr", "pa", "vec"):
                out.append((3, lambda v=v: "%s[%s]" % (v.name, self.index(sc, v.size))))
            elif k == "st":
                out.append((3, lambda v=v: "%s.%s" % (v.name, self.r.choice(self.paths(v.stype)))))
            elif k == "sarr":
                out.append((2, lambda v=v: "%s[%s].%s" % (
                    v.name, self.index(sc, v.size), self.r.choice(self.paths(v.stype)))))
            elif k == "int":
                out.append((1, lambda v=v: "(0.5 * %s)" % v.name))
        return out

    def writes(self, sc):
        """Weighted generators of writable double lvalues: (gen, root name)."""
        out = []
        for v in sc.all().values():
            if not v.writable or v.name in self.exclude:
                continue
            k = v.kind
            if k == "d":
                out.append((6, (lambda v=v: v.name, v.name)))
            elif k == "pd":
                out.append((2, (lambda v=v: "*%s" % v.name, v.name)))
            elif k in ("arr", "pa", "vec"):
                out.append((3, (lambda v=v: "%s[%s]" % (v.name, self.index(sc, v.size)), v.name)))
            elif k == "st":
                out.append((3, (lambda v=v: "%s.%s" % (v.name, self.r.choice(self.paths(v.stype))), v.name)))
            elif k == "sarr":
                out.append((2, (lambda v=v: "%s[%s].%s" % (
                    v.name, self.index(sc, v.size), self.r.choice(self.paths(v.stype))), v.name)))
        return out

    def leaf(self, sc):
        opts = [(w, g) for w, g in self.reads(sc)]
        opts.append((2, self.lit))
        return self.pick(opts)()

    # ------------------------------------------------------------ expressions
    def small(self, sc, depth):
        """An expression short enough to be written twice."""
        e = self.expr(sc, depth)
        if len(e) > 40:
            e = self.leaf(sc)
        return self.paren(e)

    def bounded(self, sc, depth):
        """An expression with values in [-1, 1] (for exp and *=)."""
        e = self.expr(sc, depth)
        return self.pick([
            (3, lambda: "%s(%s)" % (self.std("sin"), e)),
            (3, lambda: "%s(%s)" % (self.std("cos"), e)),
            (3, lambda: "%s(%s)" % (self.std("tanh"), e)),
            (1, lambda: (lambda s: "1.0 / (1.0 + %s * %s)" % (s, s))(self.small(sc, depth))),
        ])()

    def cmath(self, sc, depth):
        d = depth - 1
        r = self.r
        c = self.pick([(4, "sin"), (4, "cos"), (3, "tanh"), (4, "exp"), (3, "log"),
                       (3, "sqrt"), (4, "pow")])
        if c in ("sin", "cos", "tanh"):
            return "%s(%s)" % (self.std(c), self.expr(sc, d))
        if c == "exp":
            return self.pick([
                (3, lambda: "%s(%s)" % (self.std("exp"), self.bounded(sc, d))),
                (2, lambda: (lambda e: "%s(-%s * %s)" % (self.std("exp"), e, e))(self.small(sc, d))),
                (1, lambda: "%s(0.5 * %s)" % (self.std("exp"), self.bounded(sc, d))),
            ])()
        if c == "log":
            return self.pick([
                (3, lambda: (lambda e: "%s(1.0 + %s * %s)" % (self.std("log"), e, e))(self.small(sc, d))),
                (2, lambda: "%s(2.0 + %s)" % (self.std("log"), self.bounded(sc, d))),
            ])()
        if c == "sqrt":
            return self.pick([
                (3, lambda: (lambda e: "%s(1.0 + %s * %s)" % (self.std("sqrt"), e, e))(self.small(sc, d))),
                (2, lambda: "%s(1.5 + %s)" % (self.std("sqrt"), self.bounded(sc, d))),
            ])()
        # pow: integer exponent, or a positive base
        return self.pick([
            (3, lambda: "%s(%s, %d)" % (self.std("pow"), self.expr(sc, d), r.choice([2, 3]))),
            (1, lambda: "%s(%s, 2.0)" % (self.std("pow"), self.expr(sc, d))),
            (2, lambda: "%s(1.5 + %s, %s)" % (self.std("pow"), self.bounded(sc, d), self.leaf(sc))),
            (1, lambda: (lambda e: "%s(1.0 + %s * %s, 0.5)" % (self.std("pow"), e, e))(self.small(sc, d))),
            (1, lambda: "%s(2.0, %s)" % (self.std("pow"), self.bounded(sc, d))),
        ])()

    def callables(self, sc):
        return [v for v in sc.all().values() if v.kind in ("lam", "fn") and v.name not in self.exclude]

    def callable_arg(self, sc, depth):
        """Something to pass as F to apply_sum."""
        opts = []
        cs = self.callables(sc)
        if cs:
            opts.append((4, lambda: self.r.choice(cs).name))
        if not self.in_lambda:
            opts.append((3, lambda: self.inline_lambda(sc)))
        if self.functors:
            opts.append((2, lambda: "%s{%s}" % (self.r.choice(self.functors), self.expr(sc, depth))))
        unary = [h for h in self.helpers if h.ret == "d" and h.params == ["d"]]
        if unary:
            opts.append((1, lambda: self.r.choice(unary).name))
        if not opts:
            return None
        return self.pick(opts)()

    def inline_lambda(self, sc):
        cap, body_sc = self.capture(sc)
        t = self.fresh("t")
        body_sc.add(Var(t, "d", writable=False))
        saved = self.in_lambda
        self.in_lambda = True
        body = self.expr(body_sc, 2)
        self.in_lambda = saved
        return "[%s](double %s) { return %s; }" % (cap, t, body)

    def capture(self, sc):
        """A capture list and the scope its body sees."""
        body_sc = Scope()
        scalars = [v for v in sc.all().values() if v.kind == "d" and v.name not in self.exclude]
        mode = self.pick([(4, "&"), (1, "="), (2, "named"), (1, "init"), (1, "none")])
        if mode in ("&", "="):
            for v in sc.all().values():
                if v.kind in ("d", "st", "arr") and v.name not in self.exclude:
                    body_sc.add(Var(v.name, v.kind, writable=False, size=v.size, stype=v.stype))
            return mode, body_sc
        if mode == "named" and scalars:
            chosen = self.r.sample(scalars, min(len(scalars), self.r.randint(1, 2)))
            caps = []
            for v in chosen:
                caps.append(("&" if self.r.random() < 0.5 else "") + v.name)
                body_sc.add(Var(v.name, "d", writable=False))
            return ", ".join(caps), body_sc
        if mode == "init":
            c = self.fresh("c")
            body_sc.add(Var(c, "d", writable=False))
            return "%s = %s" % (c, self.expr(sc, 1)), body_sc
        return "", body_sc

    def helper_call(self, sc, depth, h):
        """Render a call of helper h, or None if this scope cannot supply its
        arguments. Writable arguments are chosen first and excluded from the
        others, so that no two arguments alias."""
        args = [None] * len(h.params)
        saved = set(self.exclude)
        try:
            for i, p in enumerate(h.params):
                if p in ("rd", "pd"):
                    ws = self.writes(sc)
                    ws = [(wt, g) for wt, g in ws if g[1] not in self.exclude]
                    if not ws:
                        return None
                    gen, root = self.pick(ws)
                    args[i] = ("&" if p == "pd" else "") + gen()
                    self.exclude.add(root)
                elif p == "pwa":
                    arrs = [v for v in sc.all().values() if v.kind in ("arr", "pa") and v.writable
                            and v.size >= 4 and v.name not in self.exclude]
                    if not arrs:
                        return None
                    v = self.r.choice(arrs)
                    args[i] = v.name
                    self.exclude.add(v.name)
                elif p == "rvec":
                    vs = [v for v in sc.all().values() if v.kind == "vec" and v.writable
                          and v.name not in self.exclude]
                    if not vs:
                        return None
                    v = self.r.choice(vs)
                    args[i] = v.name
                    self.exclude.add(v.name)
                elif p.startswith("rst:"):
                    t = p[4:]
                    cand = [v for v in sc.all().values() if v.kind in ("st", "sarr") and v.stype == t
                            and v.writable and v.name not in self.exclude]
                    if not cand:
                        return None
                    v = self.r.choice(cand)
                    args[i] = v.name if v.kind == "st" else "%s[%s]" % (v.name, self.index(sc, v.size))
                    self.exclude.add(v.name)
            for i, p in enumerate(h.params):
                if args[i] is not None:
                    continue
                if p in ("d", "cd"):
                    args[i] = self.expr(sc, depth - 1)
                elif p == "int":
                    args[i] = str(h.int_args.get(i, 3))
                elif p == "pa":
                    arrs = [v for v in sc.all().values() if v.kind in ("arr", "pa") and v.size >= 4
                            and v.name not in self.exclude]
                    if not arrs:
                        return None
                    args[i] = self.r.choice(arrs).name
                elif p == "cvec":
                    vs = [v for v in sc.all().values() if v.kind == "vec" and v.name not in self.exclude]
                    if not vs:
                        return None
                    args[i] = self.r.choice(vs).name
                elif p.startswith("st:") or p.startswith("cst:"):
                    t = p.split(":")[1]
                    args[i] = self.struct_value(sc, t, depth - 1)
                else:
                    raise AssertionError(p)
        finally:
            self.exclude = saved
        return "%s(%s)" % (h.name, ", ".join(args))

    def struct_value(self, sc, t, depth):
        """An rvalue or lvalue of struct type t."""
        opts = []
        vs = [v for v in sc.all().values() if v.kind == "st" and v.stype == t and v.name not in self.exclude]
        if vs:
            opts.append((6, lambda: self.r.choice(vs).name))
        sa = [v for v in sc.all().values() if v.kind == "sarr" and v.stype == t and v.name not in self.exclude]
        if sa:
            opts.append((1, lambda: (lambda v: "%s[%s]" % (v.name, self.index(sc, v.size)))(self.r.choice(sa))))
        opts.append((1, lambda: t + self.struct_init(sc, t, max(depth, 0))))
        makers = [h for h in self.helpers if h.ret == t]
        if makers and depth > 0:
            def mk():
                c = self.helper_call(sc, depth, self.r.choice(makers))
                return c if c else t + self.struct_init(sc, t, 0)
            opts.append((2, mk))
        return self.pick(opts)()

    def expr(self, sc, depth, calls=True):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(sc)
        d = depth - 1
        opts = [
            (30, lambda: "(%s %s %s)" % (self.expr(sc, d, calls), r.choice("+-*"), self.expr(sc, d, calls))),
            (5, lambda: (lambda e: "%s / (1.0 + %s * %s)" % (self.paren(self.expr(sc, d, calls)), e, e))(self.small(sc, 0))),
            (2, lambda: "%s / (2.0 + %s(%s))" % (self.paren(self.expr(sc, d, calls)), self.std("sin"), self.expr(sc, d, calls))),
            (4, lambda: "-%s" % self.paren(self.expr(sc, d, calls))),
            (16, lambda: self.cmath(sc, depth)),
            (2, lambda: "(%s > %s ? %s : %s)" % (self.leaf(sc), self.leaf(sc), self.expr(sc, d, False),
                                                  self.expr(sc, d, False))),
        ]
        if calls:
            dh = [h for h in self.helpers if h.ret == "d"]
            if dh:
                opts.append((10, lambda: self.helper_call(sc, depth, r.choice(dh)) or self.leaf(sc)))
            sh = [h for h in self.helpers if h.ret in self.structs]
            if sh:
                def smember():
                    h = r.choice(sh)
                    c = self.helper_call(sc, depth, h)
                    return "%s.%s" % (c, r.choice(self.paths(h.ret))) if c else self.leaf(sc)
                opts.append((2, smember))
            cs = self.callables(sc)
            if cs:
                opts.append((6, lambda: "%s(%s)" % (r.choice(cs).name, self.expr(sc, d, calls))))
            if not self.in_lambda:
                def apply():
                    f = self.callable_arg(sc, d)
                    if f is None:
                        return self.leaf(sc)
                    tmpl = r.choice(["apply_sum", "apply_sum", "apply_ref"])
                    if tmpl == "apply_sum":
                        return "apply_sum(%s, %s, %s, %d)" % (f, self.expr(sc, d, calls), self.leaf(sc),
                                                             r.randint(2, 4))
                    return "apply_ref(%s, %s)" % (f, self.expr(sc, d, calls))
                opts.append((4, apply))
        return self.pick(opts)()

    @staticmethod
    def paren(e):
        if e.startswith("(") and e.endswith(")"):
            return e
        if all(ch.isalnum() or ch in "_.[]" for ch in e):
            return e
        return "(" + e + ")"

    def cond(self, sc, ints_ok=True):
        r = self.r
        ints = [v for v in sc.all().values() if v.kind == "int"]
        opts = [
            (5, lambda: "%s %s %s" % (self.expr(sc, 1, False), r.choice(["<", ">", "<=", ">="]),
                                      self.expr(sc, 1, False))),
            (3, lambda: "%s %s %s" % (self.leaf(sc), r.choice(["<", ">"]), r.choice(["0.0", "0.5", "-0.3", "1.0"]))),
            (1, lambda: "%s(%s) > 0.2" % (self.std("sin"), self.expr(sc, 1, True))),
            (1, lambda: "%s < %s && %s > -1.0" % (self.leaf(sc), self.leaf(sc), self.leaf(sc))),
        ]
        if ints and ints_ok:
            def icond():
                v = r.choice(ints)
                return r.choice(["%s %% 2 == 0" % v.name, "%s == %d" % (v.name, r.randint(v.lo, max(v.lo, v.hi))),
                                 "%s > %d" % (v.name, r.randint(v.lo, max(v.lo, v.hi))),
                                 "%s != 1" % v.name])
            opts.append((4, icond))
        return self.pick(opts)()

    # ------------------------------------------------------------- statements
    def block(self, sc, n=None):
        """Generate a nested block body in a new scope; returns the scope."""
        inner = Scope(sc)
        self.indent += 1
        self.block_depth += 1
        if n is None:
            n = self.r.randint(1, 3)
        produced = 0
        while produced < n and (self.budget > 0 or produced == 0):
            self.stmt(inner)
            produced += 1
        self.block_depth -= 1
        self.indent -= 1
        for v in inner.vars.values():
            if v.kind == "d" and v.name not in self.dead_names:
                self.dead_names.append(v.name)
        return inner

    def decl_name(self, sc, prefix):
        r = self.r
        visible = sc.all()
        if prefix == "v" and self.block_depth > 0:
            dead = [n for n in self.dead_names if n not in visible]
            if dead and r.random() < 0.15:
                return r.choice(dead)  # reuse a name from a closed sibling block
            outer = [v.name for v in visible.values() if v.kind == "d" and v.name not in sc.vars
                     and v.name.startswith("v")]
            if outer and r.random() < 0.05:
                return r.choice(outer)  # shadow an outer local
        return self.fresh(prefix)

    def s_decl(self, sc):
        name = self.decl_name(sc, "v")
        const = self.r.random() < 0.1
        init = self.expr(sc, 3)
        # A name shadowing an outer local is in scope in its own initializer:
        # reading it there reads the new, uninitialised variable.
        if re.search(r"\b%s\b" % re.escape(name), init):
            name = self.fresh("v")
        self.w("%sdouble %s = %s;" % ("const " if const else "", name, init))
        sc.add(Var(name, "d", writable=not const))

    def s_assign(self, sc):
        r = self.r
        gen, root = self.pick(self.writes(sc))
        lv = gen()
        op = self.pick([(6, "="), (8, "+="), (3, "-="), (3, "*="), (2, "/="), (1, "++")])
        if op in ("=", "+=", "-="):
            self.w("%s %s %s;" % (lv, op, self.rhs(sc, 3)))
        elif op == "*=":
            self.w("%s *= %s;" % (lv, self.pick([(3, lambda: self.bounded(sc, 2)),
                                                   (1, lambda: "0.5 + 0.25 * %s" % self.paren(self.bounded(sc, 1))),
                                                   (1, self.lit)])()))
        elif op == "/=":
            e = self.small(sc, 1)
            self.w("%s /= (1.0 + %s * %s);" % (lv, e, e))
        else:
            # (`*p++` would step the pointer: the dereference needs parentheses.)
            step = "(%s)" % lv if lv.startswith("*") else lv
            self.w(r.choice(["++%s;", "%s++;", "--%s;", "%s--;"]) % step)

    def rhs(self, sc, depth):
        """The value of an assignment. Where it may run repeatedly (in a loop,
        or in a helper that may be called in one), it is bounded so that no
        value can grow without bound (an overflow in a dead value would give
        NaN adjoints through 0 * inf)."""
        if self.loop_depth > 0 or self.in_helper:
            b = self.bounded(sc, depth - 1)
            return self.pick([(3, lambda: b), (1, lambda: "0.5 * " + self.paren(b))])()
        return self.expr(sc, depth)

    def s_if(self, sc):
        self.w("if (%s) {" % self.cond(sc))
        self.block(sc)
        if self.r.random() < 0.55:
            if self.r.random() < 0.2 and self.budget > 2:
                self.w("} else if (%s) {" % self.cond(sc))
                self.block(sc)
            self.w("} else {")
            self.block(sc)
        self.w("}")

    def s_for(self, sc):
        r = self.r
        n = r.randint(2, 5)
        i = self.fresh("i")
        hdr = self.pick([
            (6, "for (int {i} = 0; {i} < {n}; ++{i}) {{"),
            (1, "for (int {i} = 0; {i} < {n}; {i}++) {{"),
            (2, "for (int {i} = {m}; {i} >= 0; --{i}) {{"),
            (1, "for (int {i} = 0; {i} < {n}; {i} += 2) {{"),
        ])
        self.w(hdr.format(i=i, n=n, m=n - 1))
        body = Scope(sc)
        body.add(Var(i, "int", writable=False, lo=0, hi=n - 1))
        self.loop_depth += 1
        self.block(body, r.randint(1, 3))
        self.loop_depth -= 1
        self.w("}")

    def s_while(self, sc, do=False):
        r = self.r
        n = r.randint(2, 5)
        k = self.fresh("k")
        self.w("int %s = 0;" % k)
        self.w("do {" if do else "while (%s < %d) {" % (k, n))
        self.indent += 1
        self.w("++%s;" % k)
        self.indent -= 1
        body = Scope(sc)
        body.add(Var(k, "int", writable=False, lo=1, hi=n))
        self.loop_depth += 1
        self.block(body, r.randint(1, 3))
        self.loop_depth -= 1
        self.w("} while (%s < %d);" % (k, n) if do else "}")
        sc.add(Var(k, "int", writable=False, lo=0, hi=n))

    def s_jump(self, sc):
        kw = self.r.choice(["break", "continue"])
        if self.r.random() < 0.7:
            self.w("if (%s) %s;" % (self.cond(sc), kw))
        else:
            self.w("if (%s) {" % self.cond(sc))
            self.indent += 1
            self.stmt_simple(sc)
            self.w("%s;" % kw)
            self.indent -= 1
            self.w("}")

    def stmt_simple(self, sc):
        ws = self.writes(sc)
        if ws:
            gen, _ = self.pick(ws)
            self.w("%s += %s;" % (gen(), self.rhs(sc, 2)))
        else:
            self.s_decl(sc)

    def s_arr(self, sc):
        r = self.r
        a = self.fresh("a")
        form = self.pick([(3, "list"), (2, "zero"), (2, "loop")])
        if form == "list":
            self.w("double %s[4] = {%s};" % (a, ", ".join(self.expr(sc, 2) for _ in range(4))))
        elif form == "zero":
            self.w("double %s[4] = {};" % a)
        else:
            self.w("double %s[4];" % a)
            i = self.fresh("i")
            self.w("for (int %s = 0; %s < 4; ++%s) {" % (i, i, i))
            isc = Scope(sc)
            isc.add(Var(i, "int", writable=False, lo=0, hi=3))
            self.indent += 1
            self.w("%s[%s] = %s;" % (a, i, self.expr(isc, 2)))
            self.indent -= 1
            self.w("}")
        sc.add(Var(a, "arr", size=4))

    def s_vec(self, sc):
        r = self.r
        self.uses_vector = True
        v = self.fresh("w")
        n = r.randint(3, 5)
        form = self.pick([(5, "sized"), (1, "filled"), (1, "list")])
        if form == "sized":
            self.w("std::vector<double> %s(%d);" % (v, n))
        elif form == "filled":
            self.w("std::vector<double> %s(%d, %s);" % (v, n, self.expr(sc, 2)))
        else:
            self.w("std::vector<double> %s = {%s};" % (v, ", ".join(self.expr(sc, 1) for _ in range(n))))
        sc.add(Var(v, "vec", size=n))
        if r.random() < 0.6:
            i = self.fresh("i")
            self.w("for (int %s = 0; %s < %d; ++%s) {" % (i, i, n, i))
            isc = Scope(sc)
            isc.add(Var(i, "int", writable=False, lo=0, hi=n - 1))
            self.indent += 1
            self.w("%s[%s] %s %s;" % (v, i, r.choice(["=", "+="]), self.expr(isc, 2)))
            self.indent -= 1
            self.w("}")

    def s_struct(self, sc):
        r = self.r
        t = r.choice(list(self.structs))
        s = self.fresh("s")
        same = [v for v in sc.all().values() if v.kind == "st" and v.stype == t]
        makers = [h for h in self.helpers if h.ret == t]
        form = self.pick([(5, "brace"), (1, "eqbrace"), (2 if same else 0, "copy"),
                          (3 if makers else 0, "helper")])
        if form == "brace":
            self.w("%s %s%s;" % (t, s, self.struct_init(sc, t, 2)))
        elif form == "eqbrace":
            self.w("%s %s = %s%s;" % (t, s, t, self.struct_init(sc, t, 2)))
        elif form == "copy":
            self.w("%s %s = %s;" % (t, s, r.choice(same).name))
        else:
            c = self.helper_call(sc, 2, r.choice(makers))
            if c is None:
                self.w("%s %s%s;" % (t, s, self.struct_init(sc, t, 2)))
            else:
                self.w("%s %s = %s;" % (t, s, c))
        sc.add(Var(s, "st", stype=t))

    def s_sarr(self, sc):
        t = self.r.choice(list(self.structs))
        s = self.fresh("sa")
        if self.r.random() < 0.6:
            self.w("%s %s[3] = {%s};" % (t, s, ", ".join(self.struct_init(sc, t, 1) for _ in range(3))))
        else:
            self.w("%s %s[3] = {};" % (t, s))
        sc.add(Var(s, "sarr", stype=t, size=3))

    def s_struct_assign(self, sc):
        r = self.r
        targets = []
        for v in sc.all().values():
            if not v.writable:
                continue
            if v.kind == "st":
                targets.append((v.name, v.stype))
                for field, ft in self.structs[v.stype]:
                    if ft != "d":
                        targets.append(("%s.%s" % (v.name, field), ft))
            elif v.kind == "sarr":
                targets.append(("%s[%s]" % (v.name, self.index(sc, v.size)), v.stype))
        if not targets:
            return self.s_struct(sc)
        lv, t = r.choice(targets)
        root = lv.split(".")[0].split("[")[0]
        others = [v for v in sc.all().values() if v.kind == "st" and v.stype == t and v.name != root]
        if not others and r.random() < 0.7:
            # Make a second value of the type to copy from.
            s2 = self.fresh("s")
            self.w("%s %s%s;" % (t, s2, self.struct_init(sc, t, 2)))
            sc.add(Var(s2, "st", stype=t))
        saved = set(self.exclude)
        if r.random() < 0.3:
            self.exclude.add(root)
        val = self.struct_value(sc, t, 2)
        self.exclude = saved
        if val == lv:
            val = t + self.struct_init(sc, t, 1)
        self.w("%s = %s;" % (lv, val))

    def s_call(self, sc):
        hs = [h for h in self.helpers if h.ret == "void"]
        self.r.shuffle(hs)
        for h in hs:
            c = self.helper_call(sc, 2, h)
            if c:
                self.w(c + ";")
                return
        self.s_decl(sc)

    def s_lambda(self, sc):
        lam = self.fresh("lam")
        cap, body_sc = self.capture(sc)
        t = self.fresh("t")
        body_sc.add(Var(t, "d", writable=False))
        saved = self.in_lambda
        self.in_lambda = True
        if self.r.random() < 0.3:
            u = self.fresh("u")
            e1 = self.expr(body_sc, 2)
            body_sc.add(Var(u, "d"))
            e2 = self.expr(body_sc, 2)
            self.w("auto %s = [%s](double %s) {" % (lam, cap, t))
            self.indent += 1
            self.w("double %s = %s;" % (u, e1))
            self.w("return %s;" % e2)
            self.indent -= 1
            self.w("};")
        else:
            self.w("auto %s = [%s](double %s) { return %s; };" % (lam, cap, t, self.expr(body_sc, 2)))
        self.in_lambda = saved
        sc.add(Var(lam, "lam", writable=False))

    def s_functor(self, sc):
        t = self.r.choice(self.functors)
        fn = self.fresh("fn")
        self.w("%s %s{%s};" % (t, fn, self.expr(sc, 2)))
        sc.add(Var(fn, "fn", writable=False))

    def s_range_for(self, sc):
        seqs = [v for v in sc.all().values() if v.kind in ("arr", "vec") and v.name not in self.exclude]
        v = self.r.choice(seqs)
        e = self.fresh("e")
        gen, root = self.pick(self.writes(sc))
        body = Scope(sc)
        body.add(Var(e, "d", writable=False))
        ref = "const double& " if self.r.random() < 0.3 else "double "
        saved = set(self.exclude)
        self.exclude.add(v.name)
        lv = gen() if root != v.name else None
        if lv is None:
            self.exclude = saved
            return self.s_decl(sc)
        rhs = self.bounded(body, 1)
        self.exclude = saved
        self.w("for (%s%s : %s) {" % (ref, e, v.name))
        self.indent += 1
        self.w("%s += %s;" % (lv, rhs))
        self.indent -= 1
        self.w("}")

    def s_return(self, sc):
        self.w("if (%s) return %s;" % (self.cond(sc), self.expr(sc, 2)))

    def stmt(self, sc):
        self.budget -= 1
        has_writes = bool(self.writes(sc))
        structs = any(v.kind in ("st", "sarr") for v in sc.all().values())
        seqs = any(v.kind in ("arr", "vec") for v in sc.all().values())
        nest_ok = self.block_depth < 3 and self.budget > 0
        opts = [
            (18, self.s_decl),
            (24 if has_writes else 0, self.s_assign),
            (10 if nest_ok else 0, self.s_if),
            (10 if nest_ok and self.loop_depth < 2 else 0, self.s_for),
            (3 if nest_ok and self.loop_depth < 2 else 0, self.s_while),
            (1 if nest_ok and self.loop_depth < 2 else 0, lambda s: self.s_while(s, do=True)),
            (6 if self.loop_depth > 0 else 0, self.s_jump),
            (5, self.s_arr),
            (3, self.s_vec),
            (6, self.s_struct),
            (2, self.s_sarr),
            (5 if structs else 0, self.s_struct_assign),
            (7 if any(h.ret == "void" for h in self.helpers) else 0, self.s_call),
            (3 if not self.in_lambda else 0, self.s_lambda),
            (2 if self.functors else 0, self.s_functor),
            (2 if seqs and has_writes else 0, self.s_range_for),
            (2 if self.ret_kind == "d" else 0, self.s_return),
        ]
        self.pick(opts)(sc)

    # ----------------------------------------------------------- definitions
    def gen_structs(self):
        r = self.r
        n = r.choice([2, 2, 3])
        self.structs["P"] = [(m, "d") for m in ["x", "y", "z"][:n]]
        if r.random() < 0.45:
            self.structs["Q"] = [("p", "P"), ("w", "d")]
        out = []
        for name, fields in self.structs.items():
            out.append("struct %s {" % name)
            for field, ft in fields:
                out.append("  %s %s;" % ("double" if ft == "d" else ft, field))
            out.append("};")
        return out

    def gen_functors(self):
        out = []
        for _ in range(self.r.choice([0, 1, 1, 2])):
            name = self.fresh("Fn")
            sc = Scope()
            sc.add(Var("k", "d", writable=False))
            sc.add(Var("t", "d", writable=False))
            saved = self.in_lambda
            self.in_lambda = True
            body = self.expr(sc, 2)
            self.in_lambda = saved
            out.append("struct %s {" % name)
            out.append("  double k;")
            out.append("  double operator()(double t) const { return %s; }" % body)
            out.append("};")
            self.functors.append(name)
        return out

    def gen_helper(self):
        r = self.r
        name = self.fresh("h")
        st = list(self.structs)
        kind = self.pick([
            (5, "val2"), (3, "cref"), (2, "unary"), (4, "outref"), (2, "ptr1"), (2, "aptr"), (1, "aptr_out"),
            (3, "mkstruct"), (2, "stval"), (2, "stcref"), (2, "stref"), (2, "rec"),
            (1, "cvec"), (1, "rvec"), (1, "chain"),
        ])
        if kind == "chain" and not self.helpers:
            kind = "val2"
        sc = Scope()
        params = []  # (kind, C++ declaration, Var or None)
        ret = "d"
        body_fixed = []  # lines appended after the generated statements
        T = r.choice(st)
        pre_lines = []
        post = None
        int_args = {}
        if kind in ("val2", "chain"):
            params = [("d", "double a", Var("a", "d")), ("d", "double b", Var("b", "d"))]
        elif kind == "unary":
            params = [("d", "double a", Var("a", "d"))]
        elif kind == "cref":
            params = [("cd", "const double& a", Var("a", "d", writable=False)), ("d", "double b", Var("b", "d"))]
        elif kind == "outref":
            params = [("d", "double a", Var("a", "d")), ("rd", "double& out", None)]
            ret = "void"
            post = lambda s: self.w("out %s %s;" % (r.choice(["=", "+=", "-="]), self.rhs(s, 3)))
        elif kind == "ptr1":
            params = [("pd", "double* p", None), ("d", "double k", Var("k", "d"))]
            ret = "void"
            post = lambda s: self.w("*p %s %s;" % (r.choice(["=", "+="]), self.rhs(s, 3)))
            pre_lines = []
        elif kind == "aptr":
            params = [("pa", "const double* p", Var("p", "pa", writable=False, size=4)), ("d", "double k", Var("k", "d"))]
        elif kind == "aptr_out":
            params = [("pa", "const double* p", Var("p", "pa", writable=False, size=4)),
                      ("pwa", "double* q", None)]
            ret = "void"

            def post(s):
                i = self.fresh("i")
                self.w("for (int %s = 0; %s < 4; ++%s) {" % (i, i, i))
                isc = Scope(s)
                isc.add(Var(i, "int", writable=False, lo=0, hi=3))
                self.indent += 1
                self.w("q[%s] %s %s;" % (i, r.choice(["=", "+="]), self.rhs(isc, 2)))
                self.indent -= 1
                self.w("}")
        elif kind == "mkstruct":
            params = [("d", "double a", Var("a", "d")), ("d", "double b", Var("b", "d"))]
            ret = T
        elif kind == "stval":
            params = [("st:" + T, "%s s" % T, Var("s", "st", stype=T)), ("d", "double k", Var("k", "d"))]
        elif kind == "stcref":
            params = [("cst:" + T, "const %s& s" % T, Var("s", "st", writable=False, stype=T)),
                      ("d", "double k", Var("k", "d"))]
        elif kind == "stref":
            params = [("rst:" + T, "%s& s" % T, None), ("d", "double k", Var("k", "d"))]
            ret = "void"
            path = r.choice(self.paths(T))
            post = lambda s: self.w("s.%s %s %s;" % (path, r.choice(["=", "+=", "*="]), self.bounded(s, 2)))
        elif kind == "rec":
            params = [("d", "double a", Var("a", "d")), ("int", "int n", None)]
            int_args = {1: r.randint(1, 4)}
        elif kind == "cvec":
            params = [("cvec", "const std::vector<double>& v", None), ("d", "double k", Var("k", "d"))]
            self.uses_vector = True
        elif kind == "rvec":
            params = [("rvec", "std::vector<double>& v", None), ("d", "double k", Var("k", "d"))]
            ret = "void"
            self.uses_vector = True

        for pk, decl, var in params:
            if var is not None:
                sc.add(var)
        # The struct-reference parameter is writable, the pointer parameter's
        # pointee too; they enter the scope after the generated statements'
        # scope is made, so that generated code may also use them.
        if kind == "stref":
            sc.add(Var("s", "st", stype=T))
        if kind == "ptr1":
            sc.add(Var("p", "pd"))
        if kind == "aptr_out":
            sc.add(Var("q", "pa", size=4))
        if kind == "outref":
            sc.add(Var("out", "d"))

        rtype = {"d": "double", "void": "void"}.get(ret, ret)
        self.in_helper = True
        lines_before = self.lines
        self.lines = []
        self.indent = 1
        self.ret_kind = ret
        self.budget = r.randint(0, 3)
        if kind == "rec":
            self.w("if (n <= 0) return %s;" % self.expr(sc, 2))
        if kind in ("cvec", "rvec"):
            acc = self.fresh("v")
            if kind == "cvec":
                self.w("double %s = 0.0;" % acc)
            self.w("for (std::size_t i = 0; i < v.size(); ++i) {")
            self.indent += 1
            if kind == "cvec":
                self.w("%s += v[i] * %s;" % (acc, self.paren(self.expr(sc, 2))))
            elif r.random() < 0.5:
                self.w("v[i] = v[i] * %s;" % self.paren(self.bounded(sc, 2)))
            else:
                self.w("v[i] += %s;" % self.bounded(sc, 2))
            self.indent -= 1
            self.w("}")
            if kind == "cvec":
                sc.add(Var(acc, "d"))
        if kind == "mkstruct":
            rs = self.fresh("r")
            self.w("%s %s%s;" % (T, rs, self.struct_init(sc, T, 2)))
            sc.add(Var(rs, "st", stype=T))
        while self.budget > 0:
            self.stmt(sc)
        if post:
            post(sc)
        if kind == "chain":
            prev = [h for h in self.helpers if h.ret == "d"]
            if prev:
                c = self.helper_call(sc, 3, r.choice(prev))
                if c:
                    self.w("return %s * %s;" % (self.paren(self.expr(sc, 2)), c))
                    kind = "chain-done"
        if kind == "chain-done":
            pass
        elif kind == "rec":
            self.w("return %s * %s(%s, n - 1) + %s;" % (r.choice(["0.5", "0.7", "0.25"]), name,
                                                          self.expr(sc, 2), self.expr(sc, 1)))
        elif kind == "mkstruct":
            self.w("return %s;" % rs)
        elif ret == "d":
            self.w("return %s;" % self.expr(sc, 3))
        body = self.lines
        self.lines = lines_before
        self.in_helper = False
        sig = "%s %s(%s) {" % (rtype, name, ", ".join(decl for _, decl, _ in params))
        if kind == "rec":
            self.helpers.append(Helper(name, ret, [pk for pk, _, _ in params], int_args))
            out = [sig] + body + ["}"]
        else:
            out = [sig] + body + ["}"]
            self.helpers.append(Helper(name, ret, [pk for pk, _, _ in params], int_args))
        return out

    def generate(self):
        r = self.r
        out = ["// ddx difftest program, seed %d (generated by scripts/difftest/gen.py)" % self.seed]
        out += ["#include <%s>" % h for h in HEADERS] + [""]
        out += self.gen_structs()
        out += ["",
                "template <class F> double apply_sum(F f, double a, double b, int n) {",
                "  double s = 0.0;",
                "  for (int i = 0; i < n; ++i)",
                "    s += f(a + 0.25 * i * b);",
                "  return s;",
                "}",
                "template <class F> double apply_ref(const F& f, double a) { return f(a) * f(0.5 * a); }",
                ""]
        for _ in range(self.pick([(2, 0), (4, 1), (3, 2), (2, 3)])):
            out += self.gen_helper()
            out.append("")
        out += self.gen_functors()
        out.append("")
        # f itself
        sc = Scope()
        for x in ("x0", "x1", "x2"):
            sc.add(Var(x, "d"))
        self.lines = []
        self.indent = 1
        self.block_depth = 0
        self.loop_depth = 0
        self.ret_kind = "d"
        self.budget = r.randint(5, 16)
        while self.budget > 0:
            self.stmt(sc)
        # The result combines several live values.
        atoms = self.reads(sc)
        terms = []
        for _ in range(r.randint(1, 3)):
            if atoms:
                terms.append(self.pick(atoms)())
        terms.append(self.expr(sc, 2))
        ret = terms[0]
        for t in terms[1:]:
            ret += " %s %s%s" % (r.choice(["+", "+", "-"]), r.choice(["", "0.5 * ", "0.25 * "]), self.paren(t))
        self.w("return %s;" % ret)
        out.append("double f(double x0, double x1, double x2) {")
        out += self.lines
        out.append("}")
        out.append("")
        out.append(self.harness())
        return "\n".join(out) + "\n"

    def harness(self):
        r = self.r

        def point():
            while True:
                v = round(r.uniform(-1.2, 1.2), 3)
                if abs(v) > 0.1:
                    return v
        x = [point() for _ in range(3)]
        return HARNESS.replace("@X0@", repr(x[0])).replace("@X1@", repr(x[1])).replace("@X2@", repr(x[2]))


HARNESS = r"""// ---- harness (generated by scripts/difftest/gen.py) ----
namespace dt {
// Central difference at 0 of g, refined by one Richardson step (as test/e2e/check.hpp).
template <class G> double cdiff(G g, double h) {
  auto d = [&](double s) { return (g(s) - g(-s)) / (2 * s); };
  return (4 * d(h / 2) - d(h)) / 3;
}
inline bool close(double a, double b, double tol) {
  return std::isfinite(a) && std::fabs(a - b) <= tol * std::max(1.0, std::fabs(b));
}
int report(const char* what, double got, double want, bool ok) {
  std::printf("%s %-22s ddx=% .15e expected=% .15e\n", ok ? "ok  " : "FAIL", what, got, want);
  return ok ? 0 : 1;
}
} // namespace dt

int main() {
  const double x0 = @X0@, x1 = @X1@, x2 = @X2@;
  const double y = f(x0, x1, x2);
  std::printf("point x0=%.17g x1=%.17g x2=%.17g f=%.17g\n", x0, x1, x2, y);
  if (!std::isfinite(y) || std::fabs(y) > 1e8) {
    std::printf("INVALID f is not finite or too large at the point\n");
    return 3;
  }
  auto g0 = [&](double s) { return f(x0 + s, x1, x2); };
  auto g1 = [&](double s) { return f(x0, x1 + s, x2); };
  auto g2 = [&](double s) { return f(x0, x1, x2 + s); };
  // Three Richardson estimates; a pair of consecutive steps that agree gives
  // the reference (f may have large high derivatives, or a kink close by).
  const double hs[3] = {1e-3, 1e-4, 1e-5};
  double fd[3][3];
  for (int k = 0; k < 3; ++k) {
    fd[0][k] = dt::cdiff(g0, hs[k]);
    fd[1][k] = dt::cdiff(g1, hs[k]);
    fd[2][k] = dt::cdiff(g2, hs[k]);
  }
  double ref[3], alt[3];
  for (int i = 0; i < 3; ++i) {
    if (dt::close(fd[i][0], fd[i][1], 1e-6) && std::fabs(fd[i][1]) < 1e8) {
      ref[i] = fd[i][1];
      alt[i] = fd[i][0];
    } else if (dt::close(fd[i][1], fd[i][2], 1e-6) && std::fabs(fd[i][2]) < 1e8) {
      ref[i] = fd[i][2];
      alt[i] = fd[i][1];
    } else {
      std::printf("INVALID finite differences disagree for x%d: h=1e-3 %.17g h=1e-4 %.17g h=1e-5 %.17g"
                  " (f not smooth here)\n", i, fd[i][0], fd[i][1], fd[i][2]);
      return 3;
    }
  }
  auto [yr, d0, d1, d2] = ddx::gradient(f, ddx::active(x0), ddx::active(x1), ddx::active(x2));
  auto [yf0, t0] = ddx::derivative(f, ddx::dual(x0, 1.0), x1, x2);
  auto [yf1, t1] = ddx::derivative(f, x0, ddx::dual(x1, 1.0), x2);
  auto [yf2, t2] = ddx::derivative(f, x0, x1, ddx::dual(x2, 1.0));
  int primal_bad = 0, deriv_bad = 0;
  primal_bad += dt::report("value reverse", yr, y, dt::close(yr, y, 1e-9));
  primal_bad += dt::report("value forward x0", yf0, y, dt::close(yf0, y, 1e-9));
  primal_bad += dt::report("value forward x1", yf1, y, dt::close(yf1, y, 1e-9));
  primal_bad += dt::report("value forward x2", yf2, y, dt::close(yf2, y, 1e-9));
  const double rev[3] = {d0, d1, d2};
  const double fwd[3] = {t0, t1, t2};
  const char* rname[3] = {"d/dx0 reverse", "d/dx1 reverse", "d/dx2 reverse"};
  const char* fname[3] = {"d/dx0 forward", "d/dx1 forward", "d/dx2 forward"};
  for (int i = 0; i < 3; ++i) {
    deriv_bad += dt::report(rname[i], rev[i], ref[i],
                            dt::close(rev[i], ref[i], 1e-5) || dt::close(rev[i], alt[i], 1e-5));
    deriv_bad += dt::report(fname[i], fwd[i], ref[i],
                            dt::close(fwd[i], ref[i], 1e-5) || dt::close(fwd[i], alt[i], 1e-5));
  }
  if (primal_bad) {
    std::printf("PRIMAL-WRONG %d\n", primal_bad);
    return 2;
  }
  if (deriv_bad) {
    std::printf("WRONG %d\n", deriv_bad);
    return 1;
  }
  std::printf("OK\n");
  return 0;
}
"""


def generate(seed):
    return Gen(seed).generate()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    text = generate(args.seed)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
