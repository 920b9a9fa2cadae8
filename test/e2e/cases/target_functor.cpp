// Case: functor objects as targets (data members, const operator(), a member helper, two arguments)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Poly {
  double a, b, c;
  double operator()(double x) const { return (a * x + b) * x + c; }
};

struct Model {
  double scale;
  int terms;
  double basis(double x, int i) const { return std::cos(i * x) / (i + 1); }
  double operator()(double x, double y) const {
    double s = 0.0;
    for (int i = 0; i < terms; ++i)
      s += basis(x, i) * y;
    return scale * s + y * y;
  }
};

int main() {
  const Poly p{0.5, -1.2, 3.0};
  const Model m{1.5, 4};
  const double x = 0.7, y = 1.1;
  {
    auto [v, dx] = ddx::gradient(p, ddx::active(x));
    auto [v1, tx] = ddx::derivative(p, ddx::dual(x, 1.0));
    check::near("poly value", v, p(x));
    check::near("poly value fwd", v1, p(x));
    check::fd("dpoly/dx", dx, [&](double h) { return p(x + h); });
    check::near("poly fwd vs rev", tx, dx, 1e-10);
  }
  {
    auto [v, dx, dy] = ddx::gradient(m, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(m, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(m, x, ddx::dual(y, 1.0));
    check::near("model value", v, m(x, y));
    check::near("model value fwd x", v1, m(x, y));
    check::near("model value fwd y", v2, m(x, y));
    check::fd("dmodel/dx", dx, [&](double h) { return m(x + h, y); });
    check::fd("dmodel/dy", dy, [&](double h) { return m(x, y + h); });
    check::near("model fwd vs rev x", tx, dx, 1e-10);
    check::near("model fwd vs rev y", ty, dy, 1e-10);
  }
  {
    auto [v, dx] = ddx::gradient(Poly{1.0, 0.0, -2.0}, ddx::active(x));  // temporary functor
    check::near("temp poly value", v, x * x - 2.0);
    check::fd("dtemp/dx", dx, [&](double h) { return (x + h) * (x + h) - 2.0; });
  }
  return check::finish();
}
