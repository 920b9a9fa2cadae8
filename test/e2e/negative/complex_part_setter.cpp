// EXPECT-EXIT: 1
// EXPECT-DIAG: 13:5: ddx cannot differentiate the member function call 'std::complex<double>::real' on active data yet
// Case: the setter z.real(x) of a std::complex writes one part of the
// object in place; ddx has rules for the complex operators, functions and
// the getters, not for the setters: refused at the call, with what to write
// instead (build the value again: z = std::complex<double>(x, z.imag())).
#include <ddx/ddx.hpp>
#include <complex>

double f(double a) {
  std::complex<double> z(1.0, a);
  z *= z;
  z.real(a * 2.0);
  return std::abs(z);
}

int main() {
  auto [y, da] = ddx::gradient(f, ddx::active(0.5));
  return y + da > 0;
}
