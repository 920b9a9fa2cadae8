// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:11: this use of the callable 'f' other than a call or an argument
// Case: a callable parameter used as a value, not called or passed on
// (fuzz mutant 1051 of seed 14: `return (f, 0.0, 1.0, n) + tol;`). ddx
// specialises the function on the lambda it receives and keeps no object
// for it, so the output named an undeclared 'f' and did not compile (exit
// 3). Now refused at the use.
#include <ddx/ddx.hpp>

template <class F> double weigh(F f, double x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += f(x * i);
  return (f, s) + x;
}

double model(double k) {
  return weigh([k](double t) { return k * t * t; }, 0.5, 4);
}

int main() {
  auto [v, dk] = ddx::gradient(model, ddx::active(1.5));
  return v + dk > 0 ? 0 : 1;
}
