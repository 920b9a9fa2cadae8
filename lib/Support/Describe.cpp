//===- Describe.cpp -------------------------------------------------------===//
#include "Support/Describe.h"
#include "Support/Spelling.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ddx {

static std::string quoted(QualType T, const ASTContext &Ctx) {
  return "'" + userTypeName(T, Ctx) + "'";
}

std::string describeExpr(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return describeExpr(M->getSubExpr(), Ctx);
  if (auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return describeExpr(B->getSubExpr(), Ctx);
  if (isa<CXXStdInitializerListExpr>(E))
    return "a brace-enclosed list passed as a std::initializer_list";
  if (isa<InitListExpr>(E))
    return "a brace-enclosed initializer of " + quoted(E->getType(), Ctx);
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    const Expr *First = Op->getNumArgs() ? Op->getArg(0) : nullptr;
    std::string Of = First ? " of " + quoted(First->getType(), Ctx) : "";
    if (Op->getOperator() == OO_Star && Op->getNumArgs() == 1)
      return "the dereference operator '*'" + Of + " (an iterator's, say)";
    if (Op->getOperator() == OO_Call)
      return "a call of the callable object" + Of;
    return std::string("the operator '") +
           getOperatorSpelling(Op->getOperator()) + "'" + Of;
  }
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Member->getMethodDecl();
    return "a call of the member function '" +
           (M ? M->getQualifiedNameAsString() : std::string("?")) + "'";
  }
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    std::string Text = FD ? "a call of '" + FD->getQualifiedNameAsString() + "'"
                          : "a call through a function pointer";
    if (!Call->getType()->isVoidType())
      Text += " returning " + quoted(Call->getType(), Ctx);
    return Text;
  }
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return "a construction of " + quoted(Construct->getType(), Ctx) +
           (Construct->getNumArgs()
                ? " from " + std::to_string(Construct->getNumArgs()) +
                      (Construct->getNumArgs() == 1 ? " argument"
                                                    : " arguments")
                : std::string());
  if (isa<LambdaExpr>(E))
    return "a lambda";
  if (isa<CXXNewExpr>(E))
    return "a new-expression";
  if (isa<CXXDeleteExpr>(E))
    return "a delete-expression";
  if (isa<CXXTypeidExpr>(E))
    return "a typeid expression";
  if (auto *U = dyn_cast<UnaryOperator>(E))
    return std::string("the operator '") +
           UnaryOperator::getOpcodeStr(U->getOpcode()).str() + "' on " +
           quoted(U->getSubExpr()->getType(), Ctx);
  if (auto *B = dyn_cast<BinaryOperator>(E))
    return "the operator '" + B->getOpcodeStr().str() + "' on " +
           quoted(B->getLHS()->getType(), Ctx);
  if (isa<DeclRefExpr, MemberExpr>(E))
    return "this use of a value of type " + quoted(E->getType(), Ctx);
  return "this expression of type " + quoted(E->getType(), Ctx);
}

std::string unsupportedMessage(const Expr *E, const ASTContext &Ctx) {
  return "ddx cannot differentiate " + describeExpr(E, Ctx) +
         " here yet; write it with plain floating-point values, arrays and "
         "structs (see docs/language.md for what ddx differentiates)";
}

} // namespace ddx
