// EXPECT-EXIT: 1
// EXPECT-DIAG: 24:10: ddx cannot differentiate 'inner' in reverse mode yet: its reverse sweep runs apart from its forward sweep and needs the object 's'
// EXPECT-NOTE: 24:10: give the class a default constructor, such as 'Series() = default;'
// Case: a function called with active arguments (differentiated in split
// mode: its reverse sweep runs after its caller went on) builds an object
// of a class without a default constructor that its reverse sweep reads.
// The tape could keep a copy, but the reverse sweep has nothing to take
// it back into. Refused at the object, saying what makes it work.
#include <cmath>
#include <ddx/ddx.hpp>
#include <vector>
struct Series {
  std::vector<double> w;
  double scale;
  Series(double a, int n) : w(n, a), scale(2 * a) {}
  double sum() const {
    double s = 0;
    for (double v : w)
      s += v * v;
    return s * scale;
  }
};
double inner(double a, int n) {
  Series s(a, n);
  return s.sum() * a;
}
double outer(double a, int n) {
  double r = inner(a, n);
  return r * std::sin(r);
}
int main() {
  auto [y, d] = ddx::gradient(outer, ddx::active(0.3), ddx::constant(4));
  return y + d > 0;
}
