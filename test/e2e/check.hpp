// Numerical checks for ddx end-to-end cases.
//
// A case computes derivatives with ddx requests and checks each one here:
// against a central finite difference of the primal, and forward mode against
// reverse mode. main() returns check::finish(), non-zero if any check failed.
#ifndef DDX_TEST_CHECK_HPP
#define DDX_TEST_CHECK_HPP

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace check {

inline int &failures() {
  static int count = 0;
  return count;
}
inline int &checks() {
  static int count = 0;
  return count;
}

/// |actual - expected| <= tol * max(1, |expected|).
inline bool near(const char *what, double actual, double expected,
                 double tol = 1e-6) {
  ++checks();
  double scale = std::max(1.0, std::fabs(expected));
  bool ok =
      std::isfinite(actual) && std::fabs(actual - expected) <= tol * scale;
  std::printf("%s %-40s ddx=% .12e expected=% .12e\n", ok ? "ok  " : "FAIL",
              what, actual, expected);
  if (!ok)
    ++failures();
  return ok;
}

/// Central finite difference of g at 0: (g(h) - g(-h)) / 2h, refined by one
/// Richardson step so that well-conditioned functions agree to ~1e-9.
template <class G> double central_difference(G g, double h = 1e-3) {
  auto d = [&](double s) { return (g(s) - g(-s)) / (2 * s); };
  return (4 * d(h / 2) - d(h)) / 3;
}

/// Checks a derivative against the central difference of g(h), where g
/// evaluates the primal with the input perturbed by h.
template <class G>
bool fd(const char *what, double derivative, G g, double tol = 1e-6,
        double h = 1e-3) {
  return near(what, derivative, central_difference(g, h), tol);
}

/// Checks f(x0, x1, x2) at (0.5, -0.7, 1.1), the point of the cases shaped
/// like the differential tester's programs: its value y, then each
/// gradient component d_i (reverse mode) and tangent t[i] (forward mode)
/// against a central difference.
template <class F>
void three_inputs(const char *name, F f, double y, double d0, double d1,
                  double d2, const double t[3]) {
  const double x[3] = {0.5, -0.7, 1.1};
  std::string n(name);
  near((n + " value").c_str(), y, f(x[0], x[1], x[2]));
  const double d[3] = {d0, d1, d2};
  for (int i = 0; i < 3; ++i) {
    auto g = [&](double h) {
      double v[3] = {x[0], x[1], x[2]};
      v[i] += h;
      return f(v[0], v[1], v[2]);
    };
    std::string k = n + " d/dx" + std::to_string(i);
    fd((k + " reverse").c_str(), d[i], g);
    fd((k + " forward").c_str(), t[i], g);
  }
}

/// Checks f(x, y) through the results of one gradient request (v, dx, dy)
/// and two tangent requests, (v1, tx) in x and (v2, ty) in y: each value
/// against f, the gradient against central differences, each tangent
/// against the gradient.
template <class F>
void two_inputs(const char *name, F f, double x, double y, double v,
                double dx, double dy, double v1, double tx, double v2,
                double ty, double tol = 1e-6) {
  std::string n(name);
  double expected = f(x, y);
  near((n + " value").c_str(), v, expected);
  near((n + " value fwd x").c_str(), v1, expected);
  near((n + " value fwd y").c_str(), v2, expected);
  fd((n + " d/dx").c_str(), dx, [&](double h) { return f(x + h, y); }, tol);
  fd((n + " d/dy").c_str(), dy, [&](double h) { return f(x, y + h); }, tol);
  near((n + " fwd vs rev x").c_str(), tx, dx, 1e-12);
  near((n + " fwd vs rev y").c_str(), ty, dy, 1e-12);
}

/// Checks f(x) for x near x0 (n inputs) through the results of one
/// gradient request (value, gradient d) and one tangent request in the
/// direction u (tangent): the value against f, each component of d against
/// a central difference, the tangent against d . u.
template <class F>
void array_gradient(const std::string &name, F f, const double *x0,
                    const double *u, int n, const double *d, double value,
                    double tangent, double tol = 1e-6) {
  near((name + " value").c_str(), value, f(x0), tol);
  double dot = 0.0;
  for (int k = 0; k < n; ++k) {
    fd((name + " d/dx[" + std::to_string(k) + "]").c_str(), d[k],
       [&](double h) {
         std::vector<double> c(x0, x0 + n);
         c[k] += h;
         return f(c.data());
       },
       tol);
    dot += d[k] * u[k];
  }
  near((name + " forward vs reverse").c_str(), tangent, dot,
       tol == 1e-6 ? 1e-12 : tol);
}

inline int finish() {
  std::printf("%d checks, %d failed\n", checks(), failures());
  return failures() == 0 && checks() > 0 ? 0 : 1;
}

} // namespace check

#endif // DDX_TEST_CHECK_HPP
