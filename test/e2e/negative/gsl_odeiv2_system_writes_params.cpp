// EXPECT-EXIT: 1
// EXPECT-DIAG: 26:37: the callable passed to 'gsl_odeiv2_driver_apply_fixed_step' writes 'p', which it captures or points to, and the rule for 'gsl_odeiv2_driver_apply_fixed_step' calls it more often than the library does (to differentiate it): the writes would be repeated
// Case: an ODE system that writes into its params (the last state it saw,
// a count of its calls). The rule evaluates the system again to replay
// the steps, so those writes would be repeated and the program's values
// would change (it used to give a forward-mode primal off in the 7th digit
// and a wrong derivative in both modes); refused at the system, which a
// gsl_function's integrand writing its params is too.
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

struct P {
  double k, last;
};
int decay(double, const double y[], double dydt[], void *params) {
  P *p = static_cast<P *>(params);
  p->last = y[0];
  dydt[0] = -p->k * y[0];
  return GSL_SUCCESS;
}
double decayed(double a) {
  P p{a, 0};
  gsl_odeiv2_system sys{decay, nullptr, 1, &p};
  gsl_odeiv2_driver *d =
      gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk4, 0.1, 1, 0);
  double t = 0, y[1] = {1.0};
  gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.1, 10, y);
  gsl_odeiv2_driver_free(d);
  return y[0] + p.last;
}

int main() {
  auto [v, dk] = ddx::gradient(decayed, ddx::active(0.5));
  return v + dk > 0 ? 0 : 1;
}
