//===- RuleCallEmitter.cpp ------------------------------------------------===//
#include "Emit/RuleCallEmitter.h"
#include "Emit/DispatchLog.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"

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
}

bool RuleCallEmitter::collect() {
  const FunctionDecl *FD = B.Callee;
  unsigned Errors = C.Diags.errorCount();
  for (unsigned I = 0; I < B.Roles.size() && I < Call->getNumArgs(); ++I) {
    Argument A;
    A.E = Call->getArg(I);
    A.Role = B.Roles[I];
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
  return C.Diags.errorCount() == Errors;
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
  if (B.OnObject && K != AdaptorKind::Value) {
    auto *Member = cast<CXXMemberCallExpr>(Call);
    Out.push_back(C.Printer.print(Member->getImplicitObjectArgument()));
  }
  for (const Argument &A : Args) {
    if (A.Role != ParamRole::Callable) {
      Out.push_back(A.Text);
      continue;
    }
    auto R = resolveCallableOrFunctor(A.E, C.IR, C.Ctx);
    if (!R) {
      C.Diags.error(A.E->getExprLoc(),
                    "ddx cannot resolve the callable passed to '" +
                        B.Callee->getQualifiedNameAsString() +
                        "' at transformation time");
      C.Diags.note(A.E->getExprLoc(),
                   "pass a named function or a lambda (directly, through a "
                   "local variable, or through a parameter that receives one)");
      return false;
    }
    CallableWhat.push_back(describeTarget(Target{R->Function, R->Lambda, {}}));
    // The primal call takes the struct itself (a C function's parameter is
    // a gsl_function, not a template): it is real memory in generated code.
    if (K == AdaptorKind::Value && R->Holder) {
      Out.push_back(C.Printer.print(A.E));
      continue;
    }
    std::string Object =
        C.Adaptors.construct(C, *R, K, A.E->getExprLoc(),
                             [&](const CalleeArg &Capture, ParamActivity Act) {
                               return captureShadow(Capture, Act, K);
                             });
    if (Object.empty())
      return false;
    Out.push_back(Object);
  }
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
  size_t Offset = B.OnObject ? 1 : 0;
  if (B.OnObject)
    Types.push_back(C.Printer.typeName(C.Ctx.getLValueReferenceType(
        C.Ctx.getRecordType(cast<CXXMethodDecl>(B.Callee)->getParent()))));
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
      Tail.push_back(C.Printer.typeName(
          P->getType().getNonReferenceType().getUnqualifiedType()));
    }
    Types.push_back(Type);
  }
  if (!Forward)
    Types.push_back(C.Printer.typeName(Call->getType()));
  for (const std::string &T : Tail)
    Types.push_back(Forward ? T : T + " &");
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

bool RuleCallEmitter::variedResult() const {
  return S.Var >= 0 && C.Activity.isVaried(S.Var) &&
         Call->getType()->isRealFloatingType();
}

bool RuleCallEmitter::variedOutput(const Argument &A) const {
  return A.Role == ParamRole::Output &&
         C.Activity.isVaried(C.Printer.rootVar(A.E));
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
  for (const Argument &A : Args)
    if (A.Role == ParamRole::Differentiable)
      List.push_back(T.tangent(A.E).value_or("0"));
    else if (A.Role == ParamRole::Output)
      List.push_back(outputShadow(A, Scratch));
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
  Lines Unwrite;
  for (const Argument &A : Args)
    if (variedOutput(A)) {
      std::string Pointee = pointee(A.Text);
      Result.Forward.push_back("_tape.push(" + Pointee + ");");
      Unwrite.insert(Unwrite.begin(), "_tape.pop(" + Pointee + ");");
    }
  Result.Forward.push_back((this->Result.empty() ? "" : this->Result + " = ") +
                           C.Printer.calleeText(Call) + "(" +
                           llvm::join(Primal, ", ") + ");");
  if (!varied()) {
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
      if (Arg.Role == ParamRole::Callable || Arg.Role == ParamRole::Output) {
        C.Diags.error(Call->getExprLoc(),
                      "the rule for '" + B.Callee->getQualifiedNameAsString() +
                          "' has no pullback, which reverse mode needs for a "
                          "rule with callable or output parameters");
        llvm::StringRef Stem(B.Pushforward);
        Stem.consume_back("pushforward");
        C.Diags.note(Call->getExprLoc(),
                     "define '" + Stem.str() + "pullback' (see docs/rules.md)");
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
    log(B.Pullback, List, /*Forward=*/false);
    // The seed is the adjoint of a floating-point result; a function that
    // returns a status has none (its outputs carry their own).
    bool Seeded = Call->getType()->isRealFloatingType();
    if (Seeded)
      List.push_back(variedResult() ? Seed : "0");
    // An adjoint slot for the rule to add into for each differentiable
    // argument (a dropped temporary for an inactive one); for an output,
    // a pointer to its adjoint, which the rule reads and ddx then clears
    // (the call overwrote what it points to).
    Lines Clear;
    for (const Argument &Arg : Args)
      if (Arg.Role == ParamRole::Differentiable) {
        List.push_back(A.adjointSlot(Arg.E, Rev, Accumulate));
      } else if (Arg.Role == ParamRole::Output) {
        std::string Slot = outputShadow(Arg, Rev);
        List.push_back(Slot);
        Clear.push_back(pointee(Slot) + " = 0;");
      }
    Rev.push_back(B.Pullback + "(" + llvm::join(List, ", ") + ");");
    Rev.insert(Rev.end(), Clear.begin(), Clear.end());
  }
  if (variedResult())
    Rev.push_back(Seed + " = 0;");
  Rev.insert(Rev.end(), Unwrite.begin(), Unwrite.end());
  if (!Restore.empty())
    Rev.push_back(Restore);
  Rev.insert(Rev.end(), Accumulate.begin(), Accumulate.end());
  Rev.insert(Rev.end(), After.begin(), After.end());
  Rev.push_back("}");
  Result.Reverse = std::move(Rev);
  return Result;
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
