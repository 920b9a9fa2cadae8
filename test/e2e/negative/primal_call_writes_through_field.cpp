// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:5: the call to 'fill' may change memory through a pointer ddx cannot follow
// EXPECT-NOTE: 22:5: pass the array itself, or a local pointer variable
// Case: a struct's field points at an index array; a call left as primal
// code rewrites the array through the field in every iteration, and the
// derivative reads the array by its own name. ddx follows pointer
// variables but not pointers kept in fields, so it cannot save what the
// call changes for the reverse sweep: refused at the call.
#include <ddx/ddx.hpp>

void fill(int *idx, int n, int shift) {
  for (int i = 0; i < n; ++i)
    idx[i] = (i + shift) % n;
}
struct View { int *p; };
double f(double a, double b) {
  const double x[2] = {a, b};
  int idx[2];
  View v{idx};
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    fill(v.p, 2, t);
    s += x[idx[0]] * x[idx[1]] * (t + 1);
  }
  return s;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
