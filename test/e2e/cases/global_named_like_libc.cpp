// Case: globals named like C library functions (index, rindex) that the
// program's own headers do not declare: the generated code must not bring
// those declarations in (ddx's tape used <cstring>, whose <strings.h>
// declares index, so the output did not compile)
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

int index = 3;
double rindex[2] = {0.5, 1.5};

double f(double x) {
  double s = 0;
  for (int i = 0; i < index; ++i)
    s = s * x + std::sin(x * rindex[i % 2]);
  return s;
}

int main() {
  const double x = 0.8;
  auto [y, dx] = ddx::gradient(f, ddx::active(x));
  auto [y1, tx] = ddx::derivative(f, ddx::dual(x, 1.0));
  check::near("value", y, f(x), 1e-12);
  check::fd("df/dx", dx, [&](double h) { return f(x + h); });
  check::fd("df/dx fwd", tx, [&](double h) { return f(x + h); });
  (void)y1;
  return check::finish();
}
