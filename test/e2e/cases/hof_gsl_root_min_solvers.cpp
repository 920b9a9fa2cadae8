// Case: GSL's one-dimensional root solvers and minimizers, driven by the
// user's own iterate/test loop through the solver handle
// (rules/ddx/rules/gsl/roots.hpp, min.hpp). ddx keeps gsl_root_fsolver_set
// and the iterations as they are and gives each read of the handle
// (gsl_root_fsolver_root, _x_lower, _x_upper; gsl_min_fminimizer_x_minimum,
// _f_minimum, ...) the derivative of the point it returns, by the implicit
// function theorem with the function the handle was set up with.
// Brent, bisection and false position; Newton, secant and Steffenson on a
// gsl_function_fdf; Brent's and the golden-section
// minimizer (one set up with values); a solver reused for several roots in
// a loop. Forward and reverse mode against finite differences.
// DDX-LIBS: -lgsl -lgslcblas -lm
#include "check.hpp"
#include <cmath>
#include <ddx/ddx.hpp>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_roots.h>

struct Cubic {
  double a, b;
};
double cubic(double x, void *p) {
  const Cubic *c = static_cast<const Cubic *>(p);
  return x * x * x + c->a * x - c->b;
}

// The root of x^3 + a x - b in [0, 5], by the loop of GSL's manual.
double brent_root(double a, double b) {
  Cubic c{a, b};
  gsl_function F;
  F.function = &cubic;
  F.params = &c;
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  gsl_root_fsolver_set(s, &F, 0.0, 5.0);
  int status = GSL_CONTINUE;
  int iter = 0;
  double r = 0;
  do {
    iter++;
    gsl_root_fsolver_iterate(s);
    r = gsl_root_fsolver_root(s);
    double lo = gsl_root_fsolver_x_lower(s);
    double hi = gsl_root_fsolver_x_upper(s);
    status = gsl_root_test_interval(lo, hi, 0, 1e-13);
  } while (status == GSL_CONTINUE && iter < 200);
  gsl_root_fsolver_free(s);
  return r * r + a;
}

// Bisection's bracket, read at its ends; the function's context is a
// double of its own, set through the gsl_function's initializer.
double shifted_cos(double x, void *p) {
  double k = *static_cast<double *>(p);
  return std::cos(x) - k * x;
}
double bisection_bracket(double k, double scale) {
  gsl_function F{&shifted_cos, &k};
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_bisection);
  gsl_root_fsolver_set(s, &F, 0.0, 2.0);
  double lo = 0, hi = 2;
  for (int i = 0; i < 200; ++i) {
    gsl_root_fsolver_iterate(s);
    lo = gsl_root_fsolver_x_lower(s);
    hi = gsl_root_fsolver_x_upper(s);
    if (gsl_root_test_interval(lo, hi, 1e-14, 0) == GSL_SUCCESS)
      break;
  }
  gsl_root_fsolver_free(s);
  return scale * (lo + hi) / 2;
}

// False position, one solver for three roots: set up again in the loop
// with the same function, whose parameters change.
double falsepos_sum(double a, double b) {
  Cubic c{a, b};
  gsl_function F{&cubic, &c};
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_falsepos);
  double sum = 0;
  for (int k = 1; k <= 3; ++k) {
    c.b = b * k;
    gsl_root_fsolver_set(s, &F, 0.0, 6.0);
    int status = GSL_CONTINUE;
    for (int iter = 0; iter < 300 && status == GSL_CONTINUE; ++iter) {
      gsl_root_fsolver_iterate(s);
      status =
          gsl_root_test_residual(cubic(gsl_root_fsolver_root(s), &c), 1e-13);
    }
    sum += k * gsl_root_fsolver_root(s);
  }
  gsl_root_fsolver_free(s);
  return sum;
}

// Newton's method (an fdfsolver) on a gsl_function_fdf: its derivative
// comes from f alone (the field ddx binds), whatever df the user supplies;
// the steffenson variant with the struct set field by field.
double cubic_df(double x, void *p) {
  const Cubic *c = static_cast<const Cubic *>(p);
  return 3 * x * x + c->a;
}
void cubic_fdf(double x, void *p, double *y, double *dy) {
  *y = cubic(x, p);
  *dy = cubic_df(x, p);
}
double newton_root(double a, double b) {
  Cubic c{a, b};
  gsl_function_fdf FDF{&cubic, &cubic_df, &cubic_fdf, &c};
  gsl_root_fdfsolver *s = gsl_root_fdfsolver_alloc(gsl_root_fdfsolver_newton);
  gsl_root_fdfsolver_set(s, &FDF, 2.0);
  double x = 2.0, x0 = 0;
  int status = GSL_CONTINUE;
  for (int iter = 0; iter < 100 && status == GSL_CONTINUE; ++iter) {
    gsl_root_fdfsolver_iterate(s);
    x0 = x;
    x = gsl_root_fdfsolver_root(s);
    status = gsl_root_test_delta(x, x0, 0, 1e-14);
  }
  gsl_root_fdfsolver_free(s);
  return std::exp(x) * b;
}
double steffenson_root(double a, double b) {
  Cubic c{a, b};
  gsl_function_fdf FDF;
  FDF.f = &cubic;
  FDF.df = &cubic_df;
  FDF.fdf = &cubic_fdf;
  FDF.params = &c;
  gsl_root_fdfsolver *s =
      gsl_root_fdfsolver_alloc(gsl_root_fdfsolver_steffenson);
  gsl_root_fdfsolver_set(s, &FDF, 1.5);
  for (int iter = 0; iter < 60; ++iter)
    gsl_root_fdfsolver_iterate(s);
  double x = gsl_root_fdfsolver_root(s);
  gsl_root_fdfsolver_free(s);
  return x;
}
// The secant method (an fdfsolver that uses the derivative only for its
// first step), with the usual test on the step.
double secant_root(double a, double b) {
  Cubic c{a, b};
  gsl_function_fdf FDF{&cubic, &cubic_df, &cubic_fdf, &c};
  gsl_root_fdfsolver *s = gsl_root_fdfsolver_alloc(gsl_root_fdfsolver_secant);
  gsl_root_fdfsolver_set(s, &FDF, 1.8);
  double x = 1.8, x0 = 0;
  int status = GSL_CONTINUE;
  for (int iter = 0; iter < 100 && status == GSL_CONTINUE; ++iter) {
    gsl_root_fdfsolver_iterate(s);
    x0 = x;
    x = gsl_root_fdfsolver_root(s);
    status = gsl_root_test_delta(x, x0, 0, 1e-14);
  }
  gsl_root_fdfsolver_free(s);
  return x * x + a;
}

// A minimum of a smooth well: (x - a)^2 cosh-shaped, its depth set by b.
struct Well {
  double a, b;
};
double well(double x, void *p) {
  const Well *w = static_cast<const Well *>(p);
  double d = x - w->a * w->a;
  return std::cosh(d) * w->b - std::sin(w->b * x);
}

double brent_minimum(double a, double b) {
  Well w{a, b};
  gsl_function F{&well, &w};
  gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
  gsl_min_fminimizer_set(m, &F, 1.0, -2.0, 4.0);
  int status = GSL_CONTINUE;
  for (int iter = 0; iter < 200 && status == GSL_CONTINUE; ++iter) {
    gsl_min_fminimizer_iterate(m);
    status = gsl_min_test_interval(gsl_min_fminimizer_x_lower(m),
                                   gsl_min_fminimizer_x_upper(m), 1e-10, 0);
  }
  double x = gsl_min_fminimizer_x_minimum(m);
  double f = gsl_min_fminimizer_f_minimum(m);
  gsl_min_fminimizer_free(m);
  return x + 3 * f;
}

// The golden-section minimizer set up with the values at the bracket;
// the value at the minimum only (it is flat there, so it is accurate).
double golden_value(double a, double b) {
  Well w{a, b};
  gsl_function F{&well, &w};
  gsl_min_fminimizer *m =
      gsl_min_fminimizer_alloc(gsl_min_fminimizer_goldensection);
  gsl_min_fminimizer_set_with_values(m, &F, 1.0, well(1.0, &w), -2.0,
                                     well(-2.0, &w), 4.0, well(4.0, &w));
  int status = GSL_CONTINUE;
  for (int iter = 0; iter < 300 && status == GSL_CONTINUE; ++iter) {
    gsl_min_fminimizer_iterate(m);
    status = gsl_min_test_interval(gsl_min_fminimizer_x_lower(m),
                                   gsl_min_fminimizer_x_upper(m), 1e-9, 0);
  }
  double f = gsl_min_fminimizer_f_minimum(m);
  gsl_min_fminimizer_free(m);
  return f * a;
}

int main() {
  gsl_set_error_handler_off();
  {
    auto [v, dx, dy] =
        ddx::gradient(brent_root, ddx::active(1.0), ddx::active(2.5));
    auto [v1, tx] = ddx::derivative(brent_root, ddx::dual(1.0, 1.0), 2.5);
    auto [v2, ty] = ddx::derivative(brent_root, 1.0, ddx::dual(2.5, 1.0));
    check::two_inputs("brent root", brent_root, 1.0, 2.5, v, dx, dy, v1, tx, v2,
                      ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(bisection_bracket, ddx::active(0.8), ddx::active(1.5));
    auto [v1, tx] =
        ddx::derivative(bisection_bracket, ddx::dual(0.8, 1.0), 1.5);
    auto [v2, ty] =
        ddx::derivative(bisection_bracket, 0.8, ddx::dual(1.5, 1.0));
    check::two_inputs("bisection bracket", bisection_bracket, 0.8, 1.5, v, dx,
                      dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(falsepos_sum, ddx::active(0.5), ddx::active(3.0));
    auto [v1, tx] = ddx::derivative(falsepos_sum, ddx::dual(0.5, 1.0), 3.0);
    auto [v2, ty] = ddx::derivative(falsepos_sum, 0.5, ddx::dual(3.0, 1.0));
    check::two_inputs("false position, three roots", falsepos_sum, 0.5, 3.0, v,
                      dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(newton_root, ddx::active(1.0), ddx::active(2.5));
    auto [v1, tx] = ddx::derivative(newton_root, ddx::dual(1.0, 1.0), 2.5);
    auto [v2, ty] = ddx::derivative(newton_root, 1.0, ddx::dual(2.5, 1.0));
    check::two_inputs("newton (fdfsolver)", newton_root, 1.0, 2.5, v, dx, dy,
                      v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(steffenson_root, ddx::active(0.4), ddx::active(1.7));
    auto [v1, tx] = ddx::derivative(steffenson_root, ddx::dual(0.4, 1.0), 1.7);
    auto [v2, ty] = ddx::derivative(steffenson_root, 0.4, ddx::dual(1.7, 1.0));
    check::two_inputs("steffenson (fdfsolver)", steffenson_root, 0.4, 1.7, v,
                      dx, dy, v1, tx, v2, ty);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(secant_root, ddx::active(0.6), ddx::active(2.2));
    auto [v1, tx] = ddx::derivative(secant_root, ddx::dual(0.6, 1.0), 2.2);
    auto [v2, ty] = ddx::derivative(secant_root, 0.6, ddx::dual(2.2, 1.0));
    check::two_inputs("secant (fdfsolver)", secant_root, 0.6, 2.2, v, dx, dy,
                      v1, tx, v2, ty);
  }
  {
    // (x* is as accurate as the bracket, 1e-10, so the differences of the
    // primal are too; the derivative's stencil is good to 1e-9.)
    auto [v, dx, dy] =
        ddx::gradient(brent_minimum, ddx::active(1.1), ddx::active(0.7));
    auto [v1, tx] = ddx::derivative(brent_minimum, ddx::dual(1.1, 1.0), 0.7);
    auto [v2, ty] = ddx::derivative(brent_minimum, 1.1, ddx::dual(0.7, 1.0));
    check::two_inputs("brent minimum", brent_minimum, 1.1, 0.7, v, dx, dy, v1,
                      tx, v2, ty, 1e-5);
  }
  {
    auto [v, dx, dy] =
        ddx::gradient(golden_value, ddx::active(0.9), ddx::active(1.3));
    auto [v1, tx] = ddx::derivative(golden_value, ddx::dual(0.9, 1.0), 1.3);
    auto [v2, ty] = ddx::derivative(golden_value, 0.9, ddx::dual(1.3, 1.0));
    check::two_inputs("golden section value", golden_value, 0.9, 1.3, v, dx, dy,
                      v1, tx, v2, ty, 1e-6);
  }
  return check::finish();
}
