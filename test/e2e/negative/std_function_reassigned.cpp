// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:10: cannot resolve the callable this
// Case: a std::function local given a second callable by assignment (an
// overloaded operator=): the text does not say which one a call reaches,
// so ddx reports the call instead of binding it to the first
#include <ddx/ddx.hpp>
#include <cmath>
#include <functional>

double bell(double x) { return std::exp(-x * x); }
double ramp(double x) { return x; }

double model(double k, int which) {
  std::function<double(double)> g = bell;
  if (which)
    g = ramp;
  double s = k * k;
  return g(k) + s;
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0), 1);
  return y > dk;
}
