// Case: the shapes reverse mode makes faster. A loop that only adds up terms
// and whose sum is returned runs once, adding each term's partials as it
// goes (sum_loop, two_sums); a step in the body, a tail that reads the sum
// or the last iteration's values, a value carried between iterations, a
// sum read in the loop, or a counter read again keep two loops.
// Values are restored only where the reverse sweep reads them later
// (refilled, running_max). exp, exp2, sqrt, cbrt, tanh, sin and cos record
// what their derivative needs, in double and float.
#include "check.hpp"
#include <cmath>
#include <cstdio>
#include <ddx/ddx.hpp>

constexpr int N = 6;

double sum_loop(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i];
    double b = 1.0 - x[i];
    f += 100.0 * a * a + b * b;
  }
  return f;
}

double two_sums(const double *x, int n) {
  double f = 0.0, g = 1.0;
  for (int i = 0; i < n; ++i) {
    double a = x[i] * x[i];
    f += a * x[i];
    g -= a / (i + 1);
  }
  double h = 2.0 * f - g;
  return h + f;
}

double sum_over_n(const double *x, int n) {
  double s = 0.0;
  int i = n;
  while (i > 0) {
    i -= 1;
    double t = x[i] * (i + 0.5);
    s += t * t;
  }
  return s / n;
}

double log_of_sum(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return std::log(s);
}

double carried(const double *x, int n) {
  double f = 0.0, prev = x[0];
  for (int i = 1; i < n; ++i) {
    f += x[i] * prev;
    prev = x[i];
  }
  return f;
}

double sum_read_in_loop(const double *x, int n) {
  double s = 1.0, f = 0.0;
  for (int i = 0; i < n; ++i) {
    double a = x[i] * x[i];
    s += a;
    f += a * s;
  }
  return f;
}

double refilled(const double *x, int n) {
  double t[N];
  double s = 0.0;
  for (int j = 0; j < n; ++j)
    t[j] = x[j] * x[j];
  for (int j = 0; j < n; ++j)
    s += t[j] * x[j];
  for (int j = 0; j < n; ++j)
    t[j] = x[j] + s;
  for (int j = 0; j < n; ++j)
    s += t[j] * t[j];
  return s;
}

double running_max(const double *x, int n) {
  double m = x[0];
  for (int i = 1; i < n; ++i)
    if (x[i] > m)
      m = x[i];
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::exp(x[i] - m);
  return m + std::log(s);
}

double records(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i < n; ++i)
    f += std::exp(x[i]) * std::cos(x[i]) +
         std::sqrt(x[i] * x[i] + 1.0) * std::sin(2.0 * x[i]) +
         std::tanh(x[i]) * std::cbrt(x[i] + 3.0) + std::exp2(x[i]) / 4.0;
  return f * std::exp(-x[0]);
}

double records_float(const double *x, int n) {
  float f = 0.0f;
  for (int i = 0; i < n; ++i) {
    float v = float(x[i]);
    f += expf(v) * cosf(v) + sqrtf(v * v + 1.0f) * sinf(v) + tanhf(v);
  }
  return f;
}

// The C functions take and compute in double, whatever the argument's
// type; the suffixed and std:: spellings in their own type.
double mixed_precision(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i < n; ++i) {
    float v = float(x[i]);
    long double w = x[i];
    f += x[i] * ::exp(v) + ::sqrt(v * v + 1.0f) + double(std::exp(v)) +
         double(expf(x[i] / 2)) + double(std::sqrt(w * w + 2.0L)) +
         ::cos(v) * ::sin(x[i]);
  }
  return f;
}

// The code after a loop reads the value its last iteration defined, or
// its counter: two loops.
double last_square(const double *x, int n) {
  double t = 0.0, s = 0.0;
  for (int i = 0; i < n; ++i) {
    t = x[i] * x[i];
    s += t;
  }
  return s + t;
}

double counter_read_before(const double *x, int n) {
  double s = 0.0;
  int i = 0;
  for (; i < n / 2; ++i)
    s += x[i] * x[n - 1 - i];
  for (; i < n; ++i) {
    double t = x[i] * x[i];
    s += t;
  }
  return s;
}

// The code after the loop reads the sum through a pointer: two loops.
double sum_through_pointer(const double *x, int n) {
  double s = 0.0;
  double *p = &s;
  for (int i = 0; i < n; ++i) {
    double t = x[i] * x[i];
    s += t;
  }
  return *p * *p;
}

double x0[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.9};
double u[N] = {0.3, -0.7, 1.0, 0.2, -0.4, 0.6};

int main() {
  {
    double d[N] = {};
    auto [value] = ddx::gradient(sum_loop, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(sum_loop, ddx::duplicated(x0, u), N);
    check::near("sum_loop forward value", value1, value, 1e-6);
    check::array_gradient(
        "sum_loop", [](const double *x) { return sum_loop(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(two_sums, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(two_sums, ddx::duplicated(x0, u), N);
    check::near("two_sums forward value", value1, value, 1e-6);
    check::array_gradient(
        "two_sums", [](const double *x) { return two_sums(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(sum_over_n, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(sum_over_n, ddx::duplicated(x0, u), N);
    check::near("sum_over_n forward value", value1, value, 1e-6);
    check::array_gradient(
        "sum_over_n", [](const double *x) { return sum_over_n(x, N); }, x0, u,
        N, d, value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(log_of_sum, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(log_of_sum, ddx::duplicated(x0, u), N);
    check::near("log_of_sum forward value", value1, value, 1e-6);
    check::array_gradient(
        "log_of_sum", [](const double *x) { return log_of_sum(x, N); }, x0, u,
        N, d, value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(carried, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(carried, ddx::duplicated(x0, u), N);
    check::near("carried forward value", value1, value, 1e-6);
    check::array_gradient(
        "carried", [](const double *x) { return carried(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(sum_read_in_loop, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(sum_read_in_loop, ddx::duplicated(x0, u), N);
    check::near("sum_read_in_loop forward value", value1, value, 1e-6);
    check::array_gradient(
        "sum_read_in_loop",
        [](const double *x) { return sum_read_in_loop(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(refilled, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(refilled, ddx::duplicated(x0, u), N);
    check::near("refilled forward value", value1, value, 1e-6);
    check::array_gradient(
        "refilled", [](const double *x) { return refilled(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(running_max, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(running_max, ddx::duplicated(x0, u), N);
    check::near("running_max forward value", value1, value, 1e-6);
    check::array_gradient(
        "running_max", [](const double *x) { return running_max(x, N); }, x0, u,
        N, d, value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(records, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(records, ddx::duplicated(x0, u), N);
    check::near("records forward value", value1, value, 1e-6);
    check::array_gradient(
        "records", [](const double *x) { return records(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(records_float, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(records_float, ddx::duplicated(x0, u), N);
    check::near("records_float forward value", value1, value, 1e-3);
    check::array_gradient(
        "records_float", [](const double *x) { return records_float(x, N); },
        x0, u, N, d, value, tangent, 1e-3);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(mixed_precision, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(mixed_precision, ddx::duplicated(x0, u), N);
    check::near("mixed_precision forward value", value1, value, 1e-3);
    check::array_gradient(
        "mixed_precision",
        [](const double *x) { return mixed_precision(x, N); }, x0, u, N, d,
        value, tangent, 1e-3);
    // (The primal's own value, to the bit: each call computes in its
    // callee's type.)
    check::near("mixed_precision value to the bit", value,
                mixed_precision(x0, N), 0);
  }
  {
    double d[N] = {};
    auto [value] = ddx::gradient(last_square, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(last_square, ddx::duplicated(x0, u), N);
    check::near("last_square forward value", value1, value, 1e-6);
    check::array_gradient(
        "last_square", [](const double *x) { return last_square(x, N); }, x0, u,
        N, d, value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] =
        ddx::gradient(counter_read_before, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(counter_read_before, ddx::duplicated(x0, u), N);
    check::near("counter_read_before forward value", value1, value, 1e-6);
    check::array_gradient(
        "counter_read_before",
        [](const double *x) { return counter_read_before(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  {
    double d[N] = {};
    auto [value] =
        ddx::gradient(sum_through_pointer, ddx::duplicated(x0, d), N);
    auto [value1, tangent] =
        ddx::derivative(sum_through_pointer, ddx::duplicated(x0, u), N);
    check::near("sum_through_pointer forward value", value1, value, 1e-6);
    check::array_gradient(
        "sum_through_pointer",
        [](const double *x) { return sum_through_pointer(x, N); }, x0, u, N, d,
        value, tangent, 1e-6);
  }
  return check::finish();
}
