// Case: objects moved from and used again. Generated code copies what
// std::move gives (the reverse sweep may still read it), so it empties
// what the move empties: a std::vector moved from (`n = std::move(u)`),
// the vectors of a class whose move the compiler writes (`Plain q =
// std::move(p)`, `q = std::move(p)`), and a vector the user's move
// constructor moves (`v(std::move(o.v))`). ddx once left them full (a wrong
// value, 0.49 instead of 0.91, without a word), and a move constructor's
// `S &&` parameter did not take the object generated code passes (an
// internal error). Both modes.
#include "check.hpp"
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>

struct S {
  std::vector<double> v;
  double x = 0;
  S() = default;
  S(S &&o) : v(std::move(o.v)), x(o.x) {}
};
struct Plain {
  std::vector<double> v;
  double w = 0;
};
struct Nested {
  Plain inner;
  std::vector<double> extra;
};

double f(double a, double b) {
  S s;
  s.v.push_back(a);
  s.v.push_back(b);
  s.x = a * b;
  S t = std::move(s);
  s.v.push_back(3 * b); // (the moved-from vector is empty)
  double r = t.v[0] * t.v[1] + t.x * s.v[0] + double(s.v.size());
  Plain p;
  p.v.push_back(a);
  p.v.push_back(b);
  p.w = b;
  Plain q;
  q = std::move(p);
  p.v.push_back(a * a);
  Plain c = std::move(q);
  q.v.push_back(b);
  std::vector<double> u{a, 2 * b}, n;
  n = std::move(u);
  u.push_back(b);
  Nested m;
  m.inner.v.push_back(a * b);
  m.extra.push_back(b);
  Nested k = std::move(m);
  m.extra.push_back(a);
  return r + c.v[1] * p.v[0] + c.w + q.v[0] + n[1] * u[0] +
         double(u.size() + p.v.size() + m.inner.v.size()) + k.inner.v[0] +
         k.extra[0] * m.extra[0];
}

// In a loop: a state moved into the next step's and refilled.
double steps(double a, double b) {
  Plain cur;
  cur.v = std::vector<double>(3, a);
  double sum = 0;
  for (int i = 0; i < 3; ++i) {
    Plain next = std::move(cur);
    for (double &e : next.v)
      e = e * b + 0.1 * i;
    cur.v.push_back(next.v[0]);
    cur.v.push_back(next.v[1] * a);
    cur.v.push_back(next.v[2]);
    sum += double(cur.v.size()) * cur.v[1];
  }
  return sum;
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
    check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(steps, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(steps, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(steps, a, ddx::dual(b, 1.0));
    check::two_inputs("steps", steps, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
