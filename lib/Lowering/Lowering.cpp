//===- Lowering.cpp -------------------------------------------------------===//
#include "Lowering/AliasedArguments.h"
#include "Lowering/BodyLowerer.h"
#include "Rules/HandleBindings.h"

using namespace clang;

namespace ddx {
namespace lowering {

/// What to do about exceptions on a derivative path: a derivative of a
/// throw has no meaning, so the check belongs before the request.
void noteExceptions(DiagReporter &Diags, SourceLocation At) {
  Diags.note(At, "check the inputs before the request and keep throwing "
                 "code out of the differentiated functions, or give the "
                 "function a derivative rule (docs/rules.md)");
}

void mergeFlags(FlagSet &Into, const FlagSet &From) {
  for (int F : From)
    if (!llvm::is_contained(Into, F))
      Into.push_back(F);
}

/// Does S contain a break (or continue) that leaves S's own loop or switch?
/// Nested loops and switches own their breaks; nested loops own continues.
bool hasJump(const clang::Stmt *S, bool Continue) {
  if (!S)
    return false;
  if (!Continue && isa<BreakStmt>(S))
    return true;
  if (Continue && isa<ContinueStmt>(S))
    return true;
  // (S itself too: a loop whose body is a bare loop or switch.)
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) ||
      (!Continue && isa<SwitchStmt>(S)))
    return false;
  return llvm::any_of(S->children(), [&](const clang::Stmt *Child) {
    return hasJump(Child, Continue);
  });
}

const InitListExpr *bracedTemporary(const Expr *E, QualType T) {
  auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(skipImplicit(E));
  if (!Cast || !T->isRecordType() ||
      !T->getAsCXXRecordDecl()->getASTContext().hasSameUnqualifiedType(
          Cast->getType(), T.getNonReferenceType()))
    return nullptr;
  return dyn_cast<InitListExpr>(skipImplicit(Cast->getSubExpr()));
}

/// A copy or move assignment whose operator the compiler wrote (defaulted
/// or implicit): member-wise, so it means what `=` means for a double; or
/// a std::vector's, which copies the elements and the size (`u = next;` in
/// a time-stepping loop). A user-written operator= is a member call like
/// any other.
const CXXOperatorCallExpr *valueAssignment(const Expr *E) {
  auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
  if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2)
    return nullptr;
  auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
  // (A std::tuple's, also from one of other element types: element by
  // element.)
  if (Method && isStdTuple(Op->getArg(0)->getType()) &&
      tupleElementTypes(Op->getArg(1)->getType()).size() ==
          tupleElementTypes(Op->getArg(0)->getType()).size())
    return Op;
  if (!Method || !(Method->isCopyAssignmentOperator() ||
                   Method->isMoveAssignmentOperator()))
    return nullptr;
  // (Also a move, `u = std::move(n)`: generated code copies, then empties n
  // as the move does, see clearMovedFrom. Not a move from an xvalue
  // another call gives.)
  auto *Moved = dyn_cast<CallExpr>(skipImplicit(Op->getArg(1)));
  bool Vector = isStdVector(Op->getArg(0)->getType()) &&
                (Method->isCopyAssignmentOperator() ||
                 skipImplicit(Op->getArg(1))->isPRValue() ||
                 (Moved && Moved->isCallToStdMove()));
  // (std::pair's are written out, and assign member by member.)
  return !Method->isUserProvided() || Vector ||
                 isStdPair(Op->getArg(0)->getType())
             ? Op
             : nullptr;
}

const CXXOperatorCallExpr *complexAssignment(const Expr *E) {
  auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
  auto *Method =
      Op ? dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee()) : nullptr;
  if (!Method || Op->getNumArgs() != 2 ||
      !isStdComplex(Op->getArg(0)->getType()))
    return nullptr;
  switch (Op->getOperator()) {
  case OO_Equal:
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
    return Op;
  default:
    return nullptr;
  }
}

std::string BodyLowerer::uniqueName(llvm::StringRef Base) {
  // Generated code names derivatives `_d_<name>`: a user's `_d_t` beside
  // `t` would be declared twice, so it loses its leading underscore.
  if (Base.starts_with(ExprPrinter::shadowName("")))
    Base = Base.drop_front();
  std::string Name = Base.str();
  for (unsigned I = 1; Used.contains(Name); ++I)
    Name = (Base + "_" + llvm::Twine(I)).str();
  Used.insert(Name);
  return Name;
}

int BodyLowerer::newVar(llvm::StringRef Name, QualType Type, Variable::Kind K,
                        const ValueDecl *D) {
  Variable V;
  V.Name = uniqueName(Name);
  V.Type = Type;
  V.K = K;
  V.Decl = D;
  IR.Vars.push_back(V);
  int Index = IR.Vars.size() - 1;
  if (D)
    IR.VarOf[D] = Index;
  return Index;
}

void BodyLowerer::addSelf(const CXXMethodDecl *Method) {
  int V = newVar("self", Ctx.getRecordType(Method->getParent()),
                 Variable::Kind::Param);
  IR.Vars[V].DeclaredType = selfParamType(Method);
  IR.Vars[V].ByReference = true;
  IR.Vars[V].ConstReference = !changesObject(Method);
  IR.SelfVar = V;
  IR.NumParams = IR.Vars.size();
}

void BodyLowerer::addParam(const ValueDecl *D, QualType Type) {
  std::string Name = D->getName().str();
  if (Name.empty())
    Name = "_p" + std::to_string(IR.Vars.size());
  QualType Storage = Type.getNonReferenceType();
  int V = newVar(Name, Storage.getUnqualifiedType(), Variable::Kind::Param, D);
  IR.Vars[V].DeclaredType = Type;
  IR.Vars[V].ByReference = Type->isReferenceType();
  IR.Vars[V].ConstReference = Type->isReferenceType() && isImmutable(Storage);
  IR.NumParams = IR.Vars.size();
}

int BodyLowerer::flag(llvm::StringRef Base) {
  int V = newVar(Base, Ctx.BoolTy, Variable::Kind::Flag);
  return V;
}

void BodyLowerer::setFlag(Block &Out, int Flag, bool Value) {
  Stmt Set;
  Set.K = Stmt::Kind::Raw;
  Set.Text = IR.Vars[Flag].Name + (Value ? " = true;" : " = false;");
  Out.push_back(std::move(Set));
}

std::string BodyLowerer::notAny(const FlagSet &Flags) {
  std::string Text;
  for (int F : Flags)
    Text += (Text.empty() ? "!" : " && !") + IR.Vars[F].Name;
  return Text;
}

void BodyLowerer::lowerBody(const clang::Stmt *Body) {
  QualType Ret = IR.Function->getReturnType();
  // A member that returns *this by reference (a compound assignment
  // operator, a fluent setter) is differentiated as returning nothing: its
  // callers may only discard the reference (see extractRec).
  bool ReturnsSelf = Ret->isReferenceType() && returnsOnlySelf(Body);
  if (!Ret->isVoidType() && !ReturnsSelf) {
    if (Ret->isReferenceType())
      Diags.error(IR.Function->getLocation(),
                  "ddx cannot differentiate '" +
                      IR.Function->getQualifiedNameAsString() +
                      "', which returns a reference: its derivative returns "
                      "values with their derivatives, and has nothing the "
                      "reference could refer to; return the value by copy, "
                      "or write the result through a reference parameter "
                      "(accessors 'return <a part of the object>;' and "
                      "members returning '*this' are fine)");
    IR.ReturnVar =
        newVar("_ret", Ret.getUnqualifiedType(), Variable::Kind::Return);
  }
  if (auto *CS = dyn_cast<CompoundStmt>(Body))
    lowerStmts(
        llvm::ArrayRef<const clang::Stmt *>(CS->body_begin(), CS->body_end()),
        IR.Body, /*FunctionLevel=*/true);
  else
    lowerStmt(Body, IR.Body, true);
}

} // namespace lowering

/// Generated code declares every variable (and its shadow) before setting
/// it, which a struct with a reference member does not allow: refused at
/// the variable, rather than an output that does not compile.
static bool checkReferenceMembers(const FunctionIR &IR, DiagReporter &Diags) {
  for (const Variable &V : IR.Vars) {
    // (A parameter is declared with its value, and may carry none.)
    bool Hoisted = V.K == Variable::Kind::Local || V.K == Variable::Kind::Temp;
    const FieldDecl *F =
        Hoisted && !V.isAlias() ? referenceMember(V.Type) : nullptr;
    if (!F)
      continue;
    SourceLocation At = V.Decl ? V.Decl->getLocation() : F->getLocation();
    Diags.error(At, "ddx cannot differentiate code with a variable of type '" +
                        userTypeName(V.Type, F->getASTContext()) +
                        "' yet: its member '" + F->getNameAsString() +
                        "' is a reference, and generated code declares "
                        "variables before it sets them");
    Diags.note(F->getLocation(), "hold a pointer instead, or pass what it "
                                 "refers to as an argument");
    return false;
  }
  return true;
}

bool Lowering::sameCapturedValue(const ValueDecl *Var,
                                 const LambdaExpr *Lambda) {
  auto *V = dyn_cast<VarDecl>(Var);
  auto *In = V ? dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod())
               : nullptr;
  if (In && In->getBody() && !isModified(V, In->getBody()))
    return true;
  std::string Name = Var->getNameAsString();
  Diags.error(Lambda->getBeginLoc(),
              "ddx cannot differentiate this lambda yet: it captures '" + Name +
                  "', and so does a lambda it calls, and '" + Name +
                  "' changes, so the two may hold different values, which "
                  "ddx does not tell apart");
  Diags.note(Var->getLocation(),
             "copy '" + Name +
                 "' into a variable of its own for one of the lambdas to "
                 "capture");
  return false;
}

std::unique_ptr<FunctionIR>
Lowering::lower(const FunctionDecl *FD, const LambdaExpr *Lambda,
                llvm::ArrayRef<CallableBinding> Bindings) {
  auto IR = std::make_unique<FunctionIR>();
  IR->Function = FD;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody()) {
    Diags.error(FD->getLocation(),
                "ddx needs the definition of '" + FD->getNameAsString() +
                    "' to differentiate it, and this translation unit only "
                    "declares it; define it in a header this file includes, "
                    "or " +
                    RuleRemedy);
    return nullptr;
  }
  IR->Function = Def;
  lowering::BodyLowerer L(Ctx, Rules, Diags, Overriders, *IR);
  if (Lambda) {
    for (const LambdaCapture &C : Lambda->captures()) {
      if (!C.capturesVariable() || C.capturesVLAType()) {
        Diags.error(C.getLocation(),
                    "ddx cannot differentiate a lambda that captures 'this' "
                    "yet; capture the members it uses by name ([m = this->m], "
                    "or [&m = this->m] to write them), or pass the object to "
                    "the lambda as a parameter");
        return nullptr;
      }
      auto *Captured = dyn_cast<VarDecl>(C.getCapturedVar());
      if (!Captured) {
        Diags.error(C.getLocation(),
                    "ddx cannot differentiate a lambda that captures a "
                    "structured binding yet; copy it into an ordinary local "
                    "before the lambda and capture that");
        return nullptr;
      }
      // A closure keeps its copies from one call to the next; ddx passes
      // captures to each call, so a copy the body changes (a mutable
      // lambda's, a mutable member's) would start afresh every time.
      if (C.getCaptureKind() == LCK_ByCopy &&
          isModified(Captured, Lambda->getBody())) {
        std::string Name = Captured->getNameAsString();
        Diags.error(C.getLocation(),
                    "the lambda changes its own copy of '" + Name +
                        "', which it keeps from one call to the next; ddx "
                        "cannot differentiate a lambda with such state yet");
        Diags.note(C.getLocation(),
                   "capture '" + Name +
                       "' by reference, or keep the running value in a "
                       "variable of the enclosing function");
        return nullptr;
      }
      // Calls of a captured lambda are bound to it; its captures are
      // parameters here.
      if (const LambdaExpr *Inner = capturedLambda(C))
        IR->LocalCallables[Captured] = Inner;
    }
    llvm::SmallPtrSet<const ValueDecl *, 8> Slotted;
    for (const CaptureSlot &S : captureSlots(Lambda, Ctx, Bindings)) {
      if (S.Var && !Slotted.insert(S.Var).second &&
          !sameCapturedValue(S.Var, Lambda))
        return nullptr;
      L.addParam(S.Var, S.ParamType);
    }
  } else if (auto *Method = dyn_cast<CXXMethodDecl>(Def)) {
    if (Method->isInstance()) {
      IR->SelfClass = Method->getParent();
      IR->SelfIsConst = Method->isConst();
      L.addSelf(Method);
    }
  }
  IR->Bindings.assign(Bindings.begin(), Bindings.end());
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    bool Bound = false;
    for (unsigned B = 0; B < Bindings.size(); ++B) {
      if (Bindings[B].Captured || Bindings[B].Param != I)
        continue;
      if (Bindings[B].Field) {
        IR->BoundFields[{P, Bindings[B].Field}] = Bindings[B].Function;
        continue;
      }
      IR->BoundParams[P] = B;
      Bound = true;
    }
    if (!Bound)
      L.addParam(P, generatedParamType(P));
  }
  // A lambda's captured callables are bound like parameters (their captures
  // came with the lambda's own, above).
  for (unsigned B = 0; B < Bindings.size(); ++B) {
    if (!Bindings[B].Captured)
      continue;
    if (Bindings[B].Field)
      IR->BoundFields[{Bindings[B].Captured, Bindings[B].Field}] =
          Bindings[B].Function;
    else
      IR->BoundParams[Bindings[B].Captured] = B;
  }
  // A bound lambda's captures arrive as trailing parameters, keyed by the
  // captured variables (calls of the lambda refer to them so).
  for (const CallableBinding &B : Bindings) {
    if (!B.Lambda || B.Captured)
      continue;
    for (const CaptureSlot &S : captureSlots(B.Lambda, Ctx))
      L.addParam(S.Var, S.ParamType);
  }
  if (auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    L.lowerConstructorInits(Ctor);
  if (!bindHandles(Def->getBody(), Rules, Diags, IR->HandleCallables,
                   IR->HandleAllocations))
    return nullptr;
  L.lowerBody(Def->getBody());
  if (Diags.hasErrors() || !checkReferenceMembers(*IR, Diags) ||
      !checkAliasedArguments(*IR, L.printer(), Diags))
    return nullptr;
  return IR;
}

} // namespace ddx
