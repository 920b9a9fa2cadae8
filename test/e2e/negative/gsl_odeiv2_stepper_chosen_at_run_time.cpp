// EXPECT-EXIT: 1
// EXPECT-DIAG: 21:62: ddx differentiates 'gsl_odeiv2_driver_alloc_y_new' with gsl_odeiv2_step_rk2, gsl_odeiv2_step_rk4, gsl_odeiv2_step_rkf45, gsl_odeiv2_step_rkck, gsl_odeiv2_step_rk8pd only; 'T' may be changed in this function, so ddx cannot tell which it holds
// EXPECT-NOTE: 20:5: changed, or made changeable, here
// Case: the stepper is chosen at run time. ddx proves at transformation
// time which stepper a driver steps with; a choice it cannot see through
// is refused at the argument, with the steppers it knows.
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

int decay(double, const double y[], double dydt[], void *params) {
  double k = *static_cast<double *>(params);
  dydt[0] = -k * y[0];
  return GSL_SUCCESS;
}
double decayed(double k, bool accurate) {
  gsl_odeiv2_system sys{decay, nullptr, 1, &k};
  const gsl_odeiv2_step_type *T = gsl_odeiv2_step_rk4;
  if (accurate)
    T = gsl_odeiv2_step_rk8pd;
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, T, 1e-3, 1e-8, 0);
  double t = 0, y[1] = {1};
  gsl_odeiv2_driver_apply(d, &t, 1.0, y);
  gsl_odeiv2_driver_free(d);
  return y[0];
}

int main() {
  auto [v, dk] = ddx::gradient(decayed, ddx::active(0.5), true);
  return v + dk > 0 ? 0 : 1;
}
