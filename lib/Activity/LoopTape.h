//===- LoopTape.h - what loops need not record ------------------*- C++ -*-===//
//
// Two passes over a lowered function that spare the tape work around loops.
//
// dropCoveredSaves: reverse mode saves what each assignment overwrites. In
//
//   for (int j = 0; j < d; ++j) z[j] = q[j] * x[j];    // saves z[0..d)
//   for (int c = 0; c < d; ++c)
//     for (int r = c + 1; r < d; ++r) z[r] += l[k++] * x[c];
//
// the second nest's restores would only bring back the values z held
// between the two loops, and the first loop's restores then put back every
// element the nest can write (r < d, and an array index is never negative).
// If no adjoint from the first loop to the nest reads z, nothing reads
// those in-between values: the nest needs no saves. This pass finds such
// assignments to local arrays and clears their SaveOld.
//
// markCountedLoops: a loop `for (v = a; ...; v += k)` whose body leaves v
// alone ran (v - a) / k times when it ends, a number the reverse sweep can
// count down to instead of recording it: `while (v > a) { v -= k; ... }`,
// a loop the compiler can unroll and vectorise when a and the trip count
// are constants. a must read only what the loop leaves alone.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_ACTIVITY_LOOPTAPE_H
#define DDX_ACTIVITY_LOOPTAPE_H

#include "IR/FunctionIR.h"
#include "Support/ExprPrinter.h"

namespace ddx {

void dropCoveredSaves(FunctionIR &IR);
void markCountedLoops(FunctionIR &IR, const ExprPrinter &Printer);

} // namespace ddx

#endif // DDX_ACTIVITY_LOOPTAPE_H
