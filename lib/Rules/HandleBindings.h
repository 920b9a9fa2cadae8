//===- HandleBindings.h - the callables solver handles are set up with ---===//
//
// C solver libraries keep the callable in a handle: `gsl_root_fsolver_set(s,
// &F, lo, hi)` stores F in s, `gsl_root_fsolver_iterate(s)` calls it, and
// `gsl_root_fsolver_root(s)` reads what it found. The root's derivative
// needs F's, which the read call does not name. The rules say which calls
// set a handle up (a `_binds` declaration, CallBinding::Kind::Binder) and
// which read it (a rule with a DDX_HANDLE parameter, CallBinding::Bound);
// this pass finds, in one function body, the set-up call of each read's
// handle, so the read's rule gets that callable statically.
//
// It also keeps the handle in view: a handle is followed only through the
// library's own calls. Any other use (a member read, a copy, a call of a
// function of the user's) could read a result without its derivative, so it
// is refused where it is written.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_RULES_HANDLEBINDINGS_H
#define DDX_RULES_HANDLEBINDINGS_H

#include "IR/FunctionIR.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace ddx {

/// For each call in Body whose rule reads a solver handle, the callable
/// argument of the call that set that handle up; and the set-up calls that
/// return their handle (Allocations). Returns false, having
/// reported why, where a read has no unique set-up call in Body or a handle
/// is used other than through the library's calls.
bool bindHandles(
    const clang::Stmt *Body, const RuleBinder &Rules, DiagReporter &Diags,
    llvm::DenseMap<const clang::CallExpr *, BoundCallable> &Callables,
    llvm::DenseSet<const clang::CallExpr *> &Allocations);

} // namespace ddx

#endif // DDX_RULES_HANDLEBINDINGS_H
