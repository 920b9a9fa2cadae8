//===- ActivityAnalysis.h - which values carry derivatives ------*- C++ -*-===//
//
// Activity analysis over FunctionIR. A variable is varied if a value that
// depends on an active input can reach it, and useful if its value can reach
// what the function returns or writes (its parameters, anything behind a
// pointer). A local or temporary is active if it is both: only active values
// get tangents and adjoints. A value that is varied but not useful is dead
// for derivatives: giving it an adjoint would only multiply a zero by its
// partials, which turns into NaN where the primal computes a NaN nobody reads.
// Both parts are flow-insensitive and iterated to a fixpoint, so they
// over-approximate (extra derivative code, never a missing derivative).
//
//===----------------------------------------------------------------------===//
#ifndef DDX_ACTIVITY_ACTIVITYANALYSIS_H
#define DDX_ACTIVITY_ACTIVITYANALYSIS_H

#include "IR/FunctionIR.h"
#include "Plan/CallableResolver.h"
#include "Support/ExprPrinter.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace ddx {

/// Whether values of type T can carry a derivative: floating-point scalars
/// and pointers, references, arrays and structs that hold them.
bool isDifferentiableType(clang::QualType T);
/// Forgets what isDifferentiableType learnt of the translation unit this
/// thread transformed last (which classes derive from which); called as a
/// new one starts.
void resetTranslationUnitFacts();

/// Whether T is a struct with a field that points to what may be active
/// (a gsl_function's void* context): a copy of its shadow reaches the same
/// shadow memory, so it is passed like a pointer.
bool holdsPointers(clang::QualType T);
/// Whether T is a struct with a floating-point member (or an array or struct
/// of them), not behind a pointer.
bool holdsValues(clang::QualType T);
/// Whether T carries derivatives as a plain value whose shadow is a value of
/// the same type: a floating-point scalar, or an array or aggregate of them
/// (integers may sit beside), with no pointer or container inside. Such a
/// value can be returned with its tangent and receive an adjoint seed.
bool isPlainValue(clang::QualType T);
/// Whether a class's values are their public members, as an aggregate's
/// are: an aggregate, or a trivially copyable class with constructors of
/// its own, no virtual functions and only public members (a Vec3 with
/// `Vec3(double, double, double)`), whose derivative is built member by
/// member.
bool isValueClass(const clang::CXXRecordDecl *R);
/// Whether a value-initialised T (`T x{}`, where a shadow starts) can hold a
/// nonzero derivative: a member of T (or of a base, a member, an element)
/// that can carry one has a default value (`double k = 1;`).
bool hasDefaultedValues(clang::QualType T);

class ActivityAnalysis {
public:
  ActivityAnalysis(const FunctionIR &IR, const ExprPrinter &Printer);

  /// Marks a parameter (or any variable) active before run().
  void seed(int Var) { Varied[Var] = true; }
  /// For an instance whose callers read no result: the return value is
  /// not useful.
  void dropResult() { ResultDropped = true; }
  void run();

  /// Whether Var is active: varied, and (for a local or a temporary)
  /// useful. Parameters and the return value are always useful.
  bool isVaried(int Var) const {
    return Var >= 0 && Varied[Var] && Useful[Var];
  }
  /// Whether E's value depends on an active input (through active values).
  bool isVaried(const clang::Expr *E) const;
  /// Whether E's value, or the variable whose memory E points into, is
  /// varied: the source of a copy, an address passed on.
  bool reachesVaried(const clang::Expr *E) const {
    return isVaried(E) || isVaried(Printer.rootVar(E));
  }
  /// Whether the call statement's effects can reach the function's results:
  /// one that is not (its result unused, nothing written through its
  /// arguments) may stay the primal call.
  bool isUseful(const clang::Expr *Call) const {
    return !DeadCalls.contains(Call);
  }

private:
  bool visit(const Block &B);
  bool mark(int Var);
  /// The usefulness fixpoint, after the varied one.
  void findUseful();
  bool visitUseful(const Block &B);
  bool markUseful(int Var);
  /// Marks every variable E reads useful.
  bool markReads(const clang::Expr *E);
  /// Whether a call statement may change a useful value: its result is
  /// useful, or it can write through an argument, its object or a capture.
  bool callIsUseful(const Stmt &S) const;
  /// The values a call reads: its arguments, its object and what its
  /// callables capture (By: those captured by reference).
  void callInputs(const clang::CallExpr *Call,
                  std::vector<const clang::Expr *> &Inputs,
                  std::vector<const clang::Expr *> &ByReference,
                  const clang::FunctionDecl **Bound = nullptr) const;

  const FunctionIR &IR;
  const ExprPrinter &Printer;
  std::vector<bool> Varied;
  std::vector<bool> Useful;
  llvm::DenseSet<const clang::Expr *> DeadCalls;
  bool ResultDropped = false;
};

} // namespace ddx

#endif // DDX_ACTIVITY_ACTIVITYANALYSIS_H
