//===- Lowering.h - a function body into FunctionIR -------------*- C++ -*-===//
//
// Lowers the body of a function to be differentiated into FunctionIR and
// reports, with their locations, the constructs ddx does not differentiate
// (goto, inline assembly, exceptions, ...).
//
//===----------------------------------------------------------------------===//
#ifndef DDX_LOWERING_LOWERING_H
#define DDX_LOWERING_LOWERING_H

#include "IR/FunctionIR.h"
#include "Rules/Overriders.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include "clang/AST/ExprCXX.h"
#include <memory>

namespace ddx {

class Lowering {
public:
  Lowering(clang::ASTContext &Ctx, const RuleBinder &Rules, DiagReporter &Diags)
      : Ctx(Ctx), Rules(Rules), Diags(Diags), Overriders(Ctx) {}

  /// Lowers FD's body. For the call operator of a lambda, Lambda gives its
  /// captures, which become leading parameters. Returns null after reporting
  /// an error.
  std::unique_ptr<FunctionIR>
  lower(const clang::FunctionDecl *FD,
        const clang::LambdaExpr *Lambda = nullptr,
        llvm::ArrayRef<CallableBinding> Bindings = {});

private:
  /// Whether the captures of Var by Lambda and by a lambda it calls hold
  /// one value (Var never changes); reports the lambda otherwise, as ddx
  /// passes both as one parameter.
  bool sameCapturedValue(const clang::ValueDecl *Var,
                         const clang::LambdaExpr *Lambda);

  clang::ASTContext &Ctx;
  const RuleBinder &Rules;
  DiagReporter &Diags;
  OverriderIndex Overriders;
};

} // namespace ddx

#endif // DDX_LOWERING_LOWERING_H
