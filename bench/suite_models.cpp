// Two evals of the public AD benchmark suite (the successor of ADBench),
// with their primal code written the way that suite's C++ writes it
// (pointers, a local std::vector copied from the input, helper functions
// writing through pointers): the determinant of an ell x ell matrix by LU
// elimination with partial pivoting (ell = 8), and a small two-layer LSTM
// whose objective is the log-likelihood of a sequence. Google Benchmark
// times the primal, the ddx reverse-mode gradient and a hand-written
// gradient; bench.suite_models_agree checks the derivatives (ddx against
// the hand-written gradient, both against central differences), never
// timings.
#include <ddx/ddx.hpp>

#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

// --- det ---------------------------------------------------------------

double det_lu(const double *a, int n) {
  std::vector<double> m(n * n);
  for (int i = 0; i < n * n; ++i)
    m[i] = a[i];
  double det = 1;
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (std::fabs(m[i * n + k]) > std::fabs(m[p * n + k]))
        p = i;
    if (p != k) {
      for (int j = 0; j < n; ++j)
        std::swap(m[k * n + j], m[p * n + j]);
      det = -det;
    }
    double pivot = m[k * n + k];
    det *= pivot;
    for (int i = k + 1; i < n; ++i) {
      double f = m[i * n + k] / pivot;
      for (int j = k + 1; j < n; ++j)
        m[i * n + j] -= f * m[k * n + j];
    }
  }
  return det;
}

// By hand: d det / d a = det * inverse(a)^T, the inverse by Gauss-Jordan
// elimination with partial pivoting (which gives the determinant too).
double det_gradient_by_hand(const double *a, int n, double *grad) {
  std::vector<double> m(a, a + n * n), inv(n * n, 0.0);
  for (int i = 0; i < n; ++i)
    inv[i * n + i] = 1;
  double det = 1;
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (std::fabs(m[i * n + k]) > std::fabs(m[p * n + k]))
        p = i;
    if (p != k) {
      for (int j = 0; j < n; ++j) {
        std::swap(m[k * n + j], m[p * n + j]);
        std::swap(inv[k * n + j], inv[p * n + j]);
      }
      det = -det;
    }
    double pivot = m[k * n + k];
    det *= pivot;
    for (int j = 0; j < n; ++j) {
      m[k * n + j] /= pivot;
      inv[k * n + j] /= pivot;
    }
    for (int i = 0; i < n; ++i) {
      if (i == k)
        continue;
      double f = m[i * n + k];
      for (int j = 0; j < n; ++j) {
        m[i * n + j] -= f * m[k * n + j];
        inv[i * n + j] -= f * inv[k * n + j];
      }
    }
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      grad[i * n + j] = det * inv[j * n + i];
  return det;
}

// --- lstm --------------------------------------------------------------

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double logsumexp(const double *v, int n) {
  double mx = v[0];
  for (int i = 1; i < n; ++i)
    if (v[i] > mx)
      mx = v[i];
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += std::exp(v[i] - mx);
  return std::log(s) + mx;
}

// One LSTM layer of h units: updates hidden and cell from input.
void lstm_model(int h, const double *weight, const double *bias, double *hidden,
                double *cell, const double *input) {
  for (int i = 0; i < h; ++i) {
    double forget = sigmoid(input[i] * weight[i] + bias[i]);
    double ingate = sigmoid(hidden[i] * weight[h + i] + bias[h + i]);
    double outgate = sigmoid(input[i] * weight[2 * h + i] + bias[2 * h + i]);
    double change = std::tanh(hidden[i] * weight[3 * h + i] + bias[3 * h + i]);
    cell[i] = cell[i] * forget + ingate * change;
    hidden[i] = outgate * std::tanh(cell[i]);
  }
}

// l layers of b units; w2 holds the input weights, output weights and
// output biases (b each); s the hidden and cell state of every layer.
void lstm_predict(int l, int b, const double *w, const double *w2, double *s,
                  const double *x, double *x2) {
  for (int i = 0; i < b; ++i)
    x2[i] = x[i] * w2[i];
  const double *xp = x2;
  for (int i = 0; i < l; ++i) {
    lstm_model(b, &w[2 * i * 4 * b], &w[(2 * i + 1) * 4 * b], &s[2 * i * b],
               &s[(2 * i + 1) * b], xp);
    xp = &s[2 * i * b];
  }
  for (int i = 0; i < b; ++i)
    x2[i] = xp[i] * w2[b + i] + w2[2 * b + i];
}

// The mean negative log-likelihood of each next symbol of a sequence of c
// symbols (b values each) under the model's prediction.
double lstm_objective(int l, int c, int b, const double *main_params,
                      const double *extra_params, const double *state0,
                      const double *sequence) {
  std::vector<double> state(2 * l * b);
  for (int i = 0; i < 2 * l * b; ++i)
    state[i] = state0[i];
  std::vector<double> ypred(b);
  double total = 0;
  for (int t = 0; t < c - 1; ++t) {
    lstm_predict(l, b, main_params, extra_params, state.data(),
                 &sequence[t * b], ypred.data());
    double lse = logsumexp(ypred.data(), b);
    for (int i = 0; i < b; ++i)
      total += sequence[(t + 1) * b + i] * (ypred[i] - lse);
  }
  return -total / ((c - 1) * b);
}

// By hand: back-propagation through time, from the values of each gate
// kept in the forward pass.
struct LstmByHand {
  int l, c, b;
  // Per step, layer and unit: the layer's input, the hidden and cell
  // values it read, its gates, and tanh of the new cell.
  enum { In, HPrev, CPrev, Forget, InGate, OutGate, Change, TanhCell, Kept };
  std::vector<double> kept, ypred, lse, state, x2, dh, dc, dy;

  LstmByHand(int l, int c, int b)
      : l(l), c(c), b(b), kept(std::size_t(c) * l * b * Kept),
        ypred(std::size_t(c) * b), lse(c), state(2 * l * b), x2(b), dh(l * b),
        dc(l * b), dy(b) {}

  double *at(int t, int layer, int unit) {
    return &kept[((std::size_t(t) * l + layer) * b + unit) * Kept];
  }

  double gradient(const double *w, const double *w2, const double *state0,
                  const double *seq, double *dw, double *dw2) {
    for (int i = 0; i < 2 * l * b; ++i)
      state[i] = state0[i];
    double total = 0;
    for (int t = 0; t < c - 1; ++t) {
      for (int j = 0; j < b; ++j)
        x2[j] = seq[t * b + j] * w2[j];
      const double *xp = x2.data();
      for (int i = 0; i < l; ++i) {
        const double *weight = &w[2 * i * 4 * b], *bias = weight + 4 * b;
        double *hidden = &state[2 * i * b], *cell = hidden + b;
        for (int j = 0; j < b; ++j) {
          double *k = at(t, i, j);
          k[In] = xp[j];
          k[HPrev] = hidden[j];
          k[CPrev] = cell[j];
          k[Forget] = sigmoid(xp[j] * weight[j] + bias[j]);
          k[InGate] = sigmoid(hidden[j] * weight[b + j] + bias[b + j]);
          k[OutGate] = sigmoid(xp[j] * weight[2 * b + j] + bias[2 * b + j]);
          k[Change] =
              std::tanh(hidden[j] * weight[3 * b + j] + bias[3 * b + j]);
          cell[j] = cell[j] * k[Forget] + k[InGate] * k[Change];
          k[TanhCell] = std::tanh(cell[j]);
          hidden[j] = k[OutGate] * k[TanhCell];
        }
        xp = hidden;
      }
      double *y = &ypred[t * b];
      for (int j = 0; j < b; ++j)
        y[j] = xp[j] * w2[b + j] + w2[2 * b + j];
      lse[t] = logsumexp(y, b);
      for (int j = 0; j < b; ++j)
        total += seq[(t + 1) * b + j] * (y[j] - lse[t]);
    }
    // Backward.
    const double seed = -1.0 / ((c - 1) * b);
    for (int i = 0; i < 8 * l * b; ++i)
      dw[i] = 0;
    for (int i = 0; i < 3 * b; ++i)
      dw2[i] = 0;
    for (int i = 0; i < l * b; ++i)
      dh[i] = dc[i] = 0;
    for (int t = c - 2; t >= 0; --t) {
      const double *y = &ypred[t * b];
      const double *next = &seq[(t + 1) * b];
      double sum = 0;
      for (int j = 0; j < b; ++j)
        sum += next[j];
      for (int j = 0; j < b; ++j) {
        double g = seed * (next[j] - std::exp(y[j] - lse[t]) * sum);
        double top = at(t, l - 1, j)[OutGate] * at(t, l - 1, j)[TanhCell];
        dw2[b + j] += g * top;
        dw2[2 * b + j] += g;
        dh[(l - 1) * b + j] += g * w2[b + j];
      }
      for (int i = l - 1; i >= 0; --i) {
        const double *weight = &w[2 * i * 4 * b];
        double *dweight = &dw[2 * i * 4 * b], *dbias = dweight + 4 * b;
        for (int j = 0; j < b; ++j) {
          const double *k = at(t, i, j);
          double dhnew = dh[i * b + j];
          double dout = dhnew * k[TanhCell];
          double dcell = dc[i * b + j] +
                         dhnew * k[OutGate] * (1 - k[TanhCell] * k[TanhCell]);
          double zf = dcell * k[CPrev] * k[Forget] * (1 - k[Forget]);
          double zi = dcell * k[Change] * k[InGate] * (1 - k[InGate]);
          double zo = dout * k[OutGate] * (1 - k[OutGate]);
          double zc = dcell * k[InGate] * (1 - k[Change] * k[Change]);
          dweight[j] += zf * k[In];
          dbias[j] += zf;
          dweight[b + j] += zi * k[HPrev];
          dbias[b + j] += zi;
          dweight[2 * b + j] += zo * k[In];
          dbias[2 * b + j] += zo;
          dweight[3 * b + j] += zc * k[HPrev];
          dbias[3 * b + j] += zc;
          double din = zf * weight[j] + zo * weight[2 * b + j];
          dh[i * b + j] = zi * weight[b + j] + zc * weight[3 * b + j];
          dc[i * b + j] = dcell * k[Forget];
          if (i > 0)
            dh[(i - 1) * b + j] += din;
          else
            dw2[j] += din * seq[t * b + j];
        }
      }
    }
    return -total / ((c - 1) * b);
  }
};

// --- inputs ------------------------------------------------------------

constexpr int Ell = 8;
constexpr int Layers = 2, Steps = 64, Units = 8;

struct Inputs {
  std::vector<double> matrix, main_params, extra_params, state, sequence;
  Inputs()
      : matrix(Ell * Ell), main_params(2 * Layers * 4 * Units),
        extra_params(3 * Units), state(2 * Layers * Units),
        sequence(Steps * Units) {
    for (int i = 0; i < Ell * Ell; ++i)
      matrix[i] = std::sin(1.0 + 3.7 * i) + (i % (Ell + 1) == 0 ? 2 : 0);
    for (std::size_t i = 0; i < main_params.size(); ++i)
      main_params[i] = 0.8 * std::sin(0.3 + 1.7 * i);
    for (std::size_t i = 0; i < extra_params.size(); ++i)
      extra_params[i] = std::cos(0.1 + 2.3 * i);
    for (std::size_t i = 0; i < state.size(); ++i)
      state[i] = 0.1 * std::sin(5.0 * i);
    for (std::size_t i = 0; i < sequence.size(); ++i)
      sequence[i] = std::cos(0.7 * i);
  }
};

static double lstm_at(const Inputs &in, const double *w, const double *w2) {
  return lstm_objective(Layers, Steps, Units, w, w2, in.state.data(),
                        in.sequence.data());
}

// --- benchmarks --------------------------------------------------------

static void BM_det_primal(benchmark::State &state) {
  Inputs in;
  for (auto _ : state) {
    benchmark::DoNotOptimize(in.matrix.data());
    benchmark::DoNotOptimize(det_lu(in.matrix.data(), Ell));
  }
}
static void BM_det_ddx_reverse(benchmark::State &state) {
  Inputs in;
  std::vector<double> grad(Ell * Ell);
  for (auto _ : state) {
    benchmark::DoNotOptimize(in.matrix.data());
    for (double &g : grad)
      g = 0;
    auto [det] =
        ddx::gradient(det_lu, ddx::duplicated(in.matrix.data(), grad.data()),
                      ddx::constant(Ell));
    benchmark::DoNotOptimize(det);
    benchmark::DoNotOptimize(grad.data());
  }
}
static void BM_det_by_hand(benchmark::State &state) {
  Inputs in;
  std::vector<double> grad(Ell * Ell);
  for (auto _ : state) {
    benchmark::DoNotOptimize(in.matrix.data());
    benchmark::DoNotOptimize(
        det_gradient_by_hand(in.matrix.data(), Ell, grad.data()));
    benchmark::DoNotOptimize(grad.data());
  }
}
static void BM_lstm_primal(benchmark::State &state) {
  Inputs in;
  for (auto _ : state) {
    benchmark::DoNotOptimize(in.main_params.data());
    benchmark::DoNotOptimize(
        lstm_at(in, in.main_params.data(), in.extra_params.data()));
  }
}
static void BM_lstm_ddx_reverse(benchmark::State &state) {
  Inputs in;
  std::vector<double> dw(in.main_params.size()), dw2(in.extra_params.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(in.main_params.data());
    for (double &g : dw)
      g = 0;
    for (double &g : dw2)
      g = 0;
    auto [loss] = ddx::gradient(
        lstm_objective, ddx::constant(Layers), ddx::constant(Steps),
        ddx::constant(Units), ddx::duplicated(in.main_params.data(), dw.data()),
        ddx::duplicated(in.extra_params.data(), dw2.data()), in.state.data(),
        in.sequence.data());
    benchmark::DoNotOptimize(loss);
    benchmark::DoNotOptimize(dw.data());
  }
}
static void BM_lstm_by_hand(benchmark::State &state) {
  Inputs in;
  LstmByHand hand(Layers, Steps, Units);
  std::vector<double> dw(in.main_params.size()), dw2(in.extra_params.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(in.main_params.data());
    benchmark::DoNotOptimize(hand.gradient(
        in.main_params.data(), in.extra_params.data(), in.state.data(),
        in.sequence.data(), dw.data(), dw2.data()));
    benchmark::DoNotOptimize(dw.data());
  }
}
BENCHMARK(BM_det_primal);
BENCHMARK(BM_det_ddx_reverse);
BENCHMARK(BM_det_by_hand);
BENCHMARK(BM_lstm_primal);
BENCHMARK(BM_lstm_ddx_reverse);
BENCHMARK(BM_lstm_by_hand);

// --- agreement ---------------------------------------------------------

static bool agree(const char *what, int k, double a, double b, double tol) {
  bool ok = std::fabs(a - b) <= tol * std::fmax(1.0, std::fabs(b));
  if (!ok)
    std::fprintf(stderr, "%s [%d]: %.17g, expected %.17g\n", what, k, a, b);
  return ok;
}

template <class F>
static double centralDifference(std::vector<double> x, int k, F f) {
  const double h = 1e-5;
  x[k] += h;
  double up = f(x);
  x[k] -= 2 * h;
  return (up - f(x)) / (2 * h);
}

static bool checkDet(const Inputs &in) {
  std::vector<double> ddx_grad(Ell * Ell, 0.0), hand(Ell * Ell);
  auto [det] =
      ddx::gradient(det_lu, ddx::duplicated(in.matrix.data(), ddx_grad.data()),
                    ddx::constant(Ell));
  double hand_det = det_gradient_by_hand(in.matrix.data(), Ell, hand.data());
  bool ok = agree("det value", 0, det, hand_det, 1e-10);
  for (int k = 0; k < Ell * Ell; ++k) {
    ok = agree("det: ddx vs by hand", k, ddx_grad[k], hand[k], 1e-9) && ok;
    if (k % 9 == 0)
      ok = agree("det: ddx vs differences", k, ddx_grad[k],
                 centralDifference(in.matrix, k,
                                   [](const std::vector<double> &m) {
                                     return det_lu(m.data(), Ell);
                                   }),
                 1e-6) &&
           ok;
  }
  return ok;
}

static bool checkLstm(const Inputs &in) {
  std::vector<double> dw(in.main_params.size(), 0.0),
      dw2(in.extra_params.size(), 0.0);
  auto [loss] = ddx::gradient(
      lstm_objective, ddx::constant(Layers), ddx::constant(Steps),
      ddx::constant(Units), ddx::duplicated(in.main_params.data(), dw.data()),
      ddx::duplicated(in.extra_params.data(), dw2.data()), in.state.data(),
      in.sequence.data());
  LstmByHand hand(Layers, Steps, Units);
  std::vector<double> hw(dw.size()), hw2(dw2.size());
  double hand_loss =
      hand.gradient(in.main_params.data(), in.extra_params.data(),
                    in.state.data(), in.sequence.data(), hw.data(), hw2.data());
  bool ok = agree("lstm value", 0, loss, hand_loss, 1e-12);
  for (std::size_t k = 0; k < dw.size(); ++k) {
    ok = agree("lstm main: ddx vs by hand", k, dw[k], hw[k], 1e-9) && ok;
    if (k % 13 == 0)
      ok = agree("lstm main: ddx vs differences", k, dw[k],
                 centralDifference(in.main_params, k,
                                   [&](const std::vector<double> &w) {
                                     return lstm_at(in, w.data(),
                                                    in.extra_params.data());
                                   }),
                 1e-6) &&
           ok;
  }
  for (std::size_t k = 0; k < dw2.size(); ++k) {
    ok = agree("lstm extra: ddx vs by hand", k, dw2[k], hw2[k], 1e-9) && ok;
    ok = agree("lstm extra: ddx vs differences", k, dw2[k],
               centralDifference(in.extra_params, k,
                                 [&](const std::vector<double> &w2) {
                                   return lstm_at(in, in.main_params.data(),
                                                  w2.data());
                                 }),
               1e-6) &&
         ok;
  }
  return ok;
}

int main(int argc, char **argv) {
  Inputs in;
  if (!checkDet(in) || !checkLstm(in)) {
    std::fprintf(stderr, "ddx det/lstm derivatives disagree\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
