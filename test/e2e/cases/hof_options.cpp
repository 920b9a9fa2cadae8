// Case: parameters marked DDX_OPTION (a tolerance, a node count) are never
// differentiated: a constant option changes nothing, and an active value
// passed to an option is passed detached (ddx warns), which the checks
// below verify numerically
#include <ddx/ddx.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"

template <class F>
double integrate(F f, double a, double b, DDX_OPTION int n) {
  double h = (b - a) / n, s = 0.0;
  for (int i = 0; i < n; ++i)
    s += f(a + (i + 0.5) * h);
  return s * h;
}

double expectation(std::function<double(double)> f,
                   DDX_OPTION double tol = 1e-10) {
  int n = tol < 1e-8 ? 400 : 100;
  return integrate(f, 0.0, 1.0, n) + tol;
}

double model(double k, DDX_OPTION double tol) {
  return expectation([k](double x) { return std::exp(-k * x * x); }, tol);
}

// The default tolerance is a constant: ddx folds it into the clone.
double model_default(double k) {
  return expectation([k](double x) { return std::cos(k * x); });
}

// The option receives an active value: ddx detaches it.
double model_detached(double k) {
  return expectation([k](double x) { return std::sin(k * x); }, 1e-3 * k);
}

int main() {
  const double k = 2.0;
  {
    auto [I, dk] = ddx::gradient(model, ddx::active(k), ddx::constant(1e-10));
    auto [I1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), 1e-10);
    check::near("model value", I, model(k, 1e-10));
    check::fd("dmodel/dk", dk, [&](double h) { return model(k + h, 1e-10); });
    check::near("model fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_detached, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_detached, ddx::dual(k, 1.0));
    check::near("detached value", I, model_detached(k));
    // The full derivative includes d(1e-3 k)/dk = 1e-3 through the option;
    // the detached one does not.
    check::fd("detached = full - option path", dk + 1e-3,
              [&](double h) { return model_detached(k + h); });
    check::near("detached fwd vs rev", tk, dk, 1e-12);
  }
  {
    auto [I, dk] = ddx::gradient(model_default, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_default, ddx::dual(k, 1.0));
    check::near("default value", I, model_default(k));
    check::fd("dmodel_default/dk", dk,
              [&](double h) { return model_default(k + h); });
    check::near("default fwd vs rev", tk, dk, 1e-12);
  }
  {
    // A constant request argument for an option is folded into the entry.
    auto [I, dk] = ddx::gradient(model, ddx::active(k), 1e-3);
    check::near("folded value", I, model(k, 1e-3));
    check::fd("dmodel/dk folded", dk, [&](double h) { return model(k + h, 1e-3); });
  }
  return check::finish();
}
