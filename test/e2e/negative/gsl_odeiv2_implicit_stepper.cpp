// EXPECT-EXIT: 1
// EXPECT-DIAG: 25:13: ddx differentiates 'gsl_odeiv2_driver_alloc_y_new' with gsl_odeiv2_step_rk2, gsl_odeiv2_step_rk4, gsl_odeiv2_step_rkf45, gsl_odeiv2_step_rkck, gsl_odeiv2_step_rk8pd only; this argument is 'gsl_odeiv2_step_rk4imp'
// Case: a driver with an implicit stepper. The rule replays the steps with
// an explicit Runge-Kutta method's tableau; an implicit or multistep
// stepper (rk4imp, bsimp, msadams, msbdf) has none, so ddx refuses it at
// the argument that names it, before anything runs.
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

int decay(double, const double y[], double dydt[], void *params) {
  double k = *static_cast<double *>(params);
  dydt[0] = -k * y[0];
  return GSL_SUCCESS;
}
int jacobian(double, const double[], double *dfdy, double dfdt[],
             void *params) {
  dfdy[0] = -*static_cast<double *>(params);
  dfdt[0] = 0;
  return GSL_SUCCESS;
}
double decayed(double k) {
  gsl_odeiv2_system sys{decay, jacobian, 1, &k};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(
      &sys, gsl_odeiv2_step_rk4imp, 1e-3, 1e-8, 0);
  double t = 0, y[1] = {1};
  gsl_odeiv2_driver_apply(d, &t, 1.0, y);
  gsl_odeiv2_driver_free(d);
  return y[0];
}

int main() {
  auto [v, dk] = ddx::gradient(decayed, ddx::active(0.5));
  return v + dk > 0 ? 0 : 1;
}
