// Case: the pattern model -> expectation -> integrate, a lambda
// capturing two active values passed through three helpers (std::function,
// template F, std::function again) before gauss_kronrod<double, 15>
#include <ddx/ddx.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <functional>
#include "check.hpp"
using boost::math::quadrature::gauss_kronrod;

double integrate(std::function<double(double)> f, double a, double b) {
  return gauss_kronrod<double, 15>::integrate(f, a, b, 15, 1e-10);
}

template <class F> double on_unit(F f) { return integrate(f, 0.0, 1.0); }

double expectation(std::function<double(double)> f) { return on_unit(f); }

double model(double mu, double sigma) {
  return expectation([mu, sigma](double x) {
    double z = (x - mu) / sigma;
    return std::exp(-0.5 * z * z) * x;
  });
}

int main() {
  const double mu = 0.4, sigma = 0.3;
  auto [v, dmu, dsigma] = ddx::gradient(model, ddx::active(mu), ddx::active(sigma));
  auto [v1, tmu] = ddx::derivative(model, ddx::dual(mu, 1.0), sigma);
  auto [v2, tsigma] = ddx::derivative(model, mu, ddx::dual(sigma, 1.0));
  check::near("value", v, model(mu, sigma), 1e-12);
  check::fd("d/dmu", dmu, [&](double h) { return model(mu + h, sigma); });
  check::fd("d/dsigma", dsigma, [&](double h) { return model(mu, sigma + h); });
  check::near("fwd vs rev mu", tmu, dmu, 1e-10);
  check::near("fwd vs rev sigma", tsigma, dsigma, 1e-10);
  return check::finish();
}
