// Case: std::vector::push_back on a container the function does not own:
// a reference parameter of a helper (called twice, and in a loop), a
// vector a lambda captures by reference, and one std::for_each's function
// fills, also inside a captured struct and tuple; and resize, pop_back and
// clear through a reference parameter. The
// shadow grows with the container; in reverse mode the element is taken off
// again and its adjoint given to the value pushed (and, for for_each, whose
// pullback runs the function again after the caller put the vector back, the
// adjoints the caller gave its elements are found where the replay grows them).
// Both modes against finite differences.
#include "check.hpp"
#include <algorithm>
#include <cmath>
#include <ddx/ddx.hpp>
#include <tuple>
#include <vector>

void add(std::vector<double> &v, double x) { v.push_back(x * x); }

void fill(std::vector<double> &out, double a, int n) {
  for (int i = 0; i < n; ++i)
    out.push_back(std::sin(a * i) + a);
}

double helpers(double x, double y) {
  std::vector<double> v;
  add(v, x);
  add(v, y);
  fill(v, x * y, 3);
  double s = 0;
  for (double e : v)
    s += e * e;
  return v[0] * v[1] + s;
}

double captured(double x, double y) {
  std::vector<double> v;
  auto keep = [&v](double e) { v.push_back(e * e); };
  keep(x);
  keep(x * y);
  keep(std::exp(y));
  return v[0] + v[1] * v[2];
}

double each(double k, double x0) {
  std::vector<double> in{k, x0, k * x0};
  std::vector<double> out;
  std::for_each(in.begin(), in.end(),
                [&out](double e) { out.push_back(e * e); });
  return out[0] + out[1] * out[2];
}

void reshape(std::vector<double> &v, double a) {
  v.resize(v.size() + 2);
  v[v.size() - 1] = a * a;
  v[v.size() - 2] = std::sin(a);
  v.pop_back();
}

void restart(std::vector<double> &v, double a) {
  double keep = v[0];
  v.clear();
  v.push_back(keep * a);
  v.push_back(a);
}

double reshaped(double x, double y) {
  std::vector<double> v{x, y};
  reshape(v, x * y);
  double s = v[0] + v[1] * v[2];
  restart(v, y);
  reshape(v, x);
  return s * v[0] + v[1] * v[2] + v.size();
}

// Vectors inside a struct and a tuple that a for_each function grows.
struct Bag {
  std::vector<double> v;
  double w = 0;
};

double in_struct_and_tuple(double k, double x0) {
  std::vector<double> in{k, x0, k * x0};
  Bag b;
  std::tuple<std::vector<double>, double> t;
  std::for_each(in.begin(), in.end(), [&b, &t](double e) {
    b.v.push_back(e * e);
    std::get<0>(t).push_back(e + 1);
  });
  return b.v[0] + b.v[1] * b.v[2] + std::get<0>(t)[1] * std::get<0>(t)[2];
}

int main() {
  {
    auto [v, dx, dy] =
        ddx::gradient(helpers, ddx::active(0.7), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(helpers, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(helpers, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("helpers", helpers, 0.7, 1.3, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(captured, ddx::active(0.7), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(captured, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(captured, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("captured", captured, 0.7, 1.3, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(each, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] = ddx::derivative(each, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] = ddx::derivative(each, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("each", each, 0.8, 1.5, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(reshaped, ddx::active(0.7), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(reshaped, ddx::dual(0.7, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(reshaped, 0.7, ddx::dual(1.3, 1.0));
    check::two_inputs("reshaped", reshaped, 0.7, 1.3, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(in_struct_and_tuple, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] =
        ddx::derivative(in_struct_and_tuple, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] =
        ddx::derivative(in_struct_and_tuple, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("in_struct_and_tuple", in_struct_and_tuple, 0.8, 1.5, v,
                      dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
