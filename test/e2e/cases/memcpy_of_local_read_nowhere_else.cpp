// Case: a local read only by memcpy (a statement evaluated for its effect),
// copied into another local by address: it must stay active (a review of
// the activity analysis once found it silently zero when locals read
// nowhere else were treated as dead). Also a bit copy of a parameter.
// These were refused until ddx differentiated memcpy; now the copy carries
// the derivative. Both modes against finite differences.
#include "check.hpp"
#include <cstring>
#include <ddx/ddx.hpp>

double copied(double x, double y) {
  double a = x * x;
  double b = 0;
  std::memcpy(&b, &a, sizeof a);
  double w[2] = {y, b};
  double u[2];
  std::memcpy(u, w, sizeof w);
  double c = 0;
  std::memcpy(&c, &y, sizeof c); // a bit copy of a parameter
  return b * u[0] + u[1] + 2 * c * c;
}

int main() {
  const double x = 1.5, y = 0.4;
  auto [v, dx, dy] = ddx::gradient(copied, ddx::active(x), ddx::active(y));
  auto [v1, tx] = ddx::derivative(copied, ddx::dual(x, 1.0), y);
  auto [v2, ty] = ddx::derivative(copied, x, ddx::dual(y, 1.0));
  check::two_inputs("copied", copied, x, y, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
