// Case: the <numeric>/<algorithm> rules and std::complex where models put
// them: std::accumulate in a callee differentiated in split sweeps, over a
// const std::vector<double> & parameter; std::transform into a member
// vector inside a member function, with a member captured by an
// init-capture; std::transform_reduce in a function template with
// std::plus<T>() and a named function as the callables; a function returning
// a std::complex, called in a loop; std::partial_sum in place on an array
// and std::for_each over std::begin/std::end with a lambda that counts.
// Both modes against finite differences.
#include "check.hpp"
#include <algorithm>
#include <cmath>
#include <complex>
#include <ddx/ddx.hpp>
#include <numeric>
#include <vector>
// accumulate in a callee (split sweeps), over a const vector& parameter
double sumsq(const std::vector<double> &v, double w) {
  return std::accumulate(v.begin(), v.end(), 0.0,
                         [w](double a, double x) { return a + w * x * x; });
}
double f1(double a, double b) {
  std::vector<double> v{a, b, a + b};
  double s = sumsq(v, b);
  v[0] = s * a; // overwrites after
  return s + sumsq(v, a);
}
// transform into a member vector, in a member function
struct Model {
  std::vector<double> y;
  double k;
  void apply(const std::vector<double> &x) {
    y.resize(x.size());
    std::transform(x.begin(), x.end(), y.begin(),
                   [k = k](double t) { return std::exp(-k * t); });
  }
};
double f2(double a, double b) {
  Model m{{}, b};
  std::vector<double> x{a, 2 * a, 0.5};
  m.apply(x);
  return std::inner_product(m.y.begin(), m.y.end(), x.begin(), 0.0);
}
// template function with reduce and a named function as callable
double sq(double x) { return x * x; }
template <class T> T norm2(const std::vector<T> &v) {
  return std::sqrt(
      std::transform_reduce(v.begin(), v.end(), T(0), std::plus<T>(), sq));
}
double f3(double a, double b) {
  std::vector<double> v{a, b, a * b, 1.0, 2.0};
  return norm2(v);
}
// complex in a callee and loop
std::complex<double> step(std::complex<double> z, double c) {
  return z * z + c;
}
double f4(double a, double b) {
  std::complex<double> z(a, b);
  for (int i = 0; i < 4; ++i)
    z = step(z, 0.1 * a);
  return std::norm(z);
}
// for_each with index via captured counter (int) and partial_sum in place on
// array
double f5(double a, double b) {
  double arr[4] = {a, b, a * b, 1.0};
  std::partial_sum(arr, arr + 4, arr);
  int i = 0;
  double s = 0;
  std::for_each(std::begin(arr), std::end(arr),
                [&](double x) { s += x * (i++); });
  return s + arr[3] * arr[1];
}
int main() {
  const double a = 0.8, b = 1.3;
  {
    auto [v, dx, dy] = ddx::gradient(f1, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f1, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f1, a, ddx::dual(b, 1.0));
    check::two_inputs("f1", f1, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(f2, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f2, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f2, a, ddx::dual(b, 1.0));
    check::two_inputs("f2", f2, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(f3, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f3, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f3, a, ddx::dual(b, 1.0));
    check::two_inputs("f3", f3, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(f4, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f4, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f4, a, ddx::dual(b, 1.0));
    check::two_inputs("f4", f4, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] = ddx::gradient(f5, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(f5, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(f5, a, ddx::dual(b, 1.0));
    check::two_inputs("f5", f5, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
