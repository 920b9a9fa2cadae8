// EXPECT-EXIT: 1
// EXPECT-DIAG: 24:5: the call to .fill. may change memory through a pointer ddx cannot follow
// EXPECT-NOTE: 24:5: pass the array itself, or a local pointer variable
// Case: the indices live in memory a function returned (a workspace), a
// call left as primal code rewrites them in every iteration, and the
// derivative reads them through the pointer. ddx cannot tell which memory
// the pointer reaches, so it cannot save it for the reverse sweep, which
// would otherwise see the last iteration's indices: refused at the call.
#include <ddx/ddx.hpp>

static int workspace[2];
int *indices() { return workspace; }

void fill(int *idx, int n, int shift) {
  for (int i = 0; i < n; ++i)
    idx[i] = (i + shift) % n;
}

double f(double a, double b) {
  const double x[2] = {a, b};
  int *idx = indices();
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    fill(idx, 2, t);
    s += x[idx[0]] * x[idx[1]] * (t + 1);
  }
  return s;
}

int main() {
  auto [y, da, db] = ddx::gradient(f, ddx::active(1.0), ddx::active(2.0));
  return y + da + db > 0;
}
