//===- ActivityAnalysis.h - which values carry derivatives ------*- C++ -*-===//
//
// Varied analysis over FunctionIR: a variable is varied if a value that
// depends on an active input can reach it. Flow-insensitive and iterated to a
// fixpoint, so it over-approximates (extra derivative code, never a missing
// derivative). Only varied values get tangents and adjoints.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_ACTIVITY_ACTIVITYANALYSIS_H
#define DDX_ACTIVITY_ACTIVITYANALYSIS_H

#include "Emit/ExprPrinter.h"
#include "IR/FunctionIR.h"
#include "Plan/CallableResolver.h"
#include <vector>

namespace ddx {

/// Whether values of type T can carry a derivative: floating-point scalars
/// and pointers, references, arrays and structs that hold them.
bool isDifferentiableType(clang::QualType T);

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

class ActivityAnalysis {
public:
  ActivityAnalysis(const FunctionIR &IR, const ExprPrinter &Printer);

  /// Marks a parameter (or any variable) active before run().
  void seed(int Var) { Varied[Var] = true; }
  void run();

  bool isVaried(int Var) const { return Var >= 0 && Varied[Var]; }
  /// Whether E's value depends on an active input.
  bool isVaried(const clang::Expr *E) const;

private:
  bool visit(const Block &B);
  bool mark(int Var);

  const FunctionIR &IR;
  const ExprPrinter &Printer;
  std::vector<bool> Varied;
};

} // namespace ddx

#endif // DDX_ACTIVITY_ACTIVITYANALYSIS_H
