// ddx rules for GSL's adaptive integration: gsl_integration_qag, qags,
// qagi, qagiu, qagil and cquad; and its non-adaptive gsl_integration_qng.
//
// The integrand arrives as a gsl_function (a function pointer and its
// `void *params`); ddx passes, in its place, an object it generates for
// the function with the params bound (docs/rules.md, "Callables"). The
// result is written through `double *result`, an output: its tangent and
// adjoint slots are pointers to the shadow of `*result` (docs/rules.md,
// "Outputs"). The tolerances, the limit, the rule key, the workspace and
// `abserr` are options.
//
// The derivative is that of the quadrature GSL computed: the integrand's
// derivative is integrated on the final subdivision the primal call left in
// the workspace, with the same Gauss-Kronrod rule (its nodes and weights
// are read from GSL's own gsl_integration_qkN), so the only difference from
// differentiating GSL's arithmetic is that qags' and qagi*'s extrapolation
// (the epsilon algorithm) is not differentiated: their derivative is the
// sum over the final subdivision. The bounds add the Leibniz terms. In
// reverse mode the forward sweep records the quadrature's points and
// weights on that subdivision (the user's workspace may have been reused or
// freed by the reverse sweep), and the pullback pulls the integrand back at
// each point with its weight.
#ifndef DDX_RULES_GSL_INTEGRATION_HPP
#define DDX_RULES_GSL_INTEGRATION_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <cmath>
#include <cstddef>
#include <ddx/rule.hpp>
#include <ddx/rules/boost/math/quadrature/detail.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <limits>
#include <vector>

namespace ddx::rules::gsl_detail {

/// A Gauss-Kronrod rule on [-1, 1], as GSL applies it.
struct kronrod {
  std::vector<double> x, w;
};

using qk_rule = void (*)(const gsl_function *, double, double, double *,
                         double *, double *, double *);

/// The nodes and weights of one of GSL's rules, read by applying it to
/// unit vectors: the nodes from the points it evaluates, the weight of node
/// i from the result for an integrand that is 1 at its i-th evaluation.
inline kronrod read_kronrod(qk_rule qk) {
  struct probe {
    std::vector<double> x;
    std::size_t hot, calls;
  } p{{}, static_cast<std::size_t>(-1), 0};
  gsl_function unit{[](double x, void *v) {
                      probe &p = *static_cast<probe *>(v);
                      if (p.hot == static_cast<std::size_t>(-1))
                        p.x.push_back(x);
                      return p.calls++ == p.hot ? 1.0 : 0.0;
                    },
                    &p};
  double r, e, ra, rs;
  qk(&unit, -1.0, 1.0, &r, &e, &ra, &rs);
  kronrod k;
  k.x = p.x;
  for (std::size_t i = 0; i < k.x.size(); ++i) {
    p.hot = i;
    p.calls = 0;
    qk(&unit, -1.0, 1.0, &r, &e, &ra, &rs);
    k.w.push_back(r);
  }
  return k;
}

/// The rule gsl_integration_qag uses for `key` (clamped as GSL does).
inline const kronrod &rule_for_key(int key) {
  static const kronrod k15 = read_kronrod(gsl_integration_qk15);
  if (key <= GSL_INTEG_GAUSS15)
    return k15;
  static const kronrod k21 = read_kronrod(gsl_integration_qk21);
  if (key == GSL_INTEG_GAUSS21)
    return k21;
  static const kronrod k31 = read_kronrod(gsl_integration_qk31);
  if (key == GSL_INTEG_GAUSS31)
    return k31;
  static const kronrod k41 = read_kronrod(gsl_integration_qk41);
  if (key == GSL_INTEG_GAUSS41)
    return k41;
  static const kronrod k51 = read_kronrod(gsl_integration_qk51);
  if (key == GSL_INTEG_GAUSS51)
    return k51;
  static const kronrod k61 = read_kronrod(gsl_integration_qk61);
  return k61;
}

/// One evaluation of the user's integrand the quadrature is made of.
struct point {
  double x, weight;
};

/// How the integration variable t of the subdivision maps to the user's
/// integrand: appends its points at t with their weights (the rule's weight
/// w times the Jacobian).
struct finite_range {
  void operator()(double t, double w, std::vector<point> &out) const {
    out.push_back({t, w});
  }
};
/// qagiu: x = a + (1 - t) / t; qagil: x = b - (1 - t) / t.
struct half_line {
  double from, direction;
  void operator()(double t, double w, std::vector<point> &out) const {
    out.push_back({from + direction * (1 - t) / t, w / (t * t)});
  }
};
/// qagi: f(x) + f(-x) with x = (1 - t) / t.
struct whole_line {
  void operator()(double t, double w, std::vector<point> &out) const {
    double x = (1 - t) / t;
    out.push_back({x, w / (t * t)});
    out.push_back({-x, w / (t * t)});
  }
};

/// The points of the quadrature on the subdivision a workspace holds.
template <class Map>
std::vector<point> points(const gsl_integration_workspace *w, const kronrod &k,
                          Map map) {
  std::vector<point> out;
  for (std::size_t i = 0; i < w->size; ++i) {
    double c = 0.5 * (w->alist[i] + w->blist[i]);
    double h = 0.5 * (w->blist[i] - w->alist[i]);
    for (std::size_t j = 0; j < k.x.size(); ++j)
      map(c + h * k.x[j], h * k.w[j], out);
  }
  return out;
}

/// gsl_integration_qng's nodes on [-1, 1], in the order it evaluates them:
/// the 21 of its first rule, then the 22 its second adds, then the 44 its
/// third adds. Read by integrating, once, a function it cannot converge on
/// (so it evaluates all 87), with GSL's error handler off for that call.
inline const std::vector<double> &qng_nodes() {
  static const std::vector<double> nodes = [] {
    std::vector<double> x;
    gsl_function g{[](double t, void *v) {
                     static_cast<std::vector<double> *>(v)->push_back(t);
                     return std::sin(1000 * t);
                   },
                   &x};
    gsl_error_handler_t *handler = gsl_set_error_handler_off();
    double r, e;
    std::size_t n;
    gsl_integration_qng(&g, -1.0, 1.0, 0.0, 1e-13, &r, &e, &n);
    gsl_set_error_handler(handler);
    return x;
  }();
  return nodes;
}

/// The weights on [-1, 1] of the interpolatory rule with nodes x: those
/// that integrate the Legendre polynomials P_0 ... P_{n-1} exactly
/// (sum_i w_i P_k(x_i) = 2 if k = 0, else 0). Each of qng's rules is
/// exact beyond degree n - 1, so these are its weights; the Legendre basis
/// keeps the system well conditioned. Gaussian elimination with partial
/// pivoting.
inline std::vector<double> interpolatory_weights(const std::vector<double> &x) {
  std::size_t n = x.size();
  std::vector<std::vector<double>> m(n, std::vector<double>(n + 1, 0.0));
  for (std::size_t i = 0; i < n; ++i) {
    double previous = 1, current = x[i];
    m[0][i] = 1;
    if (n > 1)
      m[1][i] = current;
    for (std::size_t k = 2; k < n; ++k) {
      double next = ((2 * k - 1) * x[i] * current - (k - 1) * previous) / k;
      previous = current;
      current = next;
      m[k][i] = current;
    }
  }
  m[0][n] = 2;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(m[r][c]) > std::fabs(m[pivot][c]))
        pivot = r;
    std::swap(m[c], m[pivot]);
    for (std::size_t r = c + 1; r < n; ++r) {
      double factor = m[r][c] / m[c][c];
      for (std::size_t j = c; j <= n; ++j)
        m[r][j] -= factor * m[c][j];
    }
  }
  std::vector<double> w(n);
  for (std::size_t c = n; c-- > 0;) {
    double v = m[c][n];
    for (std::size_t j = c + 1; j < n; ++j)
      v -= m[c][j] * w[j];
    w[c] = v / m[c][c];
  }
  return w;
}

/// The points of the qng rule with `count` (21, 43 or 87) evaluations on
/// [a, b], as qng placed them.
inline std::vector<point> qng_points(double a, double b, std::size_t count) {
  static const std::vector<double> &nodes = qng_nodes();
  static const std::vector<double> w21 = interpolatory_weights(
      std::vector<double>(nodes.begin(), nodes.begin() + 21));
  static const std::vector<double> w43 = interpolatory_weights(
      std::vector<double>(nodes.begin(), nodes.begin() + 43));
  static const std::vector<double> w87 = interpolatory_weights(nodes);
  const std::vector<double> &w = count <= 21 ? w21 : count <= 43 ? w43 : w87;
  double c = 0.5 * (a + b), h = 0.5 * (b - a);
  std::vector<point> out;
  for (std::size_t i = 0; i < w.size(); ++i)
    out.push_back({c + h * nodes[i], h * w[i]});
  return out;
}

/// gsl_integration_cquad's 33 nodes on [-1, 1], in its order: the points
/// it evaluates first, on [-1, 1] (where its midpoint is 0 and its half
/// width 1, so each point is a node exactly), integrating a constant
/// (which it accepts after those 33).
inline const std::vector<double> &cquad_nodes() {
  static const std::vector<double> nodes = [] {
    std::vector<double> x;
    gsl_function g{[](double t, void *v) {
                     static_cast<std::vector<double> *>(v)->push_back(t);
                     return 1.0;
                   },
                   &x};
    gsl_integration_cquad_workspace *w =
        gsl_integration_cquad_workspace_alloc(3);
    double r, e;
    std::size_t n;
    gsl_integration_cquad(&g, -1.0, 1.0, 0.0, 1e-10, w, &r, &e, &n);
    gsl_integration_cquad_workspace_free(w);
    x.resize(33);
    return x;
  }();
  return nodes;
}

/// The evaluations of the integrand cquad made, in order: a gsl_function
/// that passes each on to the user's and keeps it.
struct cquad_log {
  const gsl_function *inner;
  std::vector<double> x, fx;
  static double evaluate(double x, void *v) {
    cquad_log &log = *static_cast<cquad_log *>(v);
    double y = GSL_FN_EVAL(log.inner, x);
    log.x.push_back(x);
    log.fx.push_back(y);
    return y;
  }
};

/// One interval of cquad's subdivision: its ends, the degree of its rule
/// (depth d uses nodes 0, 8 >> d, ..., 32), whether it was split, and,
/// per node, where the integrand was evaluated and its value (a child
/// takes its ends' values from its parent).
struct cquad_interval {
  double a, b;
  int depth;
  bool split = false;
  double x[33], fx[33];
};

/// The points of the quadrature cquad computed, rebuilt from its
/// evaluations. cquad's result is the sum, over the intervals it never
/// split (those it dropped as converged and those left in its heap), of
/// the integral of the polynomial interpolating the integrand on the
/// interval's nodes at its depth: an interpolatory rule, whose weights
/// are the nodes' (interpolatory_weights). Its evaluations come in
/// batches that say how the subdivision grew: the 33 nodes of [a, b];
/// the nodes an interval's next depth adds (it raised the degree); three
/// nodes of each half (it split the interval). Each batch is matched, to
/// the bit, with the points cquad's own formulas give for an interval not
/// yet split. A node where the integrand is not finite is left out of its
/// interval's rule, as cquad leaves it out. Returns false if the
/// evaluations do not follow that pattern (a divergent integral cquad
/// gave up on) or the rebuilt sum is not the result.
inline bool cquad_points(double a, double b, const cquad_log &log,
                         double result, std::vector<point> &out) {
  static const int skip[4] = {8, 4, 2, 1};
  const std::vector<double> &xi = cquad_nodes();
  std::size_t next = 0;
  // Takes the next evaluation if it is at x, into node i of `iv`.
  auto take = [&](cquad_interval &iv, int i, double x) {
    if (next >= log.x.size() || log.x[next] != x)
      return false;
    iv.x[i] = x;
    iv.fx[i] = log.fx[next++];
    return true;
  };
  std::vector<cquad_interval> ivals(1);
  ivals[0].a = a;
  ivals[0].b = b;
  ivals[0].depth = 3;
  double m = (a + b) / 2, h = (b - a) / 2;
  for (int i = 0; i <= 32; ++i)
    if (!take(ivals[0], i, m + xi[i] * h))
      return false;
  while (next < log.x.size()) {
    double x = log.x[next];
    bool grew = false;
    for (std::size_t k = 0; k < ivals.size() && !grew; ++k) {
      if (ivals[k].split)
        continue;
      cquad_interval &iv = ivals[k];
      m = (iv.a + iv.b) / 2;
      h = (iv.b - iv.a) / 2;
      if (iv.depth < 3 && x == m + xi[skip[iv.depth + 1]] * h) {
        int d = ++iv.depth;
        for (int i = skip[d]; i <= 32; i += 2 * skip[d])
          if (!take(iv, i, m + xi[i] * h))
            return false;
        grew = true;
      } else if (x == (iv.a + m) / 2 + xi[8] * h / 2) {
        iv.split = true;
        cquad_interval left = iv, right = iv;
        left.b = right.a = m;
        left.depth = right.depth = 0;
        left.split = right.split = false;
        left.x[32] = iv.x[16];
        left.fx[32] = iv.fx[16];
        right.x[0] = iv.x[16];
        right.fx[0] = iv.fx[16];
        for (cquad_interval *c : {&left, &right})
          for (int i = 8; i < 32; i += 8)
            if (!take(*c, i, (c->a + c->b) / 2 + xi[i] * h / 2))
              return false;
        ivals.push_back(left);
        ivals.push_back(right);
        grew = true;
      }
    }
    if (!grew)
      return false;
  }
  // The weights of each depth's rule, on the finite nodes among its own.
  auto rule = [&](int depth, const cquad_interval *iv) {
    std::vector<double> at;
    for (int i = 0; i <= 32; i += skip[depth])
      if (!iv || std::isfinite(iv->fx[i]))
        at.push_back(xi[i]);
    return interpolatory_weights(at);
  };
  static const std::vector<double> weights[4] = {
      rule(0, nullptr), rule(1, nullptr), rule(2, nullptr), rule(3, nullptr)};
  double sum = 0, size = 0;
  std::vector<double> fewer;
  for (const cquad_interval &iv : ivals) {
    if (iv.split)
      continue;
    // cquad leaves a non-finite value out of the interval's rule (it
    // downdates the interpolant): the rule on the other nodes.
    bool finite = true;
    for (int i = 0; i <= 32; i += skip[iv.depth])
      finite = finite && std::isfinite(iv.fx[i]);
    if (!finite)
      fewer = rule(iv.depth, &iv);
    const std::vector<double> &w = finite ? weights[iv.depth] : fewer;
    double half = (iv.b - iv.a) / 2;
    std::size_t j = 0;
    for (int i = 0; i <= 32; i += skip[iv.depth]) {
      if (!std::isfinite(iv.fx[i]))
        continue;
      out.push_back({iv.x[i], half * w[j]});
      sum += half * w[j] * iv.fx[i];
      size += std::fabs(half * w[j] * iv.fx[i]);
      ++j;
    }
  }
  return std::fabs(sum - result) <= 1e-10 * size + 1e-300;
}

/// A generated callable object as a gsl_function.
template <class F> double evaluate(double x, void *f) {
  return (*static_cast<const F *>(f))(x);
}
template <class F> gsl_function as_gsl(const F &f) {
  return gsl_function{&evaluate<F>, const_cast<F *>(&f)};
}
/// The user's own gsl_function, as the forward sweep passes it.
inline gsl_function as_gsl(const gsl_function *f) { return *f; }
inline gsl_function as_gsl(gsl_function *f) { return *f; }

/// The tangent of the integral with respect to what the integrand
/// captures: the integral of its tangent on the primal's points.
template <class F>
double integrand_tangent(const F &f, const std::vector<point> &ps) {
  double t = 0;
  for (const point &p : ps)
    t += p.weight * f.pushforward(p.x, 0.0).tangent;
  return t;
}

/// The pullback of the integral into what the integrand captures: the
/// integrand pulled back at each point, seeded with its weight.
template <class F>
void integrand_pullback(const F &f, const std::vector<point> &ps, double seed) {
  for (const point &p : ps) {
    double dx = 0;
    f.pullback(p.x, seed * p.weight, dx);
  }
}

/// A forward sweep: the primal call, recording the points of the
/// quadrature on the subdivision it leaves in the workspace, which the
/// pullback needs (the user's workspace may have been reused or freed by
/// the reverse sweep).
template <class F, class Map, class Run>
::ddx::recorded<int, std::vector<point>>
forward(const F &f, gsl_integration_workspace *workspace, const kronrod &k,
        Map map, Run run) {
  gsl_function g = as_gsl(f);
  int status = run(&g, workspace);
  return {status, points(workspace, k, map)};
}

/// The tangent on a finite range: the integrand's on the points, and the
/// bounds' Leibniz terms.
template <class F>
double finite_tangent(const F &f, const std::vector<point> &ps, double a,
                      double b, double da, double db) {
  return integrand_tangent(f, ps) +
         quadrature_detail::leibniz_tangent(f, a, b, da, db);
}
/// The pullback likewise.
template <class F>
void finite_pullback(const F &f, const std::vector<point> &ps, double a,
                     double b, double &da, double &db, double seed) {
  if (seed == 0)
    return;
  integrand_pullback(f, ps, seed);
  quadrature_detail::leibniz_pullback(f, a, b, seed, da, db);
}

/// The half-line integrators (qagiu: direction 1 from a; qagil: -1 from
/// b), whose finite end adds the Leibniz term -direction f(end) d_end.
template <class F>
double half_line_tangent(const F &f, const std::vector<point> &ps, double end,
                         double direction, double d_end) {
  double t = integrand_tangent(f, ps);
  if (d_end != 0)
    t -= direction * f(end) * d_end;
  return t;
}
template <class F>
void half_line_pullback(const F &f, const std::vector<point> &ps, double end,
                        double direction, double &d_end, double seed) {
  if (seed == 0)
    return;
  integrand_pullback(f, ps, seed);
  d_end -= direction * seed * f(end);
}

} // namespace ddx::rules::gsl_detail

namespace ddx::rules {

// Each integrator has a forward sweep, which makes the primal call and
// records the points of the quadrature on the final subdivision, a
// pushforward integrating the tangent on them, and a pullback taking them.

template <class F>
::ddx::recorded<int, std::vector<gsl_detail::point>>
gsl_integration_qag_forward(DDX_CALLABLE F f, double a, double b,
                            DDX_OPTION double epsabs, DDX_OPTION double epsrel,
                            DDX_OPTION std::size_t limit, DDX_OPTION int key,
                            DDX_OPTION gsl_integration_workspace *workspace,
                            double *result, DDX_OPTION double *abserr) {
  return gsl_detail::forward(
      f, workspace, gsl_detail::rule_for_key(key), gsl_detail::finite_range{},
      [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qag(g, a, b, epsabs, epsrel, limit, key, w,
                                     result, abserr);
      });
}
template <class F>
int gsl_integration_qag_pushforward(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit, DDX_OPTION int key,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, ::ddx::tangent_t<double> da,
    ::ddx::tangent_t<double> db, double *d_result) {
  auto r = gsl_integration_qag_forward(f, a, b, epsabs, epsrel, limit, key,
                                       workspace, result, abserr);
  *d_result = gsl_detail::finite_tangent(f, r.record, a, b, da, db);
  return r.value;
}
template <class F>
void gsl_integration_qag_pullback(
    const std::vector<gsl_detail::point> &points, DDX_CALLABLE F f, double a,
    double b, DDX_OPTION double, DDX_OPTION double, DDX_OPTION std::size_t,
    DDX_OPTION int, DDX_OPTION gsl_integration_workspace *, double *,
    DDX_OPTION double *, ::ddx::tangent_t<double> &da,
    ::ddx::tangent_t<double> &db, double *d_result) {
  gsl_detail::finite_pullback(f, points, a, b, da, db, *d_result);
}

template <class F>
::ddx::recorded<int, std::vector<gsl_detail::point>>
gsl_integration_qags_forward(DDX_CALLABLE F f, double a, double b,
                             DDX_OPTION double epsabs, DDX_OPTION double epsrel,
                             DDX_OPTION std::size_t limit,
                             DDX_OPTION gsl_integration_workspace *workspace,
                             double *result, DDX_OPTION double *abserr) {
  return gsl_detail::forward(
      f, workspace, gsl_detail::rule_for_key(GSL_INTEG_GAUSS21),
      gsl_detail::finite_range{},
      [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qags(g, a, b, epsabs, epsrel, limit, w, result,
                                      abserr);
      });
}
template <class F>
int gsl_integration_qags_pushforward(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, ::ddx::tangent_t<double> da,
    ::ddx::tangent_t<double> db, double *d_result) {
  auto r = gsl_integration_qags_forward(f, a, b, epsabs, epsrel, limit,
                                        workspace, result, abserr);
  *d_result = gsl_detail::finite_tangent(f, r.record, a, b, da, db);
  return r.value;
}
template <class F>
void gsl_integration_qags_pullback(
    const std::vector<gsl_detail::point> &points, DDX_CALLABLE F f, double a,
    double b, DDX_OPTION double, DDX_OPTION double, DDX_OPTION std::size_t,
    DDX_OPTION gsl_integration_workspace *, double *, DDX_OPTION double *,
    ::ddx::tangent_t<double> &da, ::ddx::tangent_t<double> &db,
    double *d_result) {
  gsl_detail::finite_pullback(f, points, a, b, da, db, *d_result);
}

// qagiu (from a, direction 1) and qagil (to b, direction -1): one finite
// end, with its Leibniz term.
#define DDX_GSL_HALF_LINE_RULES(name, direction)                               \
  template <class F>                                                           \
  ::ddx::recorded<int, std::vector<gsl_detail::point>>                         \
      gsl_integration_##name##_forward(                                        \
          DDX_CALLABLE F f, double end, DDX_OPTION double epsabs,              \
          DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,              \
          DDX_OPTION gsl_integration_workspace *workspace, double *result,     \
          DDX_OPTION double *abserr) {                                         \
    return gsl_detail::forward(                                                \
        f, workspace, gsl_detail::rule_for_key(GSL_INTEG_GAUSS15),             \
        gsl_detail::half_line{end, direction},                                 \
        [&](gsl_function *g, gsl_integration_workspace *w) {                   \
          return ::gsl_integration_##name(g, end, epsabs, epsrel, limit, w,    \
                                          result, abserr);                     \
        });                                                                    \
  }                                                                            \
  template <class F>                                                           \
  int gsl_integration_##name##_pushforward(                                    \
      DDX_CALLABLE F f, double end, DDX_OPTION double epsabs,                  \
      DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,                  \
      DDX_OPTION gsl_integration_workspace *workspace, double *result,         \
      DDX_OPTION double *abserr, ::ddx::tangent_t<double> d_end,               \
      double *d_result) {                                                      \
    auto r = gsl_integration_##name##_forward(f, end, epsabs, epsrel, limit,   \
                                              workspace, result, abserr);      \
    *d_result =                                                                \
        gsl_detail::half_line_tangent(f, r.record, end, direction, d_end);     \
    return r.value;                                                            \
  }                                                                            \
  template <class F>                                                           \
  void gsl_integration_##name##_pullback(                                      \
      const std::vector<gsl_detail::point> &points, DDX_CALLABLE F f,          \
      double end, DDX_OPTION double, DDX_OPTION double,                        \
      DDX_OPTION std::size_t, DDX_OPTION gsl_integration_workspace *,          \
      double *, DDX_OPTION double *, ::ddx::tangent_t<double> &d_end,          \
      double *d_result) {                                                      \
    gsl_detail::half_line_pullback(f, points, end, direction, d_end,           \
                                   *d_result);                                 \
  }

DDX_GSL_HALF_LINE_RULES(qagiu, 1.0)
DDX_GSL_HALF_LINE_RULES(qagil, -1.0)
#undef DDX_GSL_HALF_LINE_RULES

template <class F>
::ddx::recorded<int, std::vector<gsl_detail::point>>
gsl_integration_qagi_forward(DDX_CALLABLE F f, DDX_OPTION double epsabs,
                             DDX_OPTION double epsrel,
                             DDX_OPTION std::size_t limit,
                             DDX_OPTION gsl_integration_workspace *workspace,
                             double *result, DDX_OPTION double *abserr) {
  return gsl_detail::forward(
      f, workspace, gsl_detail::rule_for_key(GSL_INTEG_GAUSS15),
      gsl_detail::whole_line{},
      [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qagi(g, epsabs, epsrel, limit, w, result,
                                      abserr);
      });
}
template <class F>
int gsl_integration_qagi_pushforward(
    DDX_CALLABLE F f, DDX_OPTION double epsabs, DDX_OPTION double epsrel,
    DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, double *d_result) {
  auto r = gsl_integration_qagi_forward(f, epsabs, epsrel, limit, workspace,
                                        result, abserr);
  *d_result = gsl_detail::integrand_tangent(f, r.record);
  return r.value;
}
template <class F>
void gsl_integration_qagi_pullback(const std::vector<gsl_detail::point> &points,
                                   DDX_CALLABLE F f, DDX_OPTION double,
                                   DDX_OPTION double, DDX_OPTION std::size_t,
                                   DDX_OPTION gsl_integration_workspace *,
                                   double *, DDX_OPTION double *,
                                   double *d_result) {
  if (*d_result != 0)
    gsl_detail::integrand_pullback(f, points, *d_result);
}

// gsl_integration_qng applies rules of 21, 43 and 87 points until one
// meets the tolerance: the derivative is that rule's, whose size qng
// reports in *neval.
template <class F>
::ddx::recorded<int, std::vector<gsl_detail::point>>
gsl_integration_qng_forward(DDX_CALLABLE F f, double a, double b,
                            DDX_OPTION double epsabs, DDX_OPTION double epsrel,
                            double *result, DDX_OPTION double *abserr,
                            DDX_OPTION std::size_t *neval) {
  gsl_function g = gsl_detail::as_gsl(f);
  int status =
      ::gsl_integration_qng(&g, a, b, epsabs, epsrel, result, abserr, neval);
  return {status, gsl_detail::qng_points(a, b, *neval)};
}
template <class F>
int gsl_integration_qng_pushforward(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, double *result, DDX_OPTION double *abserr,
    DDX_OPTION std::size_t *neval, ::ddx::tangent_t<double> da,
    ::ddx::tangent_t<double> db, double *d_result) {
  auto r = gsl_integration_qng_forward(f, a, b, epsabs, epsrel, result, abserr,
                                       neval);
  *d_result = gsl_detail::finite_tangent(f, r.record, a, b, da, db);
  return r.value;
}
template <class F>
void gsl_integration_qng_pullback(
    const std::vector<gsl_detail::point> &points, DDX_CALLABLE F f, double a,
    double b, DDX_OPTION double, DDX_OPTION double, double *,
    DDX_OPTION double *, DDX_OPTION std::size_t *, ::ddx::tangent_t<double> &da,
    ::ddx::tangent_t<double> &db, double *d_result) {
  gsl_detail::finite_pullback(f, points, a, b, da, db, *d_result);
}

// gsl_integration_cquad subdivides adaptively with Clenshaw-Curtis rules
// of 5 to 33 points and keeps no record of the intervals it finished: the
// forward sweep passes it a gsl_function that logs each evaluation and
// rebuilds the quadrature from the log (gsl_detail::cquad_points). If the
// log does not follow cquad's pattern (a divergent integral), the
// derivative is NaN.
template <class F>
::ddx::recorded<int, std::vector<gsl_detail::point>>
gsl_integration_cquad_forward(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel,
    DDX_OPTION gsl_integration_cquad_workspace *workspace, double *result,
    DDX_OPTION double *abserr, DDX_OPTION std::size_t *nevals) {
  gsl_function g = gsl_detail::as_gsl(f);
  gsl_detail::cquad_log log{&g, {}, {}};
  gsl_function logged{&gsl_detail::cquad_log::evaluate, &log};
  int status = ::gsl_integration_cquad(&logged, a, b, epsabs, epsrel, workspace,
                                       result, abserr, nevals);
  std::vector<gsl_detail::point> points;
  // (An error other than divergence leaves *result unwritten.)
  if (status != GSL_SUCCESS ||
      !gsl_detail::cquad_points(a, b, log, *result, points))
    points.assign(1, {a, std::numeric_limits<double>::quiet_NaN()});
  return {status, std::move(points)};
}
template <class F>
int gsl_integration_cquad_pushforward(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel,
    DDX_OPTION gsl_integration_cquad_workspace *workspace, double *result,
    DDX_OPTION double *abserr, DDX_OPTION std::size_t *nevals,
    ::ddx::tangent_t<double> da, ::ddx::tangent_t<double> db,
    double *d_result) {
  auto r = gsl_integration_cquad_forward(f, a, b, epsabs, epsrel, workspace,
                                         result, abserr, nevals);
  *d_result = gsl_detail::finite_tangent(f, r.record, a, b, da, db);
  return r.value;
}
template <class F>
void gsl_integration_cquad_pullback(
    const std::vector<gsl_detail::point> &points, DDX_CALLABLE F f, double a,
    double b, DDX_OPTION double, DDX_OPTION double,
    DDX_OPTION gsl_integration_cquad_workspace *, double *, DDX_OPTION double *,
    DDX_OPTION std::size_t *, ::ddx::tangent_t<double> &da,
    ::ddx::tangent_t<double> &db, double *d_result) {
  gsl_detail::finite_pullback(f, points, a, b, da, db, *d_result);
}

} // namespace ddx::rules

#endif // DDX_RULES_GSL_INTEGRATION_HPP
