// Case: function template specializations as request targets (type parameter, non-type int parameter)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

template <class T> T sq(T t) { return t * t; }

template <class T> T g(T x, T y) {
  T s = x * y;
  return sq(s) + std::sin(x) / (T(1) + y);
}

template <int N> double powN(double x) {
  double p = 1.0;
  for (int i = 0; i < N; ++i)
    p *= x;
  return p + N * x;
}

int main() {
  const double x = 0.7, y = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(g<double>, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(g<double>, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(g<double>, x, ddx::dual(y, 1.0));
    check::near("g value", v, g(x, y));
    check::near("g value fwd x", v1, g(x, y));
    check::near("g value fwd y", v2, g(x, y));
    check::fd("dg/dx", dx, [&](double h) { return g(x + h, y); });
    check::fd("dg/dy", dy, [&](double h) { return g(x, y + h); });
    check::near("g fwd vs rev x", tx, dx, 1e-10);
    check::near("g fwd vs rev y", ty, dy, 1e-10);
  }
  {
    auto [v, dx] = ddx::gradient(powN<3>, ddx::active(x));
    auto [v1, tx] = ddx::derivative(powN<3>, ddx::dual(x, 1.0));
    check::near("powN<3> value", v, powN<3>(x));
    check::near("powN<3> value fwd", v1, powN<3>(x));
    check::fd("dpowN<3>/dx", dx, [&](double h) { return powN<3>(x + h); });
    check::near("powN<3> fwd vs rev", tx, dx, 1e-10);
  }
  {
    auto [v, dx] = ddx::gradient(powN<5>, ddx::active(y));
    check::near("powN<5> value", v, powN<5>(y));
    check::fd("dpowN<5>/dx", dx, [&](double h) { return powN<5>(y + h); });
  }
  {
    const float xf = 0.7f, yf = 1.3f;
    auto [v, dx, dy] = ddx::gradient(g<float>, ddx::active(xf), ddx::active(yf));
    check::near("g<float> value", v, g(xf, yf), 1e-5);
    check::fd("dg<float>/dx", dx, [&](double h) { return g(xf + float(h), yf); }, 1e-3, 1e-2);
    check::fd("dg<float>/dy", dy, [&](double h) { return g(xf, yf + float(h)); }, 1e-3, 1e-2);
  }
  return check::finish();
}
