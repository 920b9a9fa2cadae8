// Case: std::complex<double> arithmetic as a control engineer writes it:
// the frequency response of a first-order lag with a dead time,
// H(iw) = k e^{-iw d} / (1 + iw tau), its gain and phase, and a few more
// functions of complex values (norm, conj, sqrt, log, pow, polar, real and
// imag, as members and as free functions), and a polynomial evaluated by
// Horner's rule with compound assignments in a loop. The complex values carry
// complex tangents and adjoints; every operation goes through the rules in
// <ddx/rules/complex.hpp>. Both modes against finite differences.
#include <ddx/ddx.hpp>
#include <cmath>
#include <complex>
#include <numeric>
#include <vector>
#include "check.hpp"

using cplx = std::complex<double>;

double gain(double w, double tau) {
  const double k = 2.0, d = 0.3;
  cplx s(0.0, w);
  cplx H = k * std::exp(-s * d) / (1.0 + s * tau);
  return std::abs(H) + 0.5 * std::arg(H);
}

double mixed(double a, double b) {
  cplx z{a, b};
  cplx w = std::polar(a * b, b - a);
  cplx u = std::sqrt(z) * std::conj(w) - std::log(z + 2.0);
  cplx p = std::pow(z, 1.5) + std::pow(z, w) + std::pow(2.0, z);
  cplx q = u / p - +z;
  return q.real() * std::imag(q) + std::norm(u) + std::real(p) - z.imag();
}

// The inverse functions (bound to the complex rules, not to the real ones
// of <cmath>, whose transpose would lack the conjugate), pow at zero (whose
// exponent's partial is 0, not NaN), and std::inner_product of complex
// vectors (its pullback conjugates the factors).
double inverses(double a, double b) {
  cplx z(0.3 * a, 0.2 * b);
  cplx w = std::asin(z) + std::acos(z) * 0.5 + std::atan(z) * 2.0 +
           std::asinh(z) - std::acosh(z + 2.0) + std::atanh(z) * 0.25;
  cplx zero = z - z;
  std::vector<cplx> x{z, w}, y{cplx(b, a), std::conj(z)};
  cplx dot = std::inner_product(x.begin(), x.end(), y.begin(), cplx(0.0, 0.0));
  return std::real(w) + 0.7 * std::imag(w) + std::real(std::pow(zero, 2)) +
         std::real(dot) - 0.3 * std::imag(dot);
}

// The response of a cascade: Horner's rule for a polynomial in s, then
// compound assignments with complex and real right-hand sides.
double cascade(double w, double c) {
  const double coef[4] = {1.0, 0.5, 0.25, 0.125};
  std::complex<double> s(0.0, w);
  std::complex<double> p = coef[3] * c;
  for (int k = 2; k >= 0; --k) {
    p *= s;
    p += coef[k] * c;
  }
  std::complex<double> q = p;
  q /= (1.0 + s);
  q -= c;
  q *= 2.0;
  q /= c + 1.0;
  if (q == p)
    q = 0.0;
  return std::abs(q) + std::real(p);
}

int main() {
  {
    const double w = 0.7, tau = 1.3;
    auto [v, dx, dy] = ddx::gradient(gain, ddx::active(w), ddx::active(tau));
    auto [v1, tx] = ddx::derivative(gain, ddx::dual(w, 1.0), tau);
    auto [v2, ty] = ddx::derivative(gain, w, ddx::dual(tau, 1.0));
    check::two_inputs("gain", gain, w, tau, v, dx, dy, v1, tx, v2, ty);
  }
  {
    const double a = 0.8, b = 0.6;
    auto [v, dx, dy] = ddx::gradient(mixed, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(mixed, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(mixed, a, ddx::dual(b, 1.0));
    check::two_inputs("mixed", mixed, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    const double a = 0.8, b = 1.3;
    auto [v, dx, dy] = ddx::gradient(inverses, ddx::active(a), ddx::active(b));
    auto [v1, tx] = ddx::derivative(inverses, ddx::dual(a, 1.0), b);
    auto [v2, ty] = ddx::derivative(inverses, a, ddx::dual(b, 1.0));
    check::two_inputs("inverses", inverses, a, b, v, dx, dy, v1, tx, v2, ty);
  }
  {
    const double w = 0.9, c = 1.4;
    auto [v, dx, dy] = ddx::gradient(cascade, ddx::active(w), ddx::active(c));
    auto [v1, tx] = ddx::derivative(cascade, ddx::dual(w, 1.0), c);
    auto [v2, ty] = ddx::derivative(cascade, w, ddx::dual(c, 1.0));
    check::two_inputs("cascade", cascade, w, c, v, dx, dy, v1, tx, v2, ty);
  }
  return check::finish();
}
