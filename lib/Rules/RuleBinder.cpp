//===- RuleBinder.cpp -----------------------------------------------------===//
#include "Rules/RuleBinder.h"
#include "Rules/Overriders.h"
#include "Support/ExprPrinter.h"
#include "Support/Spelling.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

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
RuleBinder::rulesNamespaceFor(const DeclContext *From,
                              std::string &Qualified) const {
  llvm::SmallVector<llvm::StringRef, 4> Path;
  for (const DeclContext *DC = From; DC; DC = DC->getParent()) {
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

const DeclContext *RuleBinder::ruleScopeFor(const FunctionDecl *FD,
                                            std::string &Qualified) const {
  auto *Method = dyn_cast<CXXMethodDecl>(FD);
  if (!Method)
    return rulesNamespaceFor(FD->getDeclContext(), Qualified);
  // A member's rules live in a class that mirrors the member's class, with
  // the same template arguments.
  const CXXRecordDecl *Class = Method->getParent();
  if (!Class->getIdentifier())
    return nullptr;
  const NamespaceDecl *NS =
      rulesNamespaceFor(Class->getDeclContext(), Qualified);
  if (!NS)
    return nullptr;
  for (NamedDecl *D : NS->lookup(Class->getDeclName())) {
    const CXXRecordDecl *Mirror = nullptr;
    if (auto *Template = dyn_cast<ClassTemplateDecl>(D))
      Mirror = Template->getTemplatedDecl();
    else
      Mirror = dyn_cast<CXXRecordDecl>(D);
    if (!Mirror)
      continue;
    Qualified += Class->getNameAsString();
    if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Class)) {
      if (!isa<ClassTemplateDecl>(D))
        return nullptr;
      Qualified += spellTemplateArgs(Spec);
    }
    Qualified += "::";
    return Mirror;
  }
  return nullptr;
}

bool hasAnnotation(const Decl *D, llvm::StringRef What) {
  if (!D)
    return false;
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == What)
      return true;
  return false;
}

llvm::StringRef annotationAfter(const Decl *D, llvm::StringRef Prefix) {
  if (D)
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation().starts_with(Prefix))
        return A->getAnnotation().drop_front(Prefix.size());
  return "";
}

/// Whether a pushforward's declared return type is ddx::dual<...>.
static bool returnsDual(const FunctionDecl *Rule) {
  QualType T = Rule->getDeclaredReturnType();
  const TemplateDecl *Template = nullptr;
  if (auto *Spec = T->getAs<TemplateSpecializationType>())
    Template = Spec->getTemplateName().getAsTemplateDecl();
  else if (auto *Record = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
               T->getAsCXXRecordDecl()))
    Template = Record->getSpecializedTemplate();
  return Template && Template->getQualifiedNameAsString() == "ddx::dual";
}

/// A parameter through which the function writes a floating-point result.
static bool isOutput(QualType T) {
  if (!T->isPointerType())
    return false;
  QualType Pointee = T->getPointeeType();
  return !Pointee.isConstQualified() && Pointee->isRealFloatingType();
}

/// The C library spells each <cmath> function three times: `sin` for
/// double, `sinf` for float, `sinl` for long double. The rules are templates
/// on the floating-point type, so the suffixed spellings share the rule of
/// the plain one. Returns the plain name for such a spelling of a C function
/// (or a builtin), otherwise Name itself.
static llvm::StringRef withoutPrecisionSuffix(const FunctionDecl *FD,
                                              llvm::StringRef Name) {
  if (Name.size() < 2 || FD->getNumParams() == 0 ||
      !(FD->isExternC() || FD->getBuiltinID()))
    return Name;
  QualType First =
      FD->getParamDecl(0)->getType().getCanonicalType().getUnqualifiedType();
  const ASTContext &Ctx = FD->getASTContext();
  if ((Name.back() == 'f' && First == Ctx.FloatTy) ||
      (Name.back() == 'l' && First == Ctx.LongDoubleTy))
    return Name.drop_back();
  return Name;
}

/// The class template T is a specialisation of, or null.
static const ClassTemplateDecl *templateOf(QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  if (auto *Spec = T->getAs<TemplateSpecializationType>())
    if (auto *Template = dyn_cast_or_null<ClassTemplateDecl>(
            Spec->getTemplateName().getAsTemplateDecl()))
      return Template->getCanonicalDecl();
  if (auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          T->getAsCXXRecordDecl()))
    return Spec->getSpecializedTemplate()->getCanonicalDecl();
  return nullptr;
}

/// Whether a rule's parameters can take the callee's arguments, as far as
/// their written types say: a parameter written as a specialisation of a
/// class template (`const std::complex<T> &`) takes only that template's
/// specialisations, one of a class only classes, and a range's only
/// iterators and pointers. A bare template parameter (`T x`, the <cmath>
/// rules') takes a std::complex only where Complex says so (the function's
/// rules have a pullback, which must take the conjugates): a rule written
/// for real values would be transposed without them. Keeps the rules of
/// std::exp(complex) apart from those of std::exp(double), and an execution
/// policy out of a range's place.
static bool takesParamsOf(const FunctionDecl *Rule, const FunctionDecl *FD,
                          unsigned Offset, bool Complex) {
  if (Rule->getNumParams() < FD->getNumParams() + Offset)
    return false;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = Rule->getParamDecl(I + Offset);
    QualType Written = P->getType();
    QualType Given = FD->getParamDecl(I)->getType();
    if (hasAnnotation(P, "ddx::range") ||
        hasAnnotation(P, "ddx::output_range")) {
      // (A reference parameter takes a whole container: an ODE's state.)
      bool Whole = Written->isReferenceType() && Given->isReferenceType() &&
                   Given.getNonReferenceType()->isRecordType();
      if (!Given->isPointerType() && !isIterator(Given) && !Whole)
        return false;
      continue;
    }
    if (Written->isDependentType() && !templateOf(Written)) {
      if (!Complex && isStdComplex(Given))
        return false;
      continue; // a template parameter (T, const T &)
    }
    if (const ClassTemplateDecl *Template = templateOf(Written)) {
      if (templateOf(Given) != Template)
        return false;
      continue;
    }
    if (Written.getNonReferenceType()->isRecordType() !=
        Given.getNonReferenceType()->isRecordType())
      return false;
  }
  return true;
}

static const FunctionDecl *asFunction(const NamedDecl *D) {
  if (auto *Template = dyn_cast<FunctionTemplateDecl>(D))
    return Template->getTemplatedDecl();
  return dyn_cast<FunctionDecl>(D);
}

/// Whether the rules Found are about FD. Rules shipped with ddx are
/// system headers, as the libraries they describe are (`std::clamp`,
/// `::sin`): they do not describe a user's own function that has the same
/// name (`double clamp(double, double, double)` in the user's file), whose
/// body is what it computes. A user's rules describe any function.
static bool describes(const DeclContextLookupResult &Found,
                      const FunctionDecl *FD) {
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  auto InSystemHeader = [&](const Decl *D) {
    return SM.isInSystemHeader(D->getLocation());
  };
  if (!llvm::all_of(Found, InSystemHeader))
    return true;
  return FD->getBuiltinID() || FD->getLocation().isInvalid() ||
         llvm::any_of(FD->redecls(), InSystemHeader);
}

/// The role of each of FD's parameters in Rule, whose parameters take them
/// from the Offset-th on.
static std::vector<ParamRole> rolesOf(const FunctionDecl *Rule,
                                      const FunctionDecl *FD, unsigned Offset) {
  std::vector<ParamRole> Roles;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = Rule->getParamDecl(I + Offset);
    Roles.push_back(
        hasAnnotation(P, "ddx::callable")          ? ParamRole::Callable
        : hasAnnotation(P, "ddx::option")          ? ParamRole::Option
        : hasAnnotation(P, "ddx::handle")          ? ParamRole::Handle
        : hasAnnotation(P, "ddx::range")           ? ParamRole::Range
        : hasAnnotation(P, "ddx::output_range")    ? ParamRole::OutputRange
        : isOutput(FD->getParamDecl(I)->getType()) ? ParamRole::Output
                                                   : ParamRole::Differentiable);
  }
  return Roles;
}

bool RuleBinder::bindBinder(const FunctionDecl *FD,
                            const DeclContextLookupResult &Found,
                            CallBinding &B) const {
  // `f_binds` declares f a set-up call: one parameter for each of f's, one
  // of them the handle and one the callable it is given.
  if (Found.empty() || isa<CXXMethodDecl>(FD) || !describes(Found, FD))
    return false;
  for (const NamedDecl *D : Found) {
    const FunctionDecl *Decl = asFunction(D);
    if (!Decl || Decl->getNumParams() != FD->getNumParams())
      continue;
    std::vector<ParamRole> Roles = rolesOf(Decl, FD, 0);
    bool ReturnsHandle = hasAnnotation(Decl, "ddx::handle") &&
                         FD->getReturnType()->isPointerType();
    if (llvm::count(Roles, ParamRole::Handle) != (ReturnsHandle ? 0 : 1) ||
        llvm::count(Roles, ParamRole::Callable) != 1)
      continue;
    B.K = CallBinding::Kind::Binder;
    B.Roles = std::move(Roles);
    B.ReturnsHandle = ReturnsHandle;
    for (const ParmVarDecl *P : Decl->parameters())
      B.OneOf.push_back(annotationAfter(P, "ddx::one_of:").str());
    B.CallableField =
        annotationAfter(Decl->getParamDecl(B.roleIndex(ParamRole::Callable)),
                        "ddx::callable_field:")
            .str();
    return true;
  }
  return false;
}

/// `<T>` for a function (not a template's instance) whose parameters are
/// all of one real floating type T (`double exp(double)`), else "".
static std::string floatingInstance(const FunctionDecl *FD) {
  if (FD->getNumParams() == 0 || FD->isTemplateInstantiation())
    return "";
  QualType T = FD->getParamDecl(0)->getType().getCanonicalType();
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getType().getCanonicalType() != T || !T->isRealFloatingType())
      return "";
  return "<" + T.getAsString(FD->getASTContext().getPrintingPolicy()) + ">";
}

bool RuleBinder::bindRule(const FunctionDecl *FD, CallBinding &B) const {
  std::string Qualified;
  const DeclContext *Scope = ruleScopeFor(FD, Qualified);
  if (!Scope)
    return false;
  // Builtins (__builtin_sinf, as libstdc++ spells std::sin(float)) share the
  // rule of the function they implement.
  // An operator's rules are named for it in words: `operator*` has
  // `operator_times_pushforward` (Support/Spelling.h).
  std::string Name = FD->getIdentifier()
                         ? FD->getName().str()
                         : operatorIdentifier(FD->getOverloadedOperator());
  llvm::StringRef Base = Name;
  Base.consume_front("__builtin_");
  auto Lookup = [&](llvm::StringRef Suffix) {
    return Scope->lookup(
        DeclarationName(&Ctx.Idents.get((Base + Suffix).str())));
  };
  auto Pushforwards = Lookup("_pushforward");
  // The rule of a suffixed spelling is instantiated on the spelling's type:
  // the printed arguments lack the conversions (`sinf(d)` of a double d
  // computes in float, and `frexpf(d, &e)` gives the float's exponent).
  std::string Instance;
  if (Pushforwards.empty()) {
    llvm::StringRef Plain = withoutPrecisionSuffix(FD, Base);
    if (Plain.size() != Base.size())
      Instance =
          "<" +
          FD->getParamDecl(0)->getType().getUnqualifiedType().getAsString(
              Ctx.getPrintingPolicy()) +
          ">";
    Base = Plain;
    Pushforwards = Lookup("_pushforward");
  }
  if (Pushforwards.empty())
    return bindBinder(FD, Lookup("_binds"), B);
  if (!describes(Pushforwards, FD))
    return false;
  if (!llvm::all_of(Pushforwards, [](const NamedDecl *D) {
        return isa<FunctionTemplateDecl>(D);
      }))
    Instance.clear();
  // A rule of a function that reads a solver handle takes the handle's
  // callable first (DDX_BOUND), in its pushforward and pullback.
  unsigned Lead =
      llvm::any_of(Pushforwards,
                   [&](const NamedDecl *D) {
                     const FunctionDecl *Rule = asFunction(D);
                     return Rule && Rule->getNumParams() > 0 &&
                            hasAnnotation(Rule->getParamDecl(0), "ddx::bound");
                   })
          ? 1
          : 0;
  auto *Method = dyn_cast<CXXMethodDecl>(FD);
  if (Lead && Method && !Method->isStatic())
    return false;
  B.K = CallBinding::Kind::Rule;
  B.Pushforward = Qualified + Base.str() + "_pushforward" + Instance;
  B.Bound = Lead;
  B.OnObject = Method && !Method->isStatic();
  unsigned Offset = B.OnObject ? 1 : 0;
  // (The complex rules' pullback for exp does not make the real exp a rule
  // with that pullback.)
  auto HasPullback = [&](unsigned Skip) {
    return llvm::any_of(Lookup("_pullback"), [&](const NamedDecl *D) {
      const FunctionDecl *Rule = asFunction(D);
      return Rule &&
             takesParamsOf(Rule, FD, Offset + Lead + Skip, /*Complex=*/true);
    });
  };
  // A rule may split its pullback: `_forward` computes the value and a
  // record, which the pullback takes first (docs/rules.md, "Records").
  // (ddx's own records of <cmath> functions are for real numbers: a
  // template parameter of a shipped rule does not take a std::complex, whose
  // exp keeps the complex rules' conjugating pullback.)
  const SourceManager &SM = Ctx.getSourceManager();
  auto Forwards = Lookup("_forward");
  bool Records = llvm::any_of(Forwards, [&](const NamedDecl *D) {
    const FunctionDecl *Rule = asFunction(D);
    return Rule && Rule->getNumParams() == FD->getNumParams() + Offset &&
           takesParamsOf(Rule, FD, Offset,
                         /*Complex=*/!SM.isInSystemHeader(D->getLocation()));
  });
  if (Records && HasPullback(1)) {
    // The record holds the value: computed in the callee's type, not the
    // argument's (`::exp(v)` of a float v computes in double).
    std::string Computed = Instance;
    if (Computed.empty() && llvm::all_of(Forwards, [](const NamedDecl *D) {
          return isa<FunctionTemplateDecl>(D);
        }))
      Computed = floatingInstance(FD);
    B.Forward = Qualified + Base.str() + "_forward" + Computed;
    B.Pullback = Qualified + Base.str() + "_pullback" + Computed;
  } else if (HasPullback(0)) {
    B.Pullback = Qualified + Base.str() + "_pullback" + Instance;
  }
  if (llvm::any_of(Lookup("_written"), [&](const NamedDecl *D) {
        const FunctionDecl *Rule = asFunction(D);
        return Rule && Offset == 0 &&
               Rule->getNumParams() == FD->getNumParams();
      }))
    B.Written = Qualified + Base.str() + "_written" + Instance;
  // The roles come from the overload with a parameter for each of the
  // callee's (and the object's) and one tangent per differentiable one;
  // overloads of the same arity are expected to agree. A rule of a member
  // may take the object's tangent too, first among the tangents (z.real()
  // of a std::complex).
  bool Fits = false;
  for (const NamedDecl *D : Pushforwards) {
    const FunctionDecl *Rule = asFunction(D);
    if (!Rule || Rule->getNumParams() < FD->getNumParams() + Offset + Lead ||
        !takesParamsOf(Rule, FD, Offset + Lead, !B.Pullback.empty()))
      continue;
    std::vector<ParamRole> Roles = rolesOf(Rule, FD, Offset + Lead);
    unsigned Tangents = llvm::count_if(Roles, hasSlot);
    std::vector<bool> InOrder(FD->getNumParams(), false);
    for (unsigned I = 0; I < FD->getNumParams(); ++I)
      InOrder[I] =
          Roles[I] == ParamRole::Callable &&
          hasAnnotation(Rule->getParamDecl(I + Offset + Lead), "ddx::in_order");
    unsigned Expected = FD->getNumParams() + Offset + Lead + Tangents;
    bool ObjectTangent = B.OnObject && Rule->getNumParams() == Expected + 1;
    bool Exact = Rule->getNumParams() == Expected || ObjectTangent;
    Fits |= Exact;
    if (!Exact && !B.Roles.empty())
      continue;
    B.Roles = std::move(Roles);
    B.ObjectTangent = ObjectTangent;
    B.InOrder = std::move(InOrder);
    B.ReturnsDual = returnsDual(Rule);
    if (Exact)
      break;
  }
  // No rule takes this overload's arguments (std::max with a comparator,
  // beside the rule for std::max(a, b)): the function has no rule.
  if (!Fits) {
    B = CallBinding();
    B.Callee = FD;
    return false;
  }
  if (B.Roles.empty())
    B.Roles.assign(FD->getNumParams(), ParamRole::Differentiable);
  return true;
}

/// Whether ddx looks for rules for the overloaded operator FD: one of a
/// namespace (std's, a library's), not the global namespace's, whose rules
/// would be the std ones (std maps to ddx::rules itself) and would take a
/// user's `Vec3 operator+` for `std::complex`'s.
static bool hasOperatorRules(const FunctionDecl *FD) {
  if (!FD->isOverloadedOperator())
    return false;
  const DeclContext *DC = FD->getDeclContext();
  if (auto *Method = dyn_cast<CXXMethodDecl>(FD))
    DC = Method->getParent()->getDeclContext();
  return !DC->getRedeclContext()->isTranslationUnit();
}

CallBinding RuleBinder::bind(const CallExpr *Call) const {
  CallBinding B;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return B;
  B.Callee = FD;
  if ((FD->getIdentifier() || hasOperatorRules(FD)) && RulesRoot &&
      bindRule(FD, B))
    return B;
  // A static member function is a free function in a class's scope.
  if (isa<CXXMethodDecl>(FD) && !cast<CXXMethodDecl>(FD)->isStatic()) {
    B.K = CallBinding::Kind::Method;
    // A member function of the functor being differentiated, called on the
    // same object, is differentiated like a free function taking `self`.
    // So is a non-virtual member function of a user class called on any
    // object (a local, a parameter, an element, through a pointer): the
    // object becomes `self`, with a shadow when it holds active data.
    // A member operator (a + b on a Vec3) likewise, its left operand being
    // the object; not the assignments the compiler writes, which are value
    // assignments.
    auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
    auto *Method = cast<CXXMethodDecl>(FD);
    auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
    bool OnThis =
        Member &&
        isa<CXXThisExpr>(
            Member->getImplicitObjectArgument()->IgnoreParenImpCasts());
    bool UserOperator =
        Op && Op->getOperator() != OO_Call && Method->isUserProvided();
    // (A virtual function reached through a reference or pointer is bound
    // per dynamic type, in a dispatch lowering writes; on an object whose
    // class the text says, it is this function.)
    bool UserClass =
        (Member || UserOperator) && !OverriderIndex::dispatchedObject(Call) &&
        !Method->isStatic() && !Method->getParent()->isInStdNamespace() &&
        !FD->getASTContext().getSourceManager().isInSystemHeader(
            FD->getLocation());
    if (OnThis || UserClass)
      if (const FunctionDecl *Def = FD->getDefinition()) {
        B.K = CallBinding::Kind::UserFunction;
        B.Callee = Def;
      }
    return B;
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
