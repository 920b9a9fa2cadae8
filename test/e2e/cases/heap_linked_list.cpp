// Case: a linked list built with new in a loop (each node pointing to the
// one before), walked in a callee, and freed node by node in another loop:
// the shadow list links the same way, and reverse mode keeps the freed
// nodes until the reverse sweep undoes their allocation. Both modes.
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>

struct Node {
  double v;
  Node *next;
};

static double walk(const Node *head) {
  double s = 0;
  for (const Node *p = head; p; p = p->next)
    s = s * 0.5 + p->v * p->v;
  return s;
}

double f(double a, double b) {
  Node *head = nullptr;
  for (int k = 0; k < 5; ++k) {
    Node *n = new Node;
    n->v = a * k + std::cos(b * k);
    n->next = head;
    head = n;
  }
  double s = walk(head);
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
