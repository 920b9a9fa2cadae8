// Case: structs that point to their own type (a list node) and containers
// of non-floating types beside active code: ddx used to crash on them
// (unbounded recursion over the types); values that do not carry
// derivatives pass through, active values through the nodes' doubles work
#include <ddx/ddx.hpp>
#include <cmath>
#include <list>
#include <string>
#include <unordered_map>
#include "check.hpp"

struct Node {
  double w;
  Node *prev;
};

double chain(double x) {
  Node a{x, nullptr};
  Node b{2.0 * x, &a};
  Node c{std::sin(x), &b};
  return c.w * c.prev->w + c.prev->prev->w;
}

double with_tables(double x, int n) {
  std::unordered_map<std::string, int> index{{"a", 1}, {"b", 2}};
  std::list<int> counts{1, 2, 3};
  int total = counts.size();
  return x * x * (index.size() + total + n);
}

int main() {
  const double x = 0.8;
  auto [y, dx] = ddx::gradient(chain, ddx::active(x));
  auto [y2, tx] = ddx::derivative(chain, ddx::dual(x, 1.0));
  check::near("chain value", y, chain(x));
  check::fd("chain reverse", dx, [&](double h) { return chain(x + h); });
  check::fd("chain forward", tx, [&](double h) { return chain(x + h); });
  auto [v, dv] = ddx::gradient(with_tables, ddx::active(x), 2);
  auto [v2, tv] = ddx::derivative(with_tables, ddx::dual(x, 1.0), 2);
  check::near("tables value", v, with_tables(x, 2));
  check::fd("tables reverse", dv, [&](double h) { return with_tables(x + h, 2); });
  check::fd("tables forward", tv, [&](double h) { return with_tables(x + h, 2); });
  return check::finish();
}
