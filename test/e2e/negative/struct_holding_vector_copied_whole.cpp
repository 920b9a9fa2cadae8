// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:8: ddx cannot copy a whole 'Data' in reverse mode yet: it holds a container
// Case: a struct holding a std::vector copied whole (Data e = d;) in
// reverse mode. The copy's derivative kept an empty vector, and the
// generated code crashed (segmentation fault) when the reverse sweep
// indexed it. Refused at the copy, saying to copy member by member
// (Data e{d.w, d.c}; works).
#include <ddx/ddx.hpp>
#include <vector>

struct Data {
  std::vector<double> w;
  double c;
};

double f(double a, double b) {
  Data d{std::vector<double>{a, b, a * b}, b};
  Data e = d;
  e.w[0] = e.w[0] * e.c;
  return e.w[0] * d.w[1];
}

int main() {
  auto [v, da, db] = ddx::gradient(f, ddx::active(1.3), ddx::active(0.7));
  return v > 0 && da > 0 && db > 0 ? 0 : 1;
}
