// Case: tanh_sinh/exp_sinh objects built with arguments and reused (in a loop
// too), a global one, one passed by reference as a request argument, one from
// auto = tanh_sinh<double>(), gauss_kronrod via a type alias; fwd and rev
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

double model(double k, double b) {
  tanh_sinh<double> ts(12);
  exp_sinh<double> es(8);
  double s = 0.0;
  for (int i = 1; i <= 3; ++i) {
    double c = k / i;
    s += ts.integrate([c](double x) { return std::cos(c * x) * x; }, 0.0, b, 1e-10);
  }
  double tail = es.integrate([&k](double x) { return std::exp(-k * x) * x; }, 1e-10);
  double again = ts.integrate([k](double x) { return std::exp(k * x); }, -1.0, 1.0, 1e-10);
  return s + tail * again;
}

using GK = gauss_kronrod<double, 15>;
tanh_sinh<double> g_ts;
double with_global(double k) {
  return g_ts.integrate([k](double x) { return std::exp(k * x); }, 0.0, 1.0, 1e-10);
}
double with_param(double k, tanh_sinh<double> &ts) {
  return ts.integrate([k](double x) { return std::exp(k * x); }, 0.0, 1.0, 1e-10);
}
double with_auto(double k) {
  auto ts = tanh_sinh<double>();
  return ts.integrate([k](double x) { return std::exp(k * x); }, 0.0, 1.0, 1e-10);
}
double with_alias(double k) {
  return GK::integrate([k](const double &x) -> double { return std::exp(k * x); },
                       0.0, 1.0, 15, 1e-10);
}

int main() {
  {
    const double k = 0.9, b = 1.6;
    auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b));
    auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), b);
    auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0));
    check::near("value", v, model(k, b), 1e-12);
    check::fd("d/dk", dk, [&](double h) { return model(k + h, b); });
    check::fd("d/db", db, [&](double h) { return model(k, b + h); });
    check::near("fwd vs rev k", tk, dk, 1e-10);
    check::near("fwd vs rev b", tb, db, 1e-10);
  }
  {
    const double k = 0.7;
    double exact = (std::exp(k) * (k - 1.0) + 1.0) / (k * k);
    {
      auto [v, dk] = ddx::gradient(with_global, ddx::active(k));
      auto [v1, tk] = ddx::derivative(with_global, ddx::dual(k, 1.0));
      check::near("global rev", dk, exact, 1e-9);
      check::fd("global fd", dk, [&](double h) { return with_global(k + h); });
      check::near("global value", v1, with_global(k), 1e-12);
      check::near("global fwd vs rev", tk, dk, 1e-10);
      check::near("global rev value", v, v1, 1e-12);
    }
    {
      tanh_sinh<double> ts;
      auto [v, dk] = ddx::gradient(with_param, ddx::active(k), ts);
      auto [v1, tk] = ddx::derivative(with_param, ddx::dual(k, 1.0), ts);
      check::near("param rev", dk, exact, 1e-9);
      check::fd("param fd", dk, [&](double h) { return with_param(k + h, ts); });
      check::near("param value", v1, with_param(k, ts), 1e-12);
      check::near("param fwd vs rev", tk, dk, 1e-10);
      check::near("param rev value", v, v1, 1e-12);
    }
    {
      auto [v, dk] = ddx::gradient(with_auto, ddx::active(k));
      auto [v1, tk] = ddx::derivative(with_auto, ddx::dual(k, 1.0));
      check::near("auto rev", dk, exact, 1e-9);
      check::fd("auto fd", dk, [&](double h) { return with_auto(k + h); });
      check::near("auto value", v1, with_auto(k), 1e-12);
      check::near("auto fwd vs rev", tk, dk, 1e-10);
      check::near("auto rev value", v, v1, 1e-12);
    }
    {
      auto [v, dk] = ddx::gradient(with_alias, ddx::active(k));
      auto [v1, tk] = ddx::derivative(with_alias, ddx::dual(k, 1.0));
      check::near("alias rev", dk, exact, 1e-9);
      check::fd("alias fd", dk, [&](double h) { return with_alias(k + h); });
      check::near("alias value", v1, with_alias(k), 1e-12);
      check::near("alias fwd vs rev", tk, dk, 1e-10);
      check::near("alias rev value", v, v1, 1e-12);
    }
  }
  return check::finish();
}
