// ddx rules for GSL's adaptive integration: gsl_integration_qag, qags,
// qagi, qagiu and qagil.
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
// sum over the final subdivision. The bounds add the Leibniz terms. The
// pullback runs the primal integration again in a workspace of its own
// (the user's may have been reused or freed by then) to find the
// subdivision, then pulls the integrand back at each point with its weight.
#ifndef DDX_RULES_GSL_INTEGRATION_HPP
#define DDX_RULES_GSL_INTEGRATION_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <cstddef>
#include <ddx/rule.hpp>
#include <ddx/rules/boost/math/quadrature/detail.hpp>
#include <gsl/gsl_integration.h>
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

/// A generated callable object as a gsl_function.
template <class F> double evaluate(double x, void *f) {
  return (*static_cast<const F *>(f))(x);
}
template <class F> gsl_function as_gsl(const F &f) {
  return gsl_function{&evaluate<F>, const_cast<F *>(&f)};
}

/// A workspace of the pullback's own.
class scratch_workspace {
public:
  explicit scratch_workspace(std::size_t limit)
      : w(gsl_integration_workspace_alloc(limit ? limit : 1)) {}
  ~scratch_workspace() { gsl_integration_workspace_free(w); }
  scratch_workspace(const scratch_workspace &) = delete;
  scratch_workspace &operator=(const scratch_workspace &) = delete;
  gsl_integration_workspace *get() const { return w; }

private:
  gsl_integration_workspace *w;
};

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

/// A pushforward: `run(g, workspace)` is the primal call on the gsl_function
/// g; the tangent is integrated on the subdivision it leaves.
template <class F, class Run, class Map>
int pushforward(const F &f, gsl_integration_workspace *workspace,
                const kronrod &k, Map map, double *d_result, Run run) {
  gsl_function g = as_gsl(f);
  int status = run(&g, workspace);
  *d_result = integrand_tangent(f, points(workspace, k, map));
  return status;
}

/// A pullback: the primal call again, in a workspace of its own, for the
/// subdivision; then the integrand's pullback at its points.
template <class F, class Run, class Map>
void pullback(const F &f, std::size_t limit, const kronrod &k, Map map,
              double seed, Run run) {
  if (seed == 0)
    return;
  scratch_workspace w(limit);
  gsl_function g = as_gsl(f);
  run(&g, w.get());
  integrand_pullback(f, points(w.get(), k, map), seed);
}

/// The half-line integrators (qagiu: direction 1 from a; qagil: -1 from
/// b), whose finite end adds the Leibniz term -direction f(end) d_end.
template <class F, class Run>
int half_line_pushforward(const F &f, double end, double direction,
                          double d_end, gsl_integration_workspace *workspace,
                          double *d_result, Run run) {
  int status = pushforward(f, workspace, rule_for_key(GSL_INTEG_GAUSS15),
                           half_line{end, direction}, d_result, run);
  if (d_end != 0)
    *d_result -= direction * f(end) * d_end;
  return status;
}
template <class F, class Run>
void half_line_pullback(const F &f, double end, double direction, double &d_end,
                        std::size_t limit, double seed, Run run) {
  pullback(f, limit, rule_for_key(GSL_INTEG_GAUSS15), half_line{end, direction},
           seed, run);
  if (seed != 0)
    d_end -= direction * seed * f(end);
}

} // namespace ddx::rules::gsl_detail

namespace ddx::rules {

template <class F>
int gsl_integration_qag_pushforward(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit, DDX_OPTION int key,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, ::ddx::tangent_t<double> da,
    ::ddx::tangent_t<double> db, double *d_result) {
  int status = gsl_detail::pushforward(
      f, workspace, gsl_detail::rule_for_key(key), gsl_detail::finite_range{},
      d_result, [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qag(g, a, b, epsabs, epsrel, limit, key, w,
                                     result, abserr);
      });
  *d_result += quadrature_detail::leibniz_tangent(f, a, b, da, db);
  return status;
}

template <class F>
void gsl_integration_qag_pullback(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit, DDX_OPTION int key,
    DDX_OPTION gsl_integration_workspace *, double *, DDX_OPTION double *,
    ::ddx::tangent_t<double> &da, ::ddx::tangent_t<double> &db,
    double *d_result) {
  double seed = *d_result;
  gsl_detail::pullback(f, limit, gsl_detail::rule_for_key(key),
                       gsl_detail::finite_range{}, seed,
                       [&](gsl_function *g, gsl_integration_workspace *w) {
                         double r, e;
                         return ::gsl_integration_qag(g, a, b, epsabs, epsrel,
                                                      limit, key, w, &r, &e);
                       });
  if (seed != 0)
    quadrature_detail::leibniz_pullback(f, a, b, seed, da, db);
}

template <class F>
int gsl_integration_qags_pushforward(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, ::ddx::tangent_t<double> da,
    ::ddx::tangent_t<double> db, double *d_result) {
  int status = gsl_detail::pushforward(
      f, workspace, gsl_detail::rule_for_key(GSL_INTEG_GAUSS21),
      gsl_detail::finite_range{}, d_result,
      [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qags(g, a, b, epsabs, epsrel, limit, w, result,
                                      abserr);
      });
  *d_result += quadrature_detail::leibniz_tangent(f, a, b, da, db);
  return status;
}

template <class F>
void gsl_integration_qags_pullback(
    DDX_CALLABLE F f, double a, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *, double *, DDX_OPTION double *,
    ::ddx::tangent_t<double> &da, ::ddx::tangent_t<double> &db,
    double *d_result) {
  double seed = *d_result;
  gsl_detail::pullback(f, limit, gsl_detail::rule_for_key(GSL_INTEG_GAUSS21),
                       gsl_detail::finite_range{}, seed,
                       [&](gsl_function *g, gsl_integration_workspace *w) {
                         double r, e;
                         return ::gsl_integration_qags(g, a, b, epsabs, epsrel,
                                                       limit, w, &r, &e);
                       });
  if (seed != 0)
    quadrature_detail::leibniz_pullback(f, a, b, seed, da, db);
}

template <class F>
int gsl_integration_qagiu_pushforward(
    DDX_CALLABLE F f, double a, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, ::ddx::tangent_t<double> da, double *d_result) {
  return gsl_detail::half_line_pushforward(
      f, a, 1.0, da, workspace, d_result,
      [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qagiu(g, a, epsabs, epsrel, limit, w, result,
                                       abserr);
      });
}

template <class F>
void gsl_integration_qagiu_pullback(
    DDX_CALLABLE F f, double a, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *, double *, DDX_OPTION double *,
    ::ddx::tangent_t<double> &da, double *d_result) {
  gsl_detail::half_line_pullback(
      f, a, 1.0, da, limit, *d_result,
      [&](gsl_function *g, gsl_integration_workspace *w) {
        double r, e;
        return ::gsl_integration_qagiu(g, a, epsabs, epsrel, limit, w, &r, &e);
      });
}

template <class F>
int gsl_integration_qagil_pushforward(
    DDX_CALLABLE F f, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, ::ddx::tangent_t<double> db, double *d_result) {
  return gsl_detail::half_line_pushforward(
      f, b, -1.0, db, workspace, d_result,
      [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qagil(g, b, epsabs, epsrel, limit, w, result,
                                       abserr);
      });
}

template <class F>
void gsl_integration_qagil_pullback(
    DDX_CALLABLE F f, double b, DDX_OPTION double epsabs,
    DDX_OPTION double epsrel, DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *, double *, DDX_OPTION double *,
    ::ddx::tangent_t<double> &db, double *d_result) {
  gsl_detail::half_line_pullback(
      f, b, -1.0, db, limit, *d_result,
      [&](gsl_function *g, gsl_integration_workspace *w) {
        double r, e;
        return ::gsl_integration_qagil(g, b, epsabs, epsrel, limit, w, &r, &e);
      });
}

template <class F>
int gsl_integration_qagi_pushforward(
    DDX_CALLABLE F f, DDX_OPTION double epsabs, DDX_OPTION double epsrel,
    DDX_OPTION std::size_t limit,
    DDX_OPTION gsl_integration_workspace *workspace, double *result,
    DDX_OPTION double *abserr, double *d_result) {
  return gsl_detail::pushforward(
      f, workspace, gsl_detail::rule_for_key(GSL_INTEG_GAUSS15),
      gsl_detail::whole_line{}, d_result,
      [&](gsl_function *g, gsl_integration_workspace *w) {
        return ::gsl_integration_qagi(g, epsabs, epsrel, limit, w, result,
                                      abserr);
      });
}

template <class F>
void gsl_integration_qagi_pullback(DDX_CALLABLE F f, DDX_OPTION double epsabs,
                                   DDX_OPTION double epsrel,
                                   DDX_OPTION std::size_t limit,
                                   DDX_OPTION gsl_integration_workspace *,
                                   double *, DDX_OPTION double *,
                                   double *d_result) {
  gsl_detail::pullback(f, limit, gsl_detail::rule_for_key(GSL_INTEG_GAUSS15),
                       gsl_detail::whole_line{}, *d_result,
                       [&](gsl_function *g, gsl_integration_workspace *w) {
                         double r, e;
                         return ::gsl_integration_qagi(g, epsabs, epsrel, limit,
                                                       w, &r, &e);
                       });
}

} // namespace ddx::rules

#endif // DDX_RULES_GSL_INTEGRATION_HPP
