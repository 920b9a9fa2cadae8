//===- AliasedArguments.h - one storage to a const and a written param -*-===//
//
// Generated code passes a value the callee only reads by const reference,
// and its derivative alike: the value must not change during the call. A
// call that passes the same storage also to a parameter (or as the object)
// through which the callee may write it breaks that, and is refused. The
// same storage is found through member and element paths (`z.mulBy(z)`,
// `f(a[0], a[0])`) and through pointer copies (`double *v = u;
// mul_add(*u, *v)`), raw or smart.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_LOWERING_ALIASEDARGUMENTS_H
#define DDX_LOWERING_ALIASEDARGUMENTS_H

#include "IR/FunctionIR.h"

namespace ddx {

class DiagReporter;
class ExprPrinter;

/// Reports each call of the lowered function IR that passes storage both
/// to a const reference and where the callee may change it; false if any.
bool checkAliasedArguments(const FunctionIR &IR, const ExprPrinter &Printer,
                           DiagReporter &Diags);

} // namespace ddx

#endif // DDX_LOWERING_ALIASEDARGUMENTS_H
