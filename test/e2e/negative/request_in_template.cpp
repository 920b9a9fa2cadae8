// EXPECT-EXIT: 1
// EXPECT-DIAG: 10:17: inside templates
// Case: a request inside a function template is reported, not silently left
// untransformed
#include <ddx/ddx.hpp>

double f(double x) { return x * x; }

template <class T> T use(T x) {
  auto [y, d] = ddx::gradient(f, ddx::active(x));
  return y + d;
}

int main() { return use(1.0) > 0 ? 0 : 1; }
