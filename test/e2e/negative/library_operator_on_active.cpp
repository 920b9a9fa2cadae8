// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:30: the library operator 'std::operator\*' on active values here: it differentiates library code through rules
// EXPECT-NOTE: 14:30: write the expression with built-in operators on the values the objects hold, or write a derivative rule
// Case: std::complex arithmetic on active values (until std::complex has
// rules): the refusal says the operator is the library's and that a rule or
// built-in arithmetic is the way out (it used to say "call a named function
// in a statement of its own", which changed nothing).
#include <complex>
#include <ddx/ddx.hpp>

double response(double w) {
  std::complex<double> s(0.0, w);
  std::complex<double> one(1.0, 0.0);
  std::complex<double> z = s * s;
  return z.real() + one.real();
}

int main() {
  auto [v, dw] = ddx::gradient(response, ddx::active(0.5));
  return v + dw > 0 ? 0 : 1;
}
