// Case: named callables held in locals and passed on by reference: a
// lambda to a forwarding reference, a std::function and a function pointer
// to a const std::function& (whose converting constructor takes F&&), and
// a function pointer to a forwarding reference. None of the callees writes
// its callable, so each stays bound to what it was given; also a candidate
// that is an overloaded function (the generated switch names its type).
// Forward and reverse mode.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <functional>

double bell(double x, double k) { return std::exp(-k * x * x); }
double ramp(double x, double k) { return k * x; }
float ramp(float x, float k) { return k * x; }

template <class F> double sum3(F &&f, double k) {
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += f(0.1 * i, k);
  return s;
}
double sumc(const std::function<double(double, double)> &f, double k) {
  double s = 0;
  for (int i = 0; i < 3; ++i)
    s += f(0.1 * i, k);
  return s;
}

double model(double k) {
  auto g = [](double x, double k) { return bell(x, k) * x; };
  std::function<double(double, double)> h = bell;
  double (*p)(double, double) = bell;
  return sum3(g, k) + sumc(h, k) + sumc(p, k) + sum3(p, k);
}

double chosen(double k, int which) {
  double (*f)(double, double) = &bell;
  if (which == 0)
    f = &ramp; // overloaded: the assignment picks ramp(double, double)
  return f(0.5, k) * k;
}

int main() {
  const double k = 1.3;
  auto [y, dk] = ddx::gradient(model, ddx::active(k));
  auto [y1, tk] = ddx::derivative(model, ddx::dual(k, 1.0));
  check::near("model value", y, model(k), 1e-14);
  check::fd("model/k", dk, [&](double h) { return model(k + h); });
  check::near("model fwd vs rev", tk, dk, 1e-12);
  for (int which = 0; which < 2; ++which) {
    auto [c, dc] = ddx::gradient(chosen, ddx::active(k), which);
    auto [c1, tc] = ddx::derivative(chosen, ddx::dual(k, 1.0), which);
    check::fd("chosen/k", dc, [&](double h) { return chosen(k + h, which); });
    check::near("chosen fwd vs rev", tc, dc, 1e-12);
  }
  return check::finish();
}
