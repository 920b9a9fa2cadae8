// EXPECT-EXIT: 1
// EXPECT-DIAG: 22:10: call through a function pointer
// Case: a local function pointer that a helper may set through a reference:
// the candidates the text shows (bell) are not all it can hold, so ddx does
// not switch over them; it reports the call instead of guessing
#include <ddx/ddx.hpp>
#include <cmath>

double bell(double x) { return std::exp(-x * x); }
double ramp(double x) { return x; }
using Fn = double (*)(double);
void choose(Fn &f, int which);

double model(double k, int which) {
  Fn f = &bell;
  choose(f, which);
  double s = 0;
  for (int i = 0; i < 4; ++i)
    s += k * i;
  // the pointer, set by choose() at run time
  return s +
         f(k);
}

void choose(Fn &f, int which) {
  if (which)
    f = &ramp;
}

int main() {
  auto [y, dk] = ddx::gradient(model, ddx::active(2.0), 1);
  return y > dk;
}
