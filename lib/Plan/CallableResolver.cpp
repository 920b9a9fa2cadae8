//===- CallableResolver.cpp -----------------------------------------------===//
#include "Plan/CallableResolver.h"
#include "Emit/ExprPrinter.h"
#include "Rules/RuleBinder.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ddx {

/// Whether Body assigns V, steps it with ++/--, or takes its address.
bool isModified(const VarDecl *V, const clang::Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool refers(Expr *E) {
      auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return Ref && Ref->getDecl() == V;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAssignmentOp() && refers(B->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      Found |= (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
               refers(U->getSubExpr());
      return true;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<clang::Stmt *>(Body));
  return F.Found;
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

/// A reference to a variable, made for generated code (the captures of a
/// lambda that arrives through a parameter are parameters of the clone,
/// keyed by the captured variable).
static const Expr *refTo(const VarDecl *VD, ASTContext &Ctx) {
  return DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                             const_cast<VarDecl *>(VD),
                             /*RefersToEnclosingVariableOrCapture=*/false,
                             VD->getLocation(),
                             VD->getType().getNonReferenceType(), VK_LValue);
}

QualType captureParamType(const LambdaCapture &C, ASTContext &Ctx) {
  QualType T = C.getCapturedVar()->getType().getNonReferenceType();
  return C.getCaptureKind() == LCK_ByRef ? Ctx.getLValueReferenceType(T)
                                         : Ctx.getConstType(T);
}

const LambdaExpr *capturedLambda(const LambdaCapture &C) {
  auto *V = dyn_cast_or_null<VarDecl>(C.capturesVariable() ? C.getCapturedVar()
                                                           : nullptr);
  auto *Closure = V ? V->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Closure || !Closure->isLambda() || !V->getInit())
    return nullptr;
  auto *Inner = dyn_cast<LambdaExpr>(skipToCallable(V->getInit()));
  auto *Enclosing = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (!Inner || !Enclosing || !Enclosing->getBody() ||
      isModified(V, Enclosing->getBody()))
    return nullptr;
  return Inner;
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
    S.Init = Init;
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

/// The variable an expression names, through parentheses, & and *: the
/// struct `F`, `&F` and `(*P)` stand for.
static const ValueDecl *namedVar(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    auto *U = dyn_cast<UnaryOperator>(E);
    if (!U || (U->getOpcode() != UO_AddrOf && U->getOpcode() != UO_Deref))
      break;
    E = U->getSubExpr();
  }
  auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
  return Ref ? Ref->getDecl() : nullptr;
}

/// The one value a local struct's field is given (its initializer, or the
/// one assignment in the enclosing function), or null if there is not
/// exactly one or the struct is assigned whole.
static const Expr *onlyFieldValue(const VarDecl *V, const FieldDecl *Field) {
  auto *Enclosing = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (!Enclosing || !Enclosing->getBody() || isa<ParmVarDecl>(V))
    return nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    const FieldDecl *Field;
    std::vector<const Expr *> Values;
    bool Whole = false;
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (!B->isAssignmentOp())
        return true;
      const Expr *LHS = B->getLHS()->IgnoreParenImpCasts();
      if (auto *M = dyn_cast<MemberExpr>(LHS);
          M && M->getMemberDecl() == Field && namedVar(M->getBase()) == V)
        Values.push_back(B->getRHS());
      Whole |= namedVar(LHS) == V && !isa<MemberExpr>(LHS);
      return true;
    }
  } F;
  F.V = V;
  F.Field = Field;
  if (auto *Init = dyn_cast_or_null<InitListExpr>(
          V->getInit() ? skipImplicit(V->getInit()) : nullptr);
      Init && Field->getFieldIndex() < Init->getNumInits() &&
      !isa<ImplicitValueInitExpr>(Init->getInit(Field->getFieldIndex())))
    F.Values.push_back(Init->getInit(Field->getFieldIndex()));
  F.TraverseStmt(Enclosing->getBody());
  return F.Values.size() == 1 && !F.Whole ? F.Values.front() : nullptr;
}

/// The named function a function-pointer field of the struct E denotes
/// holds: bound in this clone, or given once to a local struct.
static const FunctionDecl *resolveField(const Expr *E, const FieldDecl *Field,
                                        const FunctionIR &IR, ASTContext &Ctx) {
  const ValueDecl *Holder = namedVar(E);
  if (!Holder)
    return nullptr;
  if (const FunctionDecl *FD = IR.BoundFields.lookup({Holder, Field}))
    return FD;
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

static ResolvedCallable fromLambda(const LambdaExpr *L, bool ThroughParam,
                                   const FunctionIR *IR, ASTContext &Ctx) {
  ResolvedCallable R;
  R.Lambda = L;
  if (IR && !ThroughParam)
    R.Bindings = capturedBindings(L, *IR);
  for (const CaptureSlot &S : captureSlots(L, Ctx, R.Bindings)) {
    auto *Captured = dyn_cast_or_null<VarDecl>(S.Var);
    const Expr *Arg =
        (ThroughParam || !S.Init) && Captured ? refTo(Captured, Ctx) : S.Init;
    R.Captures.push_back({Arg, S.ParamType});
  }
  return R;
}

std::optional<ResolvedCallable>
resolveCallable(const Expr *E, const FunctionIR &IR, ASTContext &Ctx) {
  E = skipToCallable(E);
  if (!E)
    return std::nullopt;
  if (auto *L = dyn_cast<LambdaExpr>(E))
    return fromLambda(L, /*ThroughParam=*/false, &IR, Ctx);
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
    return fromLambda(B.Lambda, /*ThroughParam=*/true, &IR, Ctx);
  }
  auto Local = IR.LocalCallables.find(D);
  if (Local != IR.LocalCallables.end())
    return resolveCallable(Local->second, IR, Ctx);
  // A function pointer initialised once from a named function.
  auto *VD = dyn_cast<VarDecl>(D);
  auto It = IR.VarOf.find(D);
  if (VD && VD->getInit() && It != IR.VarOf.end() &&
      IR.Vars[It->second].Writes <= 1 && VD->getType()->isPointerType()) {
    auto R = resolveCallable(VD->getInit(), IR, Ctx);
    if (R && R->Function)
      return R;
  }
  return std::nullopt;
}

std::optional<ResolvedCallable>
resolveCallableOrFunctor(const Expr *E, const FunctionIR &IR, ASTContext &Ctx) {
  if (auto R = resolveCallable(E, IR, Ctx))
    return R;
  const Expr *Object = skipToCallable(E);
  auto *Class = Object ? Object->getType()->getAsCXXRecordDecl() : nullptr;
  // std::function's call operator is type erasure: what it calls is
  // exactly what the text does not say.
  if (!Class || Class->isLambda() || Class->isInStdNamespace())
    return std::nullopt;
  const CXXMethodDecl *Call = callOperator(Class);
  if (!Call)
    return std::nullopt;
  ResolvedCallable R;
  R.Function = Call;
  R.Object = Object;
  return R;
}

} // namespace ddx
