//===- Expressions.cpp
//------------------------------------------------------===//
//
// Expressions: what lowering takes, and the calls, steps and assignments
// it lifts out of them into statements of their own (virtual calls as a
// dispatch over the overriders).
//
//===----------------------------------------------------------------------===//
#include "Activity/ActivityAnalysis.h"
#include "Lowering/BodyLowerer.h"
#include "llvm/Support/SaveAndRestore.h"

namespace ddx {
namespace lowering {

void BodyLowerer::lowerExprStmt(const Expr *E, Block &Out) {
  E = skipImplicit(E);
  if (auto *P = dyn_cast<ParenExpr>(E))
    return lowerExprStmt(P->getSubExpr(), Out);
  // `(void)e` discards the value of e, not its effects: libstdc++ steps an
  // iterator as `(void)++__first2`, and left as primal code the step would
  // move the pointer but not its shadow (a silent wrong derivative). (A
  // cast of a plain value, `(void)unused;`, stays as it is.)
  if (auto *Cast = dyn_cast<ExplicitCastExpr>(E);
      Cast && Cast->getCastKind() == CK_ToVoid &&
      Cast->getSubExpr()->HasSideEffects(Ctx))
    return lowerExprStmt(Cast->getSubExpr(), Out);
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      checkExpr(B->getLHS());
      if (auto A = B->getOpcode() == BO_Assign ? allocationOf(B->getRHS())
                                               : std::nullopt) {
        auto [Var, LValue] = assignTarget(B->getLHS());
        return lowerAllocation(*A, Var, "", LValue, B->getRHS(),
                               B->getOperatorLoc(), Out);
      }
      Block Steps;
      {
        llvm::SaveAndRestore Defer(DeferredSteps, &Steps);
        llvm::SaveAndRestore<const Expr *> Whole(StepStatement, B);
        deferTargetSteps(B->getLHS());
        extractCalls(B->getRHS(), Out);
      }
      auto [Var, LValue] = assignTarget(B->getLHS());
      emitAssign(Out, B->getOperatorLoc(), Var, "", LValue, B->getOpcode(),
                 B->getRHS());
      std::move(Steps.begin(), Steps.end(), std::back_inserter(Out));
      return;
    }
    if (B->getOpcode() == BO_Comma) {
      lowerExprStmt(B->getLHS(), Out);
      lowerExprStmt(B->getRHS(), Out);
      return;
    }
  }
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
      isSmartPointer(Op->getArg(0)->getType()))
    return lowerSmartAssignment(Op, Out);
  if (const auto *Op = complexAssignment(E)) {
    // z = x, z += w, z *= w on a std::complex: an assignment of a scalar,
    // whose derivative is that of the same operator.
    static const std::pair<OverloadedOperatorKind, BinaryOperatorKind> Codes[] =
        {{OO_Equal, BO_Assign},
         {OO_PlusEqual, BO_AddAssign},
         {OO_MinusEqual, BO_SubAssign},
         {OO_StarEqual, BO_MulAssign},
         {OO_SlashEqual, BO_DivAssign}};
    checkExpr(Op->getArg(0));
    extractCalls(Op->getArg(1), Out);
    auto [Var, LValue] = assignTarget(Op->getArg(0));
    for (auto [Kind, Code] : Codes)
      if (Op->getOperator() == Kind)
        emitAssign(Out, Op->getOperatorLoc(), Var, "", LValue, Code,
                   Op->getArg(1));
    return;
  }
  if (const auto *Copy = valueAssignment(E)) {
    // A struct assigned whole (`s = next;`) is a value moving into existing
    // storage, like `x = y;` for a double: its shadow must move with it.
    checkExpr(Copy->getArg(0));
    QualType T = Copy->getArg(0)->getType();
    // `p = std::make_pair(a, b);` element by element, as `auto p = ...;`
    // is (also a std::tuple's).
    if (!tupleLikeElements(T).empty() && !tupleParts(Copy->getArg(1)).empty())
      return lowerTupleAssignment(Copy, Out);
    extractCalls(Copy->getArg(1), Out);
    auto [Var, LValue] = assignTarget(Copy->getArg(0));
    // `s = T{&a, b};` of a struct holding pointers, member by member as
    // `T s{&a, b};` is (see lowerInit), so that the derivative's pointers
    // are set; each member saved for the reverse sweep, as the storage
    // held values before.
    const InitListExpr *List = bracedTemporary(Copy->getArg(1), T);
    if (List && holdsAddresses(T)) {
      // (`s = P{s.y, s.x}` reads the s it assigns.)
      if (!LValue && !mentions(List, IR.Vars[Var].Decl)) {
        ++IR.Vars[Var].Writes;
        return lowerInit(Var, "", T, List, Copy->getOperatorLoc(), Out);
      }
      Diags.error(Copy->getOperatorLoc(),
                  "ddx cannot differentiate this assignment of a braced "
                  "temporary that holds pointers yet: its derivative would "
                  "hold null pointers");
      Diags.note(Copy->getOperatorLoc(),
                 "assign the members one by one, or build a named local "
                 "and assign that");
      return;
    }
    emitAssign(Out, Copy->getOperatorLoc(), Var, "", LValue, BO_Assign,
               Copy->getArg(1));
    auto *Method = cast<CXXMethodDecl>(Copy->getDirectCallee());
    if (Method->isMoveAssignmentOperator())
      clearMovedFrom(Method, Copy->getArg(1), Copy->getOperatorLoc(), Out);
    return;
  }
  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp()) {
      checkExpr(U->getSubExpr());
      auto [Var, LValue] = assignTarget(U->getSubExpr());
      emitAssign(Out, U->getOperatorLoc(), Var, "", LValue,
                 U->isIncrementOp() ? BO_AddAssign : BO_SubAssign, nullptr);
      return;
    }
  }
  if (auto Swap = containerSwapOf(E); Swap && lowerSwap(E, *Swap, Out))
    return;
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(E);
      Member && (lowerGrow(Member, Out) || lowerReshape(Member, Out)))
    return;
  if (auto Freed = deallocationOf(E))
    return lowerFree(E, Freed->Pointer, Out);
  if (auto Memory = memoryCallOf(E); Memory && !Memory->Element.isNull() &&
                                     Memory->Element->isRealFloatingType())
    return lowerMemoryCall(*Memory, Out);
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    if (isUserCall(Call)) {
      for (const Expr *Arg : Call->arguments())
        extractCalls(Arg, Out);
      noteOptionArgs(Call);
      Stmt S;
      S.K = Stmt::Kind::Call;
      S.Loc = Call->getExprLoc();
      S.Call = Call;
      pushCall(S, Out);
      return;
    }
    // A solver's set-up call stays primal; what its arguments compute
    // (the function's values at a bracket) is extracted as usual.
    if (Rules.bind(Call).K == CallBinding::Kind::Binder) {
      for (const Expr *Arg : Call->arguments())
        extractCalls(Arg, Out);
      noteOptionArgs(Call);
    }
  }
  if (isa<CXXThrowExpr>(E)) {
    Diags.error(E->getBeginLoc(), "ddx cannot differentiate exception "
                                  "handling (throw expression) yet");
    noteExceptions(Diags, E->getBeginLoc());
    return;
  }
  checkExpr(E);
  Stmt S;
  S.K = Stmt::Kind::Eval;
  S.Loc = E->getExprLoc();
  S.Call = E;
  Out.push_back(S);
}

/// Rejects what an expression in differentiated code must not contain.
bool BodyLowerer::checkExpr(const Expr *E, bool InCondition, bool Lifting) {
  struct Checker : RecursiveASTVisitor<Checker> {
    DiagReporter &Diags;
    bool InCondition;
    bool Ok = true;
    /// Expressions read for their value (visited before their operands).
    llvm::SmallPtrSet<const Expr *, 4> ReadForValue;
    bool Lifting = false;
    const ASTContext *Ctx = nullptr;
    /// Expressions already lifted out (a condition's, before it is printed).
    const llvm::DenseMap<const Expr *, int> *Lifted = nullptr;
    Checker(DiagReporter &Diags, bool InCondition)
        : Diags(Diags), InCondition(InCondition) {}
    bool VisitCXXThrowExpr(CXXThrowExpr *T) {
      Diags.error(T->getBeginLoc(), "ddx cannot differentiate exception "
                                    "handling (throw expression) yet");
      noteExceptions(Diags, T->getBeginLoc());
      return Ok = false;
    }
    bool TraverseLambdaExpr(LambdaExpr *) {
      // A lambda's body is its own function, lowered when it is called.
      return true;
    }
    /// `(c ? p : q)->y`, `*(c ? p : q)`, `(c ? u : v)[i]`, `(c ? s : t).x`
    /// reading or writing active data: ddx follows an access from the
    /// variable it starts at, and this one starts at either.
    bool chosenBase(const Expr *Access, const Expr *Base) {
      auto *Choice =
          dyn_cast<AbstractConditionalOperator>(Base->IgnoreParenImpCasts());
      if (!Choice || !isDifferentiableType(Access->getType()))
        return true;
      Diags.error(Choice->getBeginLoc(),
                  "ddx cannot differentiate an access through a pointer or "
                  "object chosen by '?:' yet: ddx follows each access from "
                  "the variable it starts at");
      Diags.note(Choice->getBeginLoc(),
                 "choose the value instead (`c ? p->y : q->y`), or choose "
                 "with if and else");
      return Ok = false;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      const Expr *Smart = smartPointerOf(M->getBase());
      return chosenBase(M, Smart ? Smart : M->getBase());
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *S) {
      return chosenBase(S, S->getBase());
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
      const Expr *Smart = smartPointerOf(Op);
      if (!Smart)
        Smart = smartDereferenced(Op);
      // (`p->y` is checked at its member access: its type is the member's.)
      return !Smart || Op->getOperator() == OO_Arrow ||
             chosenBase(Op, Op->getArg(0));
    }
    /// `static_cast<const Circle &>(shape)`, `static_cast<const D &>(*this)`:
    /// a derivative reached through a base class reference may be a copy
    /// of the base part alone (a const reference parameter's), which has
    /// no derived part to cast to. (Through pointers the derivative is the
    /// object itself: `static_cast<const Circle *>(p)` is followed.)
    bool VisitExplicitCastExpr(ExplicitCastExpr *Cast) {
      if (Cast->getCastKind() != CK_BaseToDerived ||
          Cast->getType()->isPointerType() ||
          Ctx->getSourceManager().isInSystemHeader(Cast->getBeginLoc()))
        return true;
      Diags.error(Cast->getBeginLoc(),
                  "ddx cannot differentiate a cast of an object to a class "
                  "derived from its type yet: its derivative may hold the "
                  "base class's members alone");
      Diags.note(Cast->getBeginLoc(),
                 "cast a pointer instead (`static_cast<const Circle *>(&s)`), "
                 "or take the derived class as the parameter");
      return Ok = false;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        ReadForValue.insert(Cast->getSubExpr()->IgnoreParens());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      // `x = y = v`, `s += (a *= k)`, `(s += a) < 5`: an assignment whose
      // value is read is lifted out as a statement (see extractRec).
      // (Its target is read again for the value, so it must not step
      // anything itself.)
      if (Lifting && B->isAssignmentOp() && ReadForValue.count(B) &&
          B->getType()->isArithmeticType() &&
          !B->getLHS()->HasSideEffects(*Ctx))
        return true;
      if (B->isAssignmentOp() && Lifted->count(B))
        return true;
      if (B->isAssignmentOp()) {
        Diags.error(B->getOperatorLoc(),
                    "ddx cannot differentiate an assignment inside an "
                    "expression here: reverse mode saves and undoes each "
                    "assignment as a statement of its own; make it a "
                    "statement before the expression that uses its value");
        return Ok = false;
      }
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->getOpcode() == UO_Deref)
        return chosenBase(U, U->getSubExpr());
      // Conditions are never differentiated; an integer counter may step
      // there. Elsewhere, lowering lifts ++ and -- into statements.
      if (U->isIncrementDecrementOp() && InCondition &&
          !U->getType()->isIntegralOrEnumerationType()) {
        Diags.error(U->getOperatorLoc(),
                    "ddx cannot differentiate ++ or -- of a floating-point "
                    "value in a condition: conditions are not "
                    "differentiated, so the step's derivative would be lost; "
                    "step the value in a statement before the condition");
        return Ok = false;
      }
      return true;
    }
    bool VisitCallExpr(CallExpr *Call) {
      if (isReallocation(Call)) {
        Diags.error(Call->getBeginLoc(),
                    "ddx cannot differentiate realloc: the derivative's "
                    "memory would need the old size to grow alike, and the "
                    "reverse sweep may still read the memory realloc "
                    "frees");
        Diags.note(Call->getBeginLoc(),
                   "allocate the new size with malloc, memcpy the values "
                   "and free the old memory, or use a std::vector");
        return Ok = false;
      }
      if (!isRequest(Call))
        return true;
      Diags.error(Call->getBeginLoc(),
                  "ddx cannot differentiate a function that makes a ddx "
                  "request itself (nested differentiation) yet");
      Diags.note(Call->getBeginLoc(),
                 "compute the inner derivative by hand, or make the request "
                 "outside the function being differentiated");
      return Ok = false;
    }
    bool VisitStmtExpr(StmtExpr *S) {
      Diags.error(S->getBeginLoc(),
                  "ddx cannot differentiate a statement expression ('({ ... "
                  "})', a GNU extension, often from a macro): it "
                  "differentiates statements nested in statements, not in "
                  "expressions; compute the value in statements before it, "
                  "or replace the macro with an inline function");
      return Ok = false;
    }
  };
  Checker C(Diags, InCondition);
  C.Lifting = Lifting;
  C.Ctx = &Ctx;
  C.Lifted = &IR.TempOf;
  C.TraverseStmt(const_cast<Expr *>(E));
  return C.Ok;
}

/// Whether the uses of the reference VD can stand for its initializer Init:
/// Init names storage by a path of members, subscripts and dereferences
/// (no call but a container's subscript), and no variable the path reads
/// to find that storage (an index, a pointer) changes while VD is in scope.
bool BodyLowerer::isStableAlias(const VarDecl *VD, const Expr *Init) {
  llvm::SmallVector<const VarDecl *, 4> Reads;
  const Expr *Bad = nullptr;
  std::function<void(const Expr *, bool)> Walk = [&](const Expr *E,
                                                     bool Storage) {
    E = skipImplicit(E);
    if (auto *P = dyn_cast<ParenExpr>(E))
      return Walk(P->getSubExpr(), Storage);
    if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      // The object the reference aliases may change: that is the point.
      // A pointer it goes through, or an index, may not.
      if (auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
          Var && (!Storage || Var->getType()->isPointerType()))
        Reads.push_back(Var);
      return;
    }
    if (auto *M = dyn_cast<MemberExpr>(E))
      return Walk(M->getBase(), !M->isArrow());
    if (auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
      Walk(S->getBase(), !S->getBase()->getType()->isPointerType());
      return Walk(S->getIdx(), false);
    }
    if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Subscript) {
      Walk(Op->getArg(0), true);
      return Walk(Op->getArg(1), false);
    }
    if (const Expr *Object = accessorObject(E)) {
      Walk(Object, !Object->getType()->isPointerType());
      for (const Expr *Arg : cast<CallExpr>(E)->arguments())
        if (Arg != Object)
          Walk(Arg, false);
      return;
    }
    if (auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      return Walk(U->getSubExpr(), false);
    // Through a smart pointer as through a raw one: `*p`, `p[i]`, `p->x`.
    if (const Expr *Smart = smartDereferenced(E)) {
      for (const Expr *Arg : llvm::drop_begin(cast<CallExpr>(E)->arguments()))
        Walk(Arg, false);
      return Walk(Smart, false);
    }
    if (const Expr *Smart = smartPointerOf(E))
      return Walk(Smart, false);
    if (isa<CXXThisExpr, IntegerLiteral>(E))
      return;
    if (auto *Cast = dyn_cast<CastExpr>(E))
      return Walk(Cast->getSubExpr(), Storage);
    if (auto *B = dyn_cast<BinaryOperator>(E); B && !Storage) {
      Walk(B->getLHS(), false);
      return Walk(B->getRHS(), false);
    }
    if (!Bad)
      Bad = E;
  };
  Walk(Init, true);
  if (Bad) {
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate a local reference bound to " +
                    std::string(isa<CallExpr>(Bad) ? "what a call returns"
                                                   : "this expression") +
                    " yet");
    Diags.note(Bad->getExprLoc(),
               "copy the value into a local (without '&'), or use the "
               "storage it refers to directly");
    return false;
  }
  // The statements after VD's declaration in its block.
  const clang::Stmt *Decl = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*VD))
    Decl = P.get<DeclStmt>();
  const CompoundStmt *Scope = nullptr;
  if (Decl)
    for (const DynTypedNode &P : Ctx.getParents(*Decl))
      Scope = P.get<CompoundStmt>();
  for (const VarDecl *Read : Reads) {
    bool Changes = !Scope; // (a for-init or condition: not looked into)
    bool After = false;
    if (Scope)
      for (const clang::Stmt *S : Scope->body()) {
        Changes |= After && isModified(Read, S);
        After |= S == Decl;
      }
    if (!Changes)
      continue;
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate the local reference '" +
                    VD->getNameAsString() + "': '" + Read->getNameAsString() +
                    "', which says what it refers to, changes while it is in "
                    "scope");
    Diags.note(VD->getLocation(), "declare the reference where it is used, "
                                  "or index the storage directly");
    return false;
  }
  return true;
}

void BodyLowerer::snapshotCaptures(const LambdaExpr *L, SourceLocation Loc,
                                   Block &Out) {
  struct Snapshot {
    const VarDecl *Var;
    const Expr *Init;
  };
  llvm::SmallVector<Snapshot, 4> Snapshots, InitCaptures;
  const clang::Stmt *Body = IR.Function->getBody();
  auto Init = L->capture_init_begin();
  for (const LambdaCapture &C : L->captures()) {
    const Expr *CaptureInit = *Init++;
    auto *V = dyn_cast_or_null<VarDecl>(
        C.capturesVariable() ? C.getCapturedVar() : nullptr);
    // An init-capture becomes a local set here: its initializer may read
    // variables that change before the lambda is called.
    if (V && V->isInitCapture()) {
      if (CaptureInit && !V->getType()->isReferenceType() && !IR.VarOf.count(V))
        InitCaptures.push_back({V, CaptureInit});
      continue;
    }
    if (!V || C.getCaptureKind() != LCK_ByCopy || !isModified(V, Body))
      continue;
    // A value read directly, or a struct of values copied.
    const Expr *Read = CaptureInit ? skipImplicit(CaptureInit) : nullptr;
    if (auto *Copy = dyn_cast_or_null<CXXConstructExpr>(Read);
        Copy && (Copy->getNumArgs() != 1 ||
                 !Copy->getConstructor()->isCopyOrMoveConstructor() ||
                 !V->getType().isTriviallyCopyableType(Ctx)))
      return;
    if (!Read || !IR.VarOf.count(V) ||
        !isa<DeclRefExpr, CXXConstructExpr>(Read))
      return;
    Snapshots.push_back({V, Read});
  }
  for (const Snapshot &S : Snapshots) {
    int Copy =
        newVar(S.Var->getName().str() + "_captured",
               S.Var->getType().getNonReferenceType().getUnqualifiedType(),
               Variable::Kind::Temp);
    IR.Vars[Copy].MaybeUnused = true;
    emitAssign(Out, Loc, Copy, "", nullptr, BO_Assign, refTo(S.Var, Ctx));
    IR.TempOf[S.Init] = Copy;
  }
  for (const Snapshot &S : InitCaptures) {
    QualType T = S.Var->getType().getUnqualifiedType();
    int Var = newVar(S.Var->getName(), T, Variable::Kind::Local, S.Var);
    IR.Vars[Var].MaybeUnused = true;
    lowerInit(Var, "", T, S.Init, Loc, Out);
  }
  IR.SnapshotLambdas.insert(L);
}

/// A local that only names a callable: a lambda, a function pointer or a
/// std::function initialised from one (or from another such local, or a
/// callable parameter of this clone), and never assigned again or exposed
/// by address.
bool BodyLowerer::isLocalCallable(const VarDecl *VD) {
  if (!VD->getInit() || !isCallableParam(VD->getType()))
    return false;
  auto R = resolveCallable(VD->getInit(), IR, Ctx);
  if (!R || (R->Lambda && unstableCapture(R->Lambda) &&
             !IR.SnapshotLambdas.contains(R->Lambda)))
    return false;
  // A closure object always calls its own operator(), whatever is done to
  // it; a function pointer or std::function must keep what it was given.
  auto *Record = VD->getType()->getAsCXXRecordDecl();
  if (Record && Record->isLambda())
    return true;
  return !isModified(VD, IR.Function->getBody());
}

static bool passedAsOption(const CallExpr *Call, unsigned I,
                           const RuleBinder &Rules, unsigned Depth);

/// Whether the function's body uses parameter P only as an argument that
/// is an option where it is passed (a GSL workspace handed on to a rule).
/// Such a pointer receives no active values, whatever it points to.
static bool usedOnlyAsOption(const FunctionDecl *FD, const ParmVarDecl *P,
                             const RuleBinder &Rules, unsigned Depth) {
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody() || Depth > 8)
    return false;
  P = Def->getParamDecl(P->getFunctionScopeIndex());
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *P;
    const RuleBinder *Rules;
    unsigned Depth, All = 0, AsOption = 0;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      All += R->getDecl() == P;
      return true;
    }
    bool VisitCallExpr(CallExpr *Call) {
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (auto *R = dyn_cast<DeclRefExpr>(skipImplicit(Call->getArg(I))))
          AsOption +=
              R->getDecl() == P && passedAsOption(Call, I, *Rules, Depth + 1);
      return true;
    }
  } U;
  U.P = P;
  U.Rules = &Rules;
  U.Depth = Depth;
  U.TraverseStmt(Def->getBody());
  return U.All > 0 && U.All == U.AsOption;
}

/// Whether argument I of Call is an option: of a rule, a parameter marked
/// DDX_OPTION, or one its callee uses only as an option.
static bool passedAsOption(const CallExpr *Call, unsigned I,
                           const RuleBinder &Rules, unsigned Depth) {
  CallBinding B = Rules.bind(Call);
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return false;
  if (B.K == CallBinding::Kind::Rule || B.K == CallBinding::Kind::Binder)
    return I < B.Roles.size() &&
           (B.Roles[I] == ParamRole::Option || B.Roles[I] == ParamRole::Handle);
  if (I >= FD->getNumParams())
    return false;
  return isOption(FD->getParamDecl(I)) ||
         (B.K == CallBinding::Kind::UserFunction &&
          !isa<CXXOperatorCallExpr>(Call) &&
          FD->getParamDecl(I)->getType()->isPointerType() &&
          usedOnlyAsOption(FD, FD->getParamDecl(I), Rules, Depth));
}

void BodyLowerer::noteOptionArgs(const CallExpr *Call) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (passedAsOption(Call, I, Rules, 0))
      IR.OptionArgs.insert(skipImplicit(Call->getArg(I)));
}

bool BodyLowerer::isUserCall(const CallExpr *Call) {
  // An accessor (v[i], p.x(), m(i, j) returning a part of the object) is
  // an access path, like a container's subscript; so is a position in a
  // container (std::begin(a)).
  if (accessorObject(Call) || storageOf(Call))
    return false;
  if (const Expr *Object = calledObject(Call)) {
    if (resolveCallable(Object, IR, Ctx) || candidateFunctions(Object, IR))
      return true;
    // A functor's call operator, on an object of the function.
    auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
    return Method && Method->getDefinition() &&
           !Method->getParent()->isLambda();
  }
  if (isValueCast(Call))
    return false;
  // A virtual call through a reference or pointer: a dispatch over the
  // overriders (pushDispatch), for a class of the user's.
  if (dispatchedObject(Call)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    return !FD->isInStdNamespace() &&
           !Ctx.getSourceManager().isInSystemHeader(FD->getLocation());
  }
  CallBinding B = Rules.bind(Call);
  // An operator of the user's own (Vec3 + Vec3) is a call like any other;
  // the library's (a stream's <<, a container's []) stay as they are.
  if (isa<CXXOperatorCallExpr>(Call))
    return B.isStatementRule() ||
           (B.K == CallBinding::Kind::UserFunction && B.Callee &&
            !B.Callee->isInStdNamespace() &&
            !Ctx.getSourceManager().isInSystemHeader(B.Callee->getLocation()));
  return B.K == CallBinding::Kind::UserFunction || B.isStatementRule();
}

bool BodyLowerer::returnsOnlySelf(const clang::Stmt *Body) const {
  bool Any = false, Other = false;
  std::function<void(const clang::Stmt *)> Visit = [&](const clang::Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (auto *R = dyn_cast<ReturnStmt>(S)) {
      auto *U = dyn_cast_or_null<UnaryOperator>(
          R->getRetValue() ? R->getRetValue()->IgnoreParenImpCasts() : nullptr);
      bool Self = U && U->getOpcode() == UO_Deref &&
                  isa<CXXThisExpr>(U->getSubExpr()->IgnoreParenImpCasts());
      (Self ? Any : Other) = true;
    }
    for (const clang::Stmt *Child : S->children())
      Visit(Child);
  };
  Visit(Body);
  return Any && !Other && isa<CXXMethodDecl>(IR.Function);
}

std::string BodyLowerer::calleeBaseName(const CallExpr *Call) {
  if (const Expr *Object = calledObject(Call)) {
    auto R = resolveCallable(Object, IR, Ctx);
    if (R && R->Function)
      return R->Function->getNameAsString();
    if (R)
      return "lambda";
    return "call";
  }
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getOverloadedOperator()
               ? operatorIdentifier(FD->getOverloadedOperator())
               : FD->getNameAsString();
  return "call";
}

/// Lifts calls of user functions out of E (innermost first) into Call
/// statements whose results the rest of E reads from temporaries.
void BodyLowerer::extractCalls(const Expr *E, Block &Out) {
  if (!E)
    return;
  if (!checkExpr(E, /*InCondition=*/false, /*Lifting=*/true))
    return;
  extractRec(E, Out);
}

std::pair<int, const Expr *> BodyLowerer::assignTarget(const Expr *LHS) {
  LHS = skipImplicit(LHS);
  while (auto *P = dyn_cast<ParenExpr>(LHS))
    LHS = skipImplicit(P->getSubExpr());
  if (auto *Ref = dyn_cast<DeclRefExpr>(LHS)) {
    auto It = IR.VarOf.find(Ref->getDecl());
    if (It != IR.VarOf.end() && !IR.Vars[It->second].isAlias() &&
        !IR.Vars[It->second].ByReference)
      return {It->second, nullptr};
  }
  return {-1, LHS};
}

void BodyLowerer::lowerTupleAssignment(const CXXOperatorCallExpr *Copy,
                                       Block &Out) {
  QualType T = Copy->getArg(0)->getType().getNonReferenceType();
  auto [Var, LValue] = assignTarget(Copy->getArg(0));
  if (!LValue && !mentions(Copy->getArg(1), IR.Vars[Var].Decl)) {
    ++IR.Vars[Var].Writes;
    return lowerInit(Var, "", T, Copy->getArg(1), Copy->getOperatorLoc(), Out);
  }
  // (`q = std::make_pair(q.second, q.first)`, `v[i] = {a, b}`: built in
  // a temporary of its own, then assigned whole.)
  const Expr *Pair = skipImplicit(Copy->getArg(1));
  std::string Name =
      uniqueName(isStdTuple(Copy->getArg(1)->getType()) ? "_tuple" : "_pair");
  Used.erase(Name); // newVar claims it again
  const VarDecl *Object =
      temporaryObject(Ctx, Pair, const_cast<FunctionDecl *>(IR.Function), Name);
  int Temp = newVar(Name, Object->getType(), Variable::Kind::Temp, Object);
  lowerInit(Temp, "", Object->getType(), Pair, Copy->getOperatorLoc(), Out);
  IR.TempOf[Pair] = Temp;
  emitAssign(Out, Copy->getOperatorLoc(), Var, "", LValue, BO_Assign,
             Copy->getArg(1));
}

bool BodyLowerer::hasExtractable(const Expr *E) {
  if (isa_and_nonnull<CXXDefaultArgExpr, CXXDefaultInitExpr>(E))
    return false;
  E = skipImplicit(E);
  if (!E)
    return false;
  if (auto *L = dyn_cast<LambdaExpr>(E))
    return llvm::any_of(L->capture_inits(), [&](const Expr *Init) {
      return Init && hasExtractable(Init);
    });
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return true;
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return true;
  if (isUserConstruction(dyn_cast<CXXConstructExpr>(E), Ctx))
    return true;
  if (auto *Call = dyn_cast<CallExpr>(E); Call && isUserCall(Call))
    return true;
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child); CE && hasExtractable(CE))
      return true;
  return false;
}

bool BodyLowerer::onlyReadForValue(const Expr *E) {
  for (const DynTypedNode &P : Ctx.getParents(*E)) {
    if (auto *Paren = P.get<ParenExpr>())
      return onlyReadForValue(Paren);
    auto *Cast = P.get<ImplicitCastExpr>();
    return Cast && Cast->getCastKind() == CK_LValueToRValue;
  }
  return false;
}

bool BodyLowerer::writesVariables(const Expr *E) {
  E = skipImplicit(E);
  if (!E || isa<LambdaExpr>(E))
    return false;
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return true;
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return true;
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    for (unsigned I = 0; FD && I < FD->getNumParams(); ++I)
      if (writesThrough(FD->getParamDecl(I)->getType()))
        return true;
  }
  // A non-const member function of a user class (`it.next()`) changes its
  // object; an accessor (returning a reference) only names a part of it.
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Member->getMethodDecl();
    if (M && changesObject(M) && !M->getParent()->isInStdNamespace() &&
        !M->getReturnType()->isReferenceType())
      return true;
  }
  return llvm::any_of(E->children(), [](const clang::Stmt *Child) {
    auto *CE = dyn_cast_or_null<Expr>(Child);
    return CE && writesVariables(CE);
  });
}

bool BodyLowerer::passesLambda(const Expr *E) const {
  if (!E)
    return false;
  auto IsLambda = [&](const Expr *Arg) {
    Arg = skipImplicit(Arg);
    if (isa<LambdaExpr>(Arg))
      return true;
    // (A closure passed by value is copied.)
    if (const Expr *Source = copiedFrom(Arg))
      Arg = skipImplicit(Source);
    auto *Ref = dyn_cast<DeclRefExpr>(Arg);
    auto It =
        Ref ? IR.LocalCallables.find(Ref->getDecl()) : IR.LocalCallables.end();
    return It != IR.LocalCallables.end() &&
           isa<LambdaExpr>(skipImplicit(It->second));
  };
  if (auto *Call = dyn_cast<CallExpr>(E))
    for (const Expr *Arg : Call->arguments())
      if (IsLambda(Arg))
        return true;
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child);
        CE && !isa<LambdaExpr>(CE) && passesLambda(CE))
      return true;
  return false;
}

void BodyLowerer::lowerSelect(const ConditionalOperator *C, Block &Out) {
  extractRec(C->getCond(), Out);
  if (!hasExtractable(C->getTrueExpr()) && !hasExtractable(C->getFalseExpr()))
    return;
  if (C->isGLValue() && !onlyReadForValue(C)) {
    // A temporary would be a copy, and this '?:' may be written through
    // or bound to a reference.
    Diags.error(C->getQuestionLoc(),
                "ddx cannot differentiate a '?:' that chooses between "
                "objects (not values) and makes a call yet");
    Diags.note(C->getQuestionLoc(),
               "write it as an if statement, or call the function before "
               "the '?:' and use the variable that holds its result");
    return;
  }
  // A step in one branch runs only with it: it cannot follow the statement.
  llvm::SaveAndRestore<Block *> NoDefer(DeferredSteps, nullptr);
  int Value = newVar("_select", C->getType().getUnqualifiedType(),
                     Variable::Kind::Temp);
  Stmt Branch;
  Branch.K = Stmt::Kind::If;
  Branch.Loc = C->getQuestionLoc();
  Branch.Cond = Printer.print(C->getCond()->IgnoreParens());
  Branch.CondExpr = C->getCond();
  extractRec(C->getTrueExpr(), Branch.Then);
  emitAssign(Branch.Then, C->getQuestionLoc(), Value, "", nullptr, BO_Assign,
             C->getTrueExpr());
  extractRec(C->getFalseExpr(), Branch.Else);
  emitAssign(Branch.Else, C->getColonLoc(), Value, "", nullptr, BO_Assign,
             C->getFalseExpr());
  // One of the two writes runs: outside loops, each is the first.
  if (LoopDepth == 0) {
    Branch.Else.back().FirstWrite = true;
    Branch.Else.back().SaveOld = false;
  }
  Out.push_back(std::move(Branch));
  IR.TempOf[C] = Value;
}

void BodyLowerer::lowerShortCircuit(const BinaryOperator *B, Block &Out) {
  extractRec(B->getLHS(), Out);
  if (!hasExtractable(B->getRHS()))
    return;
  llvm::SaveAndRestore<Block *> NoDefer(DeferredSteps, nullptr);
  bool And = B->getOpcode() == BO_LAnd;
  int Value = newVar(And ? "_and" : "_or", Ctx.BoolTy, Variable::Kind::Temp);
  emitAssign(Out, B->getOperatorLoc(), Value, "", nullptr, BO_Assign,
             B->getLHS());
  Stmt Branch;
  Branch.K = Stmt::Kind::If;
  Branch.Loc = B->getOperatorLoc();
  Branch.Cond = (And ? "" : "!") + IR.Vars[Value].Name;
  extractRec(B->getRHS(), Branch.Then);
  emitAssign(Branch.Then, B->getOperatorLoc(), Value, "", nullptr, BO_Assign,
             B->getRHS());
  Out.push_back(std::move(Branch));
  IR.TempOf[B] = Value;
}

void BodyLowerer::extractRec(const Expr *E, Block &Out) {
  // A default argument is evaluated by the callee (or printed as its value
  // where generated code passes it), never a statement of this function.
  if (isa_and_nonnull<CXXDefaultArgExpr, CXXDefaultInitExpr>(E))
    return;
  E = skipImplicit(E);
  if (!E)
    return;
  if (auto *C = dyn_cast<ConditionalOperator>(E))
    return lowerSelect(C, Out);
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp())
    return lowerShortCircuit(B, Out);
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp()) {
    // x++ reads as a temporary holding the old value; ++x as one holding
    // the new value.
    auto [Var, LValue] = assignTarget(U->getSubExpr());
    if (deferStep(U, Var))
      return;
    BinaryOperatorKind Op = U->isIncrementOp() ? BO_AddAssign : BO_SubAssign;
    int Temp = newVar(U->isPostfix() ? "_old" : "_new",
                      U->getSubExpr()->getType().getUnqualifiedType(),
                      Variable::Kind::Temp);
    if (U->isPostfix())
      emitAssign(Out, U->getOperatorLoc(), Temp, "", nullptr, BO_Assign,
                 U->getSubExpr());
    emitAssign(Out, U->getOperatorLoc(), Var, "", LValue, Op, nullptr);
    if (U->isPrefix())
      emitAssign(Out, U->getOperatorLoc(), Temp, "", nullptr, BO_Assign,
                 U->getSubExpr());
    IR.TempOf[U] = Temp;
    return;
  }
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp()) {
    // An assignment read for its value (checkExpr allows no other): a
    // statement of its own, then a temporary holding what it stored.
    extractRec(B->getRHS(), Out);
    auto [Var, LValue] = assignTarget(B->getLHS());
    emitAssign(Out, B->getOperatorLoc(), Var, "", LValue, B->getOpcode(),
               B->getRHS());
    int Temp = newVar("_stored", B->getType().getUnqualifiedType(),
                      Variable::Kind::Temp);
    emitAssign(Out, B->getOperatorLoc(), Temp, "", nullptr, BO_Assign,
               B->getLHS());
    IR.TempOf[B] = Temp;
    return;
  }
  if (auto *L = dyn_cast<LambdaExpr>(E)) {
    // Its body is not part of this function; the initializers of its
    // init-captures are, evaluated where the lambda is made.
    llvm::SaveAndRestore<Block *> NoDefer(DeferredSteps, nullptr);
    for (const Expr *Init : L->capture_inits())
      if (Init)
        extractRec(Init, Out);
    return;
  }
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E);
      isUserConstruction(Construct, Ctx)) {
    // A temporary object: a variable of its own that the rest of E reads.
    // (One expression built again, a member's initialiser shared by every
    // object the compiler's constructor builds, builds the same variable.)
    if (int Temp = IR.TempOf.lookup(Construct); IR.TempOf.count(Construct))
      return lowerConstruction(Construct, cast<VarDecl>(IR.Vars[Temp].Decl),
                               Temp, Out);
    std::string Name = uniqueName(
        "_" + Construct->getConstructor()->getParent()->getNameAsString());
    Used.erase(Name); // newVar claims it again
    const VarDecl *Object = temporaryObject(
        Ctx, Construct, const_cast<FunctionDecl *>(IR.Function), Name);
    if (!isDeclarable(Object->getType(), Construct->getBeginLoc()))
      return;
    int Temp = newVar(Name, Object->getType(), Variable::Kind::Temp, Object);
    IR.TempOf[Construct] = Temp;
    return lowerConstruction(Construct, Object, Temp, Out);
  }
  // (`a ?: k++` steps k in a branch; `sizeof(k++)` never does.)
  llvm::SaveAndRestore<Block *> NoDefer(
      DeferredSteps,
      isa<BinaryConditionalOperator, ChooseExpr, UnaryExprOrTypeTraitExpr>(E)
          ? nullptr
          : DeferredSteps);
  for (const clang::Stmt *Child : E->children())
    if (auto *CE = dyn_cast_or_null<Expr>(Child))
      extractRec(CE, Out);
  auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || !isUserCall(Call))
    return;
  noteOptionArgs(Call);
  Stmt S;
  S.K = Stmt::Kind::Call;
  S.Loc = Call->getExprLoc();
  S.Call = Call;
  QualType Ret = Call->getType();
  if (Call->isGLValue() && Ret->isRecordType()) {
    Diags.error(Call->getExprLoc(),
                "ddx cannot use the reference that '" +
                    (Call->getDirectCallee()
                         ? Call->getDirectCallee()->getNameAsString()
                         : calleeBaseName(Call)) +
                    "' returns yet");
    Diags.note(Call->getExprLoc(), "call it in a statement of its own, then "
                                   "use the object it returned");
    return;
  }
  if (!Ret->isVoidType()) {
    // A call extracted again (a member's default value, `double k = g(2);`,
    // is one expression for every object built) sets the same temporary
    // again: the rest of the function reads that one.
    bool Again = IR.TempOf.count(Call);
    int Temp = Again ? IR.TempOf.lookup(Call)
                     : newVar("_" + calleeBaseName(Call),
                              Ret.getUnqualifiedType(), Variable::Kind::Temp);
    IR.TempOf[Call] = Temp;
    Variable &V = IR.Vars[Temp];
    S.Var = Temp;
    S.FirstWrite = LoopDepth == 0 && V.Writes == 0;
    ++V.Writes;
    if (LoopDepth > 0)
      V.WrittenInLoop = true;
    S.SaveOld = !S.FirstWrite;
  }
  pushCall(S, Out);
}

const Expr *BodyLowerer::dispatchedObject(const CallExpr *Call) const {
  const Expr *Object = OverriderIndex::dispatchedObject(Call);
  // While a constructor or destructor runs, its object is of its class: a
  // virtual call on `this` reaches that class's overrider, as written.
  if (Object && isa<CXXThisExpr>(Object->IgnoreParenImpCasts()) &&
      isa<CXXConstructorDecl, CXXDestructorDecl>(IR.Function))
    return nullptr;
  return Object;
}

void BodyLowerer::pushCall(Stmt S, Block &Out) {
  if (const Expr *Dispatched = dispatchedObject(cast<CallExpr>(S.Call)))
    return pushDispatch(S, Dispatched, Out);
  const Expr *Object = calledObject(cast<CallExpr>(S.Call));
  std::optional<CandidateSet> Set;
  if (Object && !resolveCallable(Object, IR, Ctx))
    Set = candidateFunctions(Object, IR);
  if (!Set) {
    Out.push_back(S);
    return;
  }
  // if (f == &a) a(...); else if (f == &b) b(...); else c(...);
  std::string Pointer = Printer.varName(IR.VarOf.lookup(Set->Pointer));
  Block *Into = &Out;
  for (size_t I = 0; I < Set->Functions.size(); ++I) {
    S.Candidate = Set->Functions[I];
    if (I + 1 == Set->Functions.size()) {
      Into->push_back(S);
      break;
    }
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = S.Loc;
    // An overloaded or template function's address needs the pointer's
    // type to say which one.
    std::string Address = "&" + Printer.calleeName(S.Candidate, nullptr);
    if (S.Candidate->getPrimaryTemplate() ||
        !S.Candidate->getDeclContext()
             ->lookup(S.Candidate->getDeclName())
             .isSingleResult())
      Address = "static_cast<" +
                Printer.typeName(Set->Pointer->getType().getUnqualifiedType()) +
                ">(" + Address + ")";
    Branch.Cond = Pointer + " == " + Address;
    Branch.Then.push_back(S);
    Into->push_back(std::move(Branch));
    Into = &Into->back().Else;
  }
}

/// `p.energy(r)` on a reference or pointer to a class with virtual
/// functions: a branch for each class this translation unit defines that
/// the object may have, calling that class's overrider (so each branch is
/// bound statically), and a stop for an object of a class ddx never saw
/// (defined in another translation unit), rather than a wrong derivative.
void BodyLowerer::pushDispatch(Stmt S, const Expr *Object, Block &Out) {
  auto *Call = cast<CallExpr>(S.Call);
  std::string Name = Call->getDirectCallee()->getQualifiedNameAsString();
  std::vector<OverriderCase> Cases = Overriders.cases(Call);
  if (Cases.empty()) {
    Diags.error(S.Loc, "ddx cannot bind the virtual call '" + Name +
                           "': no class defined in this translation unit "
                           "overrides it for an object to have");
    Diags.note(S.Loc, "define the derived classes in a header this file "
                      "includes, or call the function of a concrete class");
    return;
  }
  if (OverriderIndex::knownClass(Object) && Cases.front().Overrider) {
    S.Candidate = Cases.front().Overrider;
    Out.push_back(S);
    return;
  }
  const Expr *Plain = skipImplicit(Object);
  std::string Text = isa<CXXThisExpr>(Plain) ? "self" : Printer.print(Plain);
  if (!isa<CXXThisExpr>(Plain) && Plain->getType()->isPointerType())
    Text = "*(" + Text + ")";
  Block *Into = &Out;
  for (const OverriderCase &Case : Cases) {
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = S.Loc;
    Branch.Cond = "::ddx::is_a<" +
                  Printer.typeName(Ctx.getRecordType(Case.Class)) + ">(" +
                  Text + ")";
    S.Candidate = Case.Overrider;
    Branch.Then.push_back(S);
    Into->push_back(std::move(Branch));
    Into = &Into->back().Else;
  }
  Stmt Stop;
  Stop.K = Stmt::Kind::Raw;
  Stop.Loc = S.Loc;
  Stop.Text = "::ddx::unknown_dynamic_type(\"" + Name + "\", " + Text + ");";
  Into->push_back(std::move(Stop));
}

void BodyLowerer::deferTargetSteps(const Expr *E) {
  E = skipImplicit(E);
  if (!E || isa<LambdaExpr, AbstractConditionalOperator, ChooseExpr,
                UnaryExprOrTypeTraitExpr>(E))
    return;
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp())
    return;
  if (auto *U = dyn_cast<UnaryOperator>(E);
      U && U->isIncrementDecrementOp() && U->isPostfix()) {
    deferStep(U, assignTarget(U->getSubExpr()).first);
    return;
  }
  for (const clang::Stmt *Child : E->children())
    deferTargetSteps(dyn_cast_or_null<Expr>(Child));
}

bool BodyLowerer::readAsNumber(const Expr *E) {
  for (const DynTypedNode &P : Ctx.getParents(*E)) {
    if (auto *Up = P.get<Expr>(); Up && isa<ParenExpr, ImplicitCastExpr>(Up))
      return readAsNumber(Up);
    if (auto *Sub = P.get<ArraySubscriptExpr>())
      return Sub->getIdx()->IgnoreParenImpCasts() == E->IgnoreParens();
    auto *B = P.get<BinaryOperator>();
    return B && (B->isAdditiveOp() || B->isMultiplicativeOp() ||
                 B->isComparisonOp() || B->isShiftOp() || B->isBitwiseOp());
  }
  return false;
}

bool BodyLowerer::deferStep(const UnaryOperator *U, int Var) {
  if (!DeferredSteps || !StepStatement || !U->isPostfix() || Var < 0 ||
      IR.Vars[Var].K != Variable::Kind::Local ||
      !IR.Vars[Var].Type->isIntegerType())
    return false;
  auto *V = dyn_cast_or_null<VarDecl>(IR.Vars[Var].Decl);
  if (!V || !V->isLocalVarDecl() || !IR.Function->getBody())
    return false;
  // Named once in the statement, so nothing else in it sees the step's
  // timing; never through an address, so no call in it sees i either.
  if (countNames(StepStatement, V) != 1 ||
      !namedOnlyDirectly(IR.Function->getBody(), V) || !readAsNumber(U))
    return false;
  // `l[i++]` reads `l[i]`, and `i += 1` follows the statement: no temporary
  // to save for the reverse sweep, which steps i back.
  emitAssign(*DeferredSteps, U->getOperatorLoc(), Var, "", nullptr,
             U->isIncrementOp() ? BO_AddAssign : BO_SubAssign, nullptr);
  IR.TempOf[U] = Var;
  return true;
}

} // namespace lowering
} // namespace ddx
