//===- EmitContext.cpp ----------------------------------------------------===//
#include "Emit/EmitContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ddx {

std::vector<std::string> paramNames(const Target &What) {
  std::vector<std::string> Names;
  if (What.Lambda)
    for (const LambdaCapture &C : What.Lambda->captures())
      Names.push_back(C.capturesVariable()
                          ? C.getCapturedVar()->getNameAsString()
                          : std::string("this"));
  for (const ParmVarDecl *P : What.Function->parameters())
    Names.push_back(P->getNameAsString());
  return Names;
}

void addInto(QualType T, const std::string &Dst, const std::string &Src,
             Lines &Out, unsigned Depth) {
  T = T.getCanonicalType();
  if (T->isRealFloatingType()) {
    Out.push_back(Dst + " += " + Src + ";");
    return;
  }
  if (auto *Array = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    std::string I = "_i" + std::to_string(Depth);
    Out.push_back("for (unsigned long " + I + " = 0; " + I + " < " +
                  std::to_string(Array->getSize().getZExtValue()) + "; ++" +
                  I + ") {");
    addInto(Array->getElementType(), Dst + "[" + I + "]", Src + "[" + I + "]",
            Out, Depth + 1);
    Out.push_back("}");
    return;
  }
  if (auto *R = T->getAsRecordDecl())
    for (const FieldDecl *F : R->fields())
      if (isDifferentiableType(F->getType()) &&
          !F->getType()->isPointerType())
        addInto(F->getType(), Dst + "." + F->getNameAsString(),
                Src + "." + F->getNameAsString(), Out, Depth);
}

QualType shadowType(ASTContext &Ctx, QualType T) {
  if (auto *P = T->getAs<PointerType>()) {
    Qualifiers Dropped;
    return Ctx.getPointerType(
        Ctx.getUnqualifiedArrayType(P->getPointeeType(), Dropped));
  }
  if (auto *R = T->getAs<ReferenceType>()) {
    Qualifiers Dropped;
    return Ctx.getLValueReferenceType(
        Ctx.getUnqualifiedArrayType(R->getPointeeType(), Dropped));
  }
  Qualifiers Dropped;
  return Ctx.getUnqualifiedArrayType(T, Dropped);
}

std::string wrap(const std::string &Text) {
  if (isSimple(Text))
    return Text;
  if (Text.size() >= 2 && Text.front() == '(' && Text.back() == ')') {
    // Already wrapped if the first parenthesis closes at the end.
    int Depth = 0;
    for (size_t I = 0; I < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0)
        return I + 1 == Text.size() ? Text : "(" + Text + ")";
    }
  }
  return "(" + Text + ")";
}

bool isSimple(const std::string &Text) {
  if (Text.empty())
    return false;
  for (char C : Text)
    if (!llvm::isAlnum(C) && C != '_' && C != '.')
      return false;
  return true;
}

std::string EmitContext::callee(const CallExpr *Call, Mode M,
                                std::vector<ParamActivity> &Acts) {
  CallBinding B = Rules.bind(Call);
  const FunctionDecl *FD = B.Callee;
  Acts.clear();
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    QualType P = FD->getParamDecl(I)->getType();
    const Expr *Arg = I < Call->getNumArgs() ? Call->getArg(I) : nullptr;
    ParamActivity A = ParamActivity::Inactive;
    bool Indirect = P->isPointerType() ||
                    (P->isReferenceType() &&
                     !P.getNonReferenceType().isConstQualified());
    if (Arg && isDifferentiableType(P)) {
      if (Indirect)
        A = Activity.isVaried(Printer.rootVar(Arg)) ? ParamActivity::Duplicated
                                                    : ParamActivity::Inactive;
      else
        A = Activity.isVaried(Arg) ? ParamActivity::Active
                                   : ParamActivity::Inactive;
    }
    Acts.push_back(A);
  }
  Target T{FD, nullptr};
  return Plan.get(T, M, Acts, paramNames(T), Call->getExprLoc()).Name;
}

bool EmitContext::checkCall(const CallExpr *Call) {
  bool AnyVaried = false;
  for (const Expr *Arg : Call->arguments())
    AnyVaried |= Activity.isVaried(Arg);
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    AnyVaried |= Activity.isVaried(Member->getImplicitObjectArgument());
  CallBinding B = Rules.bind(Call);
  if (!AnyVaried || B.K == CallBinding::Kind::Rule)
    return true;
  const FunctionDecl *FD = Call->getDirectCallee();
  std::string Name = FD ? FD->getQualifiedNameAsString() : "<indirect>";
  if (!FD) {
    Diags.error(Call->getExprLoc(),
                "ddx cannot differentiate a call through a function pointer "
                "or callable object here: the callee is not known statically");
    return false;
  }
  if (auto *Method = dyn_cast<CXXMethodDecl>(FD)) {
    if (Method->isVirtual())
      Diags.error(Call->getExprLoc(),
                  "ddx cannot differentiate the virtual call '" + Name +
                      "': the callee is chosen at run time");
    else
      Diags.error(Call->getExprLoc(), "ddx cannot differentiate the member "
                                      "function call '" +
                                          Name + "' yet");
    return false;
  }
  if (B.K == CallBinding::Kind::Opaque) {
    Diags.error(Call->getExprLoc(),
                "no derivative rule for '" + Name +
                    "' and no definition to differentiate; write a rule "
                    "(see docs/rules.md) or make the definition visible");
    return false;
  }
  return true;
}

} // namespace ddx
