// Speed of the reverse-mode gradient of issue 10's particle system (a
// class with constructors, step() and a const energy(), in a
// std::vector<Particle>) against the primal and a hand-written gradient
// (Google Benchmark). Built from the output of ddx on this file, like
// bench/gradients.cpp. The target is a gradient within 2x the primal's
// time; bench.particles_agree checks the derivatives (reverse against
// forward mode, the hand-written gradient and central differences), never
// timings.
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

// By hand: the states each step overwrites kept in the forward pass (as a
// user would keep a trajectory), then the adjoint of each step in reverse.
struct ParticlesByHand {
  std::vector<double> xs, vs; // state before each step, per step and particle
  double gradient(double spread, double k, double &ds, double &dk) {
    xs.resize(Steps * Particles);
    vs.resize(Steps * Particles);
    double x[Particles], v[Particles];
    for (int i = 0; i < Particles; ++i) {
      x[i] = spread * (1.0 + 0.01 * i);
      v[i] = 0.0;
    }
    const double dt = 0.01;
    for (int t = 0; t < Steps; ++t)
      for (int i = 0; i < Particles; ++i) {
        xs[t * Particles + i] = x[i];
        vs[t * Particles + i] = v[i];
        v[i] -= (k * x[i] + 0.1 * x[i] * x[i] * x[i]) * dt;
        x[i] += v[i] * dt;
      }
    double e = 0, bx[Particles], bv[Particles], bk = 0;
    for (int i = 0; i < Particles; ++i) {
      e += 0.5 * v[i] * v[i] + 0.5 * k * x[i] * x[i] +
           0.025 * x[i] * x[i] * x[i] * x[i];
      bv[i] = v[i];
      bx[i] = k * x[i] + 0.1 * x[i] * x[i] * x[i];
      bk += 0.5 * x[i] * x[i];
    }
    for (int t = Steps; t-- > 0;)
      for (int i = 0; i < Particles; ++i) {
        double x0 = xs[t * Particles + i];
        // x1 = x0 + v1 dt, v1 = v0 - (k x0 + 0.1 x0^3) dt
        bv[i] += bx[i] * dt;
        bk -= bv[i] * dt * x0;
        bx[i] -= bv[i] * dt * (k + 0.3 * x0 * x0);
      }
    double s = 0;
    for (int i = 0; i < Particles; ++i)
      s += bx[i] * (1.0 + 0.01 * i);
    ds = s;
    dk = bk;
    return e;
  }
};

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
static void BM_particles_by_hand(benchmark::State &state) {
  double s = Spread, k = K;
  ParticlesByHand hand;
  for (auto _ : state) {
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(k);
    double ds, dk;
    benchmark::DoNotOptimize(hand.gradient(s, k, ds, dk));
    benchmark::DoNotOptimize(ds);
    benchmark::DoNotOptimize(dk);
  }
}
BENCHMARK(BM_particles_primal);
BENCHMARK(BM_particles_ddx_reverse);
BENCHMARK(BM_particles_ddx_forward);
BENCHMARK(BM_particles_by_hand);

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
  double hs, hk;
  ParticlesByHand hand;
  ok = agree("value by hand", hand.gradient(Spread, K, hs, hk), y, 1e-12) &&
       ok;
  ok = agree("d/dspread by hand", ds, hs, 1e-12) && ok;
  ok = agree("d/dk by hand", dk, hk, 1e-12) && ok;
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
