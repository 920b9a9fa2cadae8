// Case: GSL's ODE driver (rules/ddx/rules/gsl/odeiv2.hpp).
// gsl_odeiv2_driver_alloc_*_new gives the driver its gsl_odeiv2_system and
// returns it; gsl_odeiv2_driver_apply and _apply_fixed_step step it. ddx
// binds each apply call to the system the driver was made with, runs the
// driver's own loop (so the primal is GSL's bit for bit) and replays the
// steps it took with the stepper's tableau, read from GSL's stepper. Every
// explicit Runge-Kutta stepper (rk2, rk4, rkf45, rkck, rk8pd), each
// allocation, adaptive and fixed steps, a loop of outputs, a backward
// integration, and the stepper named through a local variable. Forward
// and reverse mode against finite differences and each other.
// DDX-LIBS: -lgsl -lgslcblas -lm
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

struct Prey {
  double a, b;
};
int lotka(double, const double y[], double dydt[], void *params) {
  const Prey *p = static_cast<const Prey *>(params);
  dydt[0] = p->a * y[0] - y[0] * y[1];
  dydt[1] = p->b * y[0] * y[1] - y[1];
  return GSL_SUCCESS;
}

// The loop of GSL's manual: the state read at four output times.
double rk8pd_outputs(double a, double b) {
  Prey p{a, b};
  gsl_odeiv2_system sys = {lotka, nullptr, 2, &p};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(
      &sys, gsl_odeiv2_step_rk8pd, 1e-3, 1e-10, 0.0);
  double t = 0.0, y[2] = {1.0, 0.5};
  double sum = 0;
  for (int i = 1; i <= 4; ++i) {
    int status = gsl_odeiv2_driver_apply(d, &t, 0.5 * i, y);
    if (status != GSL_SUCCESS)
      break;
    sum += y[0] * i + y[1];
  }
  gsl_odeiv2_driver_free(d);
  return sum;
}

// A forced oscillator whose parameter is a double of its own; the initial
// state depends on the other input.
int forced(double t, const double y[], double dydt[], void *params) {
  double k = *static_cast<double *>(params);
  dydt[0] = y[1];
  dydt[1] = -k * y[0] - 0.1 * y[1] + std::sin(t);
  return GSL_SUCCESS;
}
double rk4_fixed(double k, double x0) {
  gsl_odeiv2_system sys{forced, nullptr, 2, &k};
  gsl_odeiv2_driver *d =
      gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk4, 1e-3, 1e-8, 0);
  double t = 0, y[2] = {x0, 0};
  gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.01, 150, y);
  gsl_odeiv2_driver_free(d);
  return y[0] * y[0] + y[1];
}

// rkf45 under the standard control (errors of y and dy/dt weighed).
double rkf45_standard(double k, double x0) {
  gsl_odeiv2_system sys{forced, nullptr, 2, &k};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_standard_new(
      &sys, gsl_odeiv2_step_rkf45, 1e-2, 1e-9, 1e-9, 1.0, 0.5);
  double t = 0, y[2] = {x0, 0.2};
  gsl_odeiv2_driver_apply(d, &t, 3.0, y);
  gsl_odeiv2_driver_free(d);
  return y[0] - y[1] * x0;
}

// Cash-Karp under the derivative's error control, the stepper named
// through a local, the system and its parameters in a struct's fields set
// one by one, and the driver reset between two integrations.
double rkck_reset(double a, double b) {
  Prey p{a, b};
  gsl_odeiv2_system sys;
  sys.function = &lotka;
  sys.jacobian = nullptr;
  sys.dimension = 2;
  sys.params = &p;
  const gsl_odeiv2_step_type *T = gsl_odeiv2_step_rkck;
  gsl_odeiv2_driver *d =
      gsl_odeiv2_driver_alloc_yp_new(&sys, T, 1e-2, 1e-9, 1e-9);
  double t = 0, y[2] = {0.8, 0.4};
  gsl_odeiv2_driver_apply(d, &t, 1.0, y);
  double first = y[0];
  gsl_odeiv2_driver_reset(d);
  t = 0;
  y[0] = first;
  y[1] = b;
  gsl_odeiv2_driver_apply(d, &t, 0.75, y);
  gsl_odeiv2_driver_free(d);
  return first * y[0] + y[1];
}

// rk2, backward in time (a negative first step), with a scaled control.
double rk2_backward(double k, double x0) {
  gsl_odeiv2_system sys{forced, nullptr, 2, &k};
  const double scale[2] = {1.0, 2.0};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_scaled_new(
      &sys, gsl_odeiv2_step_rk2, -1e-3, 1e-8, 1e-8, 1.0, 0.0, scale);
  double t = 2.0, y[2] = {x0, -x0};
  gsl_odeiv2_driver_apply(d, &t, 1.0, y);
  gsl_odeiv2_driver_free(d);
  return y[0] + 3 * y[1];
}

// The rate changed between two integrations of one driver: each apply
// computes with the system as it is then (the reverse sweep puts the
// first rate back before the first one's pullback).
int decay(double, const double y[], double dydt[], void *params) {
  double k = *static_cast<double *>(params);
  dydt[0] = -k * y[0];
  return GSL_SUCCESS;
}
double two_rates(double a, double b) {
  double k = a;
  gsl_odeiv2_system sys{decay, nullptr, 1, &k};
  gsl_odeiv2_driver *d =
      gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rkf45, 0.1, 1e-9, 0);
  double t = 0, y[1] = {1.0};
  gsl_odeiv2_driver_apply(d, &t, 1.0, y);
  k = b;
  gsl_odeiv2_driver_apply(d, &t, 2.0, y);
  gsl_odeiv2_driver_free(d);
  return y[0];
}

// Every stepper's tableau, on fixed steps (where the derivative is that of
// a smooth map, so finite differences agree to 1e-10), each weighed apart.
double each_stepper(double k, double x0) {
  gsl_odeiv2_system sys{forced, nullptr, 2, &k};
  double sum = 0;
  {
    gsl_odeiv2_driver *d =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk2, 0.05, 1, 0);
    double t = 0, y[2] = {x0, 0.3};
    gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.05, 40, y);
    gsl_odeiv2_driver_free(d);
    sum += y[0] + y[1] * y[1];
  }
  {
    gsl_odeiv2_driver *d =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk4, 0.05, 1, 0);
    double t = 0, y[2] = {x0, 0.3};
    gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.05, 40, y);
    gsl_odeiv2_driver_free(d);
    sum += 2 * (y[0] + y[1] * y[1]);
  }
  {
    gsl_odeiv2_driver *d =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rkf45, 0.05, 1, 0);
    double t = 0, y[2] = {x0, 0.3};
    gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.05, 40, y);
    gsl_odeiv2_driver_free(d);
    sum += 3 * (y[0] + y[1] * y[1]);
  }
  {
    gsl_odeiv2_driver *d =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rkck, 0.05, 1, 0);
    double t = 0, y[2] = {x0, 0.3};
    gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.05, 40, y);
    gsl_odeiv2_driver_free(d);
    sum += 4 * (y[0] + y[1] * y[1]);
  }
  {
    gsl_odeiv2_driver *d =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 0.05, 1, 0);
    double t = 0, y[2] = {x0, 0.3};
    gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.05, 40, y);
    gsl_odeiv2_driver_free(d);
    sum += 5 * (y[0] + y[1] * y[1]);
  }
  return sum;
}

int main() {
  gsl_set_error_handler_off();
  {
    auto [v, dx, dy] =
        ddx::gradient(rk8pd_outputs, ddx::active(1.1), ddx::active(0.7));
    auto [v1, tx] = ddx::derivative(rk8pd_outputs, ddx::dual(1.1, 1.0), 0.7);
    auto [v2, ty] = ddx::derivative(rk8pd_outputs, 1.1, ddx::dual(0.7, 1.0));
    check::near("rk8pd outputs primal, bit for bit", v, rk8pd_outputs(1.1, 0.7),
                0.0);
    check::two_inputs("rk8pd outputs", rk8pd_outputs, 1.1, 0.7, v, dx, dy, v1,
                      tx, v2, ty, 1e-8);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(rk4_fixed, ddx::active(2.0), ddx::active(0.6));
    auto [v1, tx] = ddx::derivative(rk4_fixed, ddx::dual(2.0, 1.0), 0.6);
    auto [v2, ty] = ddx::derivative(rk4_fixed, 2.0, ddx::dual(0.6, 1.0));
    check::near("rk4 fixed primal, bit for bit", v, rk4_fixed(2.0, 0.6), 0.0);
    check::two_inputs("rk4 fixed steps", rk4_fixed, 2.0, 0.6, v, dx, dy, v1, tx,
                      v2, ty, 1e-8);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(rkf45_standard, ddx::active(1.5), ddx::active(0.9));
    auto [v1, tx] = ddx::derivative(rkf45_standard, ddx::dual(1.5, 1.0), 0.9);
    auto [v2, ty] = ddx::derivative(rkf45_standard, 1.5, ddx::dual(0.9, 1.0));
    check::near("rkf45 primal, bit for bit", v, rkf45_standard(1.5, 0.9), 0.0);
    check::two_inputs("rkf45 standard control", rkf45_standard, 1.5, 0.9, v, dx,
                      dy, v1, tx, v2, ty, 1e-6);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(rkck_reset, ddx::active(0.9), ddx::active(0.6));
    auto [v1, tx] = ddx::derivative(rkck_reset, ddx::dual(0.9, 1.0), 0.6);
    auto [v2, ty] = ddx::derivative(rkck_reset, 0.9, ddx::dual(0.6, 1.0));
    check::near("rkck primal, bit for bit", v, rkck_reset(0.9, 0.6), 0.0);
    check::two_inputs("rkck reset", rkck_reset, 0.9, 0.6, v, dx, dy, v1, tx, v2,
                      ty, 1e-6);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(rk2_backward, ddx::active(1.2), ddx::active(0.5));
    auto [v1, tx] = ddx::derivative(rk2_backward, ddx::dual(1.2, 1.0), 0.5);
    auto [v2, ty] = ddx::derivative(rk2_backward, 1.2, ddx::dual(0.5, 1.0));
    check::near("rk2 primal, bit for bit", v, rk2_backward(1.2, 0.5), 0.0);
    check::two_inputs("rk2 backward", rk2_backward, 1.2, 0.5, v, dx, dy, v1, tx,
                      v2, ty, 1e-5);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(each_stepper, ddx::active(1.7), ddx::active(0.4));
    auto [v1, tx] = ddx::derivative(each_stepper, ddx::dual(1.7, 1.0), 0.4);
    auto [v2, ty] = ddx::derivative(each_stepper, 1.7, ddx::dual(0.4, 1.0));
    check::near("each stepper primal, bit for bit", v, each_stepper(1.7, 0.4),
                0.0);
    check::two_inputs("each stepper, fixed steps", each_stepper, 1.7, 0.4, v,
                      dx, dy, v1, tx, v2, ty, 1e-9);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(two_rates, ddx::active(1.1), ddx::active(0.7));
    auto [v1, tx] = ddx::derivative(two_rates, ddx::dual(1.1, 1.0), 0.7);
    auto [v2, ty] = ddx::derivative(two_rates, 1.1, ddx::dual(0.7, 1.0));
    check::two_inputs("rate changed between applies", two_rates, 1.1, 0.7, v,
                      dx, dy, v1, tx, v2, ty, 1e-7);
  }
  return check::finish();
}
