// Case: a lambda held in a local captures by value variables that change
// after it is made; it keeps the values it captured (ddx copies them where
// the lambda is made), in both modes: called directly, passed to a template
// helper, made in a loop, and never called at all (difftest seed 44)
#include <ddx/ddx.hpp>
#include "check.hpp"
#include <cmath>
#include <vector>

template <class F> double apply_sum(F f, double a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += f(a + 0.25 * i);
  return s;
}

double direct(double x, double y) {
  double k = x * y;
  auto g = [k, y](double t) { return std::sin(k * t) + y; };
  k = std::exp(x);   // g still sees x * y
  y = y * y + 1.0;
  return g(x) * k + apply_sum(g, y, 3) + y;
}

double in_loop(double x, double y) {
  double s = 0.0;
  double c = x;
  for (int i = 0; i < 4; ++i) {
    auto g = [c](double t) { return c * t * t; };
    c = c * 0.5 + y; // the next lambda captures the new value
    s += g(y) + apply_sum(g, x, 2);
  }
  return s + c;
}

struct P {
  double a, b;
};

// A struct captured by value, changed afterwards.
double struct_capture(double x, double y) {
  P p{x, y * x};
  auto g = [p](double t) { return t * p.a + std::sin(p.b); };
  p.a = 2.0 * y;
  return g(x) + p.a * p.b;
}

// An init-capture is evaluated where the lambda is made, from values that
// change afterwards (difftest seed 2544: it was evaluated again at each call).
void set_tanh(double a, double &out) { out = std::tanh(a); }
double init_capture(double x, double y) {
  auto g = [c = std::log(2.0 + std::sin(y)), d = x * y](double t) {
    return t * c + d;
  };
  set_tanh(x, y);
  x = x * x;
  return g(x) + g(y) * y;
}

// An inline lambda's init-capture that calls a function (difftest seed 730:
// the call was left as primal code and its derivative dropped, silently).
P make(double a, double b) { return P{a * b, b * b}; }
double inline_init_capture(double x, double y) {
  return apply_sum(
      [c = make(3.0, y).b, d = std::sin(x)](double t) { return c * t + d; },
      x * y, 3);
}

// An init-capture whose type is a container's member typedef (value_type):
// its shadow parameter is spelled double (difftest seed 1479: 'value_type'
// did not compile).
double typedef_capture(double x, double y) {
  std::vector<double> w = {y, x, x * y};
  return apply_sum([c = (w[2] + w[0])](double t) { return c * t; }, y, 2) * x;
}

// A call passing a lambda inside an if condition (difftest seeds 145, 358:
// refused, a lambda has no primal to call in generated code).
double lambda_in_condition(double x, double y) {
  double s = x * y;
  if (std::sin(apply_sum([x](double t) { return x * t; }, y, 2)) > 0.2)
    s += std::cos(x);
  else
    s -= y * y;
  return s;
}

double never_called(double x, double y) {
  double k = x + y;
  [[maybe_unused]] auto unused = [k](double t) { return k * t; };
  k -= std::log(2.0 + x * x);
  return k * y;
}

int main() {
  const double points[][2] = {{0.7, 1.3}, {-0.4, 0.9}, {1.5, -0.2}};
  for (auto &p : points) {
    double x = p[0], y = p[1];
    {
      auto [v, dx, dy] = ddx::gradient(direct, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(direct, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(direct, x, ddx::dual(y, 1.0));
      check::near("direct value", v, direct(x, y));
      check::near("direct value fwd", v1, direct(x, y));
      check::fd("direct d/dx", dx, [&](double h) { return direct(x + h, y); });
      check::fd("direct d/dy", dy, [&](double h) { return direct(x, y + h); });
      check::near("direct fwd vs rev x", tx, dx, 1e-10);
      check::near("direct fwd vs rev y", ty, dy, 1e-10);
      (void)v2;
    }
    {
      auto [v, dx, dy] = ddx::gradient(in_loop, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(in_loop, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(in_loop, x, ddx::dual(y, 1.0));
      check::near("in_loop value", v, in_loop(x, y));
      check::near("in_loop value fwd", v1, in_loop(x, y));
      check::fd("in_loop d/dx", dx, [&](double h) { return in_loop(x + h, y); });
      check::fd("in_loop d/dy", dy, [&](double h) { return in_loop(x, y + h); });
      check::near("in_loop fwd vs rev x", tx, dx, 1e-10);
      check::near("in_loop fwd vs rev y", ty, dy, 1e-10);
      (void)v2;
    }
    {
      auto [v, dx, dy] =
          ddx::gradient(struct_capture, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(struct_capture, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(struct_capture, x, ddx::dual(y, 1.0));
      check::near("struct_capture value", v, struct_capture(x, y));
      check::fd("struct_capture d/dx", dx,
                [&](double h) { return struct_capture(x + h, y); });
      check::fd("struct_capture d/dy", dy,
                [&](double h) { return struct_capture(x, y + h); });
      check::near("struct_capture fwd vs rev x", tx, dx, 1e-10);
      check::near("struct_capture fwd vs rev y", ty, dy, 1e-10);
      (void)v1;
      (void)v2;
    }
    {
      auto [v, dx, dy] =
          ddx::gradient(init_capture, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(init_capture, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(init_capture, x, ddx::dual(y, 1.0));
      check::near("init_capture value", v, init_capture(x, y));
      check::fd("init_capture d/dx", dx,
                [&](double h) { return init_capture(x + h, y); });
      check::fd("init_capture d/dy", dy,
                [&](double h) { return init_capture(x, y + h); });
      check::near("init_capture fwd vs rev x", tx, dx, 1e-10);
      check::near("init_capture fwd vs rev y", ty, dy, 1e-10);
      (void)v1;
      (void)v2;
    }
    {
      auto [v, dx, dy] =
          ddx::gradient(inline_init_capture, ddx::active(x), ddx::active(y));
      auto [v1, tx] =
          ddx::derivative(inline_init_capture, ddx::dual(x, 1.0), y);
      auto [v2, ty] =
          ddx::derivative(inline_init_capture, x, ddx::dual(y, 1.0));
      check::near("inline_init_capture value", v, inline_init_capture(x, y));
      check::fd("inline_init_capture d/dx", dx,
                [&](double h) { return inline_init_capture(x + h, y); });
      check::fd("inline_init_capture d/dy", dy,
                [&](double h) { return inline_init_capture(x, y + h); });
      check::near("inline_init_capture fwd vs rev x", tx, dx, 1e-10);
      check::near("inline_init_capture fwd vs rev y", ty, dy, 1e-10);
      (void)v1;
      (void)v2;
    }
    {
      auto [v, dx, dy] =
          ddx::gradient(typedef_capture, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(typedef_capture, ddx::dual(x, 1.0), y);
      auto [v2, ty] = ddx::derivative(typedef_capture, x, ddx::dual(y, 1.0));
      check::near("typedef_capture value", v, typedef_capture(x, y));
      check::fd("typedef_capture d/dx", dx,
                [&](double h) { return typedef_capture(x + h, y); });
      check::fd("typedef_capture d/dy", dy,
                [&](double h) { return typedef_capture(x, y + h); });
      check::near("typedef_capture fwd vs rev x", tx, dx, 1e-10);
      check::near("typedef_capture fwd vs rev y", ty, dy, 1e-10);
      (void)v1;
      (void)v2;
    }
    {
      auto [v, dx, dy] =
          ddx::gradient(lambda_in_condition, ddx::active(x), ddx::active(y));
      auto [v1, tx] =
          ddx::derivative(lambda_in_condition, ddx::dual(x, 1.0), y);
      auto [v2, ty] =
          ddx::derivative(lambda_in_condition, x, ddx::dual(y, 1.0));
      check::near("lambda_in_condition value", v, lambda_in_condition(x, y));
      check::fd("lambda_in_condition d/dx", dx,
                [&](double h) { return lambda_in_condition(x + h, y); });
      check::fd("lambda_in_condition d/dy", dy,
                [&](double h) { return lambda_in_condition(x, y + h); });
      check::near("lambda_in_condition fwd vs rev x", tx, dx, 1e-10);
      check::near("lambda_in_condition fwd vs rev y", ty, dy, 1e-10);
      (void)v1;
      (void)v2;
    }
    {
      auto [v, dx, dy] =
          ddx::gradient(never_called, ddx::active(x), ddx::active(y));
      auto [v1, tx] = ddx::derivative(never_called, ddx::dual(x, 1.0), y);
      check::near("never_called value", v, never_called(x, y));
      check::fd("never_called d/dx", dx,
                [&](double h) { return never_called(x + h, y); });
      check::fd("never_called d/dy", dy,
                [&](double h) { return never_called(x, y + h); });
      check::near("never_called fwd vs rev x", tx, dx, 1e-10);
      (void)v1;
    }
  }
  return check::finish();
}
