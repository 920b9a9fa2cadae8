//===- RuleCallEmitter.cpp ------------------------------------------------===//
#include "Emit/RuleCallEmitter.h"
#include "Emit/DispatchLog.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ddx {

/// What the pointer Text points to: `x` for `&x`.
static std::string pointee(const std::string &Text) {
  llvm::StringRef T(Text);
  if (T.consume_front("&") && isSimple(T.str()))
    return T.str();
  return "*(" + Text + ")";
}

RuleCallEmitter::RuleCallEmitter(EmitContext &C, const CallBinding &B,
                                 const Stmt &S)
    : C(C), B(B), S(S), Call(cast<CallExpr>(S.Call)) {
  if (S.Var >= 0)
    Result = C.Printer.varName(S.Var);
  if (B.Bound) {
    BoundCallable Set = C.IR.HandleCallables.lookup(Call);
    Bound.E = Set.E;
    Bound.Field = Set.Field;
    Bound.Role = ParamRole::Callable;
  }
}

bool RuleCallEmitter::collect() {
  const FunctionDecl *FD = B.Callee;
  unsigned Errors = C.Diags.errorCount();
  // (A result holding a container or pointers has no tangent a rule gives.)
  if (!C.checkReturn(Call, S.Var))
    return false;
  for (unsigned I = 0; I < B.Roles.size() && I < Call->getNumArgs(); ++I) {
    Argument A;
    A.E = Call->getArg(I);
    A.Role = B.Roles[I];
    A.InOrder = I < B.InOrder.size() && B.InOrder[I];
    A.Index = I;
    if (A.Role == ParamRole::Option && C.Activity.isVaried(A.E))
      C.warnDetachedOption(A.E, FD->getParamDecl(I)->getNameAsString(), FD);
    if (A.Role == ParamRole::Option && isHeldLambda(A.E))
      continue;
    if (A.Role != ParamRole::Callable) {
      // Options and defaulted arguments read as their value when it is a
      // compile-time constant; otherwise as their expression, printed fully
      // qualified (a default argument's expression belongs to the callee).
      if (A.Role == ParamRole::Option || isa<CXXDefaultArgExpr>(A.E))
        A.Text = C.constantText(A.E);
      if (A.Text.empty())
        A.Text = C.Printer.print(A.E);
    }
    Args.push_back(A);
  }
  return checkRepeatedCalls() && C.Diags.errorCount() == Errors;
}

bool RuleCallEmitter::isHeldLambda(const Expr *E) {
  // Generated code keeps no closure objects: a lambda local is specialised
  // away, so an option that is one (a comparator) has nothing to name.
  E = skipImplicit(E);
  if (const Expr *Source = copiedFrom(E))
    E = skipImplicit(Source); // passed by value
  auto *Ref = dyn_cast<DeclRefExpr>(E);
  auto Local = Ref ? C.IR.LocalCallables.find(Ref->getDecl())
                   : C.IR.LocalCallables.end();
  if (Local == C.IR.LocalCallables.end() || !Local->second ||
      !isa<LambdaExpr>(skipImplicit(Local->second)))
    return false;
  C.Diags.error(E->getExprLoc(),
                "'" + Ref->getDecl()->getNameAsString() +
                    "' is a lambda passed to '" +
                    B.Callee->getQualifiedNameAsString() +
                    "' as an option (it is called, never differentiated), "
                    "and generated code keeps no lambda objects");
  C.Diags.note(E->getExprLoc(),
               "pass a function object (std::greater<double>()) or a named "
               "function instead");
  return true;
}

bool RuleCallEmitter::argumentList(AdaptorKind K,
                                   std::vector<std::string> &Out) {
  CallableWhat.clear();
  // A rule of a non-static member takes the object first; the primal call
  // names it before the member.
  if (B.OnObject && K != AdaptorKind::Value)
    Out.push_back(C.Printer.print(object()));
  // (A read of a solver handle takes the handle's callable first.)
  if (B.Bound && K != AdaptorKind::Value &&
      (!Bound.E || !callableObject(Bound, K, Out)))
    return false;
  for (const Argument &A : Args) {
    if (A.Role != ParamRole::Callable) {
      Out.push_back(A.Text);
      continue;
    }
    if (!callableObject(A, K, Out))
      return false;
  }
  return true;
}

bool RuleCallEmitter::callableObject(const Argument &A, AdaptorKind K,
                                     std::vector<std::string> &Out) {
  auto R = resolveCallableOrFunctor(A.E, C.IR, C.Ctx, Call, A.Field);
  if (!R) {
    C.Diags.error(A.E->getExprLoc(),
                  "ddx cannot resolve the callable passed to '" +
                      B.Callee->getQualifiedNameAsString() +
                      "' at transformation time");
    if (capturesObject(A.E))
      C.Diags.note(A.E->getExprLoc(),
                   "the lambda captures 'this', which generated code has "
                   "no name for: capture what it reads by name ([k = k] "
                   "for a member k, or [&m = *this])");
    else
      C.Diags.note(A.E->getExprLoc(),
                   "pass a named function or a lambda (directly, through a "
                   "local variable, or through a parameter that receives "
                   "one)");
    return false;
  }
  CallableWhat.push_back(describeTarget(Target{R->Function, R->Lambda, {}}));
  // The primal call takes the struct itself (a C function's parameter is
  // a gsl_function, not a template): it is real memory in generated code.
  if (K == AdaptorKind::Value && R->Holder) {
    Out.push_back(C.Printer.print(A.E));
    return true;
  }
  std::string Object =
      C.Adaptors.construct(C, *R, K, A.E->getExprLoc(),
                           [&](const CalleeArg &Capture, ParamActivity Act) {
                             return captureShadow(Capture, Act, K);
                           });
  if (Object.empty())
    return false;
  Out.push_back(Object);
  return true;
}

void RuleCallEmitter::log(const std::string &Rule,
                          const std::vector<std::string> &List, bool Forward) {
  // The forward sweep's function is generated from both sweeps; its rule
  // calls are the reverse sweep's.
  if (C.Current && C.Current->M == Mode::ForwardSweep)
    return;
  RuleDispatch D;
  D.Function = B.Callee->getQualifiedNameAsString();
  D.Rule = Rule;
  D.Mode = C.Current ? modeName(C.Current->M) : "";
  D.In = C.Current ? "ddx_generated::" + C.Current->Name : "";
  D.At = Call->getExprLoc();
  auto What = CallableWhat.begin();
  // The types the call instantiates the rule with: a generated object's
  // type for each callable, the callee's parameter types otherwise, then
  // the tangents (forward) or the seed and the adjoints (reverse).
  std::vector<std::string> Types, Tail;
  size_t Offset = B.OnObject || B.Bound ? 1 : 0;
  if (B.OnObject)
    Types.push_back(C.Printer.typeName(C.Ctx.getLValueReferenceType(
        C.Ctx.getRecordType(cast<CXXMethodDecl>(B.Callee)->getParent()))));
  if (B.Bound && !List.empty()) {
    Types.push_back(llvm::StringRef(List[0]).split('{').first.str());
    D.Callables.push_back(
        {Types.back(), What != CallableWhat.end() ? *What++ : std::string()});
  }
  for (size_t I = 0; I < Args.size(); ++I) {
    const Argument &A = Args[I];
    const ParmVarDecl *P = B.Callee->getParamDecl(I);
    std::string Type = C.Printer.typeName(P->getType());
    if (A.Role == ParamRole::Callable && Offset + I < List.size()) {
      Type = llvm::StringRef(List[Offset + I]).split('{').first.str();
      D.Callables.push_back(
          {Type, What != CallableWhat.end() ? *What++ : std::string()});
    } else if (A.Role == ParamRole::Option) {
      std::string Constant = C.constantText(A.E);
      D.Options.push_back(
          {P->getNameAsString(),
           C.Activity.isVaried(A.E) ? "detached: an active value"
           : !Constant.empty()
               ? "folded: " + Constant
               : "inactive: proven constant by activity analysis"});
    } else if (A.Role == ParamRole::Differentiable) {
      std::string T = C.Printer.typeName(
          P->getType().getNonReferenceType().getUnqualifiedType());
      Tail.push_back(Forward ? T : T + " &");
    } else if (hasSlot(A.Role) && A.Role != ParamRole::Output) {
      Tail.push_back(Type); // a position in the range's shadow
    }
    Types.push_back(Type);
  }
  if (!Forward)
    Types.push_back(C.Printer.typeName(Call->getType()));
  Types.insert(Types.end(), Tail.begin(), Tail.end());
  D.Signature = Rule + "(" + llvm::join(Types, ", ") + ")";
  C.Dispatches.add(std::move(D));
}

std::string RuleCallEmitter::captureShadow(const CalleeArg &A,
                                           ParamActivity Act, AdaptorKind K) {
  const Expr *Plain = skipImplicit(A.E);
  bool InPlace = (isa<DeclRefExpr, MemberExpr, CXXThisExpr>(Plain) ||
                  (A.IsObject && Plain->getType()->isPointerType())) &&
                 C.Printer.rootVar(Plain) >= 0;
  if (Act == ParamActivity::Duplicated || (A.IsObject && InPlace))
    return C.argShadow(A);
  if (K == AdaptorKind::Dual)
    return InPlace || !Tangents ? C.argShadow(A)
                                : Tangents->tangent(A.E).value_or("0");
  if (InPlace || !Adjoints)
    return C.argShadow(A);
  return Adjoints->adjointSlot(A.E, Before, After);
}

const Expr *RuleCallEmitter::object() const {
  return cast<CXXMemberCallExpr>(Call)->getImplicitObjectArgument();
}

/// A value a rule gives a tangent of and takes a seed for: a
/// floating-point one, a std::complex of them, or a struct of them (the
/// std::pair a bracketing root finder returns).
static bool isSeededValue(QualType T) { return isPlainValue(T); }

/// Whether T is a scalar, whose seed a pushforward can be transposed with.
static bool isScalarValue(QualType T) {
  return T->isRealFloatingType() || isStdComplex(T);
}

bool RuleCallEmitter::variedResult() const {
  return S.Var >= 0 && C.Activity.isVaried(S.Var) &&
         isSeededValue(Call->getType());
}

bool RuleCallEmitter::variedOutput(const Argument &A) const {
  return (A.Role == ParamRole::Output || A.Role == ParamRole::OutputRange) &&
         C.Activity.isVaried(C.Printer.rootVar(A.E));
}

std::string RuleCallEmitter::rangeShadow(const Argument &A) const {
  int Root = C.Printer.rootVar(A.E);
  if (Root >= 0 && C.Activity.isVaried(Root))
    return C.Printer.shadow(A.E);
  return "::ddx::zero_range{}";
}

/// The start of the storage an iterator or pointer argument points into:
/// `v` for `v.begin() + 1`, `a` for `a + k`.
static const Expr *rangeStorage(const Expr *E) {
  E = skipImplicit(E);
  if (const Expr *Iterator = steppedIterator(E))
    return rangeStorage(Iterator);
  if (auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getType()->isPointerType() && B->isAdditiveOp())
    return rangeStorage(B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                                : B->getRHS());
  if (const Expr *Container = storageOf(E))
    return skipImplicit(Container);
  // (A whole container, passed to a reference: an ODE's state.)
  const CXXRecordDecl *Record = E->getType()->getAsCXXRecordDecl();
  return E->getType()->isArrayType() || (Record && Record->isInStdNamespace())
             ? E
             : nullptr;
}

std::vector<std::pair<const RuleCallEmitter::Argument *, ResolvedCallable>>
RuleCallEmitter::resolvedCallables() const {
  std::vector<std::pair<const Argument *, ResolvedCallable>> Resolved;
  if (Bound.E)
    if (auto R =
            resolveCallableOrFunctor(Bound.E, C.IR, C.Ctx, Call, Bound.Field))
      Resolved.emplace_back(&Bound, std::move(*R));
  for (const Argument &A : Args)
    if (A.Role == ParamRole::Callable)
      if (auto R = resolveCallableOrFunctor(A.E, C.IR, C.Ctx, Call))
        Resolved.emplace_back(&A, std::move(*R));
  return Resolved;
}

/// The parameter types of the function a call calls (also through a
/// pointer), or none.
static const FunctionProtoType *calleeType(const CallExpr *Call) {
  QualType T = Call->getCallee()->IgnoreParenImpCasts()->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return T->getAs<FunctionProtoType>();
}

/// Whether E is written where it stands. E denotes the storage of a
/// variable or a part of it (a member, an element), or, with Address, its
/// address: it is written when assigned or stepped, passed to a reference
/// (its address to a pointer) to non-const, or made the object of a member
/// function that changes it (other than the containers' accessors, whose
/// result is looked at in turn). What a pointer held in it points to is
/// not its storage.
static bool writtenAt(const Expr *E, ASTContext &Ctx, bool Address) {
  static const llvm::StringRef Accessors[] = {
      "operator[]", "at",   "data",  "begin", "end",  "cbegin",
      "cend",       "size", "front", "back",  "empty"};
  for (const DynTypedNode &P : Ctx.getParents(*E)) {
    if (auto *B = P.get<BinaryOperator>())
      return !Address && B->isAssignmentOp() && B->getLHS() == E;
    if (auto *U = P.get<UnaryOperator>()) {
      if (U->isIncrementDecrementOp())
        return !Address;
      if (U->getOpcode() == UO_AddrOf)
        return writtenAt(U, Ctx, true);
      return U->getOpcode() == UO_Deref && Address && writtenAt(U, Ctx, false);
    }
    if (auto *Cast = P.get<ImplicitCastExpr>()) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        return false; // (read)
      return writtenAt(
          Cast, Ctx, Address || Cast->getCastKind() == CK_ArrayToPointerDecay);
    }
    if (P.get<ParenExpr>() || P.get<MaterializeTemporaryExpr>())
      return writtenAt(P.get<Expr>(), Ctx, Address);
    if (auto *Subscript = P.get<ArraySubscriptExpr>())
      return Subscript->getBase() == E && Address &&
             writtenAt(Subscript, Ctx, false);
    if (auto *M = P.get<MemberExpr>()) {
      if (M->getBase() != E || M->isArrow() != Address)
        return false;
      // (A member function called on it: its object.)
      for (const DynTypedNode &Q : Ctx.getParents(*M))
        if (auto *Call = Q.get<CXXMemberCallExpr>()) {
          const CXXMethodDecl *Method = Call->getMethodDecl();
          if (!Method || Method->isConst())
            return false;
          if (Method->getIdentifier() &&
              !llvm::is_contained(Accessors, Method->getName()))
            return true;
          return writtenAt(Call, Ctx, false);
        }
      return writtenAt(M, Ctx, false);
    }
    if (auto *Op = P.get<CXXOperatorCallExpr>()) {
      if (Op->getNumArgs() == 0 || Op->getArg(0) != E || Address)
        return false;
      if (Op->isAssignmentOp() || Op->getOperator() == OO_PlusPlus ||
          Op->getOperator() == OO_MinusMinus)
        return true;
      return Op->getOperator() == OO_Subscript && writtenAt(Op, Ctx, false);
    }
    if (auto *Call = P.get<CallExpr>()) {
      const FunctionProtoType *Type = calleeType(Call);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        if (Call->getArg(I) != E)
          continue;
        if (!Type || I >= Type->getNumParams())
          return true;
        QualType T = Type->getParamType(I);
        bool Writable = !T->getPointeeType().isNull() &&
                        !T->getPointeeType().isConstQualified();
        return Writable &&
               (Address ? T->isPointerType() : T->isLValueReferenceType());
      }
      return false;
    }
  }
  return false;
}

/// Whether Body writes V, or a part of it.
static bool writes(const VarDecl *V, const clang::Stmt *Body, ASTContext &Ctx) {
  if (!Body)
    return false;
  if (auto *Ref = dyn_cast<DeclRefExpr>(Body);
      Ref && Ref->getDecl() == V && writtenAt(Ref, Ctx, false))
    return true;
  for (const clang::Stmt *Child : Body->children())
    if (writes(V, Child, Ctx))
      return true;
  return false;
}

/// Gives the shadow of each container in a T (itself, or a member or
/// element of a struct or tuple) its primal's size, as generated text.
static void reshapeContainers(QualType T, const std::string &Primal,
                              const std::string &Shadow,
                              std::vector<std::string> &Out) {
  if (!containerElement(T).isNull()) {
    Out.push_back("::ddx::reshape_like(" + Shadow + ", " + Primal + ");");
    return;
  }
  if (auto Elements = tupleLikeElements(T); !Elements.empty()) {
    for (const TupleElement &E : Elements)
      reshapeContainers(E.Type.getNonReferenceType(), applyPath(Primal, E.Step),
                        applyPath(Shadow, E.Step), Out);
    return;
  }
  auto *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition() || R->isInStdNamespace())
    return;
  for (const FieldDecl *F : R->fields())
    if (F->getAccess() == AS_public && !F->getName().empty() &&
        !F->getType()->isReferenceType())
      reshapeContainers(F->getType(), Primal + "." + F->getNameAsString(),
                        Shadow + "." + F->getNameAsString(), Out);
}

/// The member functions Body calls on a container in V, V itself or a
/// member or element of it (`push_back`, `clear`), and "=" for a whole
/// assignment to one.
static void containerCalls(const VarDecl *V, const clang::Stmt *Body,
                           llvm::StringSet<> &Out) {
  if (!Body)
    return;
  auto Names = [&](const Expr *Object) {
    while (true) {
      Object = Object->IgnoreParenImpCasts();
      if (auto *M = dyn_cast<MemberExpr>(Object); M && !M->isArrow())
        Object = M->getBase();
      else if (auto *Get = dyn_cast<CallExpr>(Object); elementPath(Get))
        Object = Get->getArg(0);
      else
        break;
    }
    auto *Ref = dyn_cast<DeclRefExpr>(Object);
    return Ref && Ref->getDecl() == V;
  };
  if (auto *Call = dyn_cast<CXXMemberCallExpr>(Body);
      Call && Call->getMethodDecl() && Call->getMethodDecl()->getIdentifier() &&
      Names(Call->getImplicitObjectArgument()))
    Out.insert(Call->getMethodDecl()->getName());
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Body);
      Op && Op->getOperator() == OO_Equal && Names(Op->getArg(0)))
    Out.insert("=");
  for (const clang::Stmt *Child : Body->children())
    containerCalls(V, Child, Out);
}

/// The variables a lambda captures by reference and writes, as Writes
/// (Variable, Body) tells, with the expressions that capture them.
static std::vector<std::pair<const VarDecl *, const Expr *>> capturesWritten(
    const ResolvedCallable &R,
    llvm::function_ref<bool(const VarDecl *, const clang::Stmt *)> Writes) {
  std::vector<std::pair<const VarDecl *, const Expr *>> Written;
  if (!R.Lambda)
    return Written;
  const CXXMethodDecl *Op = callOperator(R.Lambda->getLambdaClass());
  const clang::Stmt *Body = Op ? Op->getBody() : nullptr;
  unsigned I = 0;
  for (const LambdaCapture &Capture : R.Lambda->captures()) {
    const CalleeArg *Arg = I < R.Captures.size() ? &R.Captures[I] : nullptr;
    ++I;
    if (!Body || !Arg || !Arg->E || !Capture.capturesVariable() ||
        Capture.getCaptureKind() != LCK_ByRef)
      continue;
    auto *V = dyn_cast<VarDecl>(Capture.getCapturedVar());
    if (V && Writes(V, Body))
      Written.emplace_back(V, Arg->E);
  }
  return Written;
}

/// Whether the lambda R captures V by reference.
static bool capturesByReference(const ResolvedCallable &R, const VarDecl *V) {
  return R.Lambda &&
         llvm::any_of(R.Lambda->captures(), [&](const LambdaCapture &Capture) {
           return Capture.capturesVariable() &&
                  Capture.getCaptureKind() == LCK_ByRef &&
                  Capture.getCapturedVar() == V;
         });
}

bool RuleCallEmitter::checkInOrderWrites(
    const Argument &Callable, const ResolvedCallable &R,
    const std::vector<std::pair<const Argument *, ResolvedCallable>> &Resolved)
    const {
  // What a callable called in order writes, another callable of the call
  // must not read: the rule calls that one again after the library ran (an
  // ODE system replayed for its tangent), when it would see the last value
  // (a sample-and-hold observer's).
  for (auto [Variable, Capture] : capturesWritten(R, isModified)) {
    // A container it grows, it must not also shrink: the pullback runs it
    // again on the container put back as it was, and finds the caller's
    // adjoints of the grown elements where it grows them, which an
    // emptying or shrinking call would cut off first.
    llvm::StringSet<> Calls;
    containerCalls(Variable,
                   callOperator(R.Lambda->getLambdaClass())->getBody(), Calls);
    bool Grows = Calls.count("push_back") || Calls.count("emplace_back");
    for (llvm::StringRef Shrinks : {"clear", "pop_back", "erase", "resize",
                                    "assign", "insert", "=", "swap"})
      if (Grows && Calls.count(Shrinks)) {
        C.Diags.error(Callable.E->getExprLoc(),
                      "the callable passed to '" +
                          B.Callee->getQualifiedNameAsString() +
                          "' both grows '" + Variable->getNameAsString() +
                          "' and reshapes it ('" + Shrinks.str() +
                          "'), which ddx cannot run again for the reverse "
                          "sweep");
        C.Diags.note(Callable.E->getExprLoc(),
                     "only push_back onto it in the callable, or size it "
                     "before the call and assign its elements");
        return false;
      }
    for (const auto &[Other, OtherR] : Resolved)
      if (!Other->InOrder && capturesByReference(OtherR, Variable)) {
        std::string Callee = B.Callee->getQualifiedNameAsString();
        C.Diags.error(Other->E->getExprLoc(),
                      "this callable reads '" + Variable->getNameAsString() +
                          "', which another callable passed to '" + Callee +
                          "' writes; the rule for '" + Callee +
                          "' calls this one again after the library ran, so "
                          "it would read the last value written");
        C.Diags.note(Callable.E->getExprLoc(),
                     "'" + Variable->getNameAsString() +
                         "' is written here; compute what both need from the "
                         "state instead");
        return false;
      }
  }
  return true;
}

bool RuleCallEmitter::checkRepeatedCalls() const {
  auto Resolved = resolvedCallables();
  for (const auto &[Callable, R] : Resolved) {
    if (Callable->InOrder) {
      if (!checkInOrderWrites(*Callable, R, Resolved))
        return false;
      continue;
    }
    const ValueDecl *Written = writtenIndirectly(R);
    // (isModified follows a reference argument into the callee it is
    // passed to; writes sees that taking an address or an element to read
    // it changes nothing. Both must hold.)
    auto Captured =
        capturesWritten(R, [&](const VarDecl *V, const clang::Stmt *Body) {
          return isModified(V, Body) && writes(V, Body, C.Ctx);
        });
    if (!Written && !Captured.empty())
      Written = Captured.front().first;
    if (!Written)
      continue;
    C.Diags.error(Callable->E->getExprLoc(),
                  "the callable passed to '" +
                      B.Callee->getQualifiedNameAsString() + "' writes '" +
                      Written->getNameAsString() +
                      "', which it captures or points to, and the rule for '" +
                      B.Callee->getQualifiedNameAsString() +
                      "' calls it more often than the library does (to "
                      "differentiate it): the writes would be repeated");
    C.Diags.note(Callable->E->getExprLoc(),
                 "compute '" + Written->getNameAsString() +
                     "' outside the callable, or keep it in a local of the "
                     "callable");
    return false;
  }
  return true;
}

bool RuleCallEmitter::writtenCaptures(std::vector<const Expr *> &Written) {
  bool Refused = false;
  for (const auto &[Callable, R] : resolvedCallables()) {
    const Argument &A = *Callable;
    // What it writes through a pointer or a reference member, ddx cannot
    // put back before the pullback runs the callable again.
    if (const ValueDecl *Through = writtenIndirectly(R)) {
      C.Diags.error(A.E->getExprLoc(),
                    "the callable passed to '" +
                        B.Callee->getQualifiedNameAsString() +
                        "' writes through '" + Through->getNameAsString() +
                        "', which ddx cannot put back for the reverse sweep");
      C.Diags.note(A.E->getExprLoc(),
                   "capture the variable it writes by reference ([&s]) "
                   "instead of a pointer to it");
      Refused = true;
      continue;
    }
    // (Any change counts here: what is put back needs no precision.)
    for (auto [Variable, Capture] : capturesWritten(R, isModified))
      if (C.Printer.rootVar(Capture) >= 0)
        Written.push_back(Capture);
  }
  return !Refused;
}

std::optional<std::pair<const RuleCallEmitter::Argument *, const Expr *>>
RuleCallEmitter::captureReading(const TargetList &Written) const {
  for (const auto &[Callable, R] : resolvedCallables())
    for (const CalleeArg &Capture : R.Captures) {
      QualType T = Capture.ParamType;
      if (!Capture.E || !(T->isReferenceType() || T->isPointerType()))
        continue;
      // (A pointer, captured either way, reads what it points into; a
      // reference, the variable it names.)
      TargetList Read;
      if (T.getNonReferenceType()->isPointerType())
        Read = C.Pointers.pointee(Capture.E);
      else
        Read.push_back(C.Printer.rootVar(Capture.E));
      if (llvm::any_of(Read, [&](int Target) {
            return llvm::is_contained(Written, Target);
          }))
        return std::make_pair(Callable, Capture.E);
    }
  return std::nullopt;
}

void RuleCallEmitter::refuseReadWhileWritten(const Argument &Callable,
                                             const std::string &Reads,
                                             const std::string &AsBefore) {
  C.Diags.error(Callable.E->getExprLoc(),
                "ddx cannot differentiate this call of '" +
                    B.Callee->getQualifiedNameAsString() +
                    "' in reverse mode: the callable reads" + Reads +
                    " the call writes while calling it, and the reverse "
                    "sweep could only call it again with " +
                    AsBefore + " as it was before the call");
  C.Diags.note(Callable.E->getExprLoc(),
               "copy what the callable reads into a local first, and "
               "capture that (by value)");
}

bool RuleCallEmitter::readsWrittenContainer(const Expr *Container) {
  auto Found = captureReading({C.Printer.rootVar(Container)});
  if (!Found)
    return true;
  std::string Name = C.Printer.print(Container);
  std::string Through = C.Printer.print(Found->second);
  refuseReadWhileWritten(
      *Found->first,
      " '" + Name + (Through == Name ? "'" : "' (through '" + Through + "')") +
          ", which",
      "'" + Name + "'");
  return false;
}

const Expr *RuleCallEmitter::namedContainer(const Argument &A) const {
  const Expr *Storage = rangeStorage(A.E);
  if (Storage && C.Printer.rootVar(Storage) >= 0 &&
      isTapeable(Storage->getType(), C.Ctx))
    return Storage;
  return nullptr;
}

/// What a position in a range (a pointer, or an iterator class with a
/// value_type) reads, or null.
static QualType rangeElement(QualType Position) {
  Position = Position.getNonReferenceType();
  if (Position->isPointerType())
    return Position->getPointeeType();
  const CXXRecordDecl *Class = Position->getAsCXXRecordDecl();
  if (!Class)
    return QualType();
  for (const NamedDecl *D : Class->lookup(
           DeclarationName(&Class->getASTContext().Idents.get("value_type"))))
    if (auto *Alias = dyn_cast<TypedefNameDecl>(D))
      return Alias->getUnderlyingType();
  return QualType();
}

bool RuleCallEmitter::writtenElements(const Argument &A) const {
  // (The position is printed again in the reverse sweep, where the
  // variables it reads hold their values at the call again; its elements
  // are copied one by one, so they must be plain values.)
  QualType Element = rangeElement(A.E->getType());
  return !B.Written.empty() && C.Printer.reevaluable(A.E) &&
         !Element.isNull() && Element.isTriviallyCopyableType(C.Ctx);
}

bool RuleCallEmitter::callableReaches(const Expr *Position) {
  auto Found = captureReading(C.Pointers.pointee(Position));
  if (!Found)
    return false;
  refuseReadWhileWritten(*Found->first,
                         ", through '" + C.Printer.print(Found->second) +
                             "', memory",
                         "that memory");
  return true;
}

const Expr *RuleCallEmitter::writtenContainer(const Argument &A) const {
  if (const Expr *Storage = namedContainer(A))
    return Storage;
  C.Diags.error(A.E->getExprLoc(),
                "ddx cannot record the values '" +
                    B.Callee->getQualifiedNameAsString() +
                    "' overwrites here for the reverse sweep: the range is "
                    "not a named std::vector, std::array or array of plain "
                    "values");
  C.Diags.note(A.E->getExprLoc(),
               "write the results into a local std::vector or array (its "
               "begin(), or the array itself)");
  return nullptr;
}

bool RuleCallEmitter::varied() const {
  if (variedResult())
    return true;
  for (const Argument &A : Args)
    if (variedOutput(A))
      return true;
  return false;
}

std::string RuleCallEmitter::outputShadow(const Argument &A, Lines &Decls) {
  if (variedOutput(A))
    return C.Printer.shadow(A.E);
  // An output nothing reads the derivative of: a scratch shadow.
  std::string Scratch = C.freshTemp();
  Decls.push_back(
      C.Printer.declare(A.E->getType()->getPointeeType().getUnqualifiedType(),
                        Scratch) +
      " = 0;");
  return "&" + Scratch;
}

void RuleCallEmitter::emitTangent(TangentEmitter &T, Lines &Out) {
  Tangents = &T;
  if (!collect())
    return;
  std::string Assign = Result.empty() ? "" : Result + " = ";
  if (!varied()) {
    std::vector<std::string> Primal;
    if (argumentList(AdaptorKind::Value, Primal))
      Out.push_back(Assign + C.Printer.calleeText(Call) + "(" +
                    llvm::join(Primal, ", ") + ");");
    return;
  }
  std::vector<std::string> List;
  if (!argumentList(AdaptorKind::Dual, List))
    return;
  Lines Scratch;
  if (B.ObjectTangent)
    List.push_back(T.tangent(object()).value_or("{}"));
  for (const Argument &A : Args)
    if (A.Role == ParamRole::Differentiable)
      List.push_back(T.tangent(A.E).value_or("0"));
    else if (A.Role == ParamRole::Output)
      List.push_back(outputShadow(A, Scratch));
    else if (A.Role == ParamRole::Range || A.Role == ParamRole::OutputRange)
      List.push_back(rangeShadow(A));
  log(B.Pushforward, List, /*Forward=*/true);
  std::string Rule = B.Pushforward + "(" + llvm::join(List, ", ") + ")";
  std::string Tangent = ExprPrinter::shadowName(Result);
  std::string Temp = C.freshTemp();
  Out.push_back("{");
  Out.insert(Out.end(), Scratch.begin(), Scratch.end());
  if (B.hasOutputs() && !B.ReturnsDual) {
    // The rule does the primal's work: it writes the outputs and their
    // tangents, and returns what the function returns.
    if (variedResult()) {
      refuseUntangledResult();
      return;
    }
    Out.push_back(Assign + Rule + ";");
  } else if (B.ReturnsDual) {
    // (Varied through its outputs alone, a call's value may be unused or
    // carry no derivative.)
    if (Result.empty()) {
      Out.push_back(Rule + ";");
    } else {
      Out.push_back("auto " + Temp + " = " + Rule + ";");
      if (variedResult())
        Out.push_back(Tangent + " = " + Temp + ".tangent;");
      Out.push_back(Result + " = " + Temp + ".value;");
    }
  } else {
    // The rule gives the tangent only; the value is the primal call's.
    Out.push_back("auto " + Temp + " = " + Rule + ";");
    Out.push_back(Assign + C.Printer.printCall(Call) + ";");
    Out.push_back(Tangent + " = " + Temp + ";");
  }
  Out.push_back("}");
}

Sweeps RuleCallEmitter::emitAdjoint(AdjointEmitter &A,
                                    const std::string &Restore) {
  Adjoints = &A;
  Sweeps Result;
  if (!collect())
    return Result;
  std::vector<std::string> Primal;
  if (!argumentList(AdaptorKind::Value, Primal))
    return Result;
  // What the call overwrites through its outputs, the reverse sweep puts
  // back after pulling back (earlier statements' adjoints may read it).
  // A range it writes, and what its callables write of their captures,
  // are put back before the pullback, which reads the values the call read
  // (an in-place transform overwrote them) and runs the callables again.
  Lines Unwrite, Rewind;
  llvm::StringSet<> Taped; // (for_each's first and last: one container)
  std::vector<const Expr *> Captures;
  if (!writtenCaptures(Captures))
    return Result;
  // (The outputs are recorded before the captures, so the reverse sweep puts
  // the captures back first: a position may read a variable the callable
  // writes.) A rule with a _written function writes one range, which its
  // output-range parameters all point into.
  bool FirstOutput = true;
  for (const Argument &A : Args)
    if (A.Role == ParamRole::OutputRange) {
      bool First = std::exchange(FirstOutput, false);
      if (!First && !B.Written.empty())
        continue;
      if (First && !namedContainer(A) && writtenElements(A)) {
        // The rule says how many elements the call writes from here on.
        if (callableReaches(A.E))
          return Result;
        std::string Position = C.Printer.print(A.E);
        Result.Forward.push_back("_tape.push_range(" + Position + ", " +
                                 B.Written + "(" + llvm::join(Primal, ", ") +
                                 "));");
        Rewind.insert(Rewind.begin(), "_tape.pop_range(" + Position + ");");
        continue;
      }
      const Expr *Container = writtenContainer(A);
      if (!Container || !readsWrittenContainer(Container))
        return Result;
      std::string Text = C.Printer.print(Container);
      if (!Taped.insert(Text).second)
        continue;
      Result.Forward.push_back("_tape.push(" + Text + ");");
      Rewind.insert(Rewind.begin(), "_tape.pop(" + Text + ");");
    } else if (variedOutput(A)) {
      std::string Pointee = pointee(A.Text);
      Result.Forward.push_back("_tape.push(" + Pointee + ");");
      Unwrite.insert(Unwrite.begin(), "_tape.pop(" + Pointee + ");");
    }
  for (const Expr *Capture : Captures) {
    std::string Text = C.Printer.print(Capture);
    if (!isTapeable(Capture->getType(), C.Ctx)) {
      C.Diags.error(Capture->getExprLoc(),
                    "ddx cannot record '" + Text +
                        "', which the callable passed here writes, for the "
                        "reverse sweep: it is not made of plain values");
      return Result;
    }
    Result.Forward.push_back("_tape.push(" + Text + ");");
    Rewind.insert(Rewind.begin(), "_tape.pop(" + Text + ");");
  }
  // A rule with a forward sweep records what its pullback needs; the
  // reverse sweep takes the record off the tape before putting back what
  // the call overwrote (pushed before it).
  bool Records = !B.Forward.empty() && varied();
  std::string Record;
  if (Records) {
    // (In a block: the gradient entry may emit its forward sweep twice.)
    Record = C.freshTemp();
    std::string ForwardCall = B.Forward + "(" + llvm::join(Primal, ", ") + ")";
    Result.Forward.push_back("{");
    Result.Forward.push_back("auto " + Record + " = " + ForwardCall + ";");
    Result.Forward.push_back("_tape.push_moved(std::move(" + Record +
                             ".record));");
    if (!this->Result.empty())
      Result.Forward.push_back(this->Result + " = std::move(" + Record +
                               ".value);");
    Result.Forward.push_back("}");
    Rewind.insert(Rewind.begin(),
                  {"decltype(" + ForwardCall + ".record) " + Record + ";",
                   "_tape.pop(" + Record + ");"});
  } else {
    Result.Forward.push_back(
        (this->Result.empty() ? "" : this->Result + " = ") +
        C.Printer.calleeText(Call) + "(" + llvm::join(Primal, ", ") + ");");
  }
  // A container the callables grew (an observer collecting states, through
  // the primal objects), also inside a struct or tuple they write: its
  // shadow takes its size, the new elements zero, to receive the adjoints
  // of what is read of them.
  for (const Expr *Capture : Captures)
    if (C.Activity.isVaried(Capture))
      reshapeContainers(Capture->getType().getNonReferenceType(),
                        C.Printer.print(Capture), C.Printer.shadow(Capture),
                        Result.Forward);
  if (!varied()) {
    Result.Reverse = Rewind;
    if (!Restore.empty())
      Result.Reverse.push_back(Restore);
    return Result;
  }
  if (B.hasOutputs() && !B.ReturnsDual && variedResult()) {
    refuseUntangledResult();
    return Result;
  }
  std::string Seed = ExprPrinter::shadowName(this->Result);
  Lines Rev, Accumulate;
  Rev.push_back("{");
  if (B.Pullback.empty()) {
    for (const Argument &Arg : Args)
      if (Arg.Role != ParamRole::Differentiable &&
          Arg.Role != ParamRole::Option) {
        C.Diags.error(Call->getExprLoc(),
                      "the rule for '" + B.Callee->getQualifiedNameAsString() +
                          "' has no pullback, which reverse mode needs for a "
                          "rule with callable, output or range parameters");
        llvm::StringRef Stem(B.Pushforward);
        Stem.consume_back("pushforward");
        C.Diags.note(Call->getExprLoc(),
                     "define '" + Stem.str() + "pullback' (see docs/rules.md)");
        return Result;
      }
    if (variedResult() && !isScalarValue(Call->getType())) {
      C.Diags.error(Call->getExprLoc(),
                    "the rule for '" + B.Callee->getQualifiedNameAsString() +
                        "' has no pullback, which reverse mode needs for a "
                        "rule whose result is a struct");
      C.Diags.note(Call->getExprLoc(), "define its pullback, taking the seed "
                                       "as a value of the result's type (see "
                                       "docs/rules.md)");
      return Result;
    }
    // A pushforward is linear in its tangents: the adjoint of argument I is
    // the pushforward with the seed in tangent slot I and zeros elsewhere.
    std::vector<std::string> List;
    if (!argumentList(AdaptorKind::Dual, List))
      return Result;
    log(B.Pushforward, List, /*Forward=*/true);
    for (size_t I = 0; I < Args.size(); ++I) {
      if (Args[I].Role != ParamRole::Differentiable ||
          !C.Activity.isVaried(Args[I].E))
        continue;
      std::vector<std::string> Tangents;
      for (size_t J = 0; J < Args.size(); ++J)
        if (Args[J].Role == ParamRole::Differentiable)
          Tangents.push_back(J == I ? Seed : "0");
      std::string Value = B.Pushforward + "(" + llvm::join(List, ", ") + ", " +
                          llvm::join(Tangents, ", ") + ")" +
                          (B.ReturnsDual ? ".tangent" : "");
      std::string Adj = C.freshTemp();
      Rev.push_back("auto " + Adj + " = " + Value + ";");
      A.accumulate(Args[I].E, Adj, Accumulate);
    }
  } else {
    std::vector<std::string> List;
    if (!argumentList(AdaptorKind::Adjoint, List))
      return Result;
    Rev.insert(Rev.end(), Before.begin(), Before.end());
    Rev.insert(Rev.end(), Rewind.begin(), Rewind.end());
    log(B.Pullback, List, /*Forward=*/false);
    if (Records)
      List.insert(List.begin(), Record);
    // The seed is the adjoint of a floating-point result; a function that
    // returns a status has none (its outputs carry their own).
    bool Seeded = isSeededValue(Call->getType());
    if (Seeded)
      List.push_back(variedResult() ? Seed : "0");
    // An adjoint slot for the rule to add into for each differentiable
    // argument (a dropped temporary for an inactive one); for an output,
    // a pointer to its adjoint, which the rule reads and ddx then clears
    // (the call overwrote what it points to).
    Lines Clear;
    if (B.ObjectTangent)
      List.push_back(A.adjointSlot(object(), Rev, Accumulate));
    for (const Argument &Arg : Args)
      if (Arg.Role == ParamRole::Differentiable) {
        List.push_back(
            A.adjointSlot(Arg.E, Rev, Accumulate, parameterType(Arg)));
      } else if (Arg.Role == ParamRole::Output) {
        std::string Slot = outputShadow(Arg, Rev);
        List.push_back(Slot);
        Clear.push_back(pointee(Slot) + " = 0;");
      } else if (Arg.Role == ParamRole::Range ||
                 Arg.Role == ParamRole::OutputRange) {
        // (The rule clears an output range's adjoints: it knows the extent.)
        List.push_back(rangeShadow(Arg));
      }
    Rev.push_back(B.Pullback + "(" + llvm::join(List, ", ") + ");");
    Rev.insert(Rev.end(), Clear.begin(), Clear.end());
  }
  if (variedResult())
    Rev.push_back(Seed + (isScalarValue(Call->getType()) ? " = 0;" : " = {};"));
  Rev.insert(Rev.end(), Unwrite.begin(), Unwrite.end());
  if (!Restore.empty())
    Rev.push_back(Restore);
  Rev.insert(Rev.end(), Accumulate.begin(), Accumulate.end());
  Rev.insert(Rev.end(), After.begin(), After.end());
  Rev.push_back("}");
  Result.Reverse = std::move(Rev);
  return Result;
}

QualType RuleCallEmitter::parameterType(const Argument &A) const {
  // (An operator's object is its first argument: only free functions'
  // arguments line up with their parameters.)
  const FunctionDecl *FD = B.Callee;
  if (!FD || isa<CXXMethodDecl>(FD) || A.Index >= FD->getNumParams())
    return QualType();
  return FD->getParamDecl(A.Index)->getType();
}

void RuleCallEmitter::refuseUntangledResult() {
  C.Diags.error(Call->getExprLoc(),
                "the rule for '" + B.Callee->getQualifiedNameAsString() +
                    "' writes outputs but gives no tangent for the "
                    "floating-point value the call returns");
  C.Diags.note(Call->getExprLoc(), "return ::ddx::dual from '" + B.Pushforward +
                                       "' (see docs/rules.md, \"Outputs\")");
}

} // namespace ddx
