// Case: single precision: gauss_kronrod<float, 15> and gauss<float, 10> with
// a float lambda capturing an active float and active float bounds
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include "check.hpp"
using namespace boost::math::quadrature;

float model(float k, float b) {
  auto f = [k](float x) { return std::exp(-k * x) * std::cos(x); };
  return gauss_kronrod<float, 15>::integrate(f, 0.0f, b, 10, 1e-5f) +
         gauss<float, 10>::integrate(f, -b, 0.0f);
}

int main() {
  const float k = 0.6f, b = 1.3f;
  auto [v, dk, db] = ddx::gradient(model, ddx::active(k), ddx::active(b));
  auto [v1, tk] = ddx::derivative(model, ddx::dual(k, 1.0f), b);
  auto [v2, tb] = ddx::derivative(model, k, ddx::dual(b, 1.0f));
  check::near("value", v, model(k, b), 1e-6);
  check::fd("d/dk", dk, [&](double h) { return double(model(k + float(h), b)); },
            2e-3, 2e-2);
  check::fd("d/db", db, [&](double h) { return double(model(k, b + float(h))); },
            2e-3, 2e-2);
  check::near("fwd vs rev k", tk, dk, 1e-5);
  check::near("fwd vs rev b", tb, db, 1e-5);
  return check::finish();
}
