// Case: reverse sweeps whose first addition into a local's adjoint becomes
// an assignment where the adjoint is known zero, and small callee sweeps
// forced inline. Shapes where the adjoint is zero and where it is not (the
// sum loop of reverse_sums_records_restores consumes it each iteration): a
// local that adds up over a loop, a local set in one branch only, nested
// loops, a local a callee changes through a reference, one a lambda
// captures, several calls of a small callee (forced inline) and of a
// recursive one (not). Each gradient against central differences and
// against forward mode.
#include "check.hpp"
#include <cmath>
#include <cstdio>
#include <ddx/ddx.hpp>

constexpr int N = 6;

double adds_up(const double *x, int n) {
  double s = 0.0, t = 1.0;
  for (int i = 0; i < n; ++i) {
    double q = x[i] * x[i];
    s += q;
    t = t * 0.5 + q * s;
  }
  double r = s;
  for (int i = 0; i < n; ++i)
    r = r * 0.9 + x[i] * t;
  return r + s * t;
}

double one_branch(const double *x, int n) {
  double f = 0.0, b = 0.5;
  for (int i = 0; i < n; ++i) {
    double a = x[i] * x[i];
    if (x[i] > 0.0)
      b = a * 2.0 + b;
    else
      f += std::sin(a);
    f += a * b;
  }
  return f;
}

double nested(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i < n; ++i) {
    double row = 0.0;
    for (int j = 0; j < n; ++j) {
      double p = x[i] * x[j];
      row += p * p;
    }
    f += std::sqrt(row + 1.0);
  }
  return f;
}

void bump(double &v, double w) { v += w * v; }

double by_reference(const double *x, int n) {
  double a = x[0];
  bump(a, x[1]);
  double c = a * x[2];
  bump(a, c);
  bump(c, a);
  return a * c + x[n - 1];
}

double captured(const double *x, int n) {
  double a = x[0];
  auto g = [&](double t) { return a * t; };
  double r = g(x[1]) + g(x[2]);
  a = x[3] * r;
  r += g(x[4]) * a;
  return r + x[n - 1];
}

inline void rhs(const double *y, double *dy) {
  dy[0] = y[0] * (1.0 - y[1]);
  dy[1] = y[1] * (y[0] - 0.5);
}

double small_callee(const double *x, int n) {
  double y[2] = {x[0], x[1]}, k[2], t[2];
  for (int s = 0; s < n; ++s) {
    rhs(y, k);
    for (int j = 0; j < 2; ++j)
      t[j] = y[j] + 0.05 * k[j];
    rhs(t, k);
    for (int j = 0; j < 2; ++j)
      y[j] += 0.1 * k[j] * x[2 + j];
  }
  return y[0] * y[1];
}

double series(double v, int k) {
  return k == 0 ? 1.0 : 1.0 + v * series(v, k - 1);
}

double recursive_callee(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i < n; ++i)
    f += series(0.3 * x[i], 4) * x[i];
  return f;
}

double x0[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.9};
double u[N] = {0.3, -0.7, 1.0, 0.2, -0.4, 0.6};

int main() {
  {
    double d[N] = {};
    auto [value] = ddx::gradient(adds_up, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(adds_up, ddx::duplicated(x0, u), N);
    check::near("adds_up forward value", value1, value, 1e-9);
    check::array_gradient(
        "adds_up", [](const double *x) { return adds_up(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(one_branch, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(one_branch, ddx::duplicated(x0, u), N);
    check::near("one_branch forward value", value1, value, 1e-9);
    check::array_gradient(
        "one_branch", [](const double *x) { return one_branch(x, N); }, x0, u,
        N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(nested, ddx::duplicated(x0, d), N);
    auto [value1, tangent] = ddx::derivative(nested, ddx::duplicated(x0, u), N);
    check::near("nested forward value", value1, value, 1e-9);
    check::array_gradient(
        "nested", [](const double *x) { return nested(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(by_reference, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(by_reference, ddx::duplicated(x0, u), N);
    check::near("by_reference forward value", value1, value, 1e-9);
    check::array_gradient(
        "by_reference", [](const double *x) { return by_reference(x, N); }, x0,
        u, N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(captured, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(captured, ddx::duplicated(x0, u), N);
    check::near("captured forward value", value1, value, 1e-9);
    check::array_gradient(
        "captured", [](const double *x) { return captured(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(small_callee, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(small_callee, ddx::duplicated(x0, u), N);
    check::near("small_callee forward value", value1, value, 1e-9);
    check::array_gradient(
        "small_callee", [](const double *x) { return small_callee(x, N); }, x0,
        u, N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(recursive_callee, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(recursive_callee, ddx::duplicated(x0, u), N);
    check::near("recursive_callee forward value", value1, value, 1e-9);
    check::array_gradient(
        "recursive_callee",
        [](const double *x) { return recursive_callee(x, N); }, x0, u, N, d,
        value, tangent);
  }
  return check::finish();
}
