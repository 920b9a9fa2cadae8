//===- CallableResolver.cpp -----------------------------------------------===//
#include "Plan/CallableResolver.h"
#include "Rules/RuleBinder.h"
#include "Support/ExprPrinter.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ddx {

bool anyTypeArgument(const CXXRecordDecl *R,
                     llvm::function_ref<bool(QualType)> Pred) {
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(R);
  return Spec &&
         llvm::any_of(Spec->getTemplateArgs().asArray(),
                      [&](const TemplateArgument &Arg) {
                        return Arg.getKind() == TemplateArgument::Type &&
                               Pred(Arg.getAsType());
                      });
}

const FieldDecl *fieldNamed(const CXXRecordDecl *R, llvm::StringRef Name) {
  if (!R || !R->hasDefinition())
    return nullptr;
  for (const FieldDecl *F : R->fields())
    if (F->getName() == Name)
      return F;
  for (const CXXBaseSpecifier &Base : R->bases())
    if (!Base.isVirtual())
      if (const FieldDecl *F =
              fieldNamed(Base.getType()->getAsCXXRecordDecl(), Name))
        return F;
  return nullptr;
}

bool hasMutableMembers(QualType T) {
  auto *R = T.getNonReferenceType()
                ->getPointeeOrArrayElementType()
                ->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition())
    return false;
  // A library class's own mutable members are its bookkeeping (a lock, a
  // cache of something derived from what it holds); the user objects it
  // holds (`std::vector<Acc>`, `std::pair<Acc, int>`) are what may change.
  if (R->isInStdNamespace())
    return anyTypeArgument(R, [&](QualType Arg) {
      return Arg->getAsCXXRecordDecl() != R && hasMutableMembers(Arg);
    });
  for (const CXXBaseSpecifier &Base : R->bases())
    if (hasMutableMembers(Base.getType()))
      return true;
  return llvm::any_of(R->fields(), [](const FieldDecl *F) {
    return F->isMutable() ||
           (F->getType()->isRecordType() && hasMutableMembers(F->getType()));
  });
}

/// The first reference member of a struct of type T (or of a member, a
/// base or an array element of it), or null.
const FieldDecl *referenceMember(QualType T) {
  auto *R = T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition() || R->isInStdNamespace() || R->isLambda())
    return nullptr;
  for (const CXXBaseSpecifier &Base : R->bases())
    if (const FieldDecl *F = referenceMember(Base.getType()))
      return F;
  for (const FieldDecl *F : R->fields()) {
    if (F->getType()->isReferenceType())
      return F;
    if (const FieldDecl *Inner = referenceMember(F->getType()))
      return Inner;
  }
  return nullptr;
}

bool isImmutable(QualType T) {
  return T.isConstQualified() && !hasMutableMembers(T);
}

bool changesObject(const CXXMethodDecl *Method) {
  return Method->isInstance() &&
         (!Method->isConst() ||
          hasMutableMembers(
              Method->getASTContext().getRecordType(Method->getParent())));
}

bool writesThrough(QualType T) {
  if (T->isPointerType())
    return !isImmutable(T->getPointeeType());
  return T->isReferenceType() && !isImmutable(T.getNonReferenceType());
}

/// Whether FD is the standard library's (a member of a class in std too).
static bool inStd(const FunctionDecl *FD) {
  if (auto *Method = dyn_cast<CXXMethodDecl>(FD))
    return Method->getParent()->isInStdNamespace();
  return FD->isInStdNamespace();
}

namespace {
/// Finds what may change a variable in a body (see isModified).
struct ModificationFinder : RecursiveASTVisitor<ModificationFinder> {
  const ValueDecl *V = nullptr;
  bool CountAssignments = true;
  /// Parameters already being looked into (recursive callees).
  llvm::DenseSet<const ParmVarDecl *> *Seen = nullptr;
  bool Found = false;

  /// Whether E is V or a part of it (a member, an element of an array or
  /// container it holds): changing a part changes V.
  bool refers(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
        E = M->getBase()->IgnoreParenImpCasts();
      else if (auto *S = dyn_cast<ArraySubscriptExpr>(E);
               S &&
               !S->getBase()->IgnoreParenImpCasts()->getType()->isPointerType())
        E = S->getBase()->IgnoreParenImpCasts();
      else if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
               Op && Op->getOperator() == OO_Subscript &&
               !cast<CXXMethodDecl>(Op->getDirectCallee())->isConst())
        E = Op->getArg(0)->IgnoreParenImpCasts();
      else
        break;
    }
    auto *Ref = dyn_cast<DeclRefExpr>(E);
    // A structured binding names a part of the object it decomposes.
    if (auto *B = Ref ? dyn_cast<BindingDecl>(Ref->getDecl()) : nullptr;
        B && B->getBinding())
      return refers(B->getBinding());
    return Ref && Ref->getDecl() == V;
  }
  /// Whether a callee may change what it receives through P: a reference
  /// to non-const, unless the callee's own body shows it does not (a
  /// forwarding reference that only calls, a std::function constructor).
  bool mayWriteThrough(const FunctionDecl *FD, const ParmVarDecl *P) {
    // (A pointer parameter receives a copy of the pointer.)
    QualType T = P->getType();
    if (!T->isReferenceType() || !writesThrough(T))
      return false;
    if (isa<CXXConstructorDecl>(FD) && inStd(FD))
      return false; // std::function(F&&) and the like store a copy
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def || !Def->getBody() || inStd(FD))
      return true;
    const ParmVarDecl *Own = Def->getParamDecl(P->getFunctionScopeIndex());
    if (!Seen->insert(Own).second)
      return false; // recursion: what it does is being looked at already
    ModificationFinder Inner;
    Inner.V = Own;
    Inner.Seen = Seen;
    Inner.TraverseStmt(const_cast<clang::Stmt *>(Def->getBody()));
    return Inner.Found;
  }
  /// Whether E hands out a pointer into an array of V (`a`, `a + 1`,
  /// `s.arr`): whoever holds it may write the elements.
  bool pointsInto(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (auto *B = dyn_cast<BinaryOperator>(E)) {
      if (!B->isAdditiveOp() || !B->getType()->isPointerType())
        break;
      E = (B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS())
              ->IgnoreParenImpCasts();
    }
    return E->getType()->isArrayType() && refers(E);
  }
  static bool writablePointer(QualType T) {
    return T->isPointerType() && writesThrough(T);
  }
  void arguments(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args) {
    for (unsigned I = 0; FD && I < Args.size() && I < FD->getNumParams(); ++I)
      Found |= (refers(Args[I]) && mayWriteThrough(FD, FD->getParamDecl(I))) ||
               (writablePointer(FD->getParamDecl(I)->getType()) &&
                pointsInto(Args[I]));
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    Found |= B->isAssignmentOp() && refers(B->getLHS()) &&
             (CountAssignments || B->getOpcode() != BO_Assign);
    Found |= B->getOpcode() == BO_Assign &&
             writablePointer(B->getLHS()->getType()) && pointsInto(B->getRHS());
    return true;
  }
  bool VisitInitListExpr(InitListExpr *L) {
    for (const Expr *Init : L->inits())
      Found |= writablePointer(Init->getType()) && pointsInto(Init);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    // (A pointer to const, `dot(&w[0], n)`, only reads.)
    Found |= (U->isIncrementDecrementOp() ||
              (U->getOpcode() == UO_AddrOf && writesThrough(U->getType()))) &&
             refers(U->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    // auto &r = v: r is another name for v.
    QualType T = D->getType();
    Found |= T->isReferenceType() && !isImmutable(T.getNonReferenceType()) &&
             D->getInit() && refers(D->getInit());
    // double *p = a: p may write the elements.
    Found |= writablePointer(T) && D->getInit() && pointsInto(D->getInit());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    auto *Method = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (auto *Op = dyn_cast<CXXOperatorCallExpr>(C); Op && Method) {
      // a = b, a(x) and the like on an object: its member decides.
      Found |= refers(Op->getArg(0)) && changesObject(Method);
      arguments(FD, llvm::ArrayRef(Op->getArgs() + 1, Op->getNumArgs() - 1));
      return true;
    }
    if (auto *Member = dyn_cast<CXXMemberCallExpr>(C); Member && Method)
      Found |=
          refers(Member->getImplicitObjectArgument()) && changesObject(Method);
    arguments(FD, llvm::ArrayRef(C->getArgs(), C->getNumArgs()));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    arguments(C->getConstructor(),
              llvm::ArrayRef(C->getArgs(), C->getNumArgs()));
    return true;
  }
};

bool modifiedIn(const ValueDecl *V, const clang::Stmt *Body,
                bool CountAssignments) {
  llvm::DenseSet<const ParmVarDecl *> Seen;
  ModificationFinder F;
  F.V = V;
  F.CountAssignments = CountAssignments;
  F.Seen = &Seen;
  F.TraverseStmt(const_cast<clang::Stmt *>(Body));
  return F.Found;
}
} // namespace

bool isModified(const VarDecl *V, const clang::Stmt *Body) {
  return modifiedIn(V, Body, /*CountAssignments=*/true);
}

QualType generatedParamType(const ParmVarDecl *P) {
  QualType T = P->getType();
  if (!T->isRValueReferenceType() || !T.getNonReferenceType()->isScalarType())
    return T;
  auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  unsigned Index = P->getFunctionScopeIndex();
  if (!Def || !Def->getBody() || Index >= Def->getNumParams())
    return T;
  // (A library function object passes it on with std::forward, which
  // counts as a change for isModified; it computes a value from it.)
  bool Library = Def->getASTContext().getSourceManager().isInSystemHeader(
      Def->getLocation());
  if (!Library && isModified(Def->getParamDecl(Index), Def->getBody()))
    return T;
  return T.getNonReferenceType().getUnqualifiedType();
}

const VarDecl *unstableCapture(const LambdaExpr *L) {
  auto *Enclosing =
      dyn_cast<FunctionDecl>(L->getLambdaClass()->getDeclContext());
  if (!Enclosing || !Enclosing->getBody())
    return nullptr;
  for (const LambdaCapture &C : L->captures()) {
    auto *V = dyn_cast_or_null<VarDecl>(
        C.capturesVariable() ? C.getCapturedVar() : nullptr);
    if (V && C.getCaptureKind() == LCK_ByCopy && !V->isInitCapture() &&
        isModified(V, Enclosing->getBody()))
      return V;
  }
  return nullptr;
}

void reportUnstableCapture(DiagReporter &Diags, SourceLocation At,
                           const VarDecl *V, llvm::StringRef Where,
                           llvm::StringRef Remedy) {
  std::string Name = V->getNameAsString();
  Diags.error(At, "the lambda captures '" + Name + "' by value and '" + Name +
                      "' changes in this function: ddx passes captures " +
                      Where.str() +
                      ", so they could differ from the captured values");
  Diags.note(V->getLocation(), "capture it by reference, or " + Remedy.str());
}

QualType selfParamType(const CXXMethodDecl *Method) {
  ASTContext &Ctx = Method->getASTContext();
  QualType Record = Ctx.getRecordType(Method->getParent());
  return Ctx.getLValueReferenceType(Method->isConst() ? Ctx.getConstType(Record)
                                                      : Record);
}

bool isOption(const ParmVarDecl *P) { return hasAnnotation(P, "ddx::option"); }

bool isCallableParam(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isFunctionType() || T->isFunctionPointerType())
    return true;
  auto *Record = T->getAsCXXRecordDecl();
  if (!Record)
    return false;
  if (Record->isLambda())
    return true;
  return Record->getName() == "function" &&
         Record->getDeclContext()->isStdNamespace();
}

const CXXMethodDecl *callOperator(const CXXRecordDecl *Record) {
  if (!Record)
    return nullptr;
  const CXXMethodDecl *Found = nullptr;
  for (const Decl *D : Record->decls()) {
    if (auto *M = dyn_cast<CXXMethodDecl>(D);
        M && M->getOverloadedOperator() == OO_Call) {
      if (Found)
        return nullptr; // overloaded: ambiguous
      Found = M;
    } else if (auto *T = dyn_cast<FunctionTemplateDecl>(D)) {
      if (T->getTemplatedDecl()->getOverloadedOperator() != OO_Call)
        continue;
      for (const FunctionDecl *Spec : T->specializations()) {
        if (Found)
          return nullptr; // a generic lambda used with several types
        Found = cast<CXXMethodDecl>(Spec);
      }
    }
  }
  return Found;
}

const Expr *calledObject(const CallExpr *Call) {
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
    return Op->getOperator() == OO_Call ? Op->getArg(0) : nullptr;
  if (!Call->getDirectCallee())
    return Call->getCallee();
  return nullptr;
}

const Expr *memberOperatorObject(const CallExpr *Call) {
  auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
  auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!Op || Call->getNumArgs() == 0 || (Method && Method->isStatic()))
    return nullptr;
  return Method || Op->getOperator() == OO_Call ? Call->getArg(0) : nullptr;
}

static const Expr *skipToCallable(const Expr *E) {
  while (E) {
    E = skipImplicit(E);
    if (auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else if (auto *U = dyn_cast<UnaryOperator>(E);
             U && (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref))
      E = U->getSubExpr();
    else if (auto *C = dyn_cast<ExplicitCastExpr>(E))
      E = C->getSubExpr();
    else if (auto *Construct = dyn_cast<CXXConstructExpr>(E);
             Construct && Construct->getNumArgs() >= 1 &&
             !isa<CXXDefaultArgExpr>(Construct->getArg(0)))
      E = Construct->getArg(0); // std::function from a callable, or a copy
    else
      return E;
  }
  return E;
}

const Expr *refTo(const VarDecl *VD, ASTContext &Ctx) {
  return DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                             const_cast<VarDecl *>(VD),
                             /*RefersToEnclosingVariableOrCapture=*/false,
                             VD->getLocation(),
                             VD->getType().getNonReferenceType(), VK_LValue);
}

QualType captureParamType(const LambdaCapture &C, ASTContext &Ctx) {
  QualType T = C.getCapturedVar()->getType().getNonReferenceType();
  if (C.getCaptureKind() == LCK_ByRef)
    return Ctx.getLValueReferenceType(T);
  // An array copied into the closure is read where the lambda is called,
  // like any capture by value; a parameter cannot take it by value.
  if (T->isArrayType())
    return Ctx.getLValueReferenceType(Ctx.getConstType(T));
  return Ctx.getConstType(T);
}

const LambdaExpr *capturedLambda(const LambdaCapture &C) {
  auto *V = dyn_cast_or_null<VarDecl>(C.capturesVariable() ? C.getCapturedVar()
                                                           : nullptr);
  auto *Closure = V ? V->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Closure || !Closure->isLambda() || !V->getInit())
    return nullptr;
  // A closure object always calls its own operator(), whatever is done to
  // the variable holding it.
  return dyn_cast<LambdaExpr>(skipToCallable(V->getInit()));
}

std::vector<CaptureSlot>
captureSlots(const LambdaExpr *L, ASTContext &Ctx,
             llvm::ArrayRef<CallableBinding> Bindings) {
  std::vector<CaptureSlot> Slots;
  unsigned I = 0;
  for (const LambdaCapture &C : L->captures()) {
    const Expr *Init = L->capture_inits().begin()[I++];
    if (const LambdaExpr *Inner = capturedLambda(C)) {
      std::vector<CaptureSlot> Nested = captureSlots(Inner, Ctx);
      Slots.insert(Slots.end(), Nested.begin(), Nested.end());
      continue;
    }
    const CallableBinding *Bound = nullptr;
    for (const CallableBinding &B : Bindings)
      if (C.capturesVariable() && !B.Field && B.Captured == C.getCapturedVar())
        Bound = &B;
    if (Bound) {
      // The bound lambda's captures are parameters of the clone, keyed by
      // the variables they capture.
      if (Bound->Lambda)
        for (CaptureSlot S : captureSlots(Bound->Lambda, Ctx)) {
          S.Init = nullptr;
          Slots.push_back(S);
        }
      continue;
    }
    CaptureSlot S;
    S.Var = C.capturesVariable() ? C.getCapturedVar() : nullptr;
    // (An array copied into the closure is initialised element by element:
    // the array itself is what is passed.)
    auto *Var = dyn_cast_or_null<VarDecl>(S.Var);
    S.Init = Var && Init && isa<ArrayInitLoopExpr>(Init->IgnoreImplicit())
                 ? refTo(Var, Ctx)
                 : Init;
    if (S.Var)
      S.ParamType = captureParamType(C, Ctx);
    Slots.push_back(S);
  }
  return Slots;
}

std::vector<const FieldDecl *> functionPointerFields(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  std::vector<const FieldDecl *> Out;
  if (auto *Record = T->getAsRecordDecl())
    for (const FieldDecl *F : Record->fields())
      if (F->getType()->isFunctionPointerType())
        Out.push_back(F);
  return Out;
}

/// The reference to the variable an expression names, through parentheses,
/// & and *: the struct `F`, `&F` and `(*P)` stand for.
static const DeclRefExpr *namedRef(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    auto *U = dyn_cast<UnaryOperator>(E);
    if (!U || (U->getOpcode() != UO_AddrOf && U->getOpcode() != UO_Deref))
      break;
    E = U->getSubExpr();
  }
  return dyn_cast_or_null<DeclRefExpr>(E);
}
/// The variable itself.
static const ValueDecl *namedVar(const Expr *E) {
  const DeclRefExpr *Ref = namedRef(E);
  return Ref ? Ref->getDecl() : nullptr;
}

/// The values Body gives the field Field of the struct V names (by value,
/// reference or pointer), in Writes; false if Body may change it where the
/// text does not say: every use of V must read a field, call a const
/// member, or pass V on where it cannot be written through (by value, as a
/// const reference, or its address or pointer value as a pointer to
/// const), or be captured by a lambda (whose body is part of Body).
static bool fieldWrites(const ValueDecl *V, const FieldDecl *Field,
                        const clang::Stmt *Body,
                        std::vector<const Expr *> &Writes, unsigned Depth = 0) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *V;
    unsigned Depth;
    const FieldDecl *Field;
    std::vector<const Expr *> *Writes;
    llvm::DenseSet<const DeclRefExpr *> Safe;
    unsigned Uses = 0;
    bool Escapes = false;

    const DeclRefExpr *ref(const Expr *E) {
      auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return R && R->getDecl() == V ? R : nullptr;
    }
    /// V as the base of a member access (`V.`, `V->`, `(&V)->`, `(*V).`)
    /// or as an argument (`V`, `&V`, `*V`).
    const DeclRefExpr *baseRef(const Expr *E) {
      const DeclRefExpr *R = namedRef(E);
      return R && R->getDecl() == V ? R : nullptr;
    }
    /// V.Field or V->Field.
    bool isTheField(const Expr *E) {
      auto *M = dyn_cast<MemberExpr>(E->IgnoreParens());
      return M && M->getMemberDecl() == Field && baseRef(M->getBase());
    }
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Uses += R->getDecl() == V;
      return true;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      const DeclRefExpr *R = baseRef(M->getBase());
      if (!R)
        return true;
      auto *Method = dyn_cast<CXXMethodDecl>(M->getMemberDecl());
      if (isa<FieldDecl>(M->getMemberDecl()) ||
          (Method && !changesObject(Method)))
        Safe.insert(R);
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp() && isTheField(B->getLHS()))
        Writes->push_back(B->getRHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      // The field's address lets anything set it.
      Escapes |= U->getOpcode() == UO_AddrOf && isTheField(U->getSubExpr());
      return true;
    }
    void arguments(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args,
                   const CallExpr *Call = nullptr) {
      for (unsigned I = 0; FD && I < Args.size() && I < FD->getNumParams();
           ++I) {
        QualType T = FD->getParamDecl(I)->getType();
        const Expr *Arg = Args[I]->IgnoreParenImpCasts();
        if (isTheField(Arg) && T->isReferenceType() && writesThrough(T))
          Escapes = true;
        // V, &V or *V, passed where it cannot be written through, to a
        // function whose body leaves the field alone, or as the callable
        // of a rule (which calls it and nothing else: gsl_integration_qagi
        // takes a gsl_function * that is not const).
        if (const DeclRefExpr *R = baseRef(Arg);
            R && (!writesThrough(T) || leavesField(FD, I) ||
                  (Call && isRuleCallable(Call, I))))
          Safe.insert(R);
      }
    }
    bool isRuleCallable(const CallExpr *Call, unsigned I) {
      CallBinding B = RuleBinder(V->getASTContext()).bind(Call);
      return (B.K == CallBinding::Kind::Rule ||
              B.K == CallBinding::Kind::Binder) &&
             !B.OnObject && I < B.Roles.size() &&
             B.Roles[I] == ParamRole::Callable;
    }
    bool leavesField(const FunctionDecl *FD, unsigned I) {
      const FunctionDecl *Def = FD->getDefinition();
      if (!Def || !Def->getBody() || inStd(FD) || Depth > 8)
        return false;
      std::vector<const Expr *> Inner;
      return fieldWrites(Def->getParamDecl(I), Field, Def->getBody(), Inner,
                         Depth + 1) &&
             Inner.empty();
    }
    bool VisitCallExpr(CallExpr *C) {
      llvm::ArrayRef<const Expr *> Args(C->getArgs(), C->getNumArgs());
      if (isa<CXXOperatorCallExpr>(C) &&
          isa_and_nonnull<CXXMethodDecl>(C->getDirectCallee()))
        Args = Args.drop_front(); // the object: decided by its member
      arguments(C->getDirectCallee(), Args, C);
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *C) {
      arguments(C->getConstructor(),
                llvm::ArrayRef(C->getArgs(), C->getNumArgs()));
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *L) {
      for (const Expr *Init : L->capture_inits())
        if (const DeclRefExpr *R = Init ? ref(Init) : nullptr)
          Safe.insert(R);
      return true;
    }
  } F;
  F.V = V;
  F.Depth = Depth;
  F.Field = Field;
  F.Writes = &Writes;
  F.TraverseStmt(const_cast<clang::Stmt *>(Body));
  return !F.Escapes && F.Uses == F.Safe.size();
}

/// The function whose body declares V (a local or a parameter).
static const clang::Stmt *bodyDeclaring(const ValueDecl *V) {
  auto *Enclosing = dyn_cast<FunctionDecl>(V->getDeclContext());
  return Enclosing ? Enclosing->getBody() : nullptr;
}

/// The one value a local struct's field is given (its initializer, or the
/// one assignment in the enclosing function), or null if there is not
/// exactly one or the struct may change where the text does not say.
static const Expr *onlyFieldValue(const VarDecl *V, const FieldDecl *Field) {
  const clang::Stmt *Body = bodyDeclaring(V);
  auto *Record = V->getType()->getAsRecordDecl();
  if (!Body || isa<ParmVarDecl>(V) || !Record || Record->isUnion())
    return nullptr;
  std::vector<const Expr *> Values;
  if (!fieldWrites(V, Field, Body, Values))
    return nullptr;
  if (auto *Init = dyn_cast_or_null<InitListExpr>(
          V->getInit() ? skipImplicit(V->getInit()) : nullptr)) {
    // Base classes are initialised first, then the fields in order.
    auto *CXX = dyn_cast<CXXRecordDecl>(Record);
    unsigned Index = (CXX ? CXX->getNumBases() : 0) + Field->getFieldIndex();
    if (Index < Init->getNumInits() &&
        !isa<ImplicitValueInitExpr>(Init->getInit(Index)))
      Values.push_back(Init->getInit(Index));
  }
  return Values.size() == 1 ? Values.front() : nullptr;
}

/// The named function a function-pointer field of the struct E denotes
/// holds: bound in this clone, or given once to a local struct.
static const FunctionDecl *resolveField(const Expr *E, const FieldDecl *Field,
                                        const FunctionIR &IR, ASTContext &Ctx) {
  const ValueDecl *Holder = namedVar(E);
  if (!Holder)
    return nullptr;
  if (const FunctionDecl *FD = IR.BoundFields.lookup({Holder, Field})) {
    // The binding holds while this function neither sets the field nor
    // lets it (or, for a pointer, the pointer) be set.
    std::vector<const Expr *> Writes;
    const clang::Stmt *Body = bodyDeclaring(Holder);
    return Body && fieldWrites(Holder, Field, Body, Writes) && Writes.empty()
               ? FD
               : nullptr;
  }
  auto *V = dyn_cast<VarDecl>(Holder);
  const Expr *Value = V ? onlyFieldValue(V, Field) : nullptr;
  auto R = Value ? resolveCallable(Value, IR, Ctx) : std::nullopt;
  return R ? R->Function : nullptr;
}

std::vector<CallableBinding> fieldBindings(const Expr *E, QualType T,
                                           const FunctionIR &IR,
                                           ASTContext &Ctx) {
  std::vector<CallableBinding> Out;
  for (const FieldDecl *Field : functionPointerFields(T))
    if (const FunctionDecl *FD = resolveField(E, Field, IR, Ctx)) {
      CallableBinding B;
      B.Function = FD;
      B.Field = Field;
      Out.push_back(B);
    }
  return Out;
}

/// The bindings of this clone that a lambda written in it captures.
static std::vector<CallableBinding> capturedBindings(const LambdaExpr *L,
                                                     const FunctionIR &IR) {
  std::vector<CallableBinding> Out;
  for (const LambdaCapture &C : L->captures()) {
    if (!C.capturesVariable())
      continue;
    // A struct whose function-pointer fields this clone is bound on.
    for (const FieldDecl *Field :
         functionPointerFields(C.getCapturedVar()->getType()))
      if (const FunctionDecl *FD =
              IR.BoundFields.lookup({C.getCapturedVar(), Field})) {
        CallableBinding B;
        B.Function = FD;
        B.Field = Field;
        B.Captured = C.getCapturedVar();
        Out.push_back(B);
      }
    auto It = IR.BoundParams.find(C.getCapturedVar());
    if (It == IR.BoundParams.end())
      continue;
    CallableBinding B = IR.Bindings[It->second];
    if (!B.Function && !B.Lambda)
      continue; // a folded option is read as its value
    B.Captured = C.getCapturedVar();
    Out.push_back(B);
  }
  return Out;
}

static bool capturesObject(const LambdaExpr *L) {
  return llvm::any_of(L->captures(),
                      [](const LambdaCapture &C) { return C.capturesThis(); });
}

bool capturesObject(const Expr *E) {
  auto *L = dyn_cast_or_null<LambdaExpr>(skipToCallable(E));
  return L && capturesObject(L);
}

static ResolvedCallable fromLambda(const LambdaExpr *L, bool ThroughParam,
                                   const FunctionIR *IR, ASTContext &Ctx) {
  ResolvedCallable R;
  R.Lambda = L;
  if (IR && !ThroughParam)
    R.Bindings = capturedBindings(L, *IR);
  for (const CaptureSlot &S : captureSlots(L, Ctx, R.Bindings)) {
    auto *Captured = dyn_cast_or_null<VarDecl>(S.Var);
    // (An init-capture of a lambda held in a local is a local of the
    // enclosing function, set where the lambda is made.)
    bool Local = IR && Captured && Captured->isInitCapture() &&
                 IR->VarOf.count(Captured);
    const Expr *Arg = (ThroughParam || !S.Init || Local) && Captured
                          ? refTo(Captured, Ctx)
                          : S.Init;
    R.Captures.push_back({Arg, S.ParamType});
  }
  return R;
}

std::optional<ResolvedCallable>
resolveCallable(const Expr *E, const FunctionIR &IR, ASTContext &Ctx) {
  E = skipToCallable(E);
  if (!E)
    return std::nullopt;
  if (auto *L = dyn_cast<LambdaExpr>(E)) {
    if (capturesObject(L))
      return std::nullopt;
    return fromLambda(L, /*ThroughParam=*/false, &IR, Ctx);
  }
  if (auto *M = dyn_cast<MemberExpr>(E)) {
    auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    const FunctionDecl *FD =
        Field ? resolveField(M->getBase(), Field, IR, Ctx) : nullptr;
    if (!FD)
      return std::nullopt;
    ResolvedCallable R;
    R.Function = FD;
    return R;
  }
  auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref)
    return std::nullopt;
  if (auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl())) {
    ResolvedCallable R;
    R.Function = FD;
    return R;
  }
  const ValueDecl *D = Ref->getDecl();
  auto Bound = IR.BoundParams.find(D);
  if (Bound != IR.BoundParams.end()) {
    const CallableBinding &B = IR.Bindings[Bound->second];
    if (!B.Function && !B.Lambda)
      return std::nullopt; // a folded option, not a callable
    if (B.Function) {
      ResolvedCallable R;
      R.Function = B.Function;
      return R;
    }
    return capturesObject(B.Lambda)
               ? std::nullopt
               : std::optional(
                     fromLambda(B.Lambda, /*ThroughParam=*/true, &IR, Ctx));
  }
  auto Local = IR.LocalCallables.find(D);
  if (Local != IR.LocalCallables.end())
    return resolveCallable(Local->second, IR, Ctx);
  // A function pointer set from one named function only.
  if (auto Set = candidateFunctions(E, IR); Set && Set->Functions.size() == 1) {
    ResolvedCallable R;
    R.Function = Set->Functions.front();
    return R;
  }
  return std::nullopt;
}

/// Adds the named functions Value can be (through `?:`) to Out; false if it
/// can be anything else.
static bool addCandidates(const Expr *Value,
                          std::vector<const FunctionDecl *> &Out) {
  Value = Value->IgnoreParenImpCasts();
  if (auto *Cond = dyn_cast<ConditionalOperator>(Value))
    return addCandidates(Cond->getTrueExpr(), Out) &&
           addCandidates(Cond->getFalseExpr(), Out);
  // A named function (not another pointer: the text would have to be
  // followed through both, and could go round in a circle).
  auto *Ref = dyn_cast_or_null<DeclRefExpr>(skipToCallable(Value));
  auto *FD = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  if (!FD)
    return false;
  if (!llvm::is_contained(Out, FD))
    Out.push_back(FD);
  return true;
}

std::optional<CandidateSet> candidateFunctions(const Expr *E,
                                               const FunctionIR &IR) {
  auto *Ref = dyn_cast_or_null<DeclRefExpr>(skipToCallable(E));
  auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  auto *Enclosing = V ? dyn_cast<FunctionDecl>(V->getDeclContext()) : nullptr;
  if (!V || isa<ParmVarDecl>(V) || !V->getType()->isFunctionPointerType() ||
      !Enclosing || !Enclosing->getBody() || !IR.VarOf.count(V))
    return std::nullopt;
  // Its values are what plain assignments give it; anything else that may
  // change it (its address, a reference that a callee writes through, an
  // alias) leaves the set open.
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    std::vector<const Expr *> Values;
    bool VisitBinaryOperator(BinaryOperator *B) {
      auto *R = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
      if (B->getOpcode() == BO_Assign && R && R->getDecl() == V)
        Values.push_back(B->getRHS());
      return true;
    }
  } F;
  F.V = V;
  F.TraverseStmt(Enclosing->getBody());
  bool Escapes =
      modifiedIn(V, Enclosing->getBody(), /*CountAssignments=*/false);
  if (V->getInit())
    F.Values.insert(F.Values.begin(), V->getInit());
  CandidateSet Set;
  Set.Pointer = V;
  if (Escapes || F.Values.empty())
    return std::nullopt;
  for (const Expr *Value : F.Values)
    if (!addCandidates(Value, Set.Functions))
      return std::nullopt;
  return Set;
}

/// A struct with one function-pointer field (or the one named Field),
/// bound to a named function, and one other field of the type of that
/// function's last parameter (a gsl_function: `double (*function)(double,
/// void *)` and `void *params`).
static std::optional<ResolvedCallable>
resolveWithContext(const Expr *E, const FunctionIR &IR, ASTContext &Ctx,
                   llvm::StringRef Field = "") {
  std::vector<const FieldDecl *> Pointers = functionPointerFields(E->getType());
  if (!Field.empty())
    llvm::erase_if(Pointers,
                   [&](const FieldDecl *F) { return F->getName() != Field; });
  if (Pointers.size() != 1)
    return std::nullopt;
  const FunctionDecl *FD = resolveField(E, Pointers.front(), IR, Ctx);
  if (!FD || FD->getNumParams() == 0)
    return std::nullopt;
  QualType Last = FD->getParamDecl(FD->getNumParams() - 1)->getType();
  if (!Last->isPointerType())
    return std::nullopt;
  const FieldDecl *Context = nullptr;
  for (const FieldDecl *F : Pointers.front()->getParent()->fields()) {
    if (F == Pointers.front() || !Ctx.hasSameType(F->getType(), Last))
      continue;
    if (Context)
      return std::nullopt; // two candidates: the text does not say which
    Context = F;
  }
  if (!Context)
    return std::nullopt;
  ResolvedCallable R;
  R.Function = FD;
  R.Holder = E;
  R.Context = Context;
  return R;
}

/// The call operator of Class that Receiver's definition calls on the
/// parameter that receives Arg, if it calls exactly one.
static const CXXMethodDecl *operatorCalledBy(const CallExpr *Receiver,
                                             const Expr *Arg,
                                             const CXXRecordDecl *Class) {
  const FunctionDecl *Callee = Receiver ? Receiver->getDirectCallee() : nullptr;
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  if (!Def || !Def->getBody())
    return nullptr;
  const ParmVarDecl *Param = nullptr;
  for (unsigned I = 0; I < Receiver->getNumArgs() && I < Def->getNumParams();
       ++I)
    if (Receiver->getArg(I) == Arg)
      Param = Def->getParamDecl(I);
  if (!Param)
    return nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *Param;
    const CXXRecordDecl *Class;
    llvm::SmallVector<const CXXMethodDecl *, 2> Called; ///< in text order
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
      auto *Ref = dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts());
      auto *M = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
      if (Call->getOperator() == OO_Call && Ref && Ref->getDecl() == Param &&
          M && M->getParent() == Class && !llvm::is_contained(Called, M))
        Called.push_back(M);
      return true;
    }
  } F;
  F.Param = Param;
  F.Class = Class;
  F.TraverseStmt(Def->getBody());
  if (F.Called.size() == 1)
    return F.Called.front();
  // The library's transparent functor called with lvalues and with
  // temporaries (transform_reduce's `op(init, x)` and `op(f(a), f(b))`):
  // specialisations of one template that differ only in how they take
  // their numbers, which generated code passes as values alike.
  const FunctionDecl *Pattern =
      F.Called.empty() ? nullptr
                       : F.Called.front()->getTemplateInstantiationPattern();
  bool OneTemplate =
      Pattern && Class->isInStdNamespace() &&
      llvm::all_of(F.Called, [&](const CXXMethodDecl *M) {
        return M->getTemplateInstantiationPattern() == Pattern &&
               llvm::all_of(M->parameters(), [](const ParmVarDecl *P) {
                 return P->getType().getNonReferenceType()->isArithmeticType();
               });
      });
  return OneTemplate ? F.Called.front() : nullptr;
}

std::optional<ResolvedCallable>
resolveCallableOrFunctor(const Expr *E, const FunctionIR &IR, ASTContext &Ctx,
                         const CallExpr *Receiver, llvm::StringRef Field) {
  if (!Field.empty())
    return resolveWithContext(E, IR, Ctx, Field);
  if (auto R = resolveCallable(E, IR, Ctx))
    return R;
  if (auto R = resolveWithContext(E, IR, Ctx))
    return R;
  const Expr *Object = skipToCallable(E);
  auto *Class = Object ? Object->getType()->getAsCXXRecordDecl() : nullptr;
  // std::function's call operator is type erasure: what it calls is
  // exactly what the text does not say. (The library's function objects,
  // std::plus<double>, are functors like the user's.)
  if (!Class || Class->isLambda() ||
      (Class->isInStdNamespace() &&
       (!Class->getIdentifier() || Class->getName() == "function")))
    return std::nullopt;
  const CXXMethodDecl *Call = callOperator(Class);
  if (!Call)
    Call = operatorCalledBy(Receiver, E, Class);
  if (!Call)
    return std::nullopt;
  ResolvedCallable R;
  R.Function = Call;
  R.Object = Object;
  return R;
}

BoundCallee bindCallee(const CallExpr *Call, const FunctionIR &IR) {
  BoundCallee Bound;
  Bound.Object = calledObject(Call);
  if (Bound.Object)
    if (auto R = resolveCallable(Bound.Object, IR,
                                 Call->getCalleeDecl()->getASTContext()))
      Bound.Function = R->Function;
  return Bound;
}

namespace {
/// Finds an assignment whose target is reached through one of Roots (a
/// pointer dereferenced, subscripted or followed by ->, or a reference
/// member written).
class IndirectWrites : public RecursiveASTVisitor<IndirectWrites> {
public:
  explicit IndirectWrites(llvm::DenseSet<const ValueDecl *> Roots,
                          bool Counts = false)
      : Roots(std::move(Roots)), Counts(Counts) {}
  const ValueDecl *Found = nullptr;

  /// A local pointer made from a root (`Prey *p = static_cast<Prey *>(
  /// params)`) writes where the root points.
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isPointerType() && V->getInit())
      if (auto *Ref = dyn_cast<DeclRefExpr>(
              V->getInit()->IgnoreParenCasts()->IgnoreParenImpCasts());
          Ref && Roots.contains(Ref->getDecl()))
        Roots.insert(V);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      check(B->getLHS());
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      check(U->getSubExpr());
    return !Found;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (Op->isAssignmentOp() && Op->getNumArgs() == 2)
      check(Op->getArg(0));
    return !Found;
  }

private:
  void check(const Expr *Target) {
    // (A count of calls kept through a pointer carries no derivative;
    // with Counts, a count changes what the program does all the same.)
    QualType Written = Target->getType();
    if ((Written->isIntegralOrEnumerationType() && !Counts) ||
        Written->isPointerType())
      return;
    bool Indirect = false;
    while (Target) {
      Target = Target->IgnoreParenCasts();
      if (auto *U = dyn_cast<UnaryOperator>(Target);
          U && U->getOpcode() == UO_Deref) {
        Indirect = true;
        Target = U->getSubExpr();
      } else if (auto *S = dyn_cast<ArraySubscriptExpr>(Target)) {
        Indirect |=
            S->getBase()->IgnoreParenImpCasts()->getType()->isPointerType();
        Target = S->getBase();
      } else if (auto *M = dyn_cast<MemberExpr>(Target)) {
        const ValueDecl *D = M->getMemberDecl();
        bool Reference = D->getType()->isReferenceType();
        if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) &&
            Roots.contains(D) && (Indirect || Reference)) {
          Found = D;
          return;
        }
        Indirect |= M->isArrow();
        Target = M->getBase();
      } else if (auto *Ref = dyn_cast<DeclRefExpr>(Target)) {
        if (Indirect && Roots.contains(Ref->getDecl()))
          Found = Ref->getDecl();
        return;
      } else {
        return;
      }
    }
  }
  llvm::DenseSet<const ValueDecl *> Roots;
  bool Counts;
};
} // namespace

const ValueDecl *writtenIndirectly(const ResolvedCallable &R) {
  const FunctionDecl *Body =
      R.Lambda ? callOperator(R.Lambda->getLambdaClass()) : R.Function;
  if (!Body || !Body->hasBody())
    return nullptr;
  llvm::DenseSet<const ValueDecl *> Roots;
  if (R.Lambda) {
    for (const LambdaCapture &C : R.Lambda->captures())
      if (C.capturesVariable() &&
          C.getCapturedVar()->getType().getNonReferenceType()->isPointerType())
        Roots.insert(C.getCapturedVar());
  } else if (auto *Method = dyn_cast<CXXMethodDecl>(Body)) {
    for (const FieldDecl *F : Method->getParent()->fields())
      if (F->getType()->isPointerType() || F->getType()->isReferenceType())
        Roots.insert(F);
  }
  // A function's context (a gsl_function's `void *params`): the user's
  // data, which it may not write at all, counts included (the rule calls
  // it more often than the library does).
  bool Context = R.Context && Body->getNumParams() > 0;
  if (Context)
    Roots.insert(Body->getParamDecl(Body->getNumParams() - 1));
  if (Roots.empty())
    return nullptr;
  IndirectWrites Finder(std::move(Roots), Context);
  Finder.TraverseStmt(const_cast<clang::Stmt *>(Body->getBody()));
  return Finder.Found;
}

} // namespace ddx
