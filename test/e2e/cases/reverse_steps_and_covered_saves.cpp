// Case: `l[k++]` and `buf[n++] = v` read and write one element, and the
// step follows the statement (the reverse sweep steps back, saving
// nothing), where the counter is a local integer named once in the
// statement and never through its address; in a branch of '?:' or '&&',
// or through a pointer, the step stays where it is.
// An array whose elements [0, n) a loop has just saved needs no saves in a
// later nest writing z[r] with r < n (triangular), unless something in
// between reads it (read_between), the nest's bound differs (other_bound),
// the nest multiplies (scaled), or the first loop reads what it wrote
// (first_loop_reads). Also in a function called from a loop (split into
// forward and reverse sweeps). Each gradient against central differences
// and against forward mode.
#include "check.hpp"
#include <cmath>
#include <cstdio>
#include <ddx/ddx.hpp>

constexpr int N = 6;

// The Gaussian-mixture shape: z = diag(x) w + L w, L packed by columns.
double triangular(const double *x, int n) {
  double z[N], w[N];
  double f = 0.0;
  for (int c = 0; c < 2; ++c) {
    for (int j = 0; j < n; ++j) {
      w[j] = x[j] - 0.1 * c;
      z[j] = std::exp(0.3 * x[j]) * w[j];
    }
    int idx = 0;
    for (int col = 0; col < n; ++col)
      for (int row = col + 1; row < n; ++row)
        z[row] += x[(idx++) % n] * w[col];
    double sq = 0.0;
    for (int j = 0; j < n; ++j)
      sq += z[j] * z[j];
    f += std::log(1.0 + sq);
  }
  return f;
}

double packed(const double *x, int n) {
  double buf[2 * N] = {};
  int k = 0, m = 2 * n - 1;
  for (int i = 0; i < n; ++i) {
    buf[k++] = std::sin(x[i]) * x[(i + 1) % n];
    buf[m--] = x[i] * x[i];
  }
  double f = 0.0;
  for (int i = 0; i < 2 * n; ++i)
    f += buf[i] * (i + 1);
  return f * buf[0];
}

// Steps that stay in place (in a branch, through a pointer), and one that
// follows its statement (c).
double steps_in_place(const double *x, int n) {
  int a = 0, b = 0, c = 0, d = 0;
  int *pd = &d;
  double f = 0.0;
  for (int i = 0; i < n; ++i) {
    f += x[i] > 0 ? x[a++] * x[i] : x[i];
    f += (x[i] < 1.0 && x[b++] > -2.0) ? x[b % n] : 0.5 * x[i];
    f += x[c++ % n] * x[i];
    f += x[(*pd)++ % n] * x[i];
  }
  return f * (a + b + c + d + 1);
}

double read_between(const double *x, int n) {
  double z[N];
  double f = 0.0;
  for (int c = 0; c < 2; ++c) {
    for (int j = 0; j < n; ++j)
      z[j] = x[j] * (c + 1);
    f += z[0] * z[1];
    for (int col = 0; col < n; ++col)
      for (int row = col + 1; row < n; ++row)
        z[row] += x[col] * z[col];
    f += z[n - 1] * z[n - 2];
  }
  return f;
}

double other_bound(const double *x, int n, int m) {
  double z[N] = {}; // z[m..n) carries over from one c to the next
  double f = 0.0;
  for (int c = 0; c < 2; ++c) {
    for (int j = 0; j < m; ++j)
      z[j] = x[j] * (c + 1);
    for (int row = 1; row < n; ++row)
      z[row] += x[row] * x[row - 1];
    for (int j = 0; j < n; ++j)
      f += z[j] * z[j];
  }
  return f;
}

double scaled(const double *x, int n) {
  double z[N];
  double f = 0.0;
  for (int c = 0; c < 2; ++c) {
    for (int j = 0; j < n; ++j)
      z[j] = x[j] + c;
    for (int row = 1; row < n; ++row)
      z[row] *= x[row - 1];
    for (int j = 0; j < n; ++j)
      f += z[j] * z[j];
  }
  return f;
}

double first_loop_reads(const double *x, int n) {
  double z[N];
  double f = 0.0;
  for (int c = 0; c < 2; ++c) {
    double g = 0.0;
    for (int j = 0; j < n; ++j) {
      z[j] = x[j] + c;
      g += z[j] * z[j];
    }
    for (int row = 0; row < n; ++row)
      z[row] += x[row] * g;
    for (int j = 0; j < n; ++j)
      f += z[j] * x[j];
  }
  return f;
}

// Called from a loop: a forward sweep and a reverse sweep of its own.
double norm_of_triangle(const double *x, int n, double s) {
  double z[N];
  for (int j = 0; j < n; ++j)
    z[j] = s * x[j];
  int k = 0;
  for (int col = 0; col < n; ++col)
    for (int row = col + 1; row < n; ++row)
      z[row] += x[(col + k++) % n] * z[col];
  double q = 0.0;
  for (int j = 0; j < n; ++j)
    q += z[j] * z[j];
  return std::sqrt(q);
}

double called_in_loop(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i < 3; ++i)
    f += norm_of_triangle(x, n, 0.5 + i) * x[i];
  return f;
}

double x0[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.9};
double u[N] = {0.3, -0.7, 1.0, 0.2, -0.4, 0.6};

int main() {
  {
    double d[N] = {};
    auto [value] = ddx::gradient(triangular, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(triangular, ddx::duplicated(x0, u), N);
    check::near("triangular forward value", value1, value, 1e-9);
    check::array_gradient(
        "triangular", [](const double *x) { return triangular(x, N); }, x0, u,
        N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(packed, ddx::duplicated(x0, d), N);
    auto [value1, tangent] = ddx::derivative(packed, ddx::duplicated(x0, u), N);
    check::near("packed forward value", value1, value, 1e-9);
    check::array_gradient(
        "packed", [](const double *x) { return packed(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(steps_in_place, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(steps_in_place, ddx::duplicated(x0, u), N);
    check::near("steps_in_place forward value", value1, value, 1e-9);
    check::array_gradient(
        "steps_in_place", [](const double *x) { return steps_in_place(x, N); },
        x0, u, N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(read_between, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(read_between, ddx::duplicated(x0, u), N);
    check::near("read_between forward value", value1, value, 1e-9);
    check::array_gradient(
        "read_between", [](const double *x) { return read_between(x, N); }, x0,
        u, N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(other_bound, ddx::duplicated(x0, d), N, N - 2);
    auto [value1, tangent] =
        ddx::derivative(other_bound, ddx::duplicated(x0, u), N, N - 2);
    check::near("other_bound forward value", value1, value, 1e-9);
    check::array_gradient(
        "other_bound", [](const double *x) { return other_bound(x, N, N - 2); },
        x0, u, N, d, value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(scaled, ddx::duplicated(x0, d), N);
    auto [value1, tangent] = ddx::derivative(scaled, ddx::duplicated(x0, u), N);
    check::near("scaled forward value", value1, value, 1e-9);
    check::array_gradient(
        "scaled", [](const double *x) { return scaled(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(first_loop_reads, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(first_loop_reads, ddx::duplicated(x0, u), N);
    check::near("first_loop_reads forward value", value1, value, 1e-9);
    check::array_gradient(
        "first_loop_reads",
        [](const double *x) { return first_loop_reads(x, N); }, x0, u, N, d,
        value, tangent);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(called_in_loop, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(called_in_loop, ddx::duplicated(x0, u), N);
    check::near("called_in_loop forward value", value1, value, 1e-9);
    check::array_gradient(
        "called_in_loop", [](const double *x) { return called_in_loop(x, N); },
        x0, u, N, d, value, tangent);
  }
  return check::finish();
}
