//===- TapePolicy.h - recompute instead of recording ------------*- C++ -*-===//
//
// Reverse mode needs, in each reverse iteration of a loop, the values the
// forward iteration computed. Recording them costs a push and a pop per
// iteration. A value defined once at the top of a loop body from inputs that
// the body never changes (parameters, memory nothing writes, the loop
// counter, which the step changes and the reverse restores) can instead be
// recomputed at the start of each reverse iteration, as a hand-written
// gradient would. This pass marks those definitions.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_ACTIVITY_TAPEPOLICY_H
#define DDX_ACTIVITY_TAPEPOLICY_H

#include "IR/FunctionIR.h"
#include "Support/ExprPrinter.h"

namespace ddx {

void chooseRecomputation(FunctionIR &IR, const ExprPrinter &Printer);

} // namespace ddx

#endif // DDX_ACTIVITY_TAPEPOLICY_H
