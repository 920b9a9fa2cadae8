// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:8: ddx cannot differentiate the construction of 'n1' yet: its class 'Node' has no default constructor
// EXPECT-NOTE: 14:41: the change outside the object
// EXPECT-NOTE: 21:8: give the class a default constructor
// Case: a class without a default constructor (it holds a vector) whose
// constructor changes a counter passed by reference. Generated code builds
// such an object with its constructor and then runs the constructor's
// derivative on it: the counter would be stepped twice (the value came
// out 7.343 where 3.343 is right). Refused at the construction.
#include <ddx/ddx.hpp>
#include <vector>
struct Node {
  std::vector<double> w;
  Node(double a, int &next) : w(2, a) { ++next; }
};
double f(double a) {
  int next = 0;
  double s = 0;
  for (int k = 0; k < 2; ++k)
    s += a * k;
  Node n1(a, next);
  return n1.w[0] * s + next;
}
int main() { auto [y, d] = ddx::gradient(f, ddx::active(1.5)); return y + d > 0; }
