// EXPECT-EXIT: 1
// EXPECT-DIAG: 12:21: operator 'std::tuple<double &, double &, double &>::operator='
// Case: std::tie(u, v, w) = pack(...) with active values: the tuple's
// assignment is a library member call ddx does not differentiate yet; it is
// refused (it was left as primal code: tangent 288 where 2 is right)
#include <ddx/ddx.hpp>
#include <tuple>

std::tuple<double, double, double> pack(double s) { return {s, s * s, 2 * s}; }
double f(double x, double y) {
  double u, v, w;
  std::tie(u, v, w) = pack(x + y);
  return u + v + w;
}
int main() {
  auto [r, dx, dy] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return r > dx + dy;
}
