//===- SumLoopFusion.h - one loop for a sum and its gradient ----*- C++ -*-===//
//
// An objective that adds up terms in a loop and returns the sum (a
// least-squares loss, a log-likelihood, the extended Rosenbrock function)
// gets two loops in reverse mode: a forward loop that computes the sum, then
// a reverse loop that recomputes each term's values and adds its partials.
// When the reverse iterations need nothing from the tape and do not depend
// on each other, and the sum's adjoint is known before the loop (the code
// after the loop only passes the sum on, linearly), one loop does both: each
// iteration adds its term's partials right after computing it, as a
// hand-written gradient does.
//
// The reverse iterations then run first to last instead of last to first:
// a gradient element that several iterations add to may differ in its last
// bits from the two-loop order.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_SUMLOOPFUSION_H
#define DDX_EMIT_SUMLOOPFUSION_H

#include "Activity/PointerTargets.h"
#include "Emit/AdjointEmitter.h"
#include <optional>

namespace ddx {

/// The gradient's body with its last top-level loop fused, or nothing when
/// that loop does not qualify. S holds the sweeps of IR's body (saves nothing
/// reads already dropped); Seed sets the adjoint of the return value.
std::optional<Lines> fuseSumLoop(const FunctionIR &IR,
                                 const PointerTargets &Pointers,
                                 const Sweeps &S, const Lines &Seed);

} // namespace ddx

#endif // DDX_EMIT_SUMLOOPFUSION_H
