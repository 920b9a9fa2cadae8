// EXPECT-EXIT: 1
// EXPECT-DIAG: 23:11: ddx cannot differentiate a new-expression with placement arguments (placement new, std::nothrow)
// EXPECT-NOTE: 23:11: allocate with a plain new, malloc or a std::vector
// EXPECT-DIAG: 24:9: ddx cannot differentiate a new array of arrays yet
// EXPECT-DIAG: 25:26: ddx cannot differentiate this array size here: ddx evaluates it again
// EXPECT-NOTE: 25:26: compute it into a local variable first
// EXPECT-DIAG: 29:29: ddx cannot differentiate realloc
// Case: heap memory ddx gives no derivative to, each refused where it is
// written. A placement new builds in memory that was not allocated there;
// an array of arrays; an array size that may differ when ddx evaluates it
// again for the derivative's memory (rand()); realloc, whose shadow would
// need the old size.
#include <cstdlib>
#include <ddx/ddx.hpp>
#include <new>

struct Holder {
  double *buf;
};

double f(double a) {
  alignas(double) unsigned char raw[sizeof(double)];
  double *p = new (raw) double(a);
  auto *m = new double[2][3];
  double *r = new double[std::rand() % 4 + 1];
  m[0][0] = a;
  r[0] = *p * m[0][0];
  double *q = static_cast<double *>(std::malloc(sizeof(double)));
  q = static_cast<double *>(std::realloc(q, 2 * sizeof(double)));
  q[1] = r[0];
  double s = q[1];
  std::free(q);
  delete[] r;
  delete[] m;
  return s;
}

int main() {
  auto [v, d] = ddx::gradient(f, ddx::active(1.0));
  return v + d > 0 ? 0 : 1;
}
