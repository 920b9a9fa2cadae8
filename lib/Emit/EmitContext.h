//===- EmitContext.h - what the emitters share ------------------*- C++ -*-===//
#ifndef DDX_EMIT_EMITCONTEXT_H
#define DDX_EMIT_EMITCONTEXT_H

#include "Activity/ActivityAnalysis.h"
#include "Emit/ExprPrinter.h"
#include "Plan/CallableResolver.h"
#include "Plan/DiffPlan.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include <string>
#include <vector>

namespace ddx {

using Lines = std::vector<std::string>;

/// The names of a target's lowered parameters (captures first).
std::vector<std::string> paramNames(const Target &What);
/// What a generated function differentiates, for comments and the report:
/// "the lambda at line 12", "ns::f, specialised on g for parameter 'f'".
std::string describeTarget(const Target &What);

class CallableAdaptors;
class DispatchLog;

/// Everything an emitter reads while generating one function instance.
struct EmitContext {
  clang::ASTContext &Ctx;
  const FunctionIR &IR;
  const ExprPrinter &Printer;
  const ActivityAnalysis &Activity;
  const RuleBinder &Rules;
  DiffPlan &Plan;
  DiagReporter &Diags;
  CallableAdaptors &Adaptors;
  DispatchLog &Dispatches;
  const Instance *Current = nullptr; ///< the function being generated
  unsigned Temps = 0;

  std::string freshTemp() { return "_t" + std::to_string(Temps++); }

  /// A call of generated code: the target (specialised on the callables
  /// the call passes) and its arguments in the target's parameter order.
  struct ResolvedCall {
    Target What;
    std::vector<CalleeArg> Args;
    clang::SourceLocation At;
  };
  /// Resolves a call of a user function or callable; false after an error.
  /// Candidate: the function a call through a pointer is known to reach in
  /// this branch (Stmt::Candidate).
  bool resolve(const clang::CallExpr *Call, ResolvedCall &Out,
               const clang::FunctionDecl *Candidate = nullptr);
  /// The activity of each argument of a resolved call. An argument without
  /// an expression is one a rule supplies: active if it can carry a
  /// derivative.
  std::vector<ParamActivity> activities(const ResolvedCall &R);
  /// Warns that the active value Arg reaches option Option of Callee and is
  /// passed detached.
  void warnDetachedOption(const clang::Expr *Arg, const std::string &Option,
                          const clang::FunctionDecl *Callee);
  /// The instance for a resolved call, with the activity of its arguments.
  std::string callee(const ResolvedCall &R, Mode M,
                     std::vector<ParamActivity> &Activity);
  /// The value of a compile-time constant argument as a C++ literal, or "".
  std::string constantText(const clang::Expr *E) const;
  /// Whether any argument (or the object) of a resolved call is varied.
  bool anyVaried(const ResolvedCall &R) const;
  /// Whether a call can stay the primal call: nothing active reaches it and
  /// it calls or passes no lambda (a lambda has no primal to call here).
  bool staysPrimal(const ResolvedCall &R) const {
    return !anyVaried(R) && !R.What.Lambda && R.What.Bindings.empty();
  }
  /// An argument of a generated callee, and its shadow.
  std::string argText(const CalleeArg &A) const;
  std::string argShadow(const CalleeArg &A) const;

  /// Reports a call with active arguments that ddx cannot differentiate.
  /// Returns true if the call is fine (a rule, or inactive).
  bool checkCall(const clang::CallExpr *Call);
  /// The same for a call whose value is discarded (a statement): it matters
  /// only if it can write active values through a pointer or reference
  /// (printf of an active value does not).
  bool checkDiscardedCall(const clang::CallExpr *Call);
};

/// Statements adding Src to Dst for a value of type T: scalars directly,
/// structs member by member, arrays element by element.
void addInto(clang::QualType T, const std::string &Dst, const std::string &Src,
             Lines &Out, unsigned Depth = 0);

/// Pointers and non-const references: arguments whose shadow is passed.
bool isIndirect(clang::QualType T);

/// Parenthesises a compound expression text.
std::string wrap(const std::string &Text);
/// Whether Text is a plain identifier or number, safe to repeat.
bool isSimple(const std::string &Text);

} // namespace ddx

#endif // DDX_EMIT_EMITCONTEXT_H
