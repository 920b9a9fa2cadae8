// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:5: the call to 'fill' may change memory through a pointer
// EXPECT-NOTE: 21:5: pass the array itself
// Case: iterators into an index vector kept in a std::pair (what
// std::equal_range returns), written through in a loop whose reverse sweep
// reads the vector. ddx does not follow iterators held in a struct; the
// vector they reach now counts as reachable through unknown pointers, so
// the write is refused. (Before, nothing was saved: the gradient was
// (0, 0, 13.2) where (1, -2.8, 6.6) is right.)
#include <algorithm>
#include <ddx/ddx.hpp>
#include <utility>
#include <vector>

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

// The vector as a member of a struct: unknown memory of `int`s may be the
// struct's (refused too, at the call that hands its iterators out).
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
  auto [y, d0, d1, d2] = ddx::gradient(f, ddx::active(0.5), ddx::active(-0.7),
                                       ddx::active(1.1));
  auto [z, e0, e1, e2] = ddx::gradient(g, ddx::active(0.5), ddx::active(-0.7),
                                       ddx::active(1.1));
  return y + d0 + d1 + d2 + z + e0 + e1 + e2 > 0;
}
