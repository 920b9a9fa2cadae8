//===- Constructions.cpp --------------------------------------------------===//
#include "Lowering/Constructions.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ddx {

bool isUserConstruction(const CXXConstructExpr *E, const ASTContext &Ctx) {
  // (An array's elements are built one by one; see lowerInit.)
  return E && !E->getType()->isArrayType() &&
         isUserConstructor(E->getConstructor(), Ctx);
}

bool isUserConstructor(const CXXConstructorDecl *Ctor, const ASTContext &Ctx) {
  // (`using Base::Base;`: the compiler's constructor builds the base with
  // the user's, and the class's own members as their initialisers say.)
  if (Ctor && Ctor->isInheritingConstructor() && Ctor->hasBody())
    return isUserConstructor(Ctor->getInheritedConstructor().getConstructor(),
                             Ctx);
  if (!Ctor || !Ctor->isUserProvided() || !Ctor->hasBody())
    return false;
  const CXXRecordDecl *Class = Ctor->getParent();
  return !Class->isInStdNamespace() && !Class->isLambda() &&
         !Ctx.getSourceManager().isInSystemHeader(Ctor->getLocation());
}

/// `Base.T(args)` or `Base->T(args)` for E's constructor T.
static const CXXMemberCallExpr *
callOn(ASTContext &Ctx, Expr *Base, bool IsArrow, const CXXConstructExpr *E) {
  auto *Ctor = const_cast<CXXConstructorDecl *>(E->getConstructor());
  SourceLocation Loc = E->getBeginLoc();
  auto *Callee = MemberExpr::Create(
      Ctx, Base, IsArrow, Loc, NestedNameSpecifierLoc(), SourceLocation(), Ctor,
      DeclAccessPair::make(Ctor, Ctor->getAccess()),
      DeclarationNameInfo(Ctor->getDeclName(), Loc), nullptr, Ctx.BoundMemberTy,
      VK_PRValue, OK_Ordinary, NOUR_None);
  llvm::SmallVector<Expr *, 4> Args;
  for (const Expr *Arg : E->arguments())
    Args.push_back(const_cast<Expr *>(Arg));
  return CXXMemberCallExpr::Create(Ctx, Callee, Args, Ctx.VoidTy, VK_PRValue,
                                   E->getEndLoc(), FPOptionsOverride());
}

const CXXMemberCallExpr *constructionCall(ASTContext &Ctx,
                                          const CXXConstructExpr *E,
                                          const VarDecl *Object) {
  auto *Var = const_cast<VarDecl *>(Object);
  auto *Ref = DeclRefExpr::Create(
      Ctx, NestedNameSpecifierLoc(), SourceLocation(), Var,
      /*RefersToEnclosingVariableOrCapture=*/false, E->getBeginLoc(),
      Var->getType().getNonReferenceType(), VK_LValue);
  return callOn(Ctx, Ref, /*IsArrow=*/false, E);
}

const CXXMemberCallExpr *delegationCall(ASTContext &Ctx,
                                        const CXXConstructExpr *E,
                                        const CXXConstructorDecl *From) {
  auto *This = CXXThisExpr::Create(Ctx, E->getBeginLoc(), From->getThisType(),
                                   /*IsImplicit=*/true);
  return callOn(Ctx, This, /*IsArrow=*/true, E);
}

const CXXConstructExpr *inheritedConstruction(ASTContext &Ctx,
                                              const CXXInheritedCtorInitExpr *E,
                                              const CXXConstructorDecl *From) {
  SourceLocation Loc = From->getLocation();
  llvm::SmallVector<Expr *, 4> Args;
  for (ParmVarDecl *P : From->parameters()) {
    QualType T = P->getType().getNonReferenceType();
    Expr *Ref =
        DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), P,
                            false, Loc, T, VK_LValue);
    if (!P->getType()->isReferenceType())
      Ref = ImplicitCastExpr::Create(Ctx, T.getUnqualifiedType(),
                                     CK_LValueToRValue, Ref, nullptr,
                                     VK_PRValue, FPOptionsOverride());
    Args.push_back(Ref);
  }
  return CXXConstructExpr::Create(
      Ctx, E->getType(), Loc, E->getConstructor(), /*Elidable=*/false, Args,
      /*HadMultipleCandidates=*/false, /*ListInitialization=*/false,
      /*StdInitListInitialization=*/false, /*ZeroInitialization=*/false,
      CXXConstructionKind::NonVirtualBase, SourceRange(Loc, Loc));
}

const VarDecl *temporaryObject(ASTContext &Ctx, const Expr *E, DeclContext *In,
                               llvm::StringRef Name) {
  QualType T = E->getType().getUnqualifiedType();
  VarDecl *Object = VarDecl::Create(
      Ctx, In, E->getBeginLoc(), E->getBeginLoc(), &Ctx.Idents.get(Name), T,
      Ctx.getTrivialTypeSourceInfo(T, E->getBeginLoc()), SC_None);
  Object->setImplicit(); // (not the user's: messages describe, not name it)
  return Object;
}

const CXXConstructorDecl *constructorOf(const CallExpr *Call) {
  return Call ? dyn_cast_or_null<CXXConstructorDecl>(Call->getCalleeDecl())
              : nullptr;
}

} // namespace ddx
