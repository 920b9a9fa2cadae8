// Case: linked structures, a struct pointing to its own type (through a
// pointer to const and to non-const): walked in a loop, passed on member
// by member, recursed over, written through. The shadow nodes link the
// same way; a member pointing to const is the same member of the shadow,
// which the derivative writes through.
#include <ddx/ddx.hpp>
#include <cmath>
#include "check.hpp"

struct Node {
  double v;
  const Node *next;
};

struct Cell {
  double w;
  Cell *link;
};

double walk(const Node *n) {
  double s = 0;
  while (n) {
    s += n->v * n->v;
    n = n->next;
  }
  return s;
}

double recurse(const Node *n) {
  return n ? std::sin(n->v) * 2.0 + recurse(n->next) : 0.0;
}

double chain(double a, double b) {
  Node c{b, nullptr}, m{a * b, &c}, h{a, &m};
  return walk(&h) + walk(h.next) * recurse(m.next) + recurse(&h);
}

void scale_all(Cell *c, double k) {
  for (; c; c = c->link)
    c->w *= k;
}

double cells(double a, double b) {
  Cell z{b, nullptr}, y{a, &z}, x{a + b, &y};
  scale_all(&x, a);
  scale_all(x.link, b);
  const Cell *p = &x;
  double s = 0;
  while (p) {
    s += std::exp(0.1 * p->w);
    p = p->link;
  }
  return s;
}

int main() {
  const double a = 0.7, b = 1.3;
  {
    auto [y, da, db] = ddx::gradient(chain, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(chain, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(chain, a, ddx::dual(b, 1.0));
    check::near("chain value", y, chain(a, b));
    check::near("chain tangent value", y1, chain(a, b));
    check::fd("chain/a", da, [&](double h) { return chain(a + h, b); });
    check::fd("chain/b", db, [&](double h) { return chain(a, b + h); });
    check::near("chain fwd vs rev a", ta, da, 1e-12);
    check::near("chain fwd vs rev b", tb, db, 1e-12);
  }
  {
    auto [y, da, db] = ddx::gradient(cells, ddx::active(a), ddx::active(b));
    auto [y1, ta] = ddx::derivative(cells, ddx::dual(a, 1.0), b);
    auto [y2, tb] = ddx::derivative(cells, a, ddx::dual(b, 1.0));
    check::near("cells value", y, cells(a, b));
    check::fd("cells/a", da, [&](double h) { return cells(a + h, b); });
    check::fd("cells/b", db, [&](double h) { return cells(a, b + h); });
    check::near("cells fwd vs rev a", ta, da, 1e-12);
    check::near("cells fwd vs rev b", tb, db, 1e-12);
  }
  return check::finish();
}
