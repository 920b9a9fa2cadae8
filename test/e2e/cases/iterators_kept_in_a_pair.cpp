// Case: iterators into an index vector kept in a std::pair (what
// std::equal_range returns), written through by std::fill in a loop whose
// reverse sweep reads the vector; the vector alone and as a member of a
// struct. The fill's rule says how many elements it writes from r.first
// on, so the reverse sweep records and puts back those elements (it was
// refused: ddx does not follow iterators held in a struct; before that,
// nothing was saved and the gradient was (0, 0, 13.2) where (1, -2.8, 6.6)
// is right). Both modes, against central differences.
#include <algorithm>
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>
#include "check.hpp"

double f(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<int> order{0, 1, 1, 2};
  double s = 0;
  auto r = std::equal_range(order.begin(), order.end(), 1);
  for (int t = 0; t < 3; ++t) {
    std::fill(r.first, r.second, t % 3);
    s += x[order[1]] * x[order[2]] * (t + 1);
  }
  return s;
}

// The vector as a member of a struct.
struct Indices {
  std::vector<int> order;
};
double g(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  Indices s{{0, 1, 1, 2}};
  double y = 0;
  auto r = std::equal_range(s.order.begin(), s.order.end(), 1);
  for (int t = 0; t < 3; ++t) {
    std::fill(r.first, r.second, t % 3);
    y += x[s.order[1]] * x[s.order[2]] * (t + 1);
  }
  return y;
}

int main() {
  const double x0 = 0.5, x1 = -0.7, x2 = 1.1;
  {
    auto [y, d0, d1, d2] = ddx::gradient(f, ddx::active(x0), ddx::active(x1),
                                         ddx::active(x2));
    auto [a, t0] = ddx::derivative(f, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(f, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(f, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("f", f, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(g, ddx::active(x0), ddx::active(x1),
                                         ddx::active(x2));
    auto [a, t0] = ddx::derivative(g, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(g, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(g, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("g", g, y, d0, d1, d2, t);
  }
  return check::finish();
}
