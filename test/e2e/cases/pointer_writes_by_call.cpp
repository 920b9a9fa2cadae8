// Primal calls that write int arrays through pointers other than the
// array's own name: the reverse sweep must read what the forward read.
#include "check.hpp"
#include "ddx/ddx.hpp"
#include <algorithm>
#include <string>
#include <vector>

void fill(int *idx, int n, int shift) {
  for (int i = 0; i < n; ++i)
    idx[i] = (i + shift) % n;
}

// Written through a pointer variable set once from the array.
double through_variable(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  int idx[3];
  int *p = idx;
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    fill(p, 3, t);
    s += x[idx[0]] * x[idx[1]] * (t + 1);
  }
  return s;
}

// Written by the array's name, read through a pointer variable.
double read_through_variable(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  int idx[3];
  const int *q = idx;
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    fill(idx, 3, t);
    s += x[q[0]] * x[q[2]] * (t + 2);
  }
  return s;
}

// Written through an offset into the array, and a pointer chosen by ?:.
double through_offset(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  int a[4] = {0, 0, 0, 0}, b[3] = {1, 1, 1};
  double s = 0;
  for (int t = 0; t < 4; ++t) {
    fill(a + 1, 3, t);
    int *w = t % 2 ? a : b;
    fill(w, 2, t + 1);
    s += x[a[1]] * x[a[2]] * x[b[0]] + x[a[3]] * x0;
  }
  return s;
}

// An int changed through a reference to an element reached by a pointer,
// and a struct changed through a pointer to it by a member call.
void bump(int &k) { k = (k + 1) % 3; }
struct Cursor {
  int at = 0;
  void next() { at = (at + 2) % 3; }
};
double through_element_and_arrow(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  int idx[2] = {0, 1};
  int *p = idx;
  Cursor c;
  Cursor *pc = &c;
  double s = 0;
  for (int t = 0; t < 4; ++t) {
    bump(p[1]);
    pc->next();
    s += x[idx[1]] * x[c.at] * (t + 1);
  }
  return s;
}

// A loop-body value read from an array the body changes through a pointer
// variable: the reverse sweep cannot recompute it from the array.
double recomputed_from_written(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  int idx[3] = {0, 1, 2};
  int *p = idx;
  double s = 0;
  for (int t = 0; t < 5; ++t) {
    int k = idx[0];
    s += x[k] * x[(k + 1) % 3] * (t + 1);
    p[0] = (p[0] + 2) % 3;
  }
  return s;
}

// A global array a primal call rewrites, and a global counter a call
// steps through a reference.
int shared_idx[3];
int steps_taken = 0;
void step(int &k) { k = (k + 1) % 3; }
double through_global(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  steps_taken = 0;
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    fill(shared_idx, 3, t);
    step(steps_taken);
    s += x[shared_idx[0]] * x[shared_idx[1]] * x[steps_taken];
  }
  return s;
}

// A vector of indices a library algorithm rearranges through iterators.
double through_iterators(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  std::vector<int> order(3);
  for (int i = 0; i < 3; ++i)
    order[i] = (i + 2) % 3;
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    std::reverse(order.begin(), order.end());
    s += x[order[0]] * x[order[1]] * (t + 1);
  }
  return s;
}

// Read through a pointer to a pointer into the array a call rewrites.
double through_pointer_to_pointer(double x0, double x1, double x2) {
  const double x[3] = {x0, x1, x2};
  int idx[3];
  int *p = idx;
  int **pp = &p;
  double s = 0;
  for (int t = 0; t < 3; ++t) {
    fill(idx, 3, t);
    s += x[(*pp)[0]] * x[(*pp)[2]] * (t + 1);
  }
  return s;
}

// The caller's memory, written once before anything reads it: nothing to
// save (the reverse sweep sees what every read saw), so not refused.
double written_once(double x0, double x1, double x2, int *perm) {
  fill(perm, 3, 1);
  const double x[3] = {x0, x1, x2};
  return x[perm[0]] * x[perm[1]] + x[perm[2]] * x0;
}
double call_written_once(double x0, double x1, double x2) {
  int perm[3];
  return written_once(x0, x1, x2, perm);
}

int main() {
  const double x0 = 0.5, x1 = -0.7, x2 = 1.1;
  {
    auto [y, d0, d1, d2] = ddx::gradient(through_variable, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(through_variable, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(through_variable, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(through_variable, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("through_variable", through_variable, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(read_through_variable, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(read_through_variable, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(read_through_variable, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(read_through_variable, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("read_through_variable", read_through_variable, y, d0,
                        d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(through_offset, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(through_offset, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(through_offset, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(through_offset, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("through_offset", through_offset, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] =
        ddx::gradient(through_element_and_arrow, ddx::active(x0),
                      ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(through_element_and_arrow, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(through_element_and_arrow, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(through_element_and_arrow, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("through_element_and_arrow", through_element_and_arrow,
                        y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] =
        ddx::gradient(recomputed_from_written, ddx::active(x0), ddx::active(x1),
                      ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(recomputed_from_written, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(recomputed_from_written, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(recomputed_from_written, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("recomputed_from_written", recomputed_from_written, y,
                        d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(through_global, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(through_global, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(through_global, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(through_global, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("through_global", through_global, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(through_iterators, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(through_iterators, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(through_iterators, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(through_iterators, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("through_iterators", through_iterators, y, d0, d1, d2,
                        t);
  }
  {
    auto [y, d0, d1, d2] =
        ddx::gradient(through_pointer_to_pointer, ddx::active(x0),
                      ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(through_pointer_to_pointer, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(through_pointer_to_pointer, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(through_pointer_to_pointer, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("through_pointer_to_pointer",
                        through_pointer_to_pointer, y, d0, d1, d2, t);
  }
  {
    int perm[3];
    auto [y, d0, d1, d2] = ddx::gradient(
        written_once, ddx::active(x0), ddx::active(x1), ddx::active(x2), perm);
    auto [a, t0] =
        ddx::derivative(call_written_once, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(call_written_once, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(call_written_once, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("written_once", call_written_once, y, d0, d1, d2, t);
  }
  return check::finish();
}
