// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:9: ddx cannot keep the derivative of 'm': its type 'Model' gives members default values
// EXPECT-NOTE: 18:9: set those members' starting values where the object is made
// Case: a struct whose double member has a default value and which also
// holds a std::vector. A derivative must start from zero, and `Model{}`
// starts from k = 1.5; ddx clears such a derivative byte by byte, which a
// std::vector does not allow: refused where the local is declared, saying
// how to write the struct.
#include <ddx/ddx.hpp>
#include <vector>

struct Model {
  double k = 1.5;
  std::vector<double> w;
};

double f(double a) {
  Model m;
  m.w = std::vector<double>(3, a);
  m.k = m.k * a;
  return m.k * m.w[1];
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(2.0));
  return v > 0 && d > 0 ? 0 : 1;
}
