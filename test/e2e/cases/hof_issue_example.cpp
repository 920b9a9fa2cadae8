// Case: the higher-order issue's example and its variants. A pass-through
// helper that prints its tolerance and calls Boost's Gauss–Kronrod
// integrator, taking the integrand as std::function, as a template
// parameter, as a function pointer (with active bounds) and as a functor;
// the tolerance as a literal, a default argument, a ddx::constant request
// argument, a plain request argument and an active value (a warning).
// Forward and reverse mode.
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <cstdio>
#include <functional>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

// A pass-through helper that is not specialised on its callable, with a
// float option that it uses.
double expectation(std::function<double(double)> f, double tol = 1e-10) {
  std::printf("tol = %g\n", tol);
  return gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, 10, tol);
}
double model(double k, double tol) {
  return expectation([k](double x) { return std::exp(-k * x * x); }, tol);
}

// The helper as a template on the callable.
template <class F> double expectation_t(F f, double tol = 1e-10) {
  return gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, 10, tol);
}
double model_t(double k) { // the default tolerance
  return expectation_t([&k](double x) { return std::exp(-k * x * x); });
}
double model_literal(double k) {
  return expectation_t([k](double x) { return std::exp(-k * x * x); }, 1e-9);
}

// The helper taking a function pointer; the derivative comes through the
// bounds (Leibniz rule).
double bell(double x) { return std::exp(-x * x); }
double expectation_p(double (*f)(double), double a, double b, double tol) {
  return gauss_kronrod<double, 15>::integrate(f, a, b, 10, tol);
}
double model_p(double k) { return expectation_p(&bell, 0.0, k, 1e-10) * k; }

// The tolerance computed from the active value: ddx warns and passes it
// detached (a tolerance has no derivative to propagate).
double model_active(double k) {
  return expectation([k](double x) { return std::exp(-k * x * x); },
                     1e-10 * k);
}

// The helper taking a functor with an active data member.
struct Bell {
  double k;
  double operator()(double x) const { return std::exp(-k * x * x); }
};
double model_f(double k) { return expectation_t(Bell{k}, 1e-10); }

int main() {
  const double k = 2.0;
  {
    // d model / d k at k = 2 with tol constant.
    auto [I, dk] = ddx::gradient(model, ddx::active(2.0), ddx::constant(1e-10));
    auto [I1, tk] = ddx::derivative(model, ddx::dual(2.0, 1.0), 1e-10);
    check::near("model", I, model(k, 1e-10));
    check::fd("model/k", dk, [&](double h) { return model(k + h, 1e-10); });
    check::near("model fwd vs rev", tk, dk, 1e-10);
    // A plain request argument is folded too.
    auto [I2, dk2] = ddx::gradient(model, ddx::active(2.0), 1e-10);
    check::near("model plain tol", dk2, dk, 1e-14);
  }
  {
    auto [I, dk] = ddx::gradient(model_t, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_t, ddx::dual(k, 1.0));
    check::fd("model_t/k", dk, [&](double h) { return model_t(k + h); });
    check::near("model_t fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [I, dk] = ddx::gradient(model_literal, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_literal, ddx::dual(k, 1.0));
    check::fd("model_literal/k", dk,
              [&](double h) { return model_literal(k + h); });
    check::near("model_literal fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [I, dk] = ddx::gradient(model_p, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_p, ddx::dual(k, 1.0));
    check::fd("model_p/k", dk, [&](double h) { return model_p(k + h); });
    check::near("model_p fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [I, dk] = ddx::gradient(model_f, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_f, ddx::dual(k, 1.0));
    check::fd("model_f/k", dk, [&](double h) { return model_f(k + h); });
    check::near("model_f fwd vs rev", tk, dk, 1e-10);
  }
  {
    auto [I, dk] = ddx::gradient(model_active, ddx::active(k));
    auto [I1, tk] = ddx::derivative(model_active, ddx::dual(k, 1.0));
    check::fd("model_active/k", dk,
              [&](double h) { return model_active(k + h); });
    check::near("model_active fwd vs rev", tk, dk, 1e-10);
  }
  return check::finish();
}
