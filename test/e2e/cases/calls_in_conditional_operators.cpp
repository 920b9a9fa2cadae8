// Case: calls of user functions inside ?:, && and ||: only the branch taken
// (and the right side of && / || only when it is evaluated) runs, in both
// modes; nested, in loops, with ++, with struct results, and a call that
// changes a variable the condition reads
#include <ddx/ddx.hpp>
#include "check.hpp"
#include <cmath>
#include <string>

double g(double x) { return std::sin(x) * x; }
double h(double x, double y) { return x * y + std::exp(0.5 * x); }
bool positive(double x) { return g(x) > 0.0; }
// Adds v to *acc: called only where && and || evaluate their right side.
bool bump(double *acc, double v) {
  *acc += v;
  return true;
}

struct P {
  double a, b;
};
P make(double x, double y) { return P{x * y, x + y}; }

// Halves k (through its address) and returns the new value.
double halve(double *k) {
  *k = *k * 0.5;
  return *k;
}

int pick(double x) { return x > 1.0 ? 1 : 0; }

double choose(double x, double y) {
  double a = x > y ? g(x) : h(x, y);
  double arr[2] = {x * x, y};
  a += x > 0.2 ? arr[pick(y)] : arr[0] * y; // an element, read for its value
  double b = (x < 1.0) ? 2.0 * x : g(y) + h(y, x);
  double c = x > 0.0 ? (y > 0.5 ? g(x * y) : h(y, 1.0)) : 3.0;
  return a + b * c;
}

double logic(double x, double y) {
  double s = 0.0;
  if (x > 0.0 && g(x) > 0.3)
    s += x * y;
  bool both = y > 0.0 && positive(x * y);
  bool either = x > 2.0 || g(y) < 0.2;
  double t = 0.0;
  bool b1 = x < 0.0 || bump(&t, x * y);
  bool b2 = y > 1.0 && bump(&t, std::sin(x)) && bump(&t, t * t);
  return s + (both ? y * y : x) + (either ? 1.5 * x : y) + t +
         (b1 && b2 ? 1.0 : 0.0);
}

double in_loop(double x, double y) {
  double s = 0.0;
  int i = 0;
  for (int k = 0; k < 6; ++k) {
    s += (k % 2 == 0) ? g(x + k * y) : h(s, y);
    s = s > 5.0 ? std::sqrt(s) + g(s * 0.1) : s;
    int j = (k > 2) ? i++ : ++i;
    s += 0.01 * j * x;
  }
  return s;
}

double structs(double x, double y) {
  P p = x > y ? make(x, y) : make(y, x);
  P q = (p.a > 1.0) ? P{p.b, p.a} : make(p.a, 2.0);
  return p.a * q.b + std::sin(q.a);
}

// The call in the taken branch changes k, which the condition reads: the
// value chosen is still that of the branch taken.
double condition_changed(double x, double y) {
  double k = x;
  double r = k > 0.6 ? halve(&k) : y;
  return r * y + k;
}

struct Derivatives {
  double v, dx, dy, v1, tx, v2, ty;
};

// The checks common to every function: values, finite differences, and
// forward against reverse.
void check_all(const std::string &n, double (*f)(double, double), double x,
               double y, const Derivatives &d) {
  check::near((n + " value").c_str(), d.v, f(x, y));
  check::near((n + " value fwd x").c_str(), d.v1, f(x, y));
  check::near((n + " value fwd y").c_str(), d.v2, f(x, y));
  check::fd((n + " d/dx").c_str(), d.dx, [&](double e) { return f(x + e, y); });
  check::fd((n + " d/dy").c_str(), d.dy, [&](double e) { return f(x, y + e); });
  check::near((n + " fwd vs rev x").c_str(), d.tx, d.dx, 1e-10);
  check::near((n + " fwd vs rev y").c_str(), d.ty, d.dy, 1e-10);
}

void run(double x, double y) {
  {
    auto [v, dx, dy] = ddx::gradient(choose, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(choose, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(choose, x, ddx::dual(y, 1.0));
    check_all("choose", choose, x, y, {v, dx, dy, v1, tx, v2, ty});
  }
  {
    auto [v, dx, dy] = ddx::gradient(logic, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(logic, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(logic, x, ddx::dual(y, 1.0));
    check_all("logic", logic, x, y, {v, dx, dy, v1, tx, v2, ty});
  }
  {
    auto [v, dx, dy] = ddx::gradient(in_loop, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(in_loop, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(in_loop, x, ddx::dual(y, 1.0));
    check_all("in_loop", in_loop, x, y, {v, dx, dy, v1, tx, v2, ty});
  }
  {
    auto [v, dx, dy] = ddx::gradient(structs, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(structs, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(structs, x, ddx::dual(y, 1.0));
    check_all("structs", structs, x, y, {v, dx, dy, v1, tx, v2, ty});
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(condition_changed, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(condition_changed, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(condition_changed, x, ddx::dual(y, 1.0));
    check_all("condition_changed", condition_changed, x, y,
              {v, dx, dy, v1, tx, v2, ty});
  }
}

int main() {
  const double points[][2] = {{1.3, 0.4}, {0.5, 2.5}, {0.8, 0.7}, {-0.4, 0.9},
                              {2.5, 0.1}};
  for (auto &p : points)
    run(p[0], p[1]);
  return check::finish();
}
