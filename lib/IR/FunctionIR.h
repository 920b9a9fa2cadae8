//===- FunctionIR.h - the structured form ddx differentiates ----*- C++ -*-===//
//
// A function body lowered to a small structured IR: assignments, calls, ifs
// and loops. Lowering removes what makes reversal hard: every local is hoisted
// to function scope (so the reverse sweep can see it), and break, continue and
// return become flag assignments with guarded continuations, so the IR has no
// jumps. Expressions stay Clang expressions; conditions, which never carry
// derivatives, are already printed text.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_IR_FUNCTIONIR_H
#define DDX_IR_FUNCTIONIR_H

#include "Plan/DiffPlan.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <string>
#include <vector>

namespace ddx {

/// A variable of the lowered function: a parameter, a hoisted local, or one
/// ddx introduced (call results, control flags, loop counters).
struct Variable {
  enum class Kind {
    Param,   ///< a parameter of the function (or a lambda capture)
    Local,   ///< a local variable of the user's code, hoisted
    Temp,    ///< the value of an extracted call
    Flag,    ///< a control flag (break, continue, return)
    Counter, ///< a loop trip counter
    Return   ///< the return value
  };
  std::string Name;
  clang::QualType Type;         ///< unqualified, non-reference storage type
  clang::QualType DeclaredType; ///< a parameter's type as declared
  Kind K = Kind::Local;
  const clang::ValueDecl *Decl = nullptr;
  /// A local reference: every use stands for this expression.
  const clang::Expr *AliasOf = nullptr;
  /// A range-for variable: every use stands for RangeOf[IndexVar].
  const clang::Expr *RangeOf = nullptr;
  int IndexVar = -1;
  bool isAlias() const { return AliasOf || RangeOf; }
  bool ByReference = false; ///< a parameter or capture of reference type
  bool ConstReference = false;
  bool WrittenInLoop = false;
  /// Declared [[maybe_unused]]: a snapshot of a capture for a lambda that
  /// may never be called.
  bool MaybeUnused = false;
  unsigned Writes = 0;
};

struct Stmt;
using Block = std::vector<Stmt>;

struct Stmt {
  enum class Kind {
    Assign, ///< Target op= Value
    Call,   ///< a call of a user function, result (if any) into Var
    Eval,   ///< an expression evaluated for its effect, never active
    If,
    Loop,
    Raw ///< primal-only text written by lowering (flags, counters)
  };
  Kind K = Kind::Raw;
  clang::SourceLocation Loc;

  // Assign: the target is Var (plus an element Path such as "[0]" or ".x"
  // for aggregate initialisation) or an lvalue expression.
  int Var = -1;
  std::string Path;
  const clang::Expr *LValue = nullptr;
  clang::BinaryOperatorKind Op = clang::BO_Assign;
  /// The assigned value; null means zero for BO_Assign and one for
  /// BO_AddAssign / BO_SubAssign (++ and --).
  const clang::Expr *Value = nullptr;
  /// Whether the overwritten value is pushed to the tape (set by TapePolicy).
  bool SaveOld = false;
  /// Whether this is the first write of a variable that nothing read before.
  bool FirstWrite = false;
  /// `v.push_back(x)`: the container Var grows by one element, then its
  /// new last element (Path ".back()") is assigned Value. The reverse sweep
  /// takes the element off again, so nothing is saved.
  bool Grow = false;
  /// `v.resize(n)` (Value n) or `v.clear()` (no Value) of the container
  /// Var + Path: a new size, new elements zero. The forward sweep records
  /// the container; the reverse sweep puts it back and gives its shadow the
  /// old size again. With Call set, the reshaping call is that member call
  /// (`v.pop_back()`, `v.erase(pos)`, `v.insert(pos, x)`, `v.assign(n,
  /// x)`), and Value the element it puts in (x) or null.
  bool Reshape = false;
  /// `p = new T[n]`, `p = (T *)malloc(b)` (Value, see Support/HeapCalls.h):
  /// the shadow pointer gets memory of its own, zeroed. A new-expression's
  /// initializer values follow as assignments of their own.
  bool Allocate = false;
  /// Eval: `delete[] p`, `free(p)`, giving back what Value points to (and
  /// its shadow with it). Reverse mode keeps both on the tape instead: the
  /// reverse sweep still reads the memory and accumulates into its shadow,
  /// and gives them back where it undoes their allocation.
  bool Free = false;
  /// Eval: `memcpy(dst, src, n)`, `memmove` or `memset` (Call, see
  /// Support/HeapCalls.h) of floating-point data: the shadow is copied or
  /// zeroed alike; reverse mode saves what it overwrites.
  bool Memory = false;
  /// Eval: `std::swap(a, b)` or `a.swap(b)` of two std::vector (Call, see
  /// Support/HeapCalls.h): the shadows are swapped alike, and the reverse
  /// sweep swaps both back, as a swap is its own inverse.
  bool Swap = false;
  /// A loop-body value the reverse sweep recomputes at the start of each
  /// reverse iteration instead of restoring it from the tape (set by
  /// chooseRecomputation).
  bool Recompute = false;

  // Call and Eval.
  const clang::Expr *Call = nullptr;
  /// Call: for a call through a local function pointer set from several
  /// named functions, the one this statement calls; lowering puts one such
  /// statement per candidate in branches that test the pointer.
  const clang::FunctionDecl *Candidate = nullptr;

  // If and Loop. A loop runs Then (the body) and Else (the step).
  std::string Cond;
  /// The user's condition Cond prints (null for one lowering wrote).
  const clang::Expr *CondExpr = nullptr;
  Block Then, Else;
  bool TestFirst = true;
  int Counter = -1;
  /// A loop whose step `v += k` (or `v -= k`) is all that changes v, which
  /// the statement before sets to `a`: CountedFromText is `a` printed (empty
  /// for other loops). The iterations number (v - a) / k when it ends, so
  /// the reverse sweep steps v back to `a` instead of recording a trip
  /// count (markCountedLoops). CountedToText is where the loop's test shows
  /// v ends (`n` for `v < n` with a unit step; empty if it does not say).
  std::string CountedFromText, CountedToText;

  // Raw.
  std::string Text;
};

/// The callable a solver handle was set up with: the set-up call's
/// argument, and for a struct of several function pointers the field that
/// holds the function (gsl_function_fdf's f).
struct BoundCallable {
  const clang::Expr *E = nullptr;
  std::string Field;
};

struct FunctionIR {
  const clang::FunctionDecl *Function = nullptr;
  /// For a functor's call operator: the object is the parameter `self`.
  const clang::CXXRecordDecl *SelfClass = nullptr;
  bool SelfIsConst = true;
  /// The parameter `self` (the first), which `this` denotes, or -1.
  int SelfVar = -1;
  std::vector<Variable> Vars; ///< parameters first, in order
  unsigned NumParams = 0;
  Block Body;
  int ReturnVar = -1;
  llvm::DenseMap<const clang::ValueDecl *, int> VarOf;
  /// Calls lowered into a Call statement: the variable holding their value.
  llvm::DenseMap<const clang::Expr *, int> TempOf;
  /// The callables this clone is specialised on, and which of its
  /// parameters each replaces (that parameter is not in Vars).
  std::vector<CallableBinding> Bindings;
  llvm::DenseMap<const clang::ValueDecl *, unsigned> BoundParams;
  /// new-expressions whose initial values lowering writes as assignments
  /// of their own (Stmt::Allocate): printed value-initialised.
  llvm::SmallPtrSet<const clang::CXXNewExpr *, 2> ValuesWrittenApart;
  /// Function-pointer fields of struct parameters (or captures) that this
  /// clone is specialised on: (the parameter, the field) -> the function.
  llvm::DenseMap<std::pair<const clang::ValueDecl *, const clang::FieldDecl *>,
                 const clang::FunctionDecl *>
      BoundFields;
  /// Locals that only name a callable (a lambda, or a function pointer set
  /// once): not hoisted; calls through them are bound to their initializer.
  llvm::DenseMap<const clang::ValueDecl *, const clang::Expr *> LocalCallables;
  /// Lambdas held in locals whose by-value captures of variables that
  /// change later were copied where the lambda is made (into temporaries
  /// TempOf gives for the capture's initializer).
  llvm::DenseSet<const clang::LambdaExpr *> SnapshotLambdas;
  /// Arguments of extracted calls that go to options (DDX_OPTION parameters
  /// of the callee or of its rule): never differentiated, so a callee
  /// writing through one (an error estimate) does not make it active.
  llvm::DenseSet<const clang::Expr *> OptionArgs;
  /// Calls whose rule reads a solver handle: the callable argument of the
  /// call that set the handle up (Rules/HandleBindings.h), which the rule
  /// gets first and whose captures are the call's inputs.
  llvm::DenseMap<const clang::CallExpr *, BoundCallable> HandleCallables;
  /// Set-up calls that return the handle they set up (a GSL ODE driver's
  /// allocation): the handle carries no derivative, whatever the callable
  /// they are given captures.
  llvm::DenseSet<const clang::CallExpr *> HandleAllocations;

  /// The return type of the derivative's primal: void for a member that
  /// returns *this by reference (lowering gave it no return variable).
  clang::QualType returnType() const {
    clang::QualType T = Function->getReturnType();
    return ReturnVar < 0 && T->isReferenceType()
               ? Function->getASTContext().VoidTy
               : T;
  }
};

} // namespace ddx

#endif // DDX_IR_FUNCTIONIR_H
