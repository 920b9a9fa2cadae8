//===- EmitContext.h - what the emitters share ------------------*- C++ -*-===//
#ifndef DDX_EMIT_EMITCONTEXT_H
#define DDX_EMIT_EMITCONTEXT_H

#include "Activity/ActivityAnalysis.h"
#include "Emit/ExprPrinter.h"
#include "Plan/DiffPlan.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include <string>
#include <vector>

namespace ddx {

using Lines = std::vector<std::string>;

/// The names of a target's lowered parameters (captures first).
std::vector<std::string> paramNames(const Target &What);

/// Everything an emitter reads while generating one function instance.
struct EmitContext {
  clang::ASTContext &Ctx;
  const FunctionIR &IR;
  const ExprPrinter &Printer;
  const ActivityAnalysis &Activity;
  const RuleBinder &Rules;
  DiffPlan &Plan;
  DiagReporter &Diags;
  unsigned Temps = 0;

  std::string freshTemp() { return "_t" + std::to_string(Temps++); }

  /// The instance of a called user function for this call's activity.
  std::string callee(const clang::CallExpr *Call, Mode M,
                     std::vector<ParamActivity> &Activity);

  /// Reports a call with active arguments that ddx cannot differentiate.
  /// Returns true if the call is fine (a rule, or inactive).
  bool checkCall(const clang::CallExpr *Call);

  /// The zero of a type in generated code.
  std::string zero() const { return "0"; }
};

/// Statements adding Src to Dst for a value of type T: scalars directly,
/// structs member by member, arrays element by element.
void addInto(clang::QualType T, const std::string &Dst, const std::string &Src,
             Lines &Out, unsigned Depth = 0);
/// The type of a shadow: pointers and references to non-const.
clang::QualType shadowType(clang::ASTContext &Ctx, clang::QualType T);

/// Parenthesises a compound expression text.
std::string wrap(const std::string &Text);
/// Whether Text is a plain identifier or number, safe to repeat.
bool isSimple(const std::string &Text);

} // namespace ddx

#endif // DDX_EMIT_EMITCONTEXT_H
