//===- RuleCallEmitter.h - calls bound to a rule, as statements -*- C++ -*-===//
//
// Emits a call that a rule differentiates and that lowering made a statement
// of its own: a rule with callable or option parameters, a rule that
// returns the value with the tangent, or one with a pullback (docs/rules.md).
//
//   forward mode:  auto _t = R::f_pushforward(args..., tangents...);
//   forward sweep: v = f(args...);           callables as value objects
//   reverse sweep: R::f_pullback(args..., seed, adjoints...);
//
// Callable arguments become objects generated for the concrete callable
// (CallableAdaptors); options are passed as they are, folded to their value
// when it is a compile-time constant, and never get a tangent or an adjoint.
// A rule without a pullback, and without callables, is transposed.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_RULECALLEMITTER_H
#define DDX_EMIT_RULECALLEMITTER_H

#include "Emit/AdjointEmitter.h"
#include "Emit/CallableAdaptors.h"
#include "Emit/TangentEmitter.h"

namespace ddx {

class RuleCallEmitter {
public:
  RuleCallEmitter(EmitContext &C, const CallBinding &B, const Stmt &S);

  void emitTangent(TangentEmitter &T, Lines &Out);
  /// Restore is the statement that restores the result variable's old
  /// value in the reverse sweep, if the forward sweep saved it.
  Sweeps emitAdjoint(AdjointEmitter &A, const std::string &Restore);

private:
  struct Argument {
    const clang::Expr *E = nullptr;
    ParamRole Role = ParamRole::Differentiable;
    std::string Text; ///< the primal argument (a folded option's value)
    /// A bound callable's function-pointer field (BoundCallable::Field).
    std::string Field;
    /// A callable the rule calls as the library does (CallBinding::InOrder).
    bool InOrder = false;
    /// The callee's parameter this argument goes to.
    unsigned Index = 0;
  };
  /// Prints the arguments; false after reporting an error.
  bool collect();
  /// Refuses an option that is a lambda held in a local; true if it is.
  bool isHeldLambda(const clang::Expr *E);
  /// The arguments with each callable as an object of kind K. A capture
  /// whose adjoint cannot be passed in place (an init-capture's value)
  /// gets a temporary: declared in Before, accumulated in After.
  bool argumentList(AdaptorKind K, std::vector<std::string> &Out);
  /// Appends the object of kind K generated for callable argument A;
  /// false after reporting that A cannot be resolved.
  bool callableObject(const Argument &A, AdaptorKind K,
                      std::vector<std::string> &Out);
  std::string captureShadow(const CalleeArg &A, ParamActivity Act,
                            AdaptorKind K);
  /// The object of a member call whose rule takes it first.
  const clang::Expr *object() const;
  /// Whether the call's value has a derivative someone reads.
  bool variedResult() const;
  /// Whether A is an output whose derivative someone reads.
  bool variedOutput(const Argument &A) const;
  /// Whether the call has any derivative to compute.
  bool varied() const;
  /// The pointer to A's shadow (an output's tangent or adjoint slot), or to
  /// a scratch value declared in Decls when nothing reads it.
  std::string outputShadow(const Argument &A, Lines &Decls);
  /// A range argument's tangent or adjoint slot: the same position in the
  /// range's shadow, or a ::ddx::zero_range when the range has none.
  std::string rangeShadow(const Argument &A) const;
  /// The container (or array) an output range writes, which the reverse
  /// sweep puts back; null after reporting why it cannot.
  const clang::Expr *writtenContainer(const Argument &A) const;
  /// The container A points into, if a named one ddx can record whole.
  const clang::Expr *namedContainer(const Argument &A) const;
  /// Whether the reverse sweep can record the elements the call writes
  /// from output range A on, one by one: the rule says how many (its
  /// `_written` function, called with the call's arguments), and A can be
  /// printed again in the reverse sweep.
  bool writtenElements(const Argument &A) const;
  /// Refuses a callable that reads, through a pointer or reference it
  /// holds, memory Position may point into (what the call writes from
  /// there on: see readsWrittenContainer); true if it does.
  bool callableReaches(const clang::Expr *Position);
  /// The first callable passed to the call that reads one of Written
  /// through a pointer or reference it holds, with the capture that does.
  std::optional<std::pair<const Argument *, const clang::Expr *>>
  captureReading(const TargetList &Written) const;
  /// Reports that the callable reads what the call writes: "the callable
  /// reads<Reads> the call writes ..., ... again with <AsBefore> as it was
  /// before the call".
  void refuseReadWhileWritten(const Argument &Callable,
                              const std::string &Reads,
                              const std::string &AsBefore);
  /// Refuses a callable that writes what it captures (or points to)
  /// passed to a rule that may call it more often than the library does
  /// (one not CallBinding::InOrder).
  bool checkRepeatedCalls() const;
  /// For a callable the rule calls in order (Callable, resolved as R),
  /// refuses what it writes that the rule cannot run again: a captured
  /// container it both grows and reshapes, or a capture another callable
  /// of the call (one the rule calls again) reads.
  bool checkInOrderWrites(
      const Argument &Callable, const ResolvedCallable &R,
      const std::vector<std::pair<const Argument *, ResolvedCallable>>
          &Resolved) const;
  /// What the callables passed to the call write of what they capture by
  /// reference (a for_each that sums into a local): the caller's
  /// variables, which the reverse sweep puts back before the pullback.
  /// False after refusing a callable that writes through a pointer.
  bool writtenCaptures(std::vector<const clang::Expr *> &Written);
  /// The callable arguments ddx resolves, with what they resolve to.
  std::vector<std::pair<const Argument *, ResolvedCallable>>
  resolvedCallables() const;
  /// Refuses a callable that reads, through a reference or pointer it
  /// holds, the container Container the call writes: the pullback runs it
  /// again with the container as it was before the call, not as each call
  /// saw it. False after refusing.
  bool readsWrittenContainer(const clang::Expr *Container);
  void refuseUntangledResult();
  /// The type of the callee's parameter that A goes to, where known: a
  /// pullback's adjoint slot has it (the rule is instantiated on it).
  clang::QualType parameterType(const Argument &A) const;
  /// Records the call of Rule with these arguments for --report.
  void log(const std::string &Rule, const std::vector<std::string> &List,
           bool Forward);

  EmitContext &C;
  const CallBinding &B;
  const Stmt &S;
  const clang::CallExpr *Call;
  std::string Result; ///< the variable that receives the value, or ""
  std::vector<Argument> Args;
  /// For a rule that reads a solver handle: the callable the handle was set
  /// up with (Rules/HandleBindings.h).
  Argument Bound;
  /// What each callable argument stands for, as argumentList resolved it.
  std::vector<std::string> CallableWhat;
  TangentEmitter *Tangents = nullptr;
  AdjointEmitter *Adjoints = nullptr;
  Lines Before, After;
};

} // namespace ddx

#endif // DDX_EMIT_RULECALLEMITTER_H
