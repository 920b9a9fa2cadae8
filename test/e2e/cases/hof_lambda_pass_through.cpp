// Case: lambdas with active captures passed through std::function and
// template parameters, across pass-through helpers (the issue's
// `expectation` pattern with a fixed midpoint rule in place of Boost):
// every call is bound statically to the concrete lambda and the derivative
// includes what the lambda captures
#include <ddx/ddx.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"

double integrate(std::function<double(double)> f, double a, double b, int n) {
  double h = (b - a) / n, s = 0.0;
  for (int i = 0; i < n; ++i)
    s += f(a + (i + 0.5) * h);
  return s * h;
}

template <class F> double integrate_t(F f, double a, double b, int n) {
  double h = (b - a) / n, s = 0.0;
  for (int i = 0; i < n; ++i)
    s += f(a + (i + 0.5) * h);
  return s * h;
}

double expectation(std::function<double(double)> f, double tol) {
  (void)tol;
  return integrate(f, 0.0, 1.0, 200);
}

double model(double k, double tol) {
  return expectation([k](double x) { return std::exp(-k * x * x); }, tol);
}

double model_t(double k, double c) {
  auto g = [&k, c](double x) { return std::sin(k * x) + c * x * x; };
  double direct = g(0.25);
  return integrate_t(g, 0.0, 1.0, 100) * k + direct;
}

double bounds(double a, double b) {
  // Active integration bounds and a captureless lambda.
  return integrate_t([](double x) { return x * x * x; }, a, b, 50);
}

int main() {
  const double k = 2.0, tol = 1e-10, c = 0.7;
  {
    auto [I, dk] = ddx::gradient(model, ddx::active(k), ddx::constant(tol));
    auto [I1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), tol);
    check::near("model value", I, model(k, tol));
    check::fd("dmodel/dk", dk, [&](double h) { return model(k + h, tol); });
    check::near("model fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [v, dk, dc] = ddx::gradient(model_t, ddx::active(k), ddx::active(c));
    auto [v1, tk] = ddx::derivative(model_t, ddx::dual(k, 1.0), c);
    auto [v2, tc] = ddx::derivative(model_t, k, ddx::dual(c, 1.0));
    check::near("model_t value", v, model_t(k, c));
    check::fd("dmodel_t/dk", dk, [&](double h) { return model_t(k + h, c); });
    check::fd("dmodel_t/dc", dc, [&](double h) { return model_t(k, c + h); });
    check::near("model_t fwd vs rev k", tk, dk, 1e-12);
    check::near("model_t fwd vs rev c", tc, dc, 1e-12);
  }
  {
    auto [v, da, db] = ddx::gradient(bounds, ddx::active(0.2), ddx::active(1.3));
    check::near("bounds value", v, bounds(0.2, 1.3));
    check::fd("dbounds/da", da, [&](double h) { return bounds(0.2 + h, 1.3); });
    check::fd("dbounds/db", db, [&](double h) { return bounds(0.2, 1.3 + h); });
  }
  return check::finish();
}
