// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:57: writes 'calls', which it captures or points to, and the rule for 'boost::math::tools::newton_raphson_iterate' calls it more often than the library does
// EXPECT-NOTE: 19:57: compute 'calls' outside the callable
// Case: a Newton solver's callable counts its calls in a variable captured
// by reference. The rule differentiates the root by calling the callable
// again at the root it found, so the count (and any value computed that
// way) would come out different from the primal's: refused, where it used
// to give a forward-mode value off by the extra calls.
#include <ddx/ddx.hpp>
#include <boost/math/tools/roots.hpp>
#include <utility>

double counted(double p) {
  double calls = 0;
  auto f = [p, &calls](double x) {
    calls += 1;
    return std::make_pair(x * x * x - p, 3 * x * x);
  };
  double r = boost::math::tools::newton_raphson_iterate(f, 1.0, 0.0, 10.0, 50);
  return r + 1e-3 * calls;
}

int main() {
  auto [v, dv] = ddx::derivative(counted, ddx::dual(2.0, 1.0));
  return v > dv;
}
