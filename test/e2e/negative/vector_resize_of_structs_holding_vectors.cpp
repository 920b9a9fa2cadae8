// EXPECT-EXIT: 1
// EXPECT-DIAG: 18:6: ddx cannot differentiate this resize or clear of 'ps' in reverse mode yet: its elements hold containers
// EXPECT-NOTE: 18:6: hold plain values in the vector
// Case: resize of a vector whose elements are structs holding vectors, in
// reverse mode: the reverse sweep puts the removed elements back, and
// their derivatives would need the sizes of the vectors inside, which ddx
// does not rebuild. Refused at the call (a vector of vectors works:
// cases/whole_copies_of_containers).
#include <ddx/ddx.hpp>
#include <vector>
struct Path {
  std::vector<double> xs;
};
double f(double a) {
  std::vector<Path> ps(2);
  ps[1].xs = std::vector<double>(2, a);
  double s = ps[1].xs[1] * a;
  ps.resize(1);
  return s;
}
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
