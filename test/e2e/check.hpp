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
  bool ok = std::isfinite(actual) && std::fabs(actual - expected) <= tol * scale;
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

inline int finish() {
  std::printf("%d checks, %d failed\n", checks(), failures());
  return failures() == 0 && checks() > 0 ? 0 : 1;
}

} // namespace check

#endif // DDX_TEST_CHECK_HPP
