// Case: targets and callees in namespaces (nested, anonymous, qualified calls, inline namespace)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

namespace {
double half(double t) { return 0.5 * t; }
} // namespace

namespace mech {
namespace detail {
double sq(double t) { return t * t; }
} // namespace detail

double energy(double m, double v) { return half(m * detail::sq(v)) + m * 9.81 * std::sin(v); }

inline namespace v2 {
double power(double m, double v) { return energy(m, v) * v; }
} // namespace v2
} // namespace mech

namespace a::b {
double f(double x, double y) { return mech::energy(x, y) + ::mech::detail::sq(x - y); }
} // namespace a::b

int main() {
  const double m = 1.7, v = 0.6;
  {
    auto [e, dm, dv] = ddx::gradient(mech::energy, ddx::active(m), ddx::active(v));
    auto [e1, tm] = ddx::derivative(mech::energy, ddx::dual(m, 1.0), v);
    auto [e2, tv] = ddx::derivative(mech::energy, m, ddx::dual(v, 1.0));
    check::near("energy value", e, mech::energy(m, v));
    check::near("energy value fwd m", e1, mech::energy(m, v));
    check::near("energy value fwd v", e2, mech::energy(m, v));
    check::fd("dE/dm", dm, [&](double h) { return mech::energy(m + h, v); });
    check::fd("dE/dv", dv, [&](double h) { return mech::energy(m, v + h); });
    check::near("energy fwd vs rev m", tm, dm, 1e-10);
    check::near("energy fwd vs rev v", tv, dv, 1e-10);
  }
  {
    auto [p, dm, dv] = ddx::gradient(mech::power, ddx::active(m), ddx::active(v));
    check::near("power value", p, mech::power(m, v));
    check::fd("dP/dm", dm, [&](double h) { return mech::power(m + h, v); });
    check::fd("dP/dv", dv, [&](double h) { return mech::power(m, v + h); });
  }
  {
    auto [w, dx, dy] = ddx::gradient(a::b::f, ddx::active(m), ddx::active(v));
    auto [w1, tx] = ddx::derivative(a::b::f, ddx::dual(m, 1.0), v);
    auto [w2, ty] = ddx::derivative(a::b::f, m, ddx::dual(v, 1.0));
    check::near("a::b::f value", w, a::b::f(m, v));
    check::near("a::b::f value fwd x", w1, a::b::f(m, v));
    check::near("a::b::f value fwd y", w2, a::b::f(m, v));
    check::fd("df/dx", dx, [&](double h) { return a::b::f(m + h, v); });
    check::fd("df/dy", dy, [&](double h) { return a::b::f(m, v + h); });
    check::near("a::b::f fwd vs rev x", tx, dx, 1e-10);
    check::near("a::b::f fwd vs rev y", ty, dy, 1e-10);
  }
  return check::finish();
}
