// Case: more shapes of objects whose class has no default constructor and
// is not trivially copyable (ddx::late storage): a parameter passed by
// value that carries derivatives inside (its derivative a zeroed copy
// from the start), whole copies in reverse mode of a polymorphic class and
// of a class with a user destructor, an object built from a std::move'd
// vector (generated code copies: the constructor runs twice, and the
// reverse sweep reads the vector), one nothing reads, one whose copy's
// derivative nothing reads. Both modes, against central differences.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>

struct Series {
  std::vector<double> w;
  double scale;
  int n;
  Series(double a, int n_) : w(n_, a), scale(2 * a), n(n_) {}
  double sum() const {
    double s = 0;
    for (double v : w)
      s += v * v;
    return s * scale;
  }
};
double by_value(Series s, double a) {
  s.scale = s.scale * a;
  s.w[0] = a;
  return s.sum();
}

struct Potential {
  virtual ~Potential() = default;
  virtual double value(double r) const = 0;
};
struct LJ : Potential {
  double eps;
  LJ(double e) : eps(e) {}
  double value(double r) const override {
    return 4 * eps * (std::pow(r, -12) - std::pow(r, -6));
  }
};
double copied_potential(double e, double r) {
  LJ base(1.5);
  LJ lj = base;
  lj.eps = lj.eps * e;
  const Potential &p = lj;
  return p.value(r);
}

struct Acc {
  double v;
  int n;
  Acc(double a, int n_) : v(a), n(n_) {}
  ~Acc() {}
};
double copied_accumulator(double a, double r) {
  Acc x(a * a, 2);
  Acc y = x;
  return y.v * r + x.v;
}

struct Lookup {
  std::vector<int> idx;
  double scale;
  Lookup(std::vector<int> ix, double s) : idx(std::move(ix)), scale(s) {}
};
double moved_indices(double a, double r) {
  const int n = 3;
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i)
    order[i] = n - 1 - i;
  Lookup lk(std::move(order), a);
  double xs[n] = {a, r, a * r};
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += xs[lk.idx[i]] * lk.scale * (i + 1);
  return s;
}

double unread_objects(double a, double r) {
  Series unused(1.0, 2);
  Series s(a, 2);
  Series t = s;
  return s.scale * t.n * r;
}

// Both modes of f(a, r) at (0.7, 1.3) against central differences.
template <class F>
void both_modes(const char *name, F f, double y, double da, double dr,
                double ta, double tr) {
  const double a = 0.7, r = 1.3;
  std::string n(name);
  check::near((n + " value").c_str(), y, f(a, r), 1e-14);
  check::fd((n + " d/da").c_str(), da, [&](double h) { return f(a + h, r); });
  check::fd((n + " d/dr").c_str(), dr, [&](double h) { return f(a, r + h); });
  check::near((n + " d/da forward").c_str(), ta, da, 1e-12);
  check::near((n + " d/dr forward").c_str(), tr, dr, 1e-12);
}

int main() {
  const double a = 0.7, r = 1.3;
  {
    Series s0(0.5, 3);
    auto [y, da] = ddx::gradient(by_value, s0, ddx::active(a));
    auto [y1, ta] = ddx::derivative(by_value, s0, ddx::dual(a, 1.0));
    check::near("by value", y, by_value(s0, a), 1e-14);
    check::fd("by value d/da", da,
              [&](double h) { return by_value(s0, a + h); });
    check::near("by value forward", ta, da, 1e-12);
    (void)y1;
  }
  {
    auto [y, da, dr] =
        ddx::gradient(copied_potential, ddx::active(a), ddx::active(r));
    auto [y1, ta] = ddx::derivative(copied_potential, ddx::dual(a, 1.0), r);
    auto [y2, tr] = ddx::derivative(copied_potential, a, ddx::dual(r, 1.0));
    both_modes("potential", copied_potential, y, da, dr, ta, tr);
    (void)y1, (void)y2;
  }
  {
    auto [y, da, dr] =
        ddx::gradient(copied_accumulator, ddx::active(a), ddx::active(r));
    auto [y1, ta] = ddx::derivative(copied_accumulator, ddx::dual(a, 1.0), r);
    auto [y2, tr] = ddx::derivative(copied_accumulator, a, ddx::dual(r, 1.0));
    both_modes("accumulator", copied_accumulator, y, da, dr, ta, tr);
    (void)y1, (void)y2;
  }
  {
    auto [y, da, dr] =
        ddx::gradient(moved_indices, ddx::active(a), ddx::active(r));
    auto [y1, ta] = ddx::derivative(moved_indices, ddx::dual(a, 1.0), r);
    auto [y2, tr] = ddx::derivative(moved_indices, a, ddx::dual(r, 1.0));
    both_modes("moved", moved_indices, y, da, dr, ta, tr);
    (void)y1, (void)y2;
  }
  {
    auto [y, da, dr] =
        ddx::gradient(unread_objects, ddx::active(a), ddx::active(r));
    auto [y1, ta] = ddx::derivative(unread_objects, ddx::dual(a, 1.0), r);
    auto [y2, tr] = ddx::derivative(unread_objects, a, ddx::dual(r, 1.0));
    both_modes("unread", unread_objects, y, da, dr, ta, tr);
    (void)y1, (void)y2;
  }
  return check::finish();
}
