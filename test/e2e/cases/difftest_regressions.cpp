// Case: wrong values and outputs that did not compile, found by the random
// differential tester (scripts/difftest) and reduced; each f is checked in
// both modes, for every input, against finite differences
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <string>

struct P {
  double x;
  double y;
};
// A member of a struct a call returns (was 0).
P swap_pair(double a, double b) {
  P r{b, a};
  return r;
}
double member_of_result(double x0, double x1, double x2) {
  return swap_pair(x0, x1).y * x2;
}
// A helper overwriting a reference parameter without reading it: its
// reverse sweep must restore the caller's value (primal and gradient were
// wrong).
void overwrite(double &p, double a) { p = a; }
double overwritten_by_helper(double x0, double x1, double x2) {
  double y = x2 * x1;
  overwrite(x1, x0);
  return y + x1 * x2;
}
void accumulate(double a, double &out) { out += a; }
double accumulated_by_helper(double x0, double x1, double x2) {
  double y = x1 * x1;
  accumulate(x0, x1);
  return y * x1 + x2;
}
void set_through_pointer(double *p, double k) { *p = 0.5 + k * k; }
void halve(double a, double &out) { out = 0.5 * -a; }
double seed_244(double x0, double x1, double x2) {
  set_through_pointer(&x1, 3.0 * x0);
  x2 -= x2 * x1 - x2 + x0;
  halve(x0 - x2, x1);
  return x2 + x0 + 0.25 * x2 + x1 * 0.75 * x1;
}
// A lambda in a helper capturing the helper's by-value parameter by
// reference (the output did not compile).
double captured_parameter(double a) {
  auto g = [&a](double t) { return t * a * a; };
  return g(0.5);
}
double lambda_in_helper(double x0, double x1, double x2) {
  return captured_parameter(x0) + x1 * x2;
}
// A local functor called on inactive values (the output did not compile).
struct Shift {
  double k;
  double operator()(double t) const { return t + k; }
};
double inactive_functor_call(double x0, double x1, double x2) {
  Shift fn{1.5};
  return x0 * fn(0.3) + x1 * x2;
}

// Seed 1746 (primal value wrong in reverse mode): a helper taking a local
// by reference makes the gradient run the primal again after the reverse
// sweep, which must then find the by-value parameters as they came in
// (x0 += ... was not undone, since the reverse sweep never read x0).
void touch(double a, double &out) {}
double seed_1746(double x0, double x1, double x2) {
  double v = x0 + x1 - x2 + x0;
  touch(v, x1);
  x0 += x1 - 0.3 - v;
  const double w = x0 - x1;
  return x1 + 0.5 * x2 + w * w + 0.25 * v;
}

// An int changed through a reference by a call left as primal code, in a
// loop and in a loop condition, and read by active arithmetic: the reverse
// sweep must read the values the forward sweep read (found by a
// hand-written model through wrap.py; the gradient was 1.5 times too big).
void bump(int &k) { k += 2; }
bool advance(int &k, int n) { return ++k < n; }
double int_changed_by_call(double x0, double x1, double x2) {
  int k = 0;
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    bump(k);
    s += x0 * k * x1;
  }
  int j = 0;
  while (advance(j, 4))
    s += x2 * j * x0;
  if (advance(j, 10))
    s += x1 * j;
  return s;
}

// The object of a non-const member function called as primal code (an
// int counter), in a loop body and a loop condition, and an int array a
// primal call fills through its decayed pointer: the reverse sweep must
// read what the forward sweep read.
struct Counter {
  int n = 0;
  void inc() { n += 2; }
  bool more(int lim) { return ++n < lim; }
};
void fill(int *idx, int n, int shift) {
  for (int i = 0; i < n; ++i)
    idx[i] = (i + shift) % n;
}
double state_changed_by_call(double x0, double x1, double x2) {
  Counter c;
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    c.inc();
    s += x0 * c.n * x1;
  }
  while (c.more(9))
    s += x2 * c.n;
  const double x[3] = {x0, x1, x2};
  int idx[3];
  for (int t = 0; t < 3; ++t) {
    fill(idx, 3, t);
    s += x[idx[0]] * x[idx[1]] * (t + 1);
  }
  return s;
}

// Difftest seeds 20140, 20226, 20556: a local lambda passed to a helper
// (or called) in an if or loop condition; the condition was printed as it
// stood, naming the lambda, which generated code does not declare (the
// output did not compile).
template <class F> double apply_twice(F f, double a) { return f(f(a)); }
double lambda_in_condition(double x0, double x1, double x2) {
  auto lam = [&x0, x1](double t) { return 0.5 * t * x0 + x1; };
  double s = 0;
  for (int i = 0; i < 4; ++i) {
    if (std::sin(apply_twice(lam, 0.5 * i)) > 0.2)
      continue;
    s += lam(x2) * i;
  }
  if (lam(x1) > 0.0)
    s += x2 * x0;
  int k = 0;
  while (apply_twice(lam, 0.1 * k) < 0.4 && k < 5) {
    s += x1 * lam(0.2 * k);
    ++k;
  }
  return s;
}

// Difftest seed 24 and five more: a lambda in a helper capturing the
// helper's `const double &` parameter by reference, under a request where
// that parameter is inactive; the capture was taken for a place the lambda
// may write (refused, blaming the parameter).
template <class F> double apply_sum(F f, double a, double b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += f(a + 0.25 * i * b);
  return s;
}
double scaled_sum(const double &a, double b) {
  return apply_sum([&](double t) { return a * t + std::sin(a); }, b, b, 3);
}
double const_reference_captured(double x0, double x1, double x2) {
  return scaled_sum(x2 * x2, x0) + x1 * scaled_sum(x1, x2);
}

// Difftest seeds 314, 380, 411, 738, 1002, 1121, 1401: a lambda capturing
// a local array by copy (refused: the array's element-by-element copy into
// the closure was not followed).
double array_captured_by_copy(double x0, double x1, double x2) {
  double a[4] = {x0, x1 * x2, 0.5, x2};
  double s =
      apply_sum([=](double t) { return t * a[1] + a[(1 + 2) % 4]; }, x2, x0, 3);
  auto g = [=](double t) { return a[0] * t + a[3]; };
  return s + apply_sum(g, x1, 0.5, 2) + g(x2);
}

int main() {
  const double x0 = 0.5, x1 = -0.7, x2 = 1.1;
  {
    auto [y, d0, d1, d2] = ddx::gradient(member_of_result, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(member_of_result, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(member_of_result, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(member_of_result, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("member_of_result", member_of_result, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(overwritten_by_helper, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(overwritten_by_helper, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(overwritten_by_helper, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(overwritten_by_helper, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("overwritten_by_helper", overwritten_by_helper, y, d0,
                        d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(accumulated_by_helper, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(accumulated_by_helper, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(accumulated_by_helper, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(accumulated_by_helper, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("accumulated_by_helper", accumulated_by_helper, y, d0,
                        d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(seed_244, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(seed_244, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(seed_244, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(seed_244, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("seed_244", seed_244, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(lambda_in_helper, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(lambda_in_helper, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(lambda_in_helper, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(lambda_in_helper, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("lambda_in_helper", lambda_in_helper, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(inactive_functor_call, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(inactive_functor_call, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(inactive_functor_call, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(inactive_functor_call, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("inactive_functor_call", inactive_functor_call, y, d0,
                        d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(seed_1746, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] = ddx::derivative(seed_1746, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] = ddx::derivative(seed_1746, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] = ddx::derivative(seed_1746, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("seed_1746", seed_1746, y, d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(int_changed_by_call, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(int_changed_by_call, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(int_changed_by_call, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(int_changed_by_call, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("int_changed_by_call", int_changed_by_call, y, d0, d1,
                        d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(state_changed_by_call, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(state_changed_by_call, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(state_changed_by_call, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(state_changed_by_call, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("state_changed_by_call", state_changed_by_call, y, d0,
                        d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] = ddx::gradient(lambda_in_condition, ddx::active(x0),
                                         ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(lambda_in_condition, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(lambda_in_condition, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(lambda_in_condition, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("lambda_in_condition", lambda_in_condition, y, d0, d1,
                        d2, t);
  }
  {
    auto [y, d0, d1, d2] =
        ddx::gradient(const_reference_captured, ddx::active(x0),
                      ddx::active(x1), ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(const_reference_captured, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(const_reference_captured, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(const_reference_captured, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("const_reference_captured", const_reference_captured, y,
                        d0, d1, d2, t);
  }
  {
    auto [y, d0, d1, d2] =
        ddx::gradient(array_captured_by_copy, ddx::active(x0), ddx::active(x1),
                      ddx::active(x2));
    auto [a, t0] =
        ddx::derivative(array_captured_by_copy, ddx::dual(x0, 1.0), x1, x2);
    auto [b, t1] =
        ddx::derivative(array_captured_by_copy, x0, ddx::dual(x1, 1.0), x2);
    auto [c, t2] =
        ddx::derivative(array_captured_by_copy, x0, x1, ddx::dual(x2, 1.0));
    const double t[3] = {t0, t1, t2};
    check::three_inputs("array_captured_by_copy", array_captured_by_copy, y, d0,
                        d1, d2, t);
  }
  return check::finish();
}
