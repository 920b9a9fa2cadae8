// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:21: an assignment through std::tie yet
// EXPECT-NOTE: 14:21: bind the values with a structured binding
// Case: std::tie(u, v, w) = pack(...) with active values: the assignment
// writes through the references std::tie holds, which ddx does not
// differentiate yet; it is refused, and a structured binding suggested (it
// was once left as primal code: tangent 288 where 2 is right)
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
