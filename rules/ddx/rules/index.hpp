// The shipped ddx rules for the libraries a translation unit included.
//
// ddx parses every source with this header appended, and the generated file
// includes it after the user's code: each library's rules are included when
// that library's header was (by its include guard), so a file pays only for
// the rules it can use. The <cmath> rules are always present.
#ifndef DDX_RULES_INDEX_HPP
#define DDX_RULES_INDEX_HPP
#pragma GCC system_header // (library rules: see docs/rules.md)

#include <ddx/rules/cmath.hpp>

#ifdef BOOST_MATH_QUADRATURE_GAUSS_KRONROD_HPP
#include <ddx/rules/boost/math/quadrature/gauss_kronrod.hpp>
#endif
#ifdef BOOST_MATH_QUADRATURE_GAUSS_HPP
#include <ddx/rules/boost/math/quadrature/gauss.hpp>
#endif
#ifdef BOOST_MATH_QUADRATURE_TANH_SINH_HPP
#include <ddx/rules/boost/math/quadrature/tanh_sinh.hpp>
#endif
#ifdef BOOST_MATH_QUADRATURE_EXP_SINH_HPP
#include <ddx/rules/boost/math/quadrature/exp_sinh.hpp>
#endif
#ifdef BOOST_MATH_QUADRATURE_SINH_SINH_HPP
#include <ddx/rules/boost/math/quadrature/sinh_sinh.hpp>
#endif
#ifdef BOOST_MATH_TOOLS_NEWTON_SOLVER_HPP
#include <ddx/rules/boost/math/tools/roots.hpp>
#endif
#ifdef BOOST_MATH_TOOLS_SOLVE_ROOT_HPP
#include <ddx/rules/boost/math/tools/toms748_solve.hpp>
#endif
#ifdef BOOST_MATH_TOOLS_MINIMA_HPP
#include <ddx/rules/boost/math/tools/minima.hpp>
#endif
#if defined(BOOST_NUMERIC_ODEINT_INTEGRATE_INTEGRATE_CONST_HPP_INCLUDED) ||    \
    defined(BOOST_NUMERIC_ODEINT_INTEGRATE_INTEGRATE_N_STEPS_HPP_INCLUDED)
#include <ddx/rules/boost/numeric/odeint/integrate.hpp>
#endif
#if defined(_GLIBCXX_NUMERIC) || defined(_LIBCPP_NUMERIC)
#include <ddx/rules/numeric.hpp>
#endif
#if defined(_GLIBCXX_ALGORITHM) || defined(_LIBCPP_ALGORITHM)
#include <ddx/rules/algorithm.hpp>
#endif
#if defined(_GLIBCXX_COMPLEX) || defined(_LIBCPP_COMPLEX)
#include <ddx/rules/complex.hpp>
#endif
#ifdef __GSL_INTEGRATION_H__
#include <ddx/rules/gsl/integration.hpp>
#endif
#ifdef __GSL_ROOTS_H__
#include <ddx/rules/gsl/roots.hpp>
#endif
#ifdef __GSL_MIN_H__
#include <ddx/rules/gsl/min.hpp>
#endif
#ifdef __GSL_ODEIV2_H__
#include <ddx/rules/gsl/odeiv2.hpp>
#endif

#endif // DDX_RULES_INDEX_HPP
