// Case: a whole struct assigned to existing storage carries its derivative
// in both modes: from a local, a const-reference parameter, a call's result,
// a temporary, std::move; into a local, an array element, through a pointer;
// nested structs and arrays inside, std::array of structs, and a filter loop
// that does `state = updated;` each step (all against finite differences)
#include <ddx/ddx.hpp>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include "check.hpp"

struct S {
  double x, P;
};
struct N {
  S a;
  double w[2];
};
S make(double q) { return S{q * q, std::sin(q)}; }
void set(S *p, const S &v) { *p = v; }

double from_local(double q) {
  S next{q, q};
  S s{0.0, 0.0};
  s = next;
  return s.x + s.P;
}
double from_param(double q, const S &n) {
  S s{0.0, 0.0};
  s = n;
  return s.x * q + s.P;
}
double from_call(double q) {
  S s{0, 0};
  s = make(q);
  return s.x + 3 * s.P;
}
double from_temporary(double q) {
  S s{0, 0};
  s = S{q, 2 * q};
  return s.x * s.P;
}
double into_elements(double q) {
  S arr[3] = {};
  S t{q, q * q};
  arr[1] = t;
  arr[2] = arr[1];
  return arr[2].x + arr[2].P * arr[1].x;
}
double through_pointer(double q) {
  S s{0, 0};
  S v{q, 1.0};
  set(&s, v);
  return s.x * s.P + s.x;
}
double filter(double q) {
  S state{q, 1.0};
  for (int i = 0; i < 5; ++i) {
    S updated{state.x * 0.9 + state.P * q, state.P * 0.5 + std::sin(state.x)};
    state = updated;
  }
  return state.x + state.P;
}
double nested(double q) {
  N n{};
  N m{{q, q}, {q, 2 * q}};
  n = m;
  return n.a.x * n.w[1] + n.a.P;
}
double std_array_of_structs(double q) {
  std::array<S, 2> a{};
  S t{q, 3 * q};
  a[0] = t;
  std::array<S, 2> b{};
  b = a;
  return b[0].x * b[0].P;
}
double moved(double q) {
  S s{q, q};
  S t{0, 0};
  t = std::move(s);
  return t.x * t.P;
}

/// Checks both modes' results for f at q against finite differences.
template <class F>
void check_both(const char *name, F f, double q, double y, double d, double y2,
                double t) {
  std::string n(name);
  check::near((n + " value").c_str(), y, f(q));
  check::near((n + " value fwd").c_str(), y2, f(q));
  check::fd((n + " reverse").c_str(), d, [&](double h) { return f(q + h); });
  check::fd((n + " forward").c_str(), t, [&](double h) { return f(q + h); });
}

int main() {
  const double q = 0.7;
  {
    auto [y, d] = ddx::gradient(from_local, ddx::active(q));
    auto [y2, t] = ddx::derivative(from_local, ddx::dual(q, 1.0));
    check_both("from_local", from_local, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(from_call, ddx::active(q));
    auto [y2, t] = ddx::derivative(from_call, ddx::dual(q, 1.0));
    check_both("from_call", from_call, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(from_temporary, ddx::active(q));
    auto [y2, t] = ddx::derivative(from_temporary, ddx::dual(q, 1.0));
    check_both("from_temporary", from_temporary, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(into_elements, ddx::active(q));
    auto [y2, t] = ddx::derivative(into_elements, ddx::dual(q, 1.0));
    check_both("into_elements", into_elements, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(through_pointer, ddx::active(q));
    auto [y2, t] = ddx::derivative(through_pointer, ddx::dual(q, 1.0));
    check_both("through_pointer", through_pointer, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(filter, ddx::active(q));
    auto [y2, t] = ddx::derivative(filter, ddx::dual(q, 1.0));
    check_both("filter", filter, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(nested, ddx::active(q));
    auto [y2, t] = ddx::derivative(nested, ddx::dual(q, 1.0));
    check_both("nested", nested, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(std_array_of_structs, ddx::active(q));
    auto [y2, t] = ddx::derivative(std_array_of_structs, ddx::dual(q, 1.0));
    check_both("std_array_of_structs", std_array_of_structs, q, y, d, y2, t);
  }
  {
    auto [y, d] = ddx::gradient(moved, ddx::active(q));
    auto [y2, t] = ddx::derivative(moved, ddx::dual(q, 1.0));
    check_both("moved", moved, q, y, d, y2, t);
  }
  const S n{1.2, 0.4};
  auto [y, dq, dn] = ddx::gradient(from_param, ddx::active(q), ddx::active(n));
  check::fd("from_param q", dq, [&](double h) { return from_param(q + h, n); });
  check::fd("from_param n.x", dn.x,
            [&](double h) { return from_param(q, S{n.x + h, n.P}); });
  check::fd("from_param n.P", dn.P,
            [&](double h) { return from_param(q, S{n.x, n.P + h}); });
  auto [y2, t] = ddx::derivative(from_param, q, ddx::dual(n, S{1.0, 0.0}));
  check::fd("from_param fwd n.x", t,
            [&](double h) { return from_param(q, S{n.x + h, n.P}); });
  return check::finish();
}
