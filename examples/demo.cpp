// The ddx demo: derivatives of a small model, in reverse and forward mode,
// printed beside central finite differences.
#include <ddx/ddx.hpp>

#include <cmath>
#include <cstdio>

// A damped oscillator's displacement, integrated with a fixed-step loop.
double displacement(double stiffness, double damping, int steps) {
  double x = 1.0, v = 0.0;
  const double dt = 0.01;
  for (int i = 0; i < steps; ++i) {
    double a = -stiffness * x - damping * v;
    v += dt * a;
    x += dt * v;
  }
  return x;
}

double model(double k, double c) {
  return std::exp(-c) * std::sin(k * k) + displacement(k, c, 200);
}

template <class F> double central_difference(F f, double x, double h = 1e-5) {
  return (f(x + h) - f(x - h)) / (2 * h);
}

int main() {
  const double k = 1.7, c = 0.3;
  auto [y, dk, dc] = ddx::gradient(model, ddx::active(k), ddx::active(c));
  auto [y1, tk] = ddx::derivative(model, ddx::dual(k, 1.0), c);

  double fdk = central_difference([&](double v) { return model(v, c); }, k);
  double fdc = central_difference([&](double v) { return model(k, v); }, c);
  std::printf("model(k=%g, c=%g) = %.12f\n", k, c, y);
  std::printf("%-28s %-20s %-20s\n", "", "ddx", "finite difference");
  std::printf("%-28s % .12e % .12e\n", "d/dk (reverse, gradient)", dk, fdk);
  std::printf("%-28s % .12e % .12e\n", "d/dc (reverse, gradient)", dc, fdc);
  std::printf("%-28s % .12e % .12e\n", "d/dk (forward, derivative)", tk, fdk);
  bool ok = std::fabs(dk - fdk) < 1e-6 * (1 + std::fabs(fdk)) &&
            std::fabs(dc - fdc) < 1e-6 * (1 + std::fabs(fdc)) &&
            std::fabs(tk - dk) < 1e-12 * (1 + std::fabs(dk));
  std::printf("%s\n", ok ? "derivatives agree" : "MISMATCH");
  return ok ? 0 : 1;
}
