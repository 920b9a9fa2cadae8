// EXPECT-EXIT: 1
// EXPECT-DIAG: 14:31: the library operator 'std::operator\*' on active values here: it differentiates library code through rules
// EXPECT-NOTE: 14:31: write the expression with built-in operators on the values the objects hold, or write a derivative rule
// Case: std::valarray arithmetic on active values (the library's operators
// have no rules): the refusal says the operator is the library's and that a
// rule or built-in arithmetic is the way out (it used to say "call a named
// function in a statement of its own", which changed nothing). std::complex
// has its rules (case complex_transfer_function).
#include <ddx/ddx.hpp>
#include <valarray>

double response(double w) {
  std::valarray<double> s{w, 2.0 * w};
  std::valarray<double> z = s * s;
  return z[0] + z[1];
}

int main() {
  auto [v, dw] = ddx::gradient(response, ddx::active(0.5));
  return v + dw > 0 ? 0 : 1;
}
