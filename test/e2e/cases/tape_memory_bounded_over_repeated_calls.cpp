// Case: gradients called 10,000 times keep their memory bounded. Functions
// that write through their parameters make the gradient run the forward
// sweep again at the end (for the outputs); what that run records must be
// dropped, not left on the per-thread tape. Measured with glibc's count of
// bytes in use, after a warm-up (the tape's storage stays allocated for the
// next call, by design), and checked numerically as well.
#include "check.hpp"
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <cstddef>
#include <ddx/ddx.hpp>
#include <malloc.h>

// Least squares residuals written to an output array, overwriting a
// running value in a loop (taped).
void residuals(const double *x, int n, double *r) {
  double acc = 0;
  for (int i = 0; i < n; ++i) {
    acc = 0.5 * acc + std::sin(x[i]) * x[i];
    r[i] = acc - 1.0;
  }
}

// A callee in split mode, writing through its reference parameter, and
// heap memory freed in the differentiated code.
void scale_into(double &y, double s) { y = y * s + std::exp(-y); }
double chain(double *state, double s, int steps) {
  double *buffer = new double[steps];
  for (int k = 0; k < steps; ++k) {
    scale_into(state[k % 2], s);
    buffer[k] = state[0] * state[1];
  }
  double total = 0;
  for (int k = 0; k < steps; ++k)
    total += buffer[k];
  delete[] buffer;
  return total;
}

// (Large blocks are mapped, not taken from the heap: both count.)
// A quadrature rule calling a capturing lambda, results written out.
void moments(double mu, double *out) {
  for (int m = 0; m < 3; ++m)
    out[m] = boost::math::quadrature::gauss_kronrod<double, 15>::integrate(
        [mu, m](double x) {
          return std::pow(x, m) * std::exp(-(x - mu) * (x - mu));
        },
        -2.0, 2.0, 15, 1e-11);
}

static std::size_t bytes_in_use() {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

template <class Call> void check_bounded(const char *what, Call call) {
  for (int k = 0; k < 100; ++k)
    call();
  std::size_t before = bytes_in_use();
  for (int k = 0; k < 10000; ++k)
    call();
  std::size_t after = bytes_in_use();
  double grown = after > before ? double(after - before) : 0.0;
  // A leak of one forward sweep's records per call would be hundreds of
  // kilobytes here; a bounded gradient grows by nothing.
  check::near(what, grown, 0.0, 0.0);
}

int main() {
  const int n = 40;
  double x[n], r[n], dr[n], dx[n];
  auto reset = [&] {
    for (int i = 0; i < n; ++i) {
      x[i] = 0.1 * i - 1.3;
      dr[i] = 1.0 / (1 + i);
      dx[i] = 0;
    }
  };
  check_bounded("residuals: bytes grown over 10,000 calls", [&] {
    reset();
    ddx::gradient(residuals, ddx::duplicated(x, dx), ddx::constant(n),
                  ddx::duplicated(r, dr));
  });
  // The gradient after all those calls is still right: <dr, J e_i>.
  reset();
  ddx::gradient(residuals, ddx::duplicated(x, dx), ddx::constant(n),
                ddx::duplicated(r, dr));
  for (int i : {0, 7, 39}) {
    auto g = [&](double h) {
      double xs[n], rs[n];
      for (int j = 0; j < n; ++j)
        xs[j] = 0.1 * j - 1.3;
      xs[i] += h;
      residuals(xs, n, rs);
      double s = 0;
      for (int j = 0; j < n; ++j)
        s += rs[j] / (1 + j);
      return s;
    };
    check::fd(("residuals d/dx" + std::to_string(i)).c_str(), dx[i], g);
  }

  double state[2], dstate[2], ds = 0;
  auto start = [&] {
    state[0] = 0.4;
    state[1] = -0.3;
    dstate[0] = dstate[1] = 0;
  };
  check_bounded("chain: bytes grown over 10,000 calls", [&] {
    start();
    ds = std::get<1>(ddx::gradient(chain, ddx::duplicated(state, dstate),
                                   ddx::active(0.9), ddx::constant(25)));
  });
  start();
  auto [value, d_s] = ddx::gradient(chain, ddx::duplicated(state, dstate),
                                    ddx::active(0.9), ddx::constant(25));
  (void)value;
  check::fd("chain d/ds", d_s, [&](double h) {
    double st[2] = {0.4, -0.3};
    return chain(st, 0.9 + h, 25);
  });
  check::fd("chain d/dstate0", dstate[0], [&](double h) {
    double st[2] = {0.4 + h, -0.3};
    return chain(st, 0.9, 25);
  });
  double t_state[2] = {1, 0}, fs[2] = {0.4, -0.3};
  auto [v2, t] = ddx::derivative(chain, ddx::duplicated(fs, t_state),
                                 ddx::dual(0.9, 0.0), ddx::constant(25));
  (void)v2;
  check::near("chain forward vs reverse", t, dstate[0], 1e-10);
  (void)ds;

  double out[3], dout[3];
  double dmu = 0;
  check_bounded("moments: bytes grown over 10,000 calls", [&] {
    dout[0] = 1, dout[1] = -0.5, dout[2] = 0.25;
    dmu = std::get<0>(
        ddx::gradient(moments, ddx::active(0.3), ddx::duplicated(out, dout)));
  });
  check::fd("moments <v, J>", dmu, [&](double h) {
    double o[3];
    moments(0.3 + h, o);
    return o[0] - 0.5 * o[1] + 0.25 * o[2];
  });
  return check::finish();
}
