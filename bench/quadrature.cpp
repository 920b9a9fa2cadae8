// Speed of ddx's Boost.Math quadrature rules (gauss_kronrod) against the
// primal and a hand-written gradient (Google Benchmark). Built from the output
// of ddx on this file, like bench/gradients.cpp.
#include <ddx/ddx.hpp>

#include <benchmark/benchmark.h>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <cstdio>

using boost::math::quadrature::gauss_kronrod;

// The integration settings, shared by the model and the hand-written
// gradient.
constexpr unsigned MaxDepth = 10;
constexpr double Tol = 1e-10;

// A parametrised integral: a damped oscillation integrated over [0, 1] by
// adaptive 15-point Gauss-Kronrod.
double model(double k, double c) {
  auto f = [k, c](double x) { return std::exp(-k * x * x) * std::cos(c * x); };
  return gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, MaxDepth, Tol);
}

// The gradient as a user would write it without AD: differentiate under the
// integral sign by hand and integrate the value and each partial-derivative
// integrand separately, with the same integrator and settings (three adaptive
// integrations; Boost's integrator takes a scalar integrand, so the three
// cannot share one run without writing a vector type for it).
//   d/dk = int -x^2 exp(-k x^2) cos(c x) dx
//   d/dc = int -x   exp(-k x^2) sin(c x) dx
double model_gradient_by_hand(double k, double c, double &dk, double &dc) {
  auto f = [k, c](double x) { return std::exp(-k * x * x) * std::cos(c * x); };
  auto fk = [k, c](double x) {
    return -x * x * std::exp(-k * x * x) * std::cos(c * x);
  };
  auto fc = [k, c](double x) {
    return -x * std::exp(-k * x * x) * std::sin(c * x);
  };
  double v = gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, MaxDepth, Tol);
  dk = gauss_kronrod<double, 15>::integrate(fk, 0.0, 1.0, MaxDepth, Tol);
  dc = gauss_kronrod<double, 15>::integrate(fc, 0.0, 1.0, MaxDepth, Tol);
  return v;
}

// One directional derivative by hand (d/dk, with the value): two adaptive
// integrations. The counterpart of one ddx forward-mode derivative.
double model_derivative_k_by_hand(double k, double c, double &dk) {
  auto f = [k, c](double x) { return std::exp(-k * x * x) * std::cos(c * x); };
  auto fk = [k, c](double x) {
    return -x * x * std::exp(-k * x * x) * std::cos(c * x);
  };
  double v = gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, MaxDepth, Tol);
  dk = gauss_kronrod<double, 15>::integrate(fk, 0.0, 1.0, MaxDepth, Tol);
  return v;
}

// With these parameters each of the integrals above is split into 7
// subintervals (105 integrand evaluations per integration).
constexpr double K = 1.5;
constexpr double C = 10.0;

static void BM_quadrature_primal(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    benchmark::DoNotOptimize(model(k, c));
  }
}
static void BM_quadrature_ddx_reverse(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    auto [y, dk, dc] = ddx::gradient(model, ddx::active(k), ddx::active(c));
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(dk);
    benchmark::DoNotOptimize(dc);
  }
}
static void BM_quadrature_ddx_forward(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    auto [y, dy] = ddx::derivative(model, ddx::dual(k, 1.0), c);
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(dy);
  }
}
static void BM_quadrature_by_hand(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    double dk, dc;
    benchmark::DoNotOptimize(model_gradient_by_hand(k, c, dk, dc));
    benchmark::DoNotOptimize(dk);
    benchmark::DoNotOptimize(dc);
  }
}
static void BM_quadrature_by_hand_one_direction(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    double dk;
    benchmark::DoNotOptimize(model_derivative_k_by_hand(k, c, dk));
    benchmark::DoNotOptimize(dk);
  }
}

BENCHMARK(BM_quadrature_primal);
BENCHMARK(BM_quadrature_ddx_reverse);
BENCHMARK(BM_quadrature_ddx_forward);
BENCHMARK(BM_quadrature_by_hand);
BENCHMARK(BM_quadrature_by_hand_one_direction);

// Before timing anything, the ddx derivatives must agree with the
// hand-written ones: a fast wrong gradient is worth nothing. ddx integrates
// the derivative on the primal's subdivision, the hand-written gradient
// refines each partial integral on its own, so they agree to the quadrature
// tolerance, not to rounding.
static bool agree(const char *what, double a, double b) {
  bool ok = std::fabs(a - b) <= 1e-8 * std::fabs(b);
  if (!ok)
    std::fprintf(stderr, "%s: ddx %.17g, by hand %.17g\n", what, a, b);
  return ok;
}
static bool checkGradients() {
  double hk, hc;
  double hv = model_gradient_by_hand(K, C, hk, hc);
  auto [y, dk, dc] = ddx::gradient(model, ddx::active(K), ddx::active(C));
  auto [y1, tk] = ddx::derivative(model, ddx::dual(K, 1.0), C);
  auto [y2, tc] = ddx::derivative(model, K, ddx::dual(C, 1.0));
  bool ok = agree("value (reverse)", y, hv);
  ok = agree("value (forward)", y1, hv) && ok;
  ok = agree("d/dk (reverse)", dk, hk) && ok;
  ok = agree("d/dc (reverse)", dc, hc) && ok;
  ok = agree("d/dk (forward)", tk, hk) && ok;
  ok = agree("d/dc (forward)", tc, hc) && ok;
  (void)y2;
  return ok;
}

int main(int argc, char **argv) {
  if (!checkGradients()) {
    std::fprintf(stderr,
                 "ddx quadrature derivatives disagree with the hand-written "
                 "ones\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
