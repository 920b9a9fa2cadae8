// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:21: ddx cannot pass 'd' by value to 'spread' in reverse mode yet: it holds a container
// Case: a struct holding a std::vector, passed by value in reverse mode:
// the callee's adjoints went into its copy of the struct's derivative and
// never reached the caller (a gradient of 0). Refused at the argument,
// saying to take it by const reference.
#include <ddx/ddx.hpp>
#include <vector>

struct Data {
  std::vector<double> w;
};

double spread(Data d) { return d.w[0] * d.w[1]; }

double f(double a, double b) {
  Data d{std::vector<double>{a, b}};
  return b + spread(d);
}

int main() {
  auto [v, da, db] = ddx::gradient(f, ddx::active(1.3), ddx::active(0.7));
  return v > 0 && da > 0 && db > 0 ? 0 : 1;
}
