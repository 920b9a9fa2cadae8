//===- RuleBinder.cpp -----------------------------------------------------===//
#include "Rules/RuleBinder.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace ddx {

static const NamespaceDecl *
findNamespace(const DeclContext *In, llvm::StringRef Name, ASTContext &Ctx) {
  if (!In)
    return nullptr;
  for (NamedDecl *D : In->lookup(DeclarationName(&Ctx.Idents.get(Name))))
    if (auto *NS = dyn_cast<NamespaceDecl>(D))
      return NS;
  return nullptr;
}

RuleBinder::RuleBinder(ASTContext &Ctx) : Ctx(Ctx) {
  if (auto *Ddx = findNamespace(Ctx.getTranslationUnitDecl(), "ddx", Ctx))
    RulesRoot = findNamespace(Ddx, "rules", Ctx);
}

const NamespaceDecl *
RuleBinder::rulesNamespaceFor(const FunctionDecl *FD,
                              std::string &Qualified) const {
  llvm::SmallVector<llvm::StringRef, 4> Path;
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent()) {
    if (auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isInline() || NS->isAnonymousNamespace())
        continue;
      if (NS->isStdNamespace())
        continue;
      Path.push_back(NS->getName());
    } else if (!isa<LinkageSpecDecl, TranslationUnitDecl>(DC)) {
      return nullptr;
    }
  }
  const NamespaceDecl *NS = RulesRoot;
  Qualified = "::ddx::rules::";
  for (auto It = Path.rbegin(); NS && It != Path.rend(); ++It) {
    NS = findNamespace(NS, *It, Ctx);
    Qualified += It->str() + "::";
  }
  return NS;
}

CallBinding RuleBinder::bind(const CallExpr *Call) const {
  CallBinding B;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return B;
  B.Callee = FD;
  if (isa<CXXMethodDecl>(FD)) {
    B.K = CallBinding::Kind::Method;
    // A member function of the functor being differentiated, called on the
    // same object, is differentiated like a free function taking `self`.
    auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
    if (Member &&
        isa<CXXThisExpr>(
            Member->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      if (const FunctionDecl *Def = FD->getDefinition()) {
        B.K = CallBinding::Kind::UserFunction;
        B.Callee = Def;
      }
    return B;
  }
  std::string Qualified;
  if (FD->getIdentifier() && RulesRoot) {
    if (const NamespaceDecl *NS = rulesNamespaceFor(FD, Qualified)) {
      // Builtins (__builtin_sinf, as libstdc++ spells std::sin(float)) share
      // the rule of the function they implement.
      llvm::StringRef Base = FD->getName();
      Base.consume_front("__builtin_");
      std::string Name = Base.str() + "_pushforward";
      if (!NS->lookup(DeclarationName(&Ctx.Idents.get(Name))).empty()) {
        B.K = CallBinding::Kind::Rule;
        B.Pushforward = Qualified + Name;
        return B;
      }
    }
  }
  if (const FunctionDecl *Def = FD->getDefinition()) {
    B.K = CallBinding::Kind::UserFunction;
    B.Callee = Def;
    return B;
  }
  // A template specialisation whose body was not instantiated has no
  // definition yet; its pattern tells whether one could exist.
  return B;
}

} // namespace ddx
