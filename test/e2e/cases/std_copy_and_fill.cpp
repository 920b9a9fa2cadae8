// Case: std::copy, std::copy_n, std::copy_backward, std::fill and
// std::fill_n over active data, as benchmark code writes them: a pointer
// range copied into a vector's data(), vector iterators, a copy within one
// vector (shifted left, and shifted right with copy_backward), a fill with an
// active value and with a constant, an array of std::complex, and a helper
// reading the copy through data(); helpers that copy, fill and transform
// into an output pointer parameter (reverse mode records the elements the
// rule says it writes). Shipped range rules (algorithm.hpp) in both modes,
// against finite differences and forward against reverse.
#include <ddx/ddx.hpp>
#include <algorithm>
#include <complex>
#include <vector>
#include "check.hpp"

double weighted(const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += y[i] * y[i] * (i + 1);
  return s;
}

double f(const double *x, int n) {
  std::vector<double> tmp(n);
  std::copy(x, x + n, tmp.data());
  std::vector<double> shifted(n + 2);
  std::copy(tmp.begin(), tmp.end(), shifted.begin() + 2);
  std::copy(shifted.begin() + 1, shifted.end(), shifted.begin()); // left
  std::copy_backward(shifted.begin(), shifted.begin() + 3, shifted.end());
  std::fill(tmp.begin(), tmp.begin() + 2, x[1] * x[2]);
  std::fill_n(tmp.begin() + 2, 1, 0.5);
  std::vector<double> more(n);
  std::copy_n(shifted.data() + 1, n, more.begin());
  double arr[4];
  std::fill(std::begin(arr), std::end(arr), x[0]);
  std::copy_n(x + 1, 2, arr + 1);
  return weighted(tmp.data(), n) + weighted(more.data(), n) +
         std::sin(arr[0]) * arr[2] + arr[3];
}

double g(const double *x, int n) {
  std::complex<double> z[3];
  std::fill_n(z, 3, std::complex<double>(x[0], x[1]));
  std::complex<double> w[3];
  std::copy(z, z + 3, w);
  w[1] *= x[2];
  // (Real values into complex elements: their adjoints' real parts.)
  std::fill(z + 1, z + 2, x[3] * x[0]);
  std::copy(x + 1, x + 3, w + 1);
  double s = 0;
  for (int k = 0; k < 3; ++k)
    s += std::norm(w[k] * z[k]) / (k + 1);
  return s + static_cast<double>(n) * 0;
}

void step(const double *x, double *y, int n) {
  std::vector<double> t(n);
  for (int i = 0; i < n; ++i)
    t[i] = x[i] * x[(i + 1) % n];
  std::copy(t.begin(), t.end(), y);
  std::fill(y + 1, y + 2, x[0] * y[2]);
  std::fill_n(y + 3, 1, std::cos(y[0]));
}

void scale(const double *x, double *y, int n, double c) {
  std::transform(x, x + n, y, [c](double v) { return c * v * v; });
  std::copy_n(y + 1, 2, y); // within the output, shifted left
}

double h(const double *x, int n) {
  std::vector<double> y(n), z(n);
  step(x, y.data(), n);
  scale(y.data(), z.data(), n, x[3]);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += std::sin(z[i]) * (i + 2) + y[i];
  return s;
}

// A for_each through a pointer whose start reads a variable the lambda
// changes (put back before the range, which is recorded from y + k), and a
// fill whose end is a pointer into the array it fills.
void squares(double *y, int n, int k) {
  std::for_each(y + k, y + n, [&k](double &e) {
    e *= e;
    ++k;
  });
  y[0] *= k;
}

double q(const double *x, int n) {
  double buf[8] = {x[0], x[1], x[2], x[3], x[0], x[1], x[2], x[3]};
  double *mid = buf + 6;
  std::fill(buf, mid, 2 * x[1]);
  double w[4] = {x[0], 2 * x[1], 3 * x[2], x[3] * x[3]};
  squares(w, n, 1);
  return buf[0] * buf[7] + buf[5] + w[0] + w[1] * w[3] + w[2];
}

using Fn = double (*)(const double *, int);

/// Reverse-mode dx and forward-mode tangent t along u, checked against
/// finite differences of fn and against each other.
void check_gradient(const char *name, Fn fn, const double *x, int n,
                    double v, const double *dx, double v1, const double *u,
                    double t) {
  check::near(name, v, fn(x, n));
  check::near(name, v1, v);
  double reverse = 0;
  for (int i = 0; i < n; ++i) {
    reverse += dx[i] * u[i];
    check::fd(name, dx[i], [&](double h) {
      std::vector<double> y(x, x + n);
      y[i] += h;
      return fn(y.data(), n);
    });
  }
  check::near(name, t, reverse);
}

int main() {
  const int n = 4;
  double x[n] = {0.7, -1.2, 0.4, 1.9};
  double u[n] = {0.3, -0.5, 0.9, 0.2};
  {
    double dx[n] = {0, 0, 0, 0};
    auto [v] = ddx::gradient(f, ddx::duplicated(x, dx), n);
    auto [v1, t] = ddx::derivative(f, ddx::duplicated(x, u), n);
    check_gradient("f", f, x, n, v, dx, v1, u, t);
  }
  {
    double dx[n] = {0, 0, 0, 0};
    auto [v] = ddx::gradient(g, ddx::duplicated(x, dx), n);
    auto [v1, t] = ddx::derivative(g, ddx::duplicated(x, u), n);
    check_gradient("g", g, x, n, v, dx, v1, u, t);
  }
  {
    double dx[n] = {0, 0, 0, 0};
    auto [v] = ddx::gradient(h, ddx::duplicated(x, dx), n);
    auto [v1, t] = ddx::derivative(h, ddx::duplicated(x, u), n);
    check_gradient("h", h, x, n, v, dx, v1, u, t);
  }
  {
    double dx[n] = {0, 0, 0, 0};
    auto [v] = ddx::gradient(q, ddx::duplicated(x, dx), n);
    auto [v1, t] = ddx::derivative(q, ddx::duplicated(x, u), n);
    check_gradient("q", q, x, n, v, dx, v1, u, t);
  }
  return check::finish();
}
