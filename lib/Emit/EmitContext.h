//===- EmitContext.h - what the emitters share ------------------*- C++ -*-===//
#ifndef DDX_EMIT_EMITCONTEXT_H
#define DDX_EMIT_EMITCONTEXT_H

#include "Activity/ActivityAnalysis.h"
#include "Activity/PointerTargets.h"
#include "Plan/CallableResolver.h"
#include "Plan/DiffPlan.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include "Support/ExprPrinter.h"
#include "Support/HeapCalls.h"
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
  const PointerTargets &Pointers;
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
  void refuseShadowless(const CalleeArg &A, const clang::FunctionDecl *Callee);
  /// Refuses, for reverse mode, a container (or a struct holding one) that
  /// R passes by value with a shadow.
  void refuseContainersByValue(const ResolvedCall &R,
                               const std::vector<ParamActivity> &Acts);
  std::string calleeName(const clang::FunctionDecl *Callee) const;
  /// Warns that the active value Arg reaches option Option of Callee and is
  /// passed detached.
  void warnDetachedOption(const clang::Expr *Arg, const std::string &Option,
                          const clang::FunctionDecl *Callee);
  /// The instance for a resolved call, with the activity of its arguments.
  std::string callee(const ResolvedCall &R, Mode M,
                     std::vector<ParamActivity> &Activity,
                     bool ResultUnused = false);
  /// The value of a compile-time constant argument as a C++ literal, or "".
  std::string constantText(const clang::Expr *E) const;
  /// Whether any argument (or the object) of a resolved call is varied.
  bool anyVaried(const ResolvedCall &R) const;
  /// Whether a call can stay the primal call: nothing active reaches it, or
  /// nothing it changes reaches the function's results; and it calls or
  /// passes no lambda (a lambda has no primal to call here).
  bool staysPrimal(const ResolvedCall &R, const clang::CallExpr *Call) const {
    return (!anyVaried(R) || !Activity.isUseful(Call)) && !R.What.Lambda &&
           R.What.Bindings.empty();
  }
  /// Refuses a differentiated member call whose class has non-public
  /// members (the derivative is a free function taking `self`).
  bool checkMemberAccess(const clang::CallExpr *Call, const ResolvedCall &R);
  /// Before a differentiated constructor builds a local in late storage
  /// (needsLateStorage): the statements that build the object with the
  /// constructor itself, and its shadow as a zeroed copy, the first time,
  /// so that the derivative has objects whose members it sets. Empty for
  /// any other call.
  Lines buildLateObject(const clang::CallExpr *Call);
  /// `<Var> = Value;`, or the assignment that builds Var the first time
  /// when it is a local in late storage. Var may be -1 (no result:
  /// `Value;`).
  std::string assignResult(int Var, const std::string &Value) const;
  /// What the generated callee of a resolved call returns (void for a
  /// member returning *this by reference).
  clang::QualType calleeReturnType(const ResolvedCall &R) const {
    clang::QualType T = R.What.Function->getReturnType();
    return T->isReferenceType() ? Ctx.VoidTy : T;
  }
  /// An argument of a generated callee, and its shadow.
  std::string argText(const CalleeArg &A) const;
  std::string argShadow(const CalleeArg &A) const;

  /// Refuses a differentiated call whose result carries derivatives that
  /// generated code cannot return with it (a container, a pointer, a struct
  /// holding either). Result: the variable that receives the value, or -1.
  bool checkReturn(const clang::CallExpr *Call, int Result);
  /// Checks a call that generated code leaves as the primal call (it has no
  /// rule and is not differentiated): fine only if it cannot change a
  /// derivative, that is, if nothing active reaches it or it neither returns
  /// (when ValueUsed) nor writes anything that can carry a derivative, and
  /// it does not write active memory. Otherwise reports why, and returns
  /// false. A rule's call is always fine here.
  bool checkCall(const clang::CallExpr *Call, bool ValueUsed = true);
  /// Refuses a memcpy of active values into memory without a shadow.
  bool checkCopiedInto(const MemoryCall &M);
  /// Checks what the statements of Body would leave undifferentiated: every
  /// call left as primal code (also in conditions and in the arguments of
  /// differentiated calls), and active values stored where no shadow is (a
  /// global). Returns false after reporting one.
  bool checkUndifferentiated(const Block &Body);
  /// An expression as the user wrote it, for messages.
  std::string userText(const clang::Expr *E) const;

private:
  /// What a primal call could do to derivatives.
  struct CallEffects {
    const clang::Expr *VariedInput =
        nullptr; ///< carries or reaches active data
    const clang::Expr *Written =
        nullptr;                  ///< can be written, and hold derivatives
    bool WrittenIsActive = false; ///< Written reaches active memory
    bool WritesActive = false;    ///< some written argument reaches it
  };
  CallEffects effects(const clang::CallExpr *Call) const;
  void explain(const clang::CallExpr *Call, const CallEffects &E);
  const Stmt *firstActiveWrite(const Block &B, int Var) const;
  /// Reports why a call that must be differentiated cannot be.
  bool refuseCall(const clang::CallExpr *Call, const CallBinding &B);
  bool checkPrimalCallsIn(const clang::Expr *E, bool InCondition);
  bool checkConditionCall(const clang::CallExpr *Call);
  bool checkStorage(const Stmt &Assign);
  bool checkValueClass(const Stmt &Assign, int Target);
  static std::string notAggregateReason(const clang::CXXRecordDecl *Class);
};

/// Statements adding Src to Dst for a value of type T: scalars directly,
/// structs member by member, arrays element by element.
void addInto(clang::QualType T, const std::string &Dst, const std::string &Src,
             Lines &Out, unsigned Depth = 0);

/// How a message names the variable V: by its name, or, for a temporary
/// ddx made for a construction, by what it holds ("this 'Cell' object").
std::string describeVariable(const Variable &V, const clang::ASTContext &Ctx);

/// Pointers and non-const references: arguments whose shadow is passed.
bool isIndirect(clang::QualType T);
/// Whether T is a class with virtual functions.
bool isPolymorphicClass(clang::QualType T);
/// Whether T is a struct (or array of structs) with a sized standard container
/// among its members, at any depth.
bool holdsContainer(clang::QualType T);

/// A distinct factor of a product and how often it occurs (`x`, 3 times,
/// in `0.1 * x * x * x`).
struct Power {
  const clang::Expr *Base;
  std::string Text;
  unsigned Exponent;
};
using Powers = llvm::SmallVector<Power, 8>;
/// The distinct factors of Product (through parentheses, while each partial
/// product has its type) when one with a derivative occurs more than once,
/// so that both modes give it one term (n c u^(n-1)) instead of the product
/// rule's one per occurrence; nothing for other products.
std::optional<Powers> repeatedPowers(const EmitContext &C,
                                     const clang::BinaryOperator *Product);
/// The derivative of the product of Factors with respect to P's base, as
/// text: `3 * 0.1 * x * x`.
std::string powerPartial(llvm::ArrayRef<Power> Factors, const Power &P);

/// Parenthesises a compound expression text.
std::string wrap(const std::string &Text);
/// Whether Text is a plain identifier or number, safe to repeat.
bool isSimple(const std::string &Text);

} // namespace ddx

#endif // DDX_EMIT_EMITCONTEXT_H
