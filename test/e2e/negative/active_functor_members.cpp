// EXPECT-EXIT: 1
// EXPECT-DIAG: 19:10: members of the functor
// Case: a functor built from an active value and called in differentiated
// code: its members would need shadows, which ddx does not do yet, so it
// refuses instead of dropping their derivative
#include <ddx/ddx.hpp>
#include <cmath>

struct Scaled {
  double k;
  double operator()(double x) const { return k * x; }
};

template <class F> double call(const F &f, double x) { return f(x); }

double model(double k, double x) {
  Scaled s{k};
  double direct = 0;
  return s(x) + direct;
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0), 0.5);
  return y > dk;
}
