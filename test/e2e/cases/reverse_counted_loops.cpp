// Case: loops the reverse sweep runs again by stepping the counter back to
// where it started, without recording a trip count: up and down, by one
// and by two, `<`, `<=`, `>`, `>=`, unsigned, a start read from another
// counter (triangular), a bound the body changes, a counter read after the
// loop, and loops that keep the count (a break, a start the body changes,
// a step in the condition, a do-while). Each gradient against central
// differences and against forward mode.
#include "check.hpp"
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <ddx/ddx.hpp>

constexpr int N = 6;

double shapes(const double *x, int n) {
  double f = 0.0;
  for (int i = 1; i <= n - 1; ++i)
    f += x[i] * x[i - 1];
  for (int i = n - 1; i >= 0; --i)
    f = f * 0.5 + std::sin(x[i]);
  for (int i = n; i > 1; i -= 1)
    f += x[i - 1] / (1.0 + x[i - 2] * x[i - 2]);
  for (int i = 0; i < n; i += 2)
    f = f * x[i] + 1.0;
  for (unsigned u = 0; u < unsigned(n); ++u)
    f += std::cos(x[u] * f);
  return f;
}

double triangle(const double *x, int n) {
  double f = 0.0;
  for (int c = 0; c < n; ++c)
    for (int r = c + 1; r < n; ++r)
      f = f * 0.9 + x[r] * x[c];
  for (int c = 0; c < n; ++c)
    for (int r = c; r >= 0; --r)
      f += std::exp(0.1 * x[r]) * x[c];
  return f;
}

// Loops that keep the count because counting back could go wrong: an
// unsigned counter that wraps around, a start or bound that converts
// (unsigned, floating-point), a step in parentheses.
double conversions(const double *x, int n) {
  std::size_t m = n;
  double f = 0.0;
  for (std::size_t i = m - 1; i < m; --i)
    f = f * x[i] + 1.0;
  for (int i = m - 1; i >= 0; --i)
    f = f * 0.5 + x[i] * x[i];
  double t = 1.0, h = 0.3;
  for (int k = 0; k < t / h; ++k)
    f = f + h * std::sin(f * x[k]);
  for (int i = 0; i < n; i += (2))
    f += x[i] * std::cos(f);
  return f;
}

double bound_changes(const double *x, int n) {
  double f = 0.0;
  int m = n;
  for (int i = 0; i < m; ++i) {
    f = f * x[i] + 1.0;
    if (f > 4.0)
      m -= 1;
  }
  return f + m;
}

double read_after(const double *x, int n) {
  double f = 1.0;
  int i;
  for (i = 0; i < n - 1; ++i)
    f *= 1.0 + 0.1 * x[i];
  int j = 1;
  do {
    f += x[j] * std::sin(f);
    j += 2;
  } while (j < n);
  return f * x[i] + j;
}

double kept_counts(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i < n; ++i) {
    if (x[i] > 1.2)
      break;
    f += x[i] * x[i];
  }
  int s = 0;
  for (int i = s; i < n; ++i) {
    f = f * 0.5 + x[i];
    s += 1;
  }
  int k = 0;
  while (k++ < n - 1)
    f += x[k] * f * 0.1;
  return f + s;
}

double x0[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.9};
double u[N] = {0.3, -0.7, 1.0, 0.2, -0.4, 0.6};

int main() {
  {
    double d[N] = {};
    auto [value] = ddx::gradient(shapes, ddx::duplicated(x0, d), N);
    auto [value1, tangent] = ddx::derivative(shapes, ddx::duplicated(x0, u), N);
    check::near("shapes forward value", value1, value, 1e-9);
    check::array_gradient(
        "shapes", [](const double *x) { return shapes(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(triangle, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(triangle, ddx::duplicated(x0, u), N);
    check::near("triangle forward value", value1, value, 1e-9);
    check::array_gradient(
        "triangle", [](const double *x) { return triangle(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(conversions, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(conversions, ddx::duplicated(x0, u), N);
    check::near("conversions forward value", value1, value, 1e-9);
    check::array_gradient(
        "conversions", [](const double *x) { return conversions(x, N); }, x0, u,
        N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(bound_changes, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(bound_changes, ddx::duplicated(x0, u), N);
    check::near("bound_changes forward value", value1, value, 1e-9);
    check::array_gradient(
        "bound_changes", [](const double *x) { return bound_changes(x, N); },
        x0, u, N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(read_after, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(read_after, ddx::duplicated(x0, u), N);
    check::near("read_after forward value", value1, value, 1e-9);
    check::array_gradient(
        "read_after", [](const double *x) { return read_after(x, N); }, x0, u,
        N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(kept_counts, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(kept_counts, ddx::duplicated(x0, u), N);
    check::near("kept_counts forward value", value1, value, 1e-9);
    check::array_gradient(
        "kept_counts", [](const double *x) { return kept_counts(x, N); }, x0, u,
        N, d, value, tangent);
  }
  return check::finish();
}
