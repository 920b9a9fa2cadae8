//===- DiffPlan.h - the derivative functions a TU needs ---------*- C++ -*-===//
//
// The set of function instances to generate, each keyed by the function (or
// lambda), the mode and the activity of each parameter. Requests and calls in
// differentiated code ask for instances; the plan names each one once and
// hands them out in order until none is left, so only needed variants are
// generated and the output order is deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_PLAN_DIFFPLAN_H
#define DDX_PLAN_DIFFPLAN_H

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <deque>
#include <string>
#include <vector>

namespace ddx {

enum class Mode {
  Tangent,      ///< forward mode: values and tangents, returns ddx::dual
  ForwardSweep, ///< reverse mode, first half: primal plus tape records
  ReverseSweep, ///< reverse mode, second half: adjoints from the tape
  Gradient,     ///< a gradient request's entry point (both sweeps)
  Derivative    ///< a derivative request's entry point
};

enum class ParamActivity { Inactive, Active, Duplicated };

/// The mode as the report names it ("reverse-sweep", ...).
const char *modeName(Mode M);

/// What is differentiated: a function, or the call operator of a lambda
/// (whose captures become leading parameters) or of a functor (whose object
/// becomes the parameter `self`).
/// A callable parameter of a function specialised on the concrete callable
/// a call site passes: a named function or a lambda. The specialised clone
/// has no such parameter; its calls of it are statically bound, and a
/// lambda's captures become trailing parameters.
///
/// An option whose value is a compile-time constant at the call site is
/// bound the same way, to that value (Constant, as a C++ literal), and
/// folded into the clone.
struct CallableBinding {
  unsigned Param = 0; ///< index into Function->parameters()
  const clang::FunctionDecl *Function = nullptr;
  const clang::LambdaExpr *Lambda = nullptr;
  std::string Constant;
  /// For a lambda target: the captured variable (a callable parameter of
  /// the specialised clone the lambda is written in) bound instead of a
  /// parameter.
  const clang::ValueDecl *Captured = nullptr;
  /// A function-pointer field of the struct the parameter (or captured
  /// variable) holds or points to, bound to the named Function: the
  /// gsl_function pattern. The parameter stays (it carries the rest of the
  /// struct); calls through the field are bound statically.
  const clang::FieldDecl *Field = nullptr;
  bool operator==(const CallableBinding &O) const {
    return Param == O.Param && Function == O.Function && Lambda == O.Lambda &&
           Constant == O.Constant && Captured == O.Captured && Field == O.Field;
  }
  /// The name of what is bound (a parameter, or a captured variable).
  std::string boundName(const clang::FunctionDecl *In) const {
    return Captured ? Captured->getNameAsString()
                    : In->getParamDecl(Param)->getNameAsString();
  }
};

struct Target {
  const clang::FunctionDecl *Function = nullptr;
  const clang::LambdaExpr *Lambda = nullptr;
  std::vector<CallableBinding> Bindings;
  bool operator==(const Target &O) const {
    return Function == O.Function && Lambda == O.Lambda &&
           Bindings == O.Bindings;
  }
  const CallableBinding *bindingFor(unsigned Param) const {
    for (const CallableBinding &B : Bindings)
      if (!B.Captured && !B.Field && B.Param == Param)
        return &B;
    return nullptr;
  }
};

struct Instance {
  Target What;
  Mode M = Mode::Tangent;
  /// One entry per parameter of the lowered function (captures first).
  std::vector<ParamActivity> Activity;
  /// A forward and reverse sweep for calls whose result nothing reads: the
  /// result gets no adjoint (its partials are not even computed, so a NaN
  /// the primal returns and nobody reads stays out of the gradient).
  bool ResultUnused = false;
  std::string Name;
  /// The call or request that first needed this instance, for notes.
  clang::SourceLocation NeededAt;
  /// The instance whose generation needed this one (null for a request's
  /// entry): the chain of calls back to the user's code.
  const Instance *NeededBy = nullptr;
};

class DiffPlan {
public:
  /// The instance for this key, created (and queued) on first request.
  const Instance &get(const Target &What, Mode M,
                      const std::vector<ParamActivity> &Activity,
                      llvm::ArrayRef<std::string> ParamNames,
                      clang::SourceLocation NeededAt = {},
                      bool ResultUnused = false);

  /// The next instance not yet generated, or null. Instances asked for
  /// until the next call are needed by this one.
  const Instance *next() {
    Current = Next < Instances.size() ? &Instances[Next++] : nullptr;
    return Current;
  }
  const std::deque<Instance> &instances() const { return Instances; }

  /// How many times I was asked for: by a request, or by a call site
  /// (once for each emitted call, unless a sweep's text is emitted twice).
  unsigned requests(const Instance &I) const { return Requests.lookup(&I); }
  /// The instances generating I asked for (itself, if it recurses): the
  /// generated functions it calls.
  llvm::ArrayRef<const Instance *> callees(const Instance &I) const {
    auto It = Callees.find(&I);
    return It == Callees.end() ? llvm::ArrayRef<const Instance *>()
                               : llvm::ArrayRef<const Instance *>(It->second);
  }

private:
  std::string baseName(const Target &What) const;
  /// Records a request for Callee, and that generating Caller (if any) asked
  /// for Callee.
  const Instance &calledBy(const Instance *Caller, const Instance &Callee);

  std::deque<Instance> Instances; // a deque: NeededBy pointers stay valid
  size_t Next = 0;
  const Instance *Current = nullptr;
  llvm::DenseMap<const Instance *, llvm::SmallVector<const Instance *, 4>>
      Callees;
  llvm::DenseMap<const Instance *, unsigned> Requests;
  llvm::StringSet<> Names;
};

} // namespace ddx

#endif // DDX_PLAN_DIFFPLAN_H
