//===- PointerTargets.h - what a function's pointers may point into -*- C++
//-*-=//
//
// A call left as primal code can change memory through a pointer argument,
// and a reverse sweep that reads that memory (an index array, say) must see
// what the forward sweep saw, so the memory is saved before the call. The
// pointer is often not the array's own name: `int *p = idx; fill(p, n)`,
// `fill(idx + 1, n)`, `int *w = odd ? a : b`. This pass finds, for every
// pointer variable of a lowered function, the variables it may point into,
// flow-insensitively: the union over every value the variable is given.
//
// What a pointer may point into is a list of targets: a variable of the
// function (named storage, saved whole), the memory a pointer parameter
// points to (the caller's, whose extent ddx cannot see), or unknown memory
// (a call's result, a field). Only the first kind can be saved.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_ACTIVITY_POINTERTARGETS_H
#define DDX_ACTIVITY_POINTERTARGETS_H

#include "IR/FunctionIR.h"
#include "Support/ExprPrinter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ddx {

/// One place a pointer may point into, encoded as an int: a variable's
/// index (>= 0), the memory a pointer parameter points to, or unknown.
struct PointerTarget {
  static constexpr int Unknown = -2;
  static int outside(int Param) { return -3 - Param; }
  static bool isVariable(int T) { return T >= 0; }
};

using TargetList = llvm::SmallVector<int, 4>;

/// Numbers, and arrays and structs of numbers only: data an adjoint may
/// read (an index, a counter), unlike an opaque handle holding pointers.
/// A null type (not known) counts as plain.
bool isPlainData(clang::QualType T);

/// Whether a value of type T holds an address outside itself: a struct
/// with a pointer or iterator member (`std::pair<It, It>`, a view).
bool holdsAddresses(clang::QualType T);

/// The type of what an iterator of type T points to, or null if unknown.
clang::QualType iteratedValue(clang::QualType T);

class PointerTargets {
public:
  PointerTargets(const FunctionIR &IR, const ExprPrinter &Printer);

  /// Where the pointer value E (a pointer, or an array that decays) may
  /// point into.
  TargetList pointee(const clang::Expr *E) const;
  /// Which storage the lvalue E names: a variable of the function when E
  /// is a path of members and array elements from it, else where the
  /// pointer E goes through (`p[i]`, `*p`, `q->x`) may point into.
  TargetList storage(const clang::Expr *E) const;
  /// Where the variable Var may point into; empty for one that is not a
  /// pointer (an iterator, a smart pointer).
  const TargetList &targetsOf(int Var) const { return Targets[Var]; }
  /// Whether the address of the variable Var is kept where no pointer
  /// variable holds it (`Acc a{&u};`, `s.p = &u;`).
  bool isStored(int Var) const { return llvm::is_contained(Stored, Var); }
  /// The variables that keep Var's address where no pointer variable
  /// holds it (`s` for `s.p = &u`, a gsl_function for its params).
  llvm::SmallVector<int, 2> holdersOf(int Var) const {
    llvm::SmallVector<int, 2> Out;
    for (auto [Held, Holder] : Holders)
      if (Held == Var && Holder >= 0)
        Out.push_back(Holder);
    return Out;
  }
  /// The variables through which code may read Target: itself (a
  /// variable), the pointers that may point into it, pointers to those.
  /// Written: the type of what was written there, for unknown memory.
  llvm::SmallVector<int, 4>
  readersOf(int Target, clang::QualType Written = clang::QualType()) const;

  /// What a call may change through its object (a non-const member call,
  /// `c.inc()`, `p->next()`; not an accessor such as `v[i]`).
  TargetList changedObject(const clang::CallExpr *Call) const;
  /// What a call may change through the argument Arg given to a parameter
  /// of type T: `k` to an `int &`, `&k`, an array, `p` or `idx + 1` to an
  /// `int *`, a container's iterators passed by value.
  TargetList changedThrough(const clang::Expr *Arg, clang::QualType T) const;
  /// Everything a call may change through its object and arguments.
  TargetList changedBy(const clang::CallExpr *Call) const;
  /// Calls Visit with each argument of Call and the type of its parameter
  /// (an operator's object aside).
  static void forEachArgument(
      const clang::CallExpr *Call,
      llvm::function_ref<void(const clang::Expr *Arg, clang::QualType Param)>
          Visit);

private:
  void add(TargetList &To, const TargetList &From) const;
  TargetList object(const clang::Expr *Object) const;
  TargetList iterated(const clang::Expr *E) const;
  void collect(const Block &B, bool &Changed);
  void escape(const clang::Stmt *N);
  void findStoredAddresses(const Block &B);

  const FunctionIR &IR;
  const ExprPrinter &Printer;
  /// Per variable; empty for a variable that is not a pointer.
  std::vector<TargetList> Targets;
  /// Variables whose address is kept elsewhere than in a pointer variable.
  llvm::SmallVector<int, 4> Stored;
  /// (stored variable, the variable its address is kept in) pairs.
  llvm::SmallVector<std::pair<int, int>, 4> Holders;
};

} // namespace ddx

#endif // DDX_ACTIVITY_POINTERTARGETS_H
