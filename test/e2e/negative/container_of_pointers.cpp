// EXPECT-EXIT: 1
// EXPECT-DIAG: 20:25: ddx cannot differentiate a function with the container 'ps' of pointers (or of objects holding pointers) yet
// EXPECT-NOTE: 20:25: keep indices into the arrays or containers instead, or give a container of pointers its elements with push_back
// Case: a std::vector of pointers to the function's values, written
// through. The derivative of a container is built as zeros of its
// elements, so its pointers were null and the generated program crashed
// after ddx had exited 0 (so did a vector of structs holding pointers, a
// spring network's `std::vector<Spring>` of body pointers). Refused where
// the container is declared.
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>

struct Spring {
  double *a, *b;
};

double f(double x, double y) {
  double a = x, b = y;
  std::vector<double *> ps{&a, &b};
  for (double *p : ps)
    *p = std::sin(*p) + *p * y;
  return a * b;
}

int main() {
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(0.7), ddx::active(1.3));
  return v + dx + dy > 0 ? 0 : 1;
}
