// Speed of the reverse-mode gradient of issue 10's particle system (a
// class with constructors, step() and a const energy(), in a
// std::vector<Particle>) against the primal (Google Benchmark). Built from
// the output of ddx on this file, like bench/gradients.cpp. The target is
// a gradient within 2x the primal's time; bench.particles_agree checks the
// derivatives (reverse against forward mode and central differences),
// never timings.
#include <ddx/ddx.hpp>

#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>
#include <vector>

struct Particle {
  double x, v;
  Particle() : x(0), v(0) {}
  Particle(double x0, double v0) : x(x0), v(v0) {}
  // One symplectic Euler step of an anharmonic oscillator.
  void step(double dt, double k) {
    v -= (k * x + 0.1 * x * x * x) * dt;
    x += v * dt;
  }
  double energy(double k) const {
    return 0.5 * v * v + 0.5 * k * x * x + 0.025 * x * x * x * x;
  }
};

constexpr int Particles = 64;
constexpr int Steps = 100;

// The total energy after Steps steps of Particles particles whose starting
// positions spread by `spread`, with spring constant k.
double particles(double spread, double k) {
  std::vector<Particle> ps(Particles);
  for (int i = 0; i < Particles; ++i)
    ps[i] = Particle(spread * (1.0 + 0.01 * i), 0.0);
  for (int t = 0; t < Steps; ++t)
    for (Particle &p : ps)
      p.step(0.01, k);
  double e = 0;
  for (const Particle &p : ps)
    e += p.energy(k);
  return e;
}

constexpr double Spread = 0.7;
constexpr double K = 1.3;

static void BM_particles_primal(benchmark::State &state) {
  double s = Spread, k = K;
  for (auto _ : state) {
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(particles(s, k));
  }
}
static void BM_particles_ddx_reverse(benchmark::State &state) {
  double s = Spread, k = K;
  for (auto _ : state) {
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(k);
    auto [y, ds, dk] = ddx::gradient(particles, ddx::active(s), ddx::active(k));
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(ds);
    benchmark::DoNotOptimize(dk);
  }
}
static void BM_particles_ddx_forward(benchmark::State &state) {
  double s = Spread, k = K;
  for (auto _ : state) {
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(k);
    auto [y, dy] = ddx::derivative(particles, ddx::dual(s, 1.0), k);
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(dy);
  }
}
BENCHMARK(BM_particles_primal);
BENCHMARK(BM_particles_ddx_reverse);
BENCHMARK(BM_particles_ddx_forward);

static bool agree(const char *what, double a, double b, double tol) {
  bool ok = std::fabs(a - b) <= tol * std::fmax(1.0, std::fabs(b));
  if (!ok)
    std::fprintf(stderr, "%s: %.17g, expected %.17g\n", what, a, b);
  return ok;
}
static bool checkGradients() {
  auto [y, ds, dk] =
      ddx::gradient(particles, ddx::active(Spread), ddx::active(K));
  auto [y1, ts] = ddx::derivative(particles, ddx::dual(Spread, 1.0), K);
  auto [y2, tk] = ddx::derivative(particles, Spread, ddx::dual(K, 1.0));
  const double h = 1e-6;
  double fs = (particles(Spread + h, K) - particles(Spread - h, K)) / (2 * h);
  double fk = (particles(Spread, K + h) - particles(Spread, K - h)) / (2 * h);
  bool ok = agree("value", y, particles(Spread, K), 1e-12);
  ok = agree("d/dspread reverse vs forward", ds, ts, 1e-12) && ok;
  ok = agree("d/dk reverse vs forward", dk, tk, 1e-12) && ok;
  ok = agree("d/dspread vs differences", ds, fs, 1e-6) && ok;
  ok = agree("d/dk vs differences", dk, fk, 1e-6) && ok;
  (void)y1;
  (void)y2;
  return ok;
}

int main(int argc, char **argv) {
  if (!checkGradients()) {
    std::fprintf(stderr, "ddx particle-system derivatives disagree\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
