//===- FunctionAssembler.h - whole generated functions ----------*- C++ -*-===//
//
// Turns a planned instance into a declaration and a definition: the
// signature for its mode, the hoisted declarations of values and shadows,
// the statements from the tangent or adjoint emitter, and the return.
//
// Signatures (P: the function's parameters in order; each active or
// duplicated parameter p is followed by its shadow):
//   tangent:       dual<R> f_tangent(P with tangents)
//   forward sweep: R f_forward(P with shadows of duplicated, ddx::tape &)
//   reverse sweep: void f_reverse(P with adjoint outputs, R seed, ddx::tape &)
//   gradient:      tuple<R, adjoints...> f_grad(P with shadows of duplicated)
//   derivative:    tuple<R, R> f_deriv(P with tangents)
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_FUNCTIONASSEMBLER_H
#define DDX_EMIT_FUNCTIONASSEMBLER_H

#include "Emit/CallableAdaptors.h"
#include "Emit/DispatchLog.h"
#include "Lowering/Lowering.h"
#include "Plan/DiffPlan.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <memory>
#include <string>

namespace ddx {

struct GeneratedFunction {
  std::string Declaration; ///< the prototype, ending in ';'
  /// A comment saying what the function is, and its definition without
  /// the `inline` that definition() adds.
  std::string Heading, Body;
  /// A callee's tangent or sweep (not a request's entry), and whether it is
  /// a few straight-line statements: such a one is forced inline when
  /// everything it calls is (see forcedInlines).
  bool Callee = false, Short = false;
  /// For each class (by name) whose derivatives the runtime zeroes and
  /// value initialisation does not (see ddx::member_zeroing): how to zero
  /// one, a specialisation of ddx::member_zeroing.
  std::map<std::string, std::string> MemberZeroings;

  std::string definition(bool ForcedInline) const {
    return Heading +
           (ForcedInline ? "[[gnu::always_inline]] inline " : "inline ") + Body;
  }
};

/// The instances whose definitions are marked always_inline: callees that
/// are Short or called from one place, and call only such instances (so
/// none recurses). Compilers judge a sweep by its tape calls and leave even
/// a handful of assignments out of line (clang++ does); the caller's
/// adjoint arrays then escape into the call and stay in memory, a wrapper
/// such as a lambda's sweep costs a call per evaluation of the integrand,
/// and the adjoints a callee adds up go through references.
llvm::DenseSet<const Instance *> forcedInlines(
    const DiffPlan &Plan,
    llvm::function_ref<const GeneratedFunction *(const Instance &)> Generated);

class FunctionAssembler {
public:
  FunctionAssembler(clang::ASTContext &Ctx, const RuleBinder &Rules,
                    DiffPlan &Plan, CallableAdaptors &Adaptors,
                    DispatchLog &Dispatches, DiagReporter &Diags)
      : Ctx(Ctx), Rules(Rules), Plan(Plan), Adaptors(Adaptors),
        Dispatches(Dispatches), Diags(Diags), Lower(Ctx, Rules, Diags) {}

  /// Generates one instance; false after reporting errors.
  bool assemble(const Instance &I, GeneratedFunction &Out);

  /// The lowered form of a target (cached); null after reporting errors.
  const FunctionIR *lowered(const Target &What);

private:
  std::vector<DiagReporter::ContextNote> callChain(const Instance &I) const;
  /// The outermost library function on the way from I to the user's code,
  /// which the user called (the thing to give a rule), or null.
  const Instance *libraryCallee(const Instance &I) const;
  /// Where the user calls it, and its name.
  std::optional<DiagReporter::ContextNote> libraryCall(const Instance &I) const;

  clang::ASTContext &Ctx;
  const RuleBinder &Rules;
  DiffPlan &Plan;
  CallableAdaptors &Adaptors;
  DispatchLog &Dispatches;
  DiagReporter &Diags;
  Lowering Lower;
  std::vector<std::pair<Target, std::unique_ptr<FunctionIR>>> Cache;
};

} // namespace ddx

#endif // DDX_EMIT_FUNCTIONASSEMBLER_H
