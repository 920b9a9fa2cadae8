// Case: a rule written next to the library it differentiates (in the same
// file, no --rules), called with a capturing lambda and with a temporary
// functor built from an active value: forward and reverse
#include <ddx/ddx.hpp>
#include <ddx/rule.hpp>
#include "check.hpp"
namespace lib {
template <class F> double mean(F f, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += f((i + 0.5) / n);
  return s / n;
}
}
namespace ddx::rules::lib {
template <class F>
::ddx::dual<double> mean_pushforward(DDX_CALLABLE F f, DDX_OPTION int n) {
  ::ddx::dual<double> s{0, 0};
  for (int i = 0; i < n; ++i) {
    auto v = f.pushforward((i + 0.5) / n, 0.0);
    s.value += v.value;
    s.tangent += v.tangent;
  }
  return {s.value / n, s.tangent / n};
}
template <class F>
void mean_pullback(DDX_CALLABLE F f, DDX_OPTION int n, double seed) {
  double dx = 0;
  for (int i = 0; i < n; ++i)
    f.pullback((i + 0.5) / n, seed / n, dx);
}
}
struct Scaled {
  double k;
  double operator()(double x) const { return k * x * x; }
};
double model(double k, double c) {
  return lib::mean([k](double x) { return k * x; }, 4) +
         lib::mean(Scaled{c}, 8);
}
int main() {
  const double k = 1.0, c = 2.0;
  auto [y, dk, dc] = ddx::gradient(model, ddx::active(k), ddx::active(c));
  auto [y1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), c);
  auto [y2, tc] = ddx::derivative(model, k, ddx::dual(c, 1.0));
  check::near("value", y, model(k, c));
  check::fd("dmodel/dk", dk, [&](double h) { return model(k + h, c); });
  check::fd("dmodel/dc", dc, [&](double h) { return model(k, c + h); });
  check::near("fwd vs rev k", tk, dk, 1e-12);
  check::near("fwd vs rev c", tc, dc, 1e-12);
  return check::finish();
}
