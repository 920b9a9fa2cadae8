//===- ZeroAdjoints.h - set, not add to, an adjoint known zero --*- C++ -*-===//
//
// The reverse sweep adds each partial into an adjoint (`_d_a += _t6;`) and
// zeroes a local's adjoint where it consumed it (`_d_a = 0;`). Where the
// adjoint is still zero, the addition `0 + t` is one the compiler may not
// fold (it is -0.0 for t = -0.0), and in a loop it ties each iteration's
// value to the previous iteration's store: g++ keeps such a loop scalar.
// This pass proves, over the structured text of a sweep, where a local's
// scalar adjoint is zero, and writes the first addition there as an
// assignment (`_d_a = _t6;`), as a hand-written adjoint would.
//
// Only an adjoint no other name can reach is followed: one that every line
// mentioning it sets, adds to or copies whole (no address, no reference, no
// call argument, nothing inside a lambda); the rest keep their additions.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_ZEROADJOINTS_H
#define DDX_EMIT_ZEROADJOINTS_H

#include "Emit/EmitContext.h"

namespace ddx {

/// Rewrites Body (a function's statements, whose local adjoints are
/// declared zero before it) in place.
void assignIntoZeroAdjoints(Lines &Body, const FunctionIR &IR);

} // namespace ddx

#endif // DDX_EMIT_ZEROADJOINTS_H
