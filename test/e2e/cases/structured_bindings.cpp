// Case: C++17 structured bindings of structs and arrays: the object
// decomposed is a local, each binding an alias of its member or element;
// bindings by value, by reference (writes go to the object), of a call's
// result, of a nested struct, inside a loop and a helper, as range-for
// variables over a std::vector and an array of structs
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

struct Pair {
  double first, second;
};
struct Frame {
  Pair pos;
  double w;
};

Pair polar(double r, double t) { return {r * std::cos(t), r * std::sin(t)}; }

double norm2(const Pair &p) {
  const auto &[x, y] = p;
  return x * x + y * y;
}

double bound_call(double r, double t) {
  auto [x, y] = polar(r, t);
  return x * y + norm2({x, t});
}

double bound_reference(double a, double b) {
  double v[3] = {a, b, a * b};
  auto &[p, q, s] = v;
  p *= b;        // writes v[0]
  s = s + p * q; // writes v[2]
  return v[0] + v[1] * v[2];
}

double bound_nested(double a, double b) {
  Frame f{{a, b}, a * a};
  auto [pos, w] = f; // a copy: later writes to f do not reach pos or w
  f.w = 0.0;
  auto &[u, v] = pos;
  u = u * w;
  return std::sin(pos.first) + v * w + f.w;
}

double bound_loop(double a, double b) {
  Pair acc{a, b};
  double s = 0.0;
  for (int i = 0; i < 4; ++i) {
    auto [x, y] = acc;
    acc = {x * 0.5 + y, y - 0.1 * x};
    s += x * y;
  }
  return s;
}

double bound_range_for(double a, double b) {
  std::vector<Pair> pts{{a, b}, {b, 1.0}, {a * b, a}};
  for (auto &[x, y] : pts) // writes the elements
    x = x * y + 0.25;
  Pair fixed[2] = {{a, 2.0}, {0.5, b}};
  double s = 0.0;
  for (auto [x, y] : fixed)
    s += std::exp(0.3 * x) * y;
  for (const auto &[x, y] : pts)
    s += x * x - y;
  return s;
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [y, da, db] =
        ddx::gradient(bound_call, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(bound_call, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(bound_call, a, ddx::dual(b, 1.0));
    check::near("call value", y, bound_call(a, b));
    check::near("call tangent value", y1, bound_call(a, b));
    check::fd("call/a", da, [&](double h) { return bound_call(a + h, b); });
    check::fd("call/b", db, [&](double h) { return bound_call(a, b + h); });
    check::near("call fwd vs rev a", ta, da, 1e-12);
    check::near("call fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] =
        ddx::gradient(bound_reference, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(bound_reference, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(bound_reference, a, ddx::dual(b, 1.0));
    check::near("reference value", y, bound_reference(a, b));
    check::fd("reference/a", da,
              [&](double h) { return bound_reference(a + h, b); });
    check::fd("reference/b", db,
              [&](double h) { return bound_reference(a, b + h); });
    check::near("reference fwd vs rev a", ta, da, 1e-12);
    check::near("reference fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] =
        ddx::gradient(bound_nested, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(bound_nested, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(bound_nested, a, ddx::dual(b, 1.0));
    check::near("nested value", y, bound_nested(a, b));
    check::fd("nested/a", da, [&](double h) { return bound_nested(a + h, b); });
    check::fd("nested/b", db, [&](double h) { return bound_nested(a, b + h); });
    check::near("nested fwd vs rev a", ta, da, 1e-12);
    check::near("nested fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] =
        ddx::gradient(bound_loop, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(bound_loop, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(bound_loop, a, ddx::dual(b, 1.0));
    check::near("loop value", y, bound_loop(a, b));
    check::fd("loop/a", da, [&](double h) { return bound_loop(a + h, b); });
    check::fd("loop/b", db, [&](double h) { return bound_loop(a, b + h); });
    check::near("loop fwd vs rev a", ta, da, 1e-12);
    check::near("loop fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] =
        ddx::gradient(bound_range_for, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(bound_range_for, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(bound_range_for, a, ddx::dual(b, 1.0));
    check::near("range-for value", y, bound_range_for(a, b));
    check::fd("range-for/a", da,
              [&](double h) { return bound_range_for(a + h, b); });
    check::fd("range-for/b", db,
              [&](double h) { return bound_range_for(a, b + h); });
    check::near("range-for fwd vs rev a", ta, da, 1e-12);
    check::near("range-for fwd vs rev b", tb, db, 1e-12);
  }
  return check::finish();
}
