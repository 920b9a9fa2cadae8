// Case: std::tuple values as scientists use them: returned from a function
// (braced, std::make_tuple, the constructor), taken apart by structured
// bindings (also in a range-for over a vector of tuples, and of a
// std::array) and std::get (by index and by type), written through
// std::get, reassigned in a loop and from a function of itself, passed by
// value, const and non-const reference, with an integer element between
// doubles, nested in a tuple, holding a std::vector, as a struct member.
// Both modes against finite differences.
#include "check.hpp"
#include <algorithm>
#include <array>
#include <cmath>
#include <ddx/ddx.hpp>
#include <numeric>
#include <tuple>
#include <vector>

std::tuple<double, double> polar(double x, double y) {
  return {std::sqrt(x * x + y * y), std::atan2(y, x)};
}

double bound(double x, double y) {
  auto [r, theta] = polar(x, y);
  return r * std::cos(2 * theta);
}

double got(double x, double y) {
  auto t = polar(x, y);
  std::get<0>(t) *= x;
  std::get<1>(t) += std::get<0>(t) * y;
  return std::get<0>(t) + std::get<1>(t) * y + std::get<0>(polar(y, x));
}

std::tuple<double, int, double> mixed(double x) {
  return std::make_tuple(x * x, 3, std::sin(x));
}

double with_count(double x, double y) {
  std::tuple<double, int, double> m = mixed(x * y);
  return std::get<0>(m) * std::get<1>(m) + std::get<2>(m) / y;
}

double weighted(const std::tuple<double, double, double> &t) {
  return std::get<0>(t) + 2 * std::get<1>(t) * std::get<2>(t);
}

void scale(std::tuple<double, double, double> &t, double k) {
  std::get<0>(t) *= k;
  std::get<2>(t) = std::get<1>(t) * k * k;
}

double by_reference(double x, double y) {
  std::tuple<double, double, double> t(x, y, x * y);
  scale(t, y);
  return weighted(t);
}

// A tuple overwritten whole each iteration: the reverse sweep restores it.
double iterated(double x, double y) {
  std::tuple<double, double> s{x, y};
  for (int k = 0; k < 5; ++k)
    s = std::make_tuple(std::get<1>(s),
                        0.5 * std::get<0>(s) + std::get<1>(s) * x);
  return std::get<0>(s) + std::get<1>(s);
}

// A lambda returning a tuple, called in the function.
double from_lambda(double x, double y) {
  auto moments = [y](double v) {
    return std::tuple<double, double, double>(v, v * v * y, v * v * v);
  };
  auto [m1, m2, m3] = moments(x);
  auto [n1, n2, n3] = moments(y);
  return m1 * n2 + m2 * n3 - m3 * n1;
}

std::tuple<double, double> step(std::tuple<double, double> s, double h) {
  auto [q, p] = s;
  return {q + h * p, p - h * std::sin(q)};
}

double pendulum(double q0, double p0) {
  std::tuple<double, double> s{q0, p0};
  for (int i = 0; i < 10; ++i)
    s = step(s, 0.1);
  return std::get<0>(s) * std::get<1>(s);
}

double table(double a, double b) {
  std::vector<std::tuple<double, int, double>> rows;
  for (int i = 0; i < 4; ++i)
    rows.push_back(std::make_tuple(a * i, i, b / (i + 1)));
  double s = 0;
  for (auto &[x, k, y] : rows) {
    y *= a;
    s += x * k + y;
  }
  return s;
}

double by_type(double a, double b) {
  std::tuple<double, int> t{a * b, 2};
  std::get<double>(t) += a;
  std::array<double, 3> v{a, b, a * b};
  auto [v0, v1, v2] = v;
  return std::get<double>(t) * std::get<int>(t) + v0 * v1 - v2;
}

struct Model {
  double w = 1.0;
  std::tuple<double, double> c{0.0, 0.0};
};

double with_member(double a, double b) {
  Model m;
  m.w = a;
  m.c = std::make_tuple(b, a * b);
  return m.w * std::get<0>(m.c) + std::get<1>(m.c);
}

using Nested = std::tuple<std::tuple<double, double>, double>;

Nested nest(double a, double b) { return {{a * b, a}, b * b}; }

void twice(double &v) { v *= 2; }

double nested(double a, double b) {
  Nested n = nest(a, b);
  std::get<1>(std::get<0>(n)) += std::get<1>(n);
  twice(std::get<0>(std::get<0>(n)));
  const auto &[inner, last] = n;
  return std::get<0>(inner) * last + std::get<1>(inner);
}

double with_vector(double a, double b) {
  std::tuple<std::vector<double>, double> t;
  for (int i = 0; i < 4; ++i)
    std::get<0>(t).push_back(std::pow(a, i));
  std::get<1>(t) = b;
  double r = std::get<1>(t);
  for (double x : std::get<0>(t))
    r += x * x * std::get<1>(t);
  return r;
}

// Tuples through the standard algorithms: for_each writes an element,
// accumulate's function takes each tuple by const reference.
double through_algorithms(double x, double y) {
  std::vector<std::tuple<double, double>> v;
  for (int i = 0; i < 3; ++i)
    v.push_back(std::make_tuple(x * i, y + i));
  std::for_each(v.begin(), v.end(),
                [x](std::tuple<double, double> &e) { std::get<1>(e) *= x; });
  return std::accumulate(v.begin(), v.end(), 0.0,
                         [](double s, const std::tuple<double, double> &e) {
                           return s + std::get<0>(e) * std::get<1>(e);
                         });
}

int main() {
  {
    auto [v, dx, dy] = ddx::gradient(bound, ddx::active(1.2), ddx::active(0.7));
    auto [v1, tx] = ddx::derivative(bound, ddx::dual(1.2, 1.0), 0.7);
    auto [v2, ty] = ddx::derivative(bound, 1.2, ddx::dual(0.7, 1.0));
    check::two_inputs("bound", bound, 1.2, 0.7, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(got, ddx::active(1.3), ddx::active(-0.4));
    auto [v1, tx] = ddx::derivative(got, ddx::dual(1.3, 1.0), -0.4);
    auto [v2, ty] = ddx::derivative(got, 1.3, ddx::dual(-0.4, 1.0));
    check::two_inputs("got", got, 1.3, -0.4, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(with_count, ddx::active(0.6), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(with_count, ddx::dual(0.6, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(with_count, 0.6, ddx::dual(1.5, 1.0));
    check::two_inputs("with_count", with_count, 0.6, 1.5, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(by_reference, ddx::active(0.9), ddx::active(1.2));
    auto [v1, tx] = ddx::derivative(by_reference, ddx::dual(0.9, 1.0), 1.2);
    auto [v2, ty] = ddx::derivative(by_reference, 0.9, ddx::dual(1.2, 1.0));
    check::two_inputs("by_reference", by_reference, 0.9, 1.2, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(iterated, ddx::active(0.7), ddx::active(0.3));
    auto [v1, tx] = ddx::derivative(iterated, ddx::dual(0.7, 1.0), 0.3);
    auto [v2, ty] = ddx::derivative(iterated, 0.7, ddx::dual(0.3, 1.0));
    check::two_inputs("iterated", iterated, 0.7, 0.3, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(from_lambda, ddx::active(1.1), ddx::active(0.6));
    auto [v1, tx] = ddx::derivative(from_lambda, ddx::dual(1.1, 1.0), 0.6);
    auto [v2, ty] = ddx::derivative(from_lambda, 1.1, ddx::dual(0.6, 1.0));
    check::two_inputs("from_lambda", from_lambda, 1.1, 0.6, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(pendulum, ddx::active(0.5), ddx::active(0.2));
    auto [v1, tx] = ddx::derivative(pendulum, ddx::dual(0.5, 1.0), 0.2);
    auto [v2, ty] = ddx::derivative(pendulum, 0.5, ddx::dual(0.2, 1.0));
    check::two_inputs("pendulum", pendulum, 0.5, 0.2, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(table, ddx::active(0.5), ddx::active(0.2));
    auto [v1, tx] = ddx::derivative(table, ddx::dual(0.5, 1.0), 0.2);
    auto [v2, ty] = ddx::derivative(table, 0.5, ddx::dual(0.2, 1.0));
    check::two_inputs("table", table, 0.5, 0.2, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(by_type, ddx::active(0.5), ddx::active(0.2));
    auto [v1, tx] = ddx::derivative(by_type, ddx::dual(0.5, 1.0), 0.2);
    auto [v2, ty] = ddx::derivative(by_type, 0.5, ddx::dual(0.2, 1.0));
    check::two_inputs("by_type", by_type, 0.5, 0.2, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(with_member, ddx::active(0.5), ddx::active(0.2));
    auto [v1, tx] = ddx::derivative(with_member, ddx::dual(0.5, 1.0), 0.2);
    auto [v2, ty] = ddx::derivative(with_member, 0.5, ddx::dual(0.2, 1.0));
    check::two_inputs("with_member", with_member, 0.5, 0.2, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(nested, ddx::active(0.5), ddx::active(0.2));
    auto [v1, tx] = ddx::derivative(nested, ddx::dual(0.5, 1.0), 0.2);
    auto [v2, ty] = ddx::derivative(nested, 0.5, ddx::dual(0.2, 1.0));
    check::two_inputs("nested", nested, 0.5, 0.2, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(with_vector, ddx::active(0.5), ddx::active(0.2));
    auto [v1, tx] = ddx::derivative(with_vector, ddx::dual(0.5, 1.0), 0.2);
    auto [v2, ty] = ddx::derivative(with_vector, 0.5, ddx::dual(0.2, 1.0));
    check::two_inputs("with_vector", with_vector, 0.5, 0.2, v, dx, dy, v1, tx,
                      v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(through_algorithms, ddx::active(0.7), ddx::active(1.3));
    auto [v1, tx] =
        ddx::derivative(through_algorithms, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, ty] =
        ddx::derivative(through_algorithms, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("through_algorithms", through_algorithms, 0.7, 1.3, v, dx,
                      dy, v1, tx, v2, ty);
  }
  return check::finish();
}
