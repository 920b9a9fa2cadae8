//===- Overriders.cpp -----------------------------------------------------===//
#include "Rules/Overriders.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ddx {
namespace {

/// Every class definition of the translation unit that can have objects:
/// complete, not a template pattern, not abstract.
class ConcreteClasses : public RecursiveASTVisitor<ConcreteClasses> {
public:
  std::vector<const CXXRecordDecl *> Found;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }

  bool VisitCXXRecordDecl(CXXRecordDecl *R) {
    if (R->isThisDeclarationADefinition() && R->isCompleteDefinition() &&
        !R->isDependentContext() && !R->isLambda() && R->isPolymorphic() &&
        !R->isAbstract())
      Found.push_back(R);
    return true;
  }
};

/// The method a member call names, and the object it is called on.
std::pair<const CXXMethodDecl *, const Expr *>
methodAndObject(const CallExpr *Call) {
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
    auto *ME = dyn_cast<MemberExpr>(Member->getCallee()->IgnoreParens());
    // `p.Base::f()` names its function: no dispatch.
    if (!ME || ME->hasQualifier())
      return {nullptr, nullptr};
    return {Member->getMethodDecl(), Member->getImplicitObjectArgument()};
  }
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
    if (auto *M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
        M && Op->getNumArgs() > 0)
      return {M, Op->getArg(0)};
  return {nullptr, nullptr};
}

} // namespace

const Expr *OverriderIndex::dispatchedObject(const CallExpr *Call) {
  auto [Method, Object] = methodAndObject(Call);
  if (!Method || !Method->isVirtual() || Method->hasAttr<FinalAttr>())
    return nullptr;
  const Expr *Plain = Object->IgnoreParenImpCasts();
  QualType T = Plain->getType();
  bool Pointer = T->isPointerType();
  const CXXRecordDecl *Class =
      Pointer ? T->getPointeeCXXRecordDecl() : T->getAsCXXRecordDecl();
  if (!Class || Class->hasAttr<FinalAttr>())
    return nullptr;
  // An object named directly (a local, a by-value parameter, a member
  // object) has the class its declaration says; `this`, a reference, a
  // pointer or a dereference may denote a derived object.
  if (!Pointer && !isa<CXXThisExpr>(Plain)) {
    const Expr *Named = Plain;
    if (auto *Ref = dyn_cast<DeclRefExpr>(Named))
      if (!Ref->getDecl()->getType()->isReferenceType())
        return nullptr;
    if (auto *ME = dyn_cast<MemberExpr>(Named))
      if (!ME->getMemberDecl()->getType()->isReferenceType())
        return nullptr;
  }
  return Object;
}

const CXXRecordDecl *OverriderIndex::knownClass(const Expr *Object) {
  const Expr *Named = Object->IgnoreParenImpCasts();
  // A local reference bound to a named object (`const Shape &s = d;`) is
  // that object: a reference is never bound again.
  while (auto *Ref = dyn_cast<DeclRefExpr>(Named)) {
    auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD || isa<ParmVarDecl>(VD) || !VD->getInit())
      return nullptr;
    if (!VD->getType()->isReferenceType())
      return VD->getType()->getAsCXXRecordDecl();
    Named = VD->getInit()->IgnoreParenImpCasts();
  }
  return nullptr;
}

std::vector<OverriderCase> OverriderIndex::cases(const CallExpr *Call) {
  auto [Method, Object] = methodAndObject(Call);
  if (const CXXRecordDecl *Known = knownClass(Object))
    return {{Known, Method->getCorrespondingMethodInClass(Known, true)}};
  QualType T = Object->IgnoreParenImpCasts()->getType();
  const CXXRecordDecl *Static = T->isPointerType()
                                    ? T->getPointeeCXXRecordDecl()
                                    : T->getAsCXXRecordDecl();
  if (!Classes) {
    ConcreteClasses Visitor;
    Visitor.TraverseDecl(Ctx.getTranslationUnitDecl());
    Classes = std::move(Visitor.Found);
  }
  std::vector<OverriderCase> Cases;
  for (const CXXRecordDecl *Class : *Classes) {
    if (Class != Static->getDefinition() && !Class->isDerivedFrom(Static))
      continue;
    const CXXMethodDecl *Overrider =
        Method->getCorrespondingMethodInClass(Class, /*MayBeBase=*/true);
    if (Overrider)
      Cases.push_back({Class, Overrider});
  }
  return Cases;
}

} // namespace ddx
