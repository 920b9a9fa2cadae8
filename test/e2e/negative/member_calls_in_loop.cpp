// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:12: member function call 'Params::shape' on active data
// Case: a struct with const member functions, built from active values and
// called in a loop, in both modes: a located refusal (forward mode used to
// crash after the errors). Becomes a positive case with member functions.
#include <ddx/ddx.hpp>
#include <cmath>

struct Params {
  double a, b;
  double shape(double t) const { return a * std::exp(-t); }
  double rate(double s) const { return b * s; }
};
double f(double a, double b) {
  Params P{a, b};
  double s = 1.0;
  for (int i = 0; i < 10; ++i)
    s += P.shape(0.1 * i) * P.rate(s);
  return s;
}
int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(0.3), ddx::active(0.2));
  auto [y2, t] = ddx::derivative(f, ddx::dual(0.3, 1.0), 0.2);
  return da > 0 && t > 0 && y > 0 && y2 > 0 && db > 0;
}
