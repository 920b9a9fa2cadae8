// EXPECT-EXIT: 1
// EXPECT-DIAG: 25:62: ddx differentiates 'gsl_odeiv2_driver_alloc_y_new' with gsl_odeiv2_step_rk2, gsl_odeiv2_step_rk4, gsl_odeiv2_step_rkf45, gsl_odeiv2_step_rkck, gsl_odeiv2_step_rk8pd only; 'T' may be changed in this function, so ddx cannot tell which it holds
// EXPECT-NOTE: 24:10: changed, or made changeable, here
// Case: the stepper variable is initialized with an explicit stepper, then
// handed to a helper by reference, which may make it another one (here a
// multistep stepper, whose steps ddx has no tableau for). ddx proves the
// stepper only from a variable that is only ever read.
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

int decay(double, const double y[], double dydt[], void *params) {
  double k = *static_cast<double *>(params);
  dydt[0] = -k * y[0] * y[0];
  return GSL_SUCCESS;
}
void choose(const gsl_odeiv2_step_type *&T, bool stiff) {
  if (stiff)
    T = gsl_odeiv2_step_msadams;
}
double decayed(double k) {
  gsl_odeiv2_system sys{decay, nullptr, 1, &k};
  const gsl_odeiv2_step_type *T = gsl_odeiv2_step_rk2;
  choose(T, true);
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, T, 0.25, 1, 0);
  double t = 0, y[1] = {1};
  gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.25, 4, y);
  gsl_odeiv2_driver_free(d);
  return y[0];
}

int main() {
  auto [v, dk] = ddx::gradient(decayed, ddx::active(0.5));
  return v + dk > 0 ? 0 : 1;
}
