// Primal calls that change an int array through iterators held in
// variables: the reverse sweep must read what the forward read.
#include "check.hpp"
#include "ddx/ddx.hpp"
#include <algorithm>
#include <iterator>
#include <vector>

// Both ends of the range held in locals.
double held_ends(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<int> order{2, 0, 1};
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    auto first = order.begin();
    auto last = order.end();
    std::reverse(first, last);
    s += x[order[0]] * x[order[1]] * (t + 1);
  }
  return s;
}

// An algorithm's result points into the range it was given.
double found(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<int> order{0, 1, 2};
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    auto at = std::find(order.begin(), order.end(), t);
    std::iter_swap(at, order.begin() + 2);
    s += x[order[0]] * x[order[2]] * (t + 1);
  }
  return s;
}

// Reverse iterators, and an iterator moved by std::advance and std::next.
double reversed_and_moved(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  int order[3] = {0, 1, 2};
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    auto b = std::begin(order);
    std::advance(b, 1);
    std::rotate(std::begin(order), b, std::next(b, 2));
    s += x[order[0]] * x[order[1]] * (t + 1);
  }
  std::vector<int> v{order[0], order[1], order[2]};
  auto rb = v.rbegin();
  auto re = v.rend();
  std::sort(rb, re);
  return s + x[v[0]] * x[v[2]];
}

// Reverse iterators made once by std::make_reverse_iterator, and their
// base(): a sort through them in a loop changes the vector.
double made_reverse(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<int> v{2, 0, 1};
  auto rb = std::make_reverse_iterator(v.end());
  auto re = std::make_reverse_iterator(v.begin());
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    if (t % 2)
      std::sort(rb, re);
    else
      std::sort(rb.base() - 3, re.base() + 3);
    s += x[v[0]] * x[v[1]] * (t + 1);
  }
  return s;
}

// An iterator a helper hands out, moved on by arithmetic.
std::vector<int>::iterator first_of(std::vector<int> &w) { return w.begin(); }
double from_helper(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<int> v{2, 0, 1};
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    auto b = first_of(v);
    auto e = b + 3;
    std::reverse(b, e);
    s += x[v[0]] * x[v[1]] * (t + 1);
  }
  return s;
}

int main() {
  const double x0 = 0.5, x1 = -0.7, x2 = 1.1;
  {
    auto [y, d0, d1, d2] = ddx::gradient(held_ends, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(held_ends, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(held_ends, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(held_ends, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("held_ends", held_ends, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] =
        ddx::gradient(found, ddx::active(x0), ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(found, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(found, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(found, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("found", found, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(reversed_and_moved, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(reversed_and_moved, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(reversed_and_moved, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(reversed_and_moved, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("reversed_and_moved", reversed_and_moved, y, d0, d1, d2,
                        t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(made_reverse, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(made_reverse, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(made_reverse, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(made_reverse, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("made_reverse", made_reverse, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(from_helper, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(from_helper, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(from_helper, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(from_helper, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("from_helper", from_helper, y, d0, d1, d2, t);
  }
  return check::finish();
}
