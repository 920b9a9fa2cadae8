// EXPECT-EXIT: 1
// EXPECT-DIAG: 26:11: ddx follows the solver 'd' only through the library's own calls, not into 'advance'
// Case: the driver is made here and stepped in a helper. ddx binds an
// apply call to the system the driver was made with in the same function;
// it does not follow the driver into a function of the user's.
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

int decay(double, const double y[], double dydt[], void *params) {
  double k = *static_cast<double *>(params);
  dydt[0] = -k * y[0];
  return GSL_SUCCESS;
}

void advance(gsl_odeiv2_driver *d, double y[]) {
  double t = 0;
  gsl_odeiv2_driver_apply(d, &t, 1.0, y);
}

double decayed(double k) {
  gsl_odeiv2_system sys{decay, nullptr, 1, &k};
  gsl_odeiv2_driver *d =
      gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk4, 1e-3, 1e-8, 0);
  double y[1] = {1};
  advance(d, y);
  gsl_odeiv2_driver_free(d);
  return y[0];
}

int main() {
  auto [v, dk] = ddx::gradient(decayed, ddx::active(0.5));
  return v + dk > 0 ? 0 : 1;
}
