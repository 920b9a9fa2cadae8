// Boost.Odeint for the test cases. g++ 12 warns that Boost 1.74's steppers
// copy their uninitialised scratch buffers when passed by value, a false
// positive in the library, and the cases fail on any warning.
#ifndef DDX_TEST_BOOST_ODEINT_HPP
#define DDX_TEST_BOOST_ODEINT_HPP
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/numeric/odeint.hpp>
#endif
