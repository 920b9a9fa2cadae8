// Case: structs defined after the functions and requests that name them,
// as benchmark code orders its files: a struct declared, used by reference
// in a differentiated function, and defined after it (with the helper
// that reads its members); a request in a driver function defined before
// the struct's definition; a struct in a namespace reopened later. The
// generated declarations go before the declaration holding the first
// request, the definitions at the end of the file, where every struct is
// complete. The struct holds a std::vector and is passed by const
// reference to the helper: a tangent request passing it plain was refused
// ("active values are written through 'p'": a vector's own pointers were
// taken for pointers the helper could write through). Both modes, against
// central differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <vector>
#include "check.hpp"

struct Params;
double helper(const Params &p, double x);
double f(const Params &p, double x) { return helper(p, x) * x; }

double run(const Params &p, Params &dp, double x, double &dx) {
  auto [v, d] = ddx::gradient(f, ddx::duplicated(p, dp), ddx::active(x));
  dx = d;
  return v;
}

struct Params {
  double k;
  std::vector<double> w;
};
double helper(const Params &p, double x) {
  return p.k * x * x + p.w[0] * std::sin(x);
}

namespace model {
struct State;
double energy(State &s, double x);
} // namespace model
double h(model::State &s, double x) { return model::energy(s, x); }
namespace model {
struct State {
  double v;
};
double energy(State &s, double x) {
  s.v = s.v * x + x * x;
  return s.v * x;
}
} // namespace model

int main() {
  Params p{2.0, {3.0}};
  Params dp{0.0, {0.0}};
  const double x = 0.6;
  double dx = 0;
  double v = run(p, dp, x, dx);
  check::near("f value", v, f(p, x));
  check::fd("f d/dx", dx, [&](double e) { return f(p, x + e); });
  check::fd("f d/dk", dp.k, [&](double e) {
    Params q{p.k + e, p.w};
    return f(q, x);
  });
  check::fd("f d/dw0", dp.w[0], [&](double e) {
    Params q{p.k, {p.w[0] + e}};
    return f(q, x);
  });
  auto [t0, t] = ddx::derivative(f, p, ddx::dual(x, 1.0));
  check::near("f forward", t, dx);

  model::State s{1.5}, ds{0};
  auto [e, de] = ddx::gradient(h, ddx::duplicated(s, ds), ddx::active(x));
  model::State s1{1.5}, ts{0};
  auto [e1, te] = ddx::derivative(h, ddx::duplicated(s1, ts), ddx::dual(x, 1.0));
  check::fd("h d/dx", de, [&](double q) {
    model::State r{1.5};
    return h(r, x + q);
  });
  check::near("h forward", te, de);
  check::fd("h d/dv", ds.v, [&](double q) {
    model::State r{1.5 + q};
    return h(r, x);
  });
  return check::finish();
}
