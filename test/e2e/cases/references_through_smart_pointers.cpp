// Case: local references to what smart pointers own: `Kernel &r = *k;` of
// a unique_ptr, `double &w = s->w;` of a shared_ptr, `double &a1 = a[1];`
// of a unique_ptr to an array, each written and read through the
// reference. A reference stands for the storage it names, here reached
// through the smart pointer as through a raw one (once refused as "bound
// to what a call returns"). Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <memory>

struct Kernel {
  double w = 1;
  double apply(double x) const { return w * x * x; }
};

double f(double x, double y) {
  auto k = std::make_unique<Kernel>();
  Kernel &r = *k;
  r.w = std::sin(x) * y;
  auto s = std::make_shared<Kernel>();
  double &sw = s->w;
  sw = x * y;
  std::unique_ptr<double[]> a(new double[3]);
  a[0] = x;
  a[1] = 2 * y;
  double &a1 = a[1];
  a1 *= a[0];
  return r.apply(x) + s->apply(y) * sw + a1;
}

int main() {
  const double x = 0.7, y = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
  check::two_inputs("f", f, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
