// Case: integrands whose parameter is not of the rule's type: a double
// integrand under gauss_kronrod<float, 15> (the rule's float tangents and
// adjoints convert), an integrand taking int (a piecewise-constant
// function; its parameter carries no derivative), a long double
// integrand capturing doubles, and a function taking float bound through a
// std::function<double(double)> (the adjoint of its argument is a float:
// the output did not compile, fuzz mutant 2228 of seed 13)
#include "check.hpp"
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <ddx/ddx.hpp>
#include <functional>
using namespace boost::math::quadrature;

double wide(double k, double b) {
  auto f = [k](double x) { return std::exp(-k * x) * std::cos(x); };
  return gauss_kronrod<float, 15>::integrate(f, 0.0f, b, 10, 1e-5f);
}

double steps(double k, double b) {
  // No subdivision (max_depth 0): the nodes do not move with k.
  auto f = [k](int n) { return std::exp(-k * n) * (n + 1); };
  return gauss_kronrod<double, 15>::integrate(f, 0.0, b, 0, 1e-9);
}

// A long double integrand capturing double values (its cotangent holds
// long doubles; the captures' adjoints convert back).
double extended(double k, double b) {
  auto f = [k, b](long double x) { return std::exp(-k * x) * (b + x); };
  return gauss_kronrod<double, 15>::integrate(f, 0.0, 1.0, 10, 1e-10);
}

double bump(float x) { return std::exp(-x * x); }
double shifted(std::function<double(double)> f, double s) {
  return f(0.1 + s) + f(0.2 * s);
}
double narrowed(double k, double s) { return shifted(bump, s * k); }

int main() {
  const double k = 0.6, b = 1.3, c = 2.5;
  auto [v, dk, db] = ddx::gradient(wide, ddx::active(k), ddx::active(b));
  auto [v1, tk] = ddx::derivative(wide, ddx::dual(k, 1.0), b);
  auto [v2, tb] = ddx::derivative(wide, k, ddx::dual(b, 1.0));
  check::near("wide value", v, wide(k, b), 1e-6);
  check::fd(
      "wide d/dk", dk, [&](double h) { return wide(k + h, b); }, 1e-2, 1e-2);
  check::fd(
      "wide d/db", db, [&](double h) { return wide(k, b + h); }, 1e-2, 1e-2);
  check::near("wide fwd vs rev k", tk, dk, 1e-5);
  check::near("wide fwd vs rev b", tb, db, 1e-5);
  (void)v1;
  (void)v2;

  auto [s, sk, sb] = ddx::gradient(steps, ddx::active(k), ddx::active(c));
  auto [s1, uk] = ddx::derivative(steps, ddx::dual(k, 1.0), c);
  check::near("steps value", s, steps(k, c), 1e-12);
  check::fd(
      "steps d/dk", sk, [&](double h) { return steps(k + h, c); }, 1e-4, 1e-6);
  // The bound's derivative is the integrand at the bound (Leibniz), the
  // derivative of the integral; the quadrature of a step function moves
  // otherwise with its nodes.
  check::near("steps d/db", sb, std::exp(-k * 2) * 3, 1e-12);
  check::fd(
      "steps d/dk fwd", uk, [&](double h) { return steps(k + h, c); }, 1e-4,
      1e-6);
  (void)s1;
  auto [e, ek, eb] = ddx::gradient(extended, ddx::active(k), ddx::active(b));
  auto [e1, fk] = ddx::derivative(extended, ddx::dual(k, 1.0), b);
  check::near("extended value", e, extended(k, b), 1e-12);
  check::fd("extended d/dk", ek, [&](double h) { return extended(k + h, b); });
  check::fd("extended d/db", eb, [&](double h) { return extended(k, b + h); });
  check::fd("extended d/dk fwd", fk,
            [&](double h) { return extended(k + h, b); });
  (void)e1;
  // (bump computes in float: the checks allow for its rounding.)
  auto [n, nk, ns] = ddx::gradient(narrowed, ddx::active(k), ddx::active(b));
  auto [n1, mk] = ddx::derivative(narrowed, ddx::dual(k, 1.0), b);
  check::near("narrowed value", n, narrowed(k, b), 1e-12);
  check::fd(
      "narrowed d/dk", nk, [&](double h) { return narrowed(k + h, b); }, 1e-3,
      1e-2);
  check::fd(
      "narrowed d/ds", ns, [&](double h) { return narrowed(k, b + h); }, 1e-3,
      1e-2);
  check::near("narrowed fwd vs rev k", mk, nk, 1e-5);
  (void)n1;
  return check::finish();
}
