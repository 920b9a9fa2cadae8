// Case: std::get<I> on a std::pair and a std::array names the element, as
// .first, .second or [I] would: read, written, accumulated into, through a
// const reference parameter, and in a loop over a pair overwritten each
// iteration. Both modes against finite differences.
#include "check.hpp"
#include <array>
#include <cmath>
#include <ddx/ddx.hpp>
#include <utility>

std::pair<double, double> polar(double x, double y) {
  return {std::sqrt(x * x + y * y), std::atan2(y, x)};
}

double radius_times_angle(const std::pair<double, double> &p) {
  return std::get<0>(p) * std::get<1>(p);
}

double pairs(double x, double y) {
  std::pair<double, double> p = polar(x, y);
  double a = std::get<0>(p) * y;
  std::get<1>(p) += a;
  std::get<0>(p) = std::get<1>(p) * x;
  return radius_times_angle(p) + std::get<1>(p);
}

double arrays(double x, double y) {
  std::array<double, 3> v{x, y, x * y};
  std::get<2>(v) *= std::get<0>(v);
  for (int i = 0; i < 3; ++i)
    std::get<1>(v) += std::sin(v[i]);
  const std::array<double, 3> &w = v;
  return std::get<0>(w) + std::get<1>(w) * std::get<2>(w);
}

// A pair overwritten in a loop: the reverse sweep restores it per step.
double rotations(double x, double y) {
  std::pair<double, double> p{x, y};
  for (int k = 0; k < 4; ++k) {
    double c = std::cos(0.3 * k), s = std::sin(0.3 * k);
    p = {c * std::get<0>(p) - s * std::get<1>(p),
         s * std::get<0>(p) + c * std::get<1>(p) * x};
  }
  return std::get<0>(p) + 2 * std::get<1>(p);
}

int main() {
  {
    auto [v, dx, dy] = ddx::gradient(pairs, ddx::active(1.2), ddx::active(0.7));
    auto [v1, tx] = ddx::derivative(pairs, ddx::dual(1.2, 1.0), 0.7);
    auto [v2, ty] = ddx::derivative(pairs, 1.2, ddx::dual(0.7, 1.0));
    check::two_inputs("pairs", pairs, 1.2, 0.7, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(arrays, ddx::active(0.4), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(arrays, ddx::dual(0.4, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(arrays, 0.4, ddx::dual(1.3, 1.0));
    check::two_inputs("arrays", arrays, 0.4, 1.3, v, dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(rotations, ddx::active(0.9), ddx::active(-0.5));
    auto [v1, tx] = ddx::derivative(rotations, ddx::dual(0.9, 1.0), -0.5);
    auto [v2, ty] = ddx::derivative(rotations, 0.9, ddx::dual(-0.5, 1.0));
    check::two_inputs("rotations", rotations, 0.9, -0.5, v, dx, dy, v1, tx, v2,
                      ty);
  }
  return check::finish();
}
