// Case: a request on a lambda that calls a const member function of a model
// holding std::vector data (a least-squares loss), capturing the model by
// reference: the const call cannot write into the vectors, so the model
// needs no shadow (it used to be refused as "writes active values into
// 'm'"); both modes
#include <ddx/ddx.hpp>
#include <vector>
#include "check.hpp"

struct Model {
  std::vector<double> xs, ys;
  double loss(double k, double c) const {
    double s = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      double r = k * xs[i] + c - ys[i];
      s += r * r;
    }
    return s / xs.size();
  }
};

int main() {
  Model m{{1, 2, 3, 4}, {2.1, 3.9, 6.2, 7.8}};
  const double k = 1.5, c = 0.3;
  auto loss = [&](double kk, double cc) { return m.loss(kk, cc); };
  auto [v, dk, dc] = ddx::gradient(
      [&](double kk, double cc) { return m.loss(kk, cc); }, ddx::active(k),
      ddx::active(c));
  auto [v1, tk] = ddx::derivative(
      [&](double kk, double cc) { return m.loss(kk, cc); }, ddx::dual(k, 1.0),
      c);
  auto [v2, tc] = ddx::derivative(
      [&](double kk, double cc) { return m.loss(kk, cc); }, k,
      ddx::dual(c, 1.0));
  check::two_inputs("loss", loss, k, c, v, dk, dc, v1, tk, v2, tc);
  return check::finish();
}
