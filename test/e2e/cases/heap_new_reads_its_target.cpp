// Case: new-expressions whose initial values read the pointer they are
// assigned to (the push-front idiom 'head = new Node{v, head}', 'p = new
// double(p[0] * b)'), and one stored straight into a struct member: the
// memory is allocated into a new pointer, given its values, then stored,
// so the values read the old pointer. Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
struct Node {
  double v;
  Node *next;
};
struct Holder {
  double *buf;
  int n;
};
static double walk(const Node *head) {
  double s = 0;
  for (const Node *p = head; p; p = p->next)
    s = s * 0.5 + p->v * p->v;
  return s;
}
double f(double a, double b) {
  Node *head = nullptr;
  for (int k = 0; k < 5; ++k)
    head = new Node{a * k + std::cos(b * k), head};
  double *p = new double(a);
  double *old = p;
  p = new double(p[0] * b); // reads the memory it replaces
  delete old;
  Holder h;
  h.n = 2;
  h.buf = new double[2]{a * b, *p};
  double s = walk(head) + h.buf[0] * h.buf[1];
  delete[] h.buf;
  delete p;
  while (head) {
    Node *next = head->next;
    delete head;
    head = next;
  }
  return s;
}
int main() {
  const double a = 0.8, b = 1.3;
  auto [v, dx, dy] = ddx::gradient(f, ddx::active(a), ddx::active(b));
  auto [v1, tx] = ddx::derivative(f, ddx::dual(a, 1.0), b);
  auto [v2, ty] = ddx::derivative(f, a, ddx::dual(b, 1.0));
  check::two_inputs("f", f, a, b, v, dx, dy, v1, tx, v2, ty);
  return check::finish();
}
