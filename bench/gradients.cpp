// Speed of ddx-generated derivatives against the primal and hand-written
// gradients (Google Benchmark). Built from the output of ddx on this file.
#include <ddx/ddx.hpp>

#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// Extended Rosenbrock function.
double rosenbrock(const double *x, int n) {
  double f = 0.0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i];
    double b = 1.0 - x[i];
    f += 100.0 * a * a + b * b;
  }
  return f;
}

void rosenbrock_gradient_by_hand(const double *x, double *g, int n) {
  for (int i = 0; i < n; ++i)
    g[i] = 0.0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i];
    g[i] += -400.0 * a * x[i] - 2.0 * (1.0 - x[i]);
    g[i + 1] += 200.0 * a;
  }
}

// A loop-heavy recurrence: a damped, driven logistic map.
double recurrence(double r, double c, int steps) {
  double y = 0.3;
  for (int i = 0; i < steps; ++i)
    y = r * y * (1.0 - y) + c * std::sin(y);
  return y;
}

void recurrence_gradient_by_hand(double r, double c, int steps, double &dr,
                                 double &dc) {
  std::vector<double> ys(steps + 1);
  ys[0] = 0.3;
  for (int i = 0; i < steps; ++i)
    ys[i + 1] = r * ys[i] * (1.0 - ys[i]) + c * std::sin(ys[i]);
  double dy = 1.0;
  dr = dc = 0.0;
  for (int i = steps - 1; i >= 0; --i) {
    double y = ys[i];
    dr += dy * y * (1.0 - y);
    dc += dy * std::sin(y);
    dy *= r * (1.0 - 2.0 * y) + c * std::cos(y);
  }
}

// log-sum-exp, stabilised by the maximum.
double logsumexp(const double *x, int n) {
  double m = x[0];
  for (int i = 1; i < n; ++i)
    m = std::fmax(m, x[i]);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::exp(x[i] - m);
  return m + std::log(s);
}

void logsumexp_gradient_by_hand(const double *x, double *g, int n) {
  double m = x[0];
  for (int i = 1; i < n; ++i)
    m = std::fmax(m, x[i]);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::exp(x[i] - m);
  for (int i = 0; i < n; ++i)
    g[i] = std::exp(x[i] - m) / s;
}

constexpr int N = 1000;
constexpr int Steps = 1000;

std::vector<double> point() {
  std::vector<double> x(N);
  for (int i = 0; i < N; ++i)
    x[i] = 0.5 + 0.4 * std::sin(0.37 * i);
  return x;
}

static void BM_rosenbrock_primal(benchmark::State &state) {
  auto x = point();
  for (auto _ : state)
    benchmark::DoNotOptimize(rosenbrock(x.data(), N));
}
static void BM_rosenbrock_ddx_reverse(benchmark::State &state) {
  auto x = point();
  std::vector<double> g(N);
  for (auto _ : state) {
    std::fill(g.begin(), g.end(), 0.0);
    auto [f] =
        ddx::gradient(rosenbrock, ddx::duplicated(x.data(), g.data()), N);
    benchmark::DoNotOptimize(f);
    benchmark::DoNotOptimize(g.data());
  }
}
static void BM_rosenbrock_ddx_forward(benchmark::State &state) {
  auto x = point();
  std::vector<double> t(N, 0.0);
  t[N / 2] = 1.0;
  for (auto _ : state) {
    auto [f, df] =
        ddx::derivative(rosenbrock, ddx::duplicated(x.data(), t.data()), N);
    benchmark::DoNotOptimize(df);
  }
}
static void BM_rosenbrock_by_hand(benchmark::State &state) {
  auto x = point();
  std::vector<double> g(N);
  for (auto _ : state) {
    rosenbrock_gradient_by_hand(x.data(), g.data(), N);
    benchmark::DoNotOptimize(g.data());
  }
}

static void BM_recurrence_primal(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(recurrence(2.1, 0.3, Steps));
}
static void BM_recurrence_ddx_reverse(benchmark::State &state) {
  for (auto _ : state) {
    auto [y, dr, dc] =
        ddx::gradient(recurrence, ddx::active(2.1), ddx::active(0.3), Steps);
    benchmark::DoNotOptimize(dr);
    benchmark::DoNotOptimize(dc);
  }
}
static void BM_recurrence_ddx_forward(benchmark::State &state) {
  for (auto _ : state) {
    auto [y, dy] = ddx::derivative(recurrence, ddx::dual(2.1, 1.0), 0.3, Steps);
    benchmark::DoNotOptimize(dy);
  }
}
static void BM_recurrence_by_hand(benchmark::State &state) {
  for (auto _ : state) {
    double dr, dc;
    recurrence_gradient_by_hand(2.1, 0.3, Steps, dr, dc);
    benchmark::DoNotOptimize(dr);
    benchmark::DoNotOptimize(dc);
  }
}

static void BM_logsumexp_primal(benchmark::State &state) {
  auto x = point();
  for (auto _ : state)
    benchmark::DoNotOptimize(logsumexp(x.data(), N));
}
static void BM_logsumexp_ddx_reverse(benchmark::State &state) {
  auto x = point();
  std::vector<double> g(N);
  for (auto _ : state) {
    std::fill(g.begin(), g.end(), 0.0);
    auto [f] = ddx::gradient(logsumexp, ddx::duplicated(x.data(), g.data()), N);
    benchmark::DoNotOptimize(f);
    benchmark::DoNotOptimize(g.data());
  }
}
static void BM_logsumexp_ddx_forward(benchmark::State &state) {
  auto x = point();
  std::vector<double> t(N, 0.0);
  t[N / 2] = 1.0;
  for (auto _ : state) {
    auto [f, df] =
        ddx::derivative(logsumexp, ddx::duplicated(x.data(), t.data()), N);
    benchmark::DoNotOptimize(df);
  }
}
static void BM_logsumexp_by_hand(benchmark::State &state) {
  auto x = point();
  std::vector<double> g(N);
  for (auto _ : state) {
    logsumexp_gradient_by_hand(x.data(), g.data(), N);
    benchmark::DoNotOptimize(g.data());
  }
}

BENCHMARK(BM_rosenbrock_primal);
BENCHMARK(BM_rosenbrock_ddx_reverse);
BENCHMARK(BM_rosenbrock_ddx_forward);
BENCHMARK(BM_rosenbrock_by_hand);
BENCHMARK(BM_recurrence_primal);
BENCHMARK(BM_recurrence_ddx_reverse);
BENCHMARK(BM_recurrence_ddx_forward);
BENCHMARK(BM_recurrence_by_hand);
BENCHMARK(BM_logsumexp_primal);
BENCHMARK(BM_logsumexp_ddx_reverse);
BENCHMARK(BM_logsumexp_ddx_forward);
BENCHMARK(BM_logsumexp_by_hand);

// Before timing anything, the ddx gradients must agree with the hand-written
// ones: a fast wrong gradient is worth nothing.
static bool agree(double a, double b) {
  return std::fabs(a - b) <= 1e-10 * (1.0 + std::fabs(b));
}
static bool checkGradients() {
  auto x = point();
  std::vector<double> g(N, 0.0), h(N);
  auto [f] = ddx::gradient(rosenbrock, ddx::duplicated(x.data(), g.data()), N);
  (void)f;
  rosenbrock_gradient_by_hand(x.data(), h.data(), N);
  for (int i = 0; i < N; ++i)
    if (!agree(g[i], h[i]))
      return false;
  std::fill(g.begin(), g.end(), 0.0);
  auto [l] = ddx::gradient(logsumexp, ddx::duplicated(x.data(), g.data()), N);
  (void)l;
  logsumexp_gradient_by_hand(x.data(), h.data(), N);
  for (int i = 0; i < N; ++i)
    if (!agree(g[i], h[i]))
      return false;
  auto [y, dr, dc] =
      ddx::gradient(recurrence, ddx::active(2.1), ddx::active(0.3), Steps);
  (void)y;
  double hr, hc;
  recurrence_gradient_by_hand(2.1, 0.3, Steps, hr, hc);
  return agree(dr, hr) && agree(dc, hc);
}

int main(int argc, char **argv) {
  if (!checkGradients()) {
    std::fprintf(stderr, "ddx gradients disagree with the hand-written ones\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
