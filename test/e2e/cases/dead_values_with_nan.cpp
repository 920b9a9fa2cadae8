// Case: values computed from active inputs that never reach the result
// (dead locals, unused call results, a struct nobody reads) are NaN in the
// primal; they get no adjoint, so the gradient stays finite and right (a
// zero adjoint times a NaN partial was NaN: difftest seed 630; a dead
// std::vector of values, difftest seed 9568). A call whose result is unused
// but which writes through a pointer still counts.
#include <ddx/ddx.hpp>
#include "check.hpp"
#include <cmath>
#include <vector>

double not_a_number(double x) { return std::sqrt(-1.0 - x * x) * x; }

// Writes 2xy into *out and returns NaN.
double write_and_nan(double *out, double x, double y) {
  *out = 2.0 * x * y;
  return std::log(-1.0 - y * y) * x;
}

// A view holding a pointer: writing through it is an effect even when the
// result is unused.
struct View {
  double *p;
};
double put(View v, double s) {
  v.p[0] = s;
  return std::sqrt(-1.0 - s * s);
}

// A const member function writing through a pointer the object holds.
struct Sink {
  double *to;
  double store(double s) const {
    *to = s;
    return std::log(-1.0 - s * s);
  }
};

struct Pair {
  double a, b;
  double ratio() const { return std::log(-a * a - 1.0) * b; }
};

double f(double x, double y) {
  double dead = std::log(-1.0 - x * x) * y;     // NaN, never read
  double unused = not_a_number(x) + dead * y;   // NaN call result
  Pair p{x * y, std::sqrt(-1.0 - y * y)};       // a struct nobody reads
  double r = p.ratio();                         // and a member call on it
  std::vector<double> kept = {dead * x, y, x};  // a vector nobody reads
  kept[1] = std::sqrt(-2.0 - x * x);
  double s = 0.0;
  for (int i = 0; i < 4; ++i) {
    double w = std::sqrt(-1.0 - s * s) * x;     // dead in every iteration
    s += x * y + 0.1 * i;
    if (w > 0.0)
      s += 0.0; // read only in a condition: still dead for derivatives
  }
  double out = 0.0;
  double ignored = write_and_nan(&out, x, y);   // result dead, *out not
  double viewed = 0.0;
  View v{&viewed};
  double status = put(v, x * x * y);            // result dead, *v.p not
  (void)status;
  double sunk = 0.0;
  Sink sink{&sunk};
  sink.store(std::sin(x) * y);                   // result discarded
  (void)unused;
  (void)r;
  (void)ignored;
  return s * x + out + viewed + sunk;
}

int main() {
  const double points[][2] = {{0.7, 1.3}, {-0.4, 0.9}, {1.5, -0.2}};
  for (auto &p : points) {
    double x = p[0], y = p[1];
    auto [v, dx, dy] = ddx::gradient(f, ddx::active(x), ddx::active(y));
    auto [v1, tx] = ddx::derivative(f, ddx::dual(x, 1.0), y);
    auto [v2, ty] = ddx::derivative(f, x, ddx::dual(y, 1.0));
    check::near("value", v, f(x, y));
    check::near("value fwd", v1, f(x, y));
    check::fd("df/dx", dx, [&](double h) { return f(x + h, y); });
    check::fd("df/dy", dy, [&](double h) { return f(x, y + h); });
    check::near("fwd vs rev x", tx, dx, 1e-10);
    check::near("fwd vs rev y", ty, dy, 1e-10);
  }
  return check::finish();
}
