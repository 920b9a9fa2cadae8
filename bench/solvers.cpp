// Speed of ddx's solver rules (issue 12) against the primal and hand-written
// derivatives (Google Benchmark): a Newton root with parameters (Boost.Math),
// a 4-species food chain over 1,000 steps of Boost.Odeint's runge_kutta4 and
// runge_kutta_dopri5 (6 parameters), and a GSL qags integral. Built from the
// output of ddx on this file, like bench/gradients.cpp.
#if defined(__GNUC__) && !defined(__clang__)
// (Boost 1.74's steppers copy their uninitialised scratch buffers when
// passed by value: a false positive in the library.)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <ddx/ddx.hpp>

#include <array>
#include <benchmark/benchmark.h>
#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <cstdio>
#include <gsl/gsl_integration.h>
#include <utility>
#include <vector>

// The dopri5 tableau for the hand-written adjoint (the coefficients only).
#include <ddx/rules/boost/numeric/odeint/integrate.hpp>

namespace ode = boost::numeric::odeint;

// --- A Newton root: Kepler's equation E - e sin E = M --------------------

double kepler(double e, double m) {
  auto f = [e, m](double E) {
    return std::make_pair(E - e * std::sin(E) - m, 1 - e * std::cos(E));
  };
  return boost::math::tools::newton_raphson_iterate(f, m, 0.0, 7.0, 50);
}

// By hand: the implicit function theorem at the root.
double kepler_gradient_by_hand(double e, double m, double &de, double &dm) {
  double E = kepler(e, m);
  double gx = 1 - e * std::cos(E);
  de = std::sin(E) / gx;
  dm = 1 / gx;
  return E;
}

// --- A food chain: 4 species, 6 parameters, 1,000 steps ------------------

// The state as a std::array, and as a std::vector (which allocates).
using state4 = std::array<double, 4>;
using state4v = std::vector<double>;
constexpr double Dt = 0.01;
constexpr std::size_t Steps = 1000;

// x0 grows logistically and is eaten by x1, x1 by x2, x2 by x3.
template <class State> struct FoodChain {
  double r, a, d1, b, d2, c;
  void operator()(const State &x, State &dx, double) const {
    dx[0] = x[0] * (r - 0.1 * x[0] - a * x[1]);
    dx[1] = x[1] * (a * x[0] - d1 - b * x[2]);
    dx[2] = x[2] * (b * x[1] - d2 - c * x[3]);
    dx[3] = x[3] * (c * x[2] - 0.5);
  }
  // The hand-written vector-Jacobian products: lx += J_x^T w, lp += J_p^T w.
  void vjp(const State &x, const State &w, State &lx,
           std::array<double, 6> &lp) const {
    lx[0] += w[0] * (r - 0.2 * x[0] - a * x[1]) + w[1] * a * x[1];
    lx[1] +=
        -w[0] * a * x[0] + w[1] * (a * x[0] - d1 - b * x[2]) + w[2] * b * x[2];
    lx[2] +=
        -w[1] * b * x[1] + w[2] * (b * x[1] - d2 - c * x[3]) + w[3] * c * x[3];
    lx[3] += -w[2] * c * x[2] + w[3] * (c * x[2] - 0.5);
    lp[0] += w[0] * x[0];
    lp[1] += (w[1] - w[0]) * x[0] * x[1];
    lp[2] -= w[1] * x[1];
    lp[3] += (w[2] - w[1]) * x[1] * x[2];
    lp[4] -= w[2] * x[2];
    lp[5] += (w[3] - w[2]) * x[2] * x[3];
  }
};

// The loss: the final populations, weighted.
template <class State> double weighted(const State &x) {
  return x[0] + 2 * x[1] + 3 * x[2] + 4 * x[3];
}

double food_chain_rk4(double r, double a, double d1, double b, double d2,
                      double c) {
  FoodChain<state4> sys{r, a, d1, b, d2, c};
  state4 x{1.0, 0.5, 0.3, 0.2};
  ode::integrate_const(ode::runge_kutta4<state4>(), sys, x, 0.0, Dt * Steps,
                       Dt);
  return weighted(x);
}

double food_chain_dopri5(double r, double a, double d1, double b, double d2,
                         double c) {
  FoodChain<state4> sys{r, a, d1, b, d2, c};
  state4 x{1.0, 0.5, 0.3, 0.2};
  ode::integrate_n_steps(ode::runge_kutta_dopri5<state4>(), sys, x, 0.0, Dt,
                         Steps);
  return weighted(x);
}

double food_chain_rk4_vector(double r, double a, double d1, double b, double d2,
                             double c) {
  FoodChain<state4v> sys{r, a, d1, b, d2, c};
  state4v x{1.0, 0.5, 0.3, 0.2};
  ode::integrate_const(ode::runge_kutta4<state4v>(), sys, x, 0.0, Dt * Steps,
                       Dt);
  return weighted(x);
}

double food_chain_dopri5_vector(double r, double a, double d1, double b,
                                double d2, double c) {
  FoodChain<state4v> sys{r, a, d1, b, d2, c};
  state4v x{1.0, 0.5, 0.3, 0.2};
  ode::integrate_n_steps(ode::runge_kutta_dopri5<state4v>(), sys, x, 0.0, Dt,
                         Steps);
  return weighted(x);
}

// By hand: the discrete adjoint of the explicit Runge-Kutta steps, as a user
// would write it. The forward sweep keeps the state at each step (an odeint
// observer); the backward sweep recomputes each step's stages from it and
// runs the adjoint of the step with the hand-written products above, in
// buffers made once.
template <class Tab, class Stepper, class State = state4>
double food_chain_gradient_by_hand(const std::array<double, 6> &p,
                                   std::array<double, 6> &dp) {
  FoodChain<State> sys{p[0], p[1], p[2], p[3], p[4], p[5]};
  std::vector<State> path;
  path.reserve(Steps + 1);
  State x{1.0, 0.5, 0.3, 0.2};
  ode::integrate_n_steps(Stepper(), sys, x, 0.0, Dt, Steps,
                         [&](const State &s, double) { path.push_back(s); });
  constexpr int S = Tab::stages;
  State lambda{1, 2, 3, 4}, zero{0, 0, 0, 0}, w = zero;
  dp = {};
  std::array<State, S> k, in, nu;
  k.fill(zero);
  in.fill(zero);
  nu.fill(zero);
  for (std::size_t step = Steps; step-- > 0;) {
    const State &x0 = path[step];
    for (int i = 0; i < S; ++i) {
      for (int n = 0; n < 4; ++n) {
        double v = x0[n];
        for (int j = 0; j < i; ++j)
          v += Dt * Tab::a[i][j] * k[j][n];
        in[i][n] = v;
      }
      sys(in[i], k[i], 0.0);
    }
    State start = lambda;
    for (int i = S - 1; i >= 0; --i) {
      for (int n = 0; n < 4; ++n) {
        double v = Dt * Tab::b[i] * lambda[n];
        for (int j = i + 1; j < S; ++j)
          v += Dt * Tab::a[j][i] * nu[j][n];
        w[n] = v;
      }
      nu[i] = zero;
      sys.vjp(in[i], w, nu[i], dp);
      for (int n = 0; n < 4; ++n)
        start[n] += nu[i][n];
    }
    lambda = start;
  }
  return weighted(x);
}

// --- A GSL qags integral -------------------------------------------------

struct Damping {
  double k, c;
};
double damped(double x, void *params) {
  const Damping *d = static_cast<const Damping *>(params);
  return std::exp(-d->k * x * x) * std::cos(d->c * x);
}
double damped_dk(double x, void *params) {
  const Damping *d = static_cast<const Damping *>(params);
  return -x * x * std::exp(-d->k * x * x) * std::cos(d->c * x);
}
double damped_dc(double x, void *params) {
  const Damping *d = static_cast<const Damping *>(params);
  return -x * std::exp(-d->k * x * x) * std::sin(d->c * x);
}

constexpr std::size_t Limit = 100;
constexpr double EpsRel = 1e-10;

// One workspace for the whole run, as a user would keep one.
gsl_integration_workspace *workspace() {
  static gsl_integration_workspace *w = gsl_integration_workspace_alloc(Limit);
  return w;
}

double qags_integral(double k, double c) {
  Damping d{k, c};
  gsl_function F{&damped, &d};
  double result = 0, abserr = 0;
  gsl_integration_qags(&F, 0.0, 1.0, 0.0, EpsRel, Limit, workspace(), &result,
                       &abserr);
  return result;
}

// By hand: differentiate under the integral sign and integrate each partial
// derivative with the same integrator and settings (three integrations).
double qags_gradient_by_hand(double k, double c, double &dk, double &dc) {
  Damping d{k, c};
  double v, e;
  gsl_function F{&damped, &d}, Fk{&damped_dk, &d}, Fc{&damped_dc, &d};
  gsl_integration_qags(&F, 0.0, 1.0, 0.0, EpsRel, Limit, workspace(), &v, &e);
  gsl_integration_qags(&Fk, 0.0, 1.0, 0.0, EpsRel, Limit, workspace(), &dk, &e);
  gsl_integration_qags(&Fc, 0.0, 1.0, 0.0, EpsRel, Limit, workspace(), &dc, &e);
  return v;
}

// --- The parameters ------------------------------------------------------

constexpr double E = 0.3, M = 1.2;
constexpr std::array<double, 6> P{1.0, 0.8, 0.2, 0.6, 0.15, 0.5};
constexpr double K = 1.5, C = 10.0;

// --- Benchmarks ----------------------------------------------------------

static void BM_newton_primal(benchmark::State &state) {
  double e = E, m = M;
  for (auto _ : state) {
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(m);
    benchmark::DoNotOptimize(kepler(e, m));
  }
}
static void BM_newton_ddx_reverse(benchmark::State &state) {
  double e = E, m = M;
  for (auto _ : state) {
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(m);
    auto [y, de, dm] = ddx::gradient(kepler, ddx::active(e), ddx::active(m));
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(de);
    benchmark::DoNotOptimize(dm);
  }
}
static void BM_newton_ddx_forward(benchmark::State &state) {
  double e = E, m = M;
  for (auto _ : state) {
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(m);
    auto [y, dy] = ddx::derivative(kepler, ddx::dual(e, 1.0), m);
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(dy);
  }
}
static void BM_newton_by_hand(benchmark::State &state) {
  double e = E, m = M;
  for (auto _ : state) {
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(m);
    double de, dm;
    benchmark::DoNotOptimize(kepler_gradient_by_hand(e, m, de, dm));
    benchmark::DoNotOptimize(de);
    benchmark::DoNotOptimize(dm);
  }
}

// The hand-written food-chain gradient with the tableau Tab, odeint's
// Stepper and the state type State.
template <class Tab, class Stepper, class State>
static void BM_food_chain_by_hand(benchmark::State &state) {
  std::array<double, 6> p = P, dp;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(
        food_chain_gradient_by_hand<Tab, Stepper, State>(p, dp));
    benchmark::DoNotOptimize(dp);
  }
}
using RK4 = ddx::rules::odeint_detail::runge_kutta4_tableau;
using Dopri5 = ddx::rules::odeint_detail::runge_kutta_dopri5_tableau;

static void BM_rk4_primal(benchmark::State &state) {
  std::array<double, 6> p = P;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(
        food_chain_rk4(p[0], p[1], p[2], p[3], p[4], p[5]));
  }
}
static void BM_rk4_ddx_reverse(benchmark::State &state) {
  std::array<double, 6> p = P;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    auto g = ddx::gradient(food_chain_rk4, ddx::active(p[0]), ddx::active(p[1]),
                           ddx::active(p[2]), ddx::active(p[3]),
                           ddx::active(p[4]), ddx::active(p[5]));
    benchmark::DoNotOptimize(g);
  }
}

static void BM_dopri5_primal(benchmark::State &state) {
  std::array<double, 6> p = P;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(
        food_chain_dopri5(p[0], p[1], p[2], p[3], p[4], p[5]));
  }
}
static void BM_dopri5_ddx_reverse(benchmark::State &state) {
  std::array<double, 6> p = P;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    auto g =
        ddx::gradient(food_chain_dopri5, ddx::active(p[0]), ddx::active(p[1]),
                      ddx::active(p[2]), ddx::active(p[3]), ddx::active(p[4]),
                      ddx::active(p[5]));
    benchmark::DoNotOptimize(g);
  }
}

// The same with the state in a std::vector (ddx reverse; the hand-written
// gradient is BM_food_chain_by_hand's).
static void BM_rk4_vector_ddx_reverse(benchmark::State &state) {
  std::array<double, 6> p = P;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    auto g =
        ddx::gradient(food_chain_rk4_vector, ddx::active(p[0]),
                      ddx::active(p[1]), ddx::active(p[2]), ddx::active(p[3]),
                      ddx::active(p[4]), ddx::active(p[5]));
    benchmark::DoNotOptimize(g);
  }
}
static void BM_dopri5_vector_ddx_reverse(benchmark::State &state) {
  std::array<double, 6> p = P;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    auto g =
        ddx::gradient(food_chain_dopri5_vector, ddx::active(p[0]),
                      ddx::active(p[1]), ddx::active(p[2]), ddx::active(p[3]),
                      ddx::active(p[4]), ddx::active(p[5]));
    benchmark::DoNotOptimize(g);
  }
}

static void BM_qags_primal(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    benchmark::DoNotOptimize(qags_integral(k, c));
  }
}
static void BM_qags_ddx_reverse(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    auto [y, dk, dc] =
        ddx::gradient(qags_integral, ddx::active(k), ddx::active(c));
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(dk);
    benchmark::DoNotOptimize(dc);
  }
}
static void BM_qags_ddx_forward(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    auto [y, dy] = ddx::derivative(qags_integral, ddx::dual(k, 1.0), c);
    benchmark::DoNotOptimize(y);
    benchmark::DoNotOptimize(dy);
  }
}
static void BM_qags_by_hand(benchmark::State &state) {
  double k = K, c = C;
  for (auto _ : state) {
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(c);
    double dk, dc;
    benchmark::DoNotOptimize(qags_gradient_by_hand(k, c, dk, dc));
    benchmark::DoNotOptimize(dk);
    benchmark::DoNotOptimize(dc);
  }
}

BENCHMARK(BM_newton_primal);
BENCHMARK(BM_newton_ddx_reverse);
BENCHMARK(BM_newton_ddx_forward);
BENCHMARK(BM_newton_by_hand);
BENCHMARK(BM_rk4_primal);
BENCHMARK(BM_rk4_ddx_reverse);
BENCHMARK_TEMPLATE(BM_food_chain_by_hand, RK4, ode::runge_kutta4<state4>,
                   state4);
BENCHMARK(BM_dopri5_primal);
BENCHMARK(BM_dopri5_ddx_reverse);
BENCHMARK_TEMPLATE(BM_food_chain_by_hand, Dopri5,
                   ode::runge_kutta_dopri5<state4>, state4);
BENCHMARK(BM_rk4_vector_ddx_reverse);
BENCHMARK_TEMPLATE(BM_food_chain_by_hand, RK4, ode::runge_kutta4<state4v>,
                   state4v);
BENCHMARK(BM_dopri5_vector_ddx_reverse);
BENCHMARK_TEMPLATE(BM_food_chain_by_hand, Dopri5,
                   ode::runge_kutta_dopri5<state4v>, state4v);
BENCHMARK(BM_qags_primal);
BENCHMARK(BM_qags_ddx_reverse);
BENCHMARK(BM_qags_ddx_forward);
BENCHMARK(BM_qags_by_hand);

// Before timing anything, the ddx derivatives must agree with the
// hand-written ones: a fast wrong gradient is worth nothing.
static bool agree(const char *what, double a, double b, double tol) {
  bool ok = std::fabs(a - b) <= tol * std::fmax(1.0, std::fabs(b));
  if (!ok)
    std::fprintf(stderr, "%s: ddx %.17g, by hand %.17g\n", what, a, b);
  return ok;
}

static bool checkNewton() {
  double he, hm;
  double hv = kepler_gradient_by_hand(E, M, he, hm);
  auto [y, de, dm] = ddx::gradient(kepler, ddx::active(E), ddx::active(M));
  auto [y1, te] = ddx::derivative(kepler, ddx::dual(E, 1.0), M);
  bool ok = agree("kepler", y, hv, 1e-14);
  ok = agree("kepler d/de (reverse)", de, he, 1e-12) && ok;
  ok = agree("kepler d/dm (reverse)", dm, hm, 1e-12) && ok;
  ok = agree("kepler d/de (forward)", te, he, 1e-12) && ok;
  (void)y1;
  return ok;
}

// The hand-written adjoint and ddx's replay the same steps: they agree to
// rounding.
template <class Tab, class Stepper, class State = state4>
static bool checkFoodChain(const char *what, double y,
                           const std::array<double, 6> &g) {
  std::array<double, 6> hp;
  double hv = food_chain_gradient_by_hand<Tab, Stepper, State>(P, hp);
  bool ok = agree(what, y, hv, 1e-12);
  for (int i = 0; i < 6; ++i)
    ok = agree(what, g[i], hp[i], 1e-9) && ok;
  return ok;
}
static bool checkFoodChains() {
  auto [y, g0, g1, g2, g3, g4, g5] = ddx::gradient(
      food_chain_rk4, ddx::active(P[0]), ddx::active(P[1]), ddx::active(P[2]),
      ddx::active(P[3]), ddx::active(P[4]), ddx::active(P[5]));
  bool ok = checkFoodChain<RK4, ode::runge_kutta4<state4>>(
      "rk4", y, {g0, g1, g2, g3, g4, g5});
  auto [z, h0, h1, h2, h3, h4, h5] =
      ddx::gradient(food_chain_dopri5, ddx::active(P[0]), ddx::active(P[1]),
                    ddx::active(P[2]), ddx::active(P[3]), ddx::active(P[4]),
                    ddx::active(P[5]));
  ok = checkFoodChain<Dopri5, ode::runge_kutta_dopri5<state4>>(
           "dopri5", z, {h0, h1, h2, h3, h4, h5}) &&
       ok;
  auto [u, i0, i1, i2, i3, i4, i5] =
      ddx::gradient(food_chain_rk4_vector, ddx::active(P[0]), ddx::active(P[1]),
                    ddx::active(P[2]), ddx::active(P[3]), ddx::active(P[4]),
                    ddx::active(P[5]));
  ok = checkFoodChain<RK4, ode::runge_kutta4<state4v>, state4v>(
           "rk4 (vector)", u, {i0, i1, i2, i3, i4, i5}) &&
       ok;
  auto [w, j0, j1, j2, j3, j4, j5] =
      ddx::gradient(food_chain_dopri5_vector, ddx::active(P[0]),
                    ddx::active(P[1]), ddx::active(P[2]), ddx::active(P[3]),
                    ddx::active(P[4]), ddx::active(P[5]));
  ok = checkFoodChain<Dopri5, ode::runge_kutta_dopri5<state4v>, state4v>(
           "dopri5 (vector)", w, {j0, j1, j2, j3, j4, j5}) &&
       ok;
  return ok;
}

// ddx integrates the derivative on the primal's subdivision, the
// hand-written gradient refines each partial integral on its own: they
// agree to the quadrature tolerance.
static bool checkQags() {
  double hk, hc;
  double hv = qags_gradient_by_hand(K, C, hk, hc);
  auto [y, dk, dc] =
      ddx::gradient(qags_integral, ddx::active(K), ddx::active(C));
  auto [y1, tk] = ddx::derivative(qags_integral, ddx::dual(K, 1.0), C);
  bool ok = agree("qags", y, hv, 1e-12);
  ok = agree("qags d/dk (reverse)", dk, hk, 1e-8) && ok;
  ok = agree("qags d/dc (reverse)", dc, hc, 1e-8) && ok;
  ok = agree("qags d/dk (forward)", tk, hk, 1e-8) && ok;
  (void)y1;
  return ok;
}

int main(int argc, char **argv) {
  bool ok = checkNewton();
  ok = checkFoodChains() && ok;
  ok = checkQags() && ok;
  if (!ok) {
    std::fprintf(stderr, "ddx solver derivatives disagree with the "
                         "hand-written ones\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
