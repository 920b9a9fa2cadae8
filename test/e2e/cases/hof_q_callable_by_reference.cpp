// Case: pass-through helpers taking the callable as const F&, as a
// forwarding reference F&& and as const std::function&, ending in
// gauss_kronrod<double, 21> and sinh_sinh; forward and reverse
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/sinh_sinh.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using namespace boost::math::quadrature;

template <class F> double by_cref(const F &f, double b) {
  return gauss_kronrod<double, 21>::integrate(f, 0.0, b, 15, 1e-10);
}

template <class F> double by_fwd(F &&f, double b) { return by_cref(f, b) * 2.0; }

double by_fun_cref(const std::function<double(double)> &f) {
  sinh_sinh<double> ss;
  return ss.integrate(f, 1e-10);
}

double model(double k, double b) {
  auto f = [k](double x) { return std::exp(-k * x * x); };
  return by_fwd(f, b) + by_cref([&k](double x) { return std::sin(k * x); }, b) +
         by_fun_cref(f);
}

int main() {
  const double k = 0.9, b = 1.4;
  auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), b);
  auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0));
  check::near("value", v, model(k, b), 1e-12);
  check::fd("d/dk", dk, [&](double h) { return model(k + h, b); });
  check::fd("d/db", db, [&](double h) { return model(k, b + h); });
  check::near("fwd vs rev k", tk, dk, 1e-10);
  check::near("fwd vs rev b", tb, db, 1e-10);
  return check::finish();
}
