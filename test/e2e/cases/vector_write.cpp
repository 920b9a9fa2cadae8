// Case: std::vector<double>& output: element writes, read-modify-write, .size(), ddx::duplicated for input and output
#include <ddx/ddx.hpp>
#include <cmath>
#include <cstdio>
#include <vector>
#include "check.hpp"

void f(const std::vector<double>& x, std::vector<double>& y) {
  const std::size_t n = x.size();
  for (std::size_t i = 0; i < y.size(); ++i)
    y[i] = x[i % n] * x[(i + 1) % n];
  for (std::size_t i = 1; i < y.size(); ++i)
    y[i] += std::exp(-y[i - 1]);  // reads the value just written
  y[0] *= x[n - 1];
}

int main() {
  std::vector<double> x = {0.4, 1.2, -0.3};
  std::vector<double> y(4, 0.0);
  const std::vector<double> w = {0.5, -1.0, 2.0, 1.5};
  std::vector<double> dx(x.size(), 0.0);
  std::vector<double> dy = w;  // reverse seed
  ddx::gradient(f, ddx::duplicated(x, dx), ddx::duplicated(y, dy));
  auto weighted = [&](const std::vector<double>& xin) {
    std::vector<double> out(4, 0.0);
    f(xin, out);
    double s = 0.0;
    for (std::size_t i = 0; i < out.size(); ++i)
      s += w[i] * out[i];
    return s;
  };
  for (std::size_t k = 0; k < x.size(); ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "d(w.y)/dx[%zu]", k);
    check::fd(name, dx[k], [&](double h) {
      std::vector<double> c = x;
      c[k] += h;
      return weighted(c);
    });
  }
  std::vector<double> u = {0.3, -0.6, 1.0};
  std::vector<double> y2(4, 0.0), ty(4, 0.0);
  ddx::derivative(f, ddx::duplicated(x, u), ddx::duplicated(y2, ty));
  std::vector<double> expect(4, 0.0);
  f(x, expect);
  double lhs = 0.0, rhs = 0.0;
  for (std::size_t i = 0; i < 4; ++i) {
    check::near("y fwd", y2[i], expect[i]);
    lhs += w[i] * ty[i];
  }
  for (std::size_t i = 0; i < x.size(); ++i)
    rhs += dx[i] * u[i];
  check::near("fwd vs rev", lhs, rhs, 1e-10);
  return check::finish();
}
