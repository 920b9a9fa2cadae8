// Case: std::vector buffers swapped, as stencil codes double-buffer:
// std::swap(u, un) and u.swap(un) in a time loop, a member vector swapped
// with a local, a vector without a derivative swapped with one that has
// (it takes the derivative), and vectors of different sizes. The shadows
// are swapped alike; reverse mode swaps both back (a swap is its own
// inverse), nothing is taped.
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>
#include "check.hpp"

struct Field {
  std::vector<double> w;
};

double heat(double kappa, double amp) {
  const int n = 10;
  const double c = 0.2 * kappa;
  std::vector<double> u(n), un(n);
  for (int i = 0; i < n; ++i)
    u[i] = amp * (i * (n - 1 - i)) / 20.0 + 0.1 * i;
  for (int step = 0; step < 12; ++step) {
    un[0] = u[0];
    un[n - 1] = u[n - 1];
    for (int i = 1; i < n - 1; ++i)
      un[i] = u[i] + c * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    if (step % 2 == 0)
      std::swap(u, un);
    else
      u.swap(un);
  }
  double s = 0.0;
  for (double v : u)
    s += v * v;
  return s;
}

double shapes(double a, double b) {
  Field f{{a, a * b, b}};
  std::vector<double> plain{1.0, 2.0};  // no derivative until the swap
  f.w.swap(plain);                      // sizes 2 and 3 trade places
  plain[2] += a * plain[0];
  std::swap(plain, f.w);
  double s = 0;
  for (double v : f.w)
    s += v * v * b;
  return s + plain[1] * a;
}

int main() {
  double pts[2][2] = {{0.8, 1.0}, {0.5, -0.3}};
  for (auto &p : pts) {
    double a = p[0], b = p[1];
    auto [y, da, db] = ddx::gradient(heat, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(heat, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(heat, a, ddx::dual(b, 1.0));
    check::near("heat value", y, heat(a, b), 1e-12);
    check::near("heat value fwd", y1 + y2, 2 * heat(a, b), 1e-12);
    check::fd("heat d/dkappa", da, [&](double h) { return heat(a + h, b); });
    check::fd("heat d/damp", db, [&](double h) { return heat(a, b + h); });
    check::near("heat fwd vs rev kappa", ta, da, 1e-10);
    check::near("heat fwd vs rev amp", tb, db, 1e-10);

    auto [z, sa, sb] = ddx::gradient(shapes, ddx::active(a), ddx::active(b));
    auto [z1, ua] = ddx::derivative(shapes, ddx::dual(a, 1.0), b);
    auto [z2, ub] = ddx::derivative(shapes, a, ddx::dual(b, 1.0));
    check::near("shapes value", z, shapes(a, b), 1e-12);
    check::near("shapes value fwd", z1 + z2, 2 * shapes(a, b), 1e-12);
    check::fd("shapes d/da", sa, [&](double h) { return shapes(a + h, b); });
    check::fd("shapes d/db", sb, [&](double h) { return shapes(a, b + h); });
    check::near("shapes fwd vs rev a", ua, sa, 1e-10);
    check::near("shapes fwd vs rev b", ub, sb, 1e-10);
  }
  return check::finish();
}
