//===- Statements.cpp
//-------------------------------------------------------===//
//
// Control flow: blocks, if, loops, range-for and switch, with the flags
// that turn jumps into guarded code.
//
//===----------------------------------------------------------------------===//
#include "Lowering/BodyLowerer.h"

namespace ddx {
namespace lowering {

FlagSet BodyLowerer::lowerStmts(llvm::ArrayRef<const clang::Stmt *> Stmts,
                                Block &Out, bool FunctionLevel) {
  FlagSet Escaping;
  for (size_t I = 0; I < Stmts.size(); ++I) {
    bool Last = FunctionLevel && I + 1 == Stmts.size();
    FlagSet Set = lowerStmt(Stmts[I], Out, Last);
    mergeFlags(Escaping, Set);
    if (Set.empty() || I + 1 == Stmts.size())
      continue;
    // The rest of the block runs only if no jump was taken.
    Stmt Guard;
    Guard.K = Stmt::Kind::If;
    Guard.Loc = Stmts[I + 1]->getBeginLoc();
    Guard.Cond = notAny(Set);
    mergeFlags(Escaping,
               lowerStmts(Stmts.drop_front(I + 1), Guard.Then, FunctionLevel));
    Out.push_back(std::move(Guard));
    break;
  }
  return Escaping;
}

std::string BodyLowerer::condition(const Expr *Cond, const FlagSet &Guards) {
  std::string Text = notAny(Guards);
  if (!Cond)
    return Text.empty() ? "true" : Text;
  checkExpr(Cond, /*InCondition=*/true);
  std::string C = Printer.print(Cond->IgnoreParens());
  return Text.empty() ? C : Text + " && (" + C + ")";
}

FlagSet BodyLowerer::lowerStmt(const clang::Stmt *S, Block &Out,
                               bool LastInFunction) {
  if (!S || isa<NullStmt>(S))
    return {};
  if (auto *CS = dyn_cast<CompoundStmt>(S))
    return lowerStmts(
        llvm::ArrayRef<const clang::Stmt *>(CS->body_begin(), CS->body_end()),
        Out);
  if (auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      if (auto *VD = dyn_cast<VarDecl>(D))
        lowerDecl(VD, Out);
      else if (!isa<TypedefNameDecl, StaticAssertDecl, UsingDecl,
                    UsingDirectiveDecl>(D))
        Diags.error(D->getLocation(),
                    "ddx cannot differentiate a function that declares a "
                    "class, function or other entity inside its body: the "
                    "derivative is generated outside the function and could "
                    "not name it; move the declaration to namespace scope");
    }
    return {};
  }
  if (auto *R = dyn_cast<ReturnStmt>(S)) {
    if (const Expr *V = R->getRetValue(); V && IR.ReturnVar >= 0) {
      QualType T = IR.Vars[IR.ReturnVar].Type;
      if (!tupleLikeElements(T).empty() && !tupleParts(V).empty()) {
        // (`return std::make_pair(f, df);`: element by element.)
        lowerInit(IR.ReturnVar, "", T, V, R->getBeginLoc(), Out);
      } else {
        extractCalls(V, Out);
        emitAssign(Out, R->getBeginLoc(), IR.ReturnVar, "", nullptr, BO_Assign,
                   V);
      }
    }
    if (LastInFunction)
      return {};
    if (ReturnFlag < 0)
      ReturnFlag = flag("_returned");
    setFlag(Out, ReturnFlag, true);
    return {ReturnFlag};
  }
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
    bool IsBreak = isa<BreakStmt>(S);
    int F = -1;
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It) {
      F = IsBreak ? It->BreakFlag : It->ContinueFlag;
      if (F >= 0 || IsBreak)
        break;
    }
    if (F < 0) {
      Diags.error(S->getBeginLoc(),
                  "ddx could not match this jump with its loop or switch, "
                  "which is a bug in ddx (please report it with this file); "
                  "meanwhile, replace it with a bool flag that the loop "
                  "condition tests");
      return {};
    }
    setFlag(Out, F, true);
    return {F};
  }
  if (auto *If = dyn_cast<IfStmt>(S)) {
    if (If->isConstexpr()) {
      // The condition is known: lower the taken branch only.
      bool Taken = true;
      if (auto Value = If->getCond()->getIntegerConstantExpr(Ctx))
        Taken = Value->getBoolValue();
      return lowerStmt(Taken ? If->getThen() : If->getElse(), Out, false);
    }
    // `if (init; c)` and `if (T v = e)`: locals are hoisted anyway, so the
    // initializer and the variable are statements before the if.
    lowerConditionPrelude(If->getInit(), If->getConditionVariable(), Out);
    // A condition is primal code, but a call passing a lambda has no primal
    // to call in generated code, and a step (`++i`) must be seen by the
    // reverse sweep: such conditions are lifted out like any expression.
    if (passesLambda(If->getCond()) || writesVariables(If->getCond()))
      extractCalls(If->getCond(), Out);
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = If->getBeginLoc();
    Branch.Cond = condition(If->getCond(), {});
    Branch.CondExpr = If->getCond();
    FlagSet Set = lowerStmt(If->getThen(), Branch.Then, false);
    mergeFlags(Set, lowerStmt(If->getElse(), Branch.Else, false));
    Out.push_back(std::move(Branch));
    return Set;
  }
  if (auto *For = dyn_cast<ForStmt>(S)) {
    FlagSet Set = lowerStmt(For->getInit(), Out, false);
    mergeFlags(Set,
               lowerLoop(For, For->getCond(), For->getBody(), For->getInc(),
                         true, Out, "", {}, For->getConditionVariable()));
    return Set;
  }
  if (auto *While = dyn_cast<WhileStmt>(S))
    return lowerLoop(While, While->getCond(), While->getBody(), nullptr, true,
                     Out, "", {}, While->getConditionVariable());
  if (auto *Do = dyn_cast<DoStmt>(S))
    return lowerLoop(Do, Do->getCond(), Do->getBody(), nullptr, false, Out);
  if (auto *Switch = dyn_cast<SwitchStmt>(S))
    return lowerSwitch(Switch, Out);
  // [[likely]], [[unlikely]] and the like say nothing about values.
  if (auto *Attributed = dyn_cast<AttributedStmt>(S))
    return lowerStmt(Attributed->getSubStmt(), Out, LastInFunction);
  if (auto *Label = dyn_cast<LabelStmt>(S))
    return lowerStmt(Label->getSubStmt(), Out, LastInFunction); // the goto is
                                                                // reported
  if (isa<GotoStmt, IndirectGotoStmt>(S)) {
    Diags.error(S->getBeginLoc(),
                "ddx cannot differentiate a goto: reverse mode runs if, "
                "switch, loops, break, continue and return backwards, and "
                "cannot reverse an arbitrary jump; rewrite it with loops, "
                "break, continue or a bool flag");
    return {};
  }
  if (isa<AsmStmt>(S)) {
    Diags.error(S->getBeginLoc(),
                "ddx cannot differentiate inline assembly (an asm "
                "statement): it cannot see what the instructions compute");
    Diags.note(S->getBeginLoc(),
               "move the assembly into a function of its own and give that "
               "function a derivative rule (docs/rules.md)");
    return {};
  }
  if (isa<CXXTryStmt>(S)) {
    Diags.error(S->getBeginLoc(), "ddx cannot differentiate exception "
                                  "handling (try block) yet");
    noteExceptions(Diags, S->getBeginLoc());
    return {};
  }
  if (auto *For = dyn_cast<CXXForRangeStmt>(S))
    return lowerRangeFor(For, Out);
  if (auto *E = dyn_cast<Expr>(S)) {
    lowerExprStmt(E, Out);
    return {};
  }
  Diags.error(S->getBeginLoc(),
              "ddx cannot differentiate this statement ('" + firstLine(S, Ctx) +
                  "'): it differentiates declarations, assignments, calls, "
                  "if, switch, loops, break, continue and return only; "
                  "rewrite it with those");
  return {};
}

FlagSet BodyLowerer::lowerLoop(const clang::Stmt *LoopStmt, const Expr *Cond,
                               const clang::Stmt *Body, const Expr *Inc,
                               bool TestFirst, Block &Out,
                               const std::string &CondText, Block ExtraStep,
                               const VarDecl *CondVar) {
  // A condition that changes a variable (`while (m-- > 0)`, `while
  // (advance(k))`) is evaluated as statements at the top of each
  // iteration, so that the reverse sweep sees the changes; when it fails,
  // the loop breaks.
  bool PassesLambda = Cond && passesLambda(Cond);
  if (PassesLambda && !TestFirst) {
    Diags.error(Cond->getBeginLoc(), "ddx cannot differentiate a do-while "
                                     "loop whose condition calls a lambda "
                                     "yet");
    Diags.note(Cond->getBeginLoc(), "compute the condition into a bool at "
                                    "the end of the body, or write a while "
                                    "loop");
    return {};
  }
  // (So is one that calls a lambda: generated code has no primal of it,
  // and one that declares a variable, `while (double d = next(x))`, set
  // anew each time.)
  bool Stepping =
      Cond && (writesVariables(Cond) || PassesLambda || CondVar != nullptr);
  if (Stepping && !TestFirst) {
    Diags.error(Cond->getBeginLoc(),
                "ddx cannot differentiate a do-while loop whose condition "
                "changes a variable (++, -- or a call that writes through "
                "its arguments) yet");
    Diags.note(Cond->getBeginLoc(), "change the variable at the end of the "
                                    "body, or write a while loop");
    return {};
  }
  Breakable Target;
  if (Stepping || hasJump(Body, /*Continue=*/false))
    Target.BreakFlag = flag("_break");
  if (hasJump(Body, /*Continue=*/true))
    Target.ContinueFlag = flag("_continue");
  if (Target.BreakFlag >= 0) {
    setFlag(Out, Target.BreakFlag, false);
  }

  Stmt Loop;
  Loop.K = Stmt::Kind::Loop;
  Loop.Loc = LoopStmt->getBeginLoc();
  Loop.TestFirst = TestFirst;
  Loop.Counter = newVar("_n" + std::to_string(++Counters), Ctx.LongTy,
                        Variable::Kind::Counter);

  Targets.push_back(Target);
  ++LoopDepth;
  if (Target.ContinueFlag >= 0) {
    setFlag(Loop.Then, Target.ContinueFlag, false);
  }
  FlagSet Set;
  if (Stepping) {
    if (CondVar)
      lowerDecl(CondVar, Loop.Then);
    extractCalls(Cond, Loop.Then);
    Stmt Exit;
    Exit.K = Stmt::Kind::If;
    Exit.Loc = Cond->getBeginLoc();
    Exit.Cond = "!(" + condition(Cond, {}) + ")";
    Exit.CondExpr = Cond;
    setFlag(Exit.Then, Target.BreakFlag, true);
    Loop.Then.push_back(std::move(Exit));
    Stmt Rest;
    Rest.K = Stmt::Kind::If;
    Rest.Loc = Body->getBeginLoc();
    Rest.Cond = notAny({Target.BreakFlag});
    Set = lowerStmt(Body, Rest.Then, false);
    Loop.Then.push_back(std::move(Rest));
    if (!llvm::is_contained(Set, Target.BreakFlag))
      Set.push_back(Target.BreakFlag);
    Cond = nullptr;
  } else {
    Set = lowerStmt(Body, Loop.Then, false);
  }
  FlagSet StepGuard;
  FlagSet Escaping;
  for (int F : Set) {
    if (F == Target.ContinueFlag)
      continue;
    StepGuard.push_back(F);
    if (F != Target.BreakFlag)
      Escaping.push_back(F);
  }
  if (Inc || !ExtraStep.empty()) {
    Block Step = std::move(ExtraStep);
    if (Inc)
      lowerExprStmt(Inc, Step);
    if (StepGuard.empty()) {
      Loop.Else = std::move(Step);
    } else {
      Stmt Guard;
      Guard.K = Stmt::Kind::If;
      Guard.Loc = Inc ? Inc->getBeginLoc() : LoopStmt->getBeginLoc();
      Guard.Cond = notAny(StepGuard);
      Guard.Then = std::move(Step);
      Loop.Else.push_back(std::move(Guard));
    }
  }
  --LoopDepth;
  Targets.pop_back();
  Loop.Cond = condition(Cond, StepGuard);
  Loop.CondExpr = Cond;
  if (!Cond && !CondText.empty())
    Loop.Cond = StepGuard.empty()
                    ? CondText
                    : notAny(StepGuard) + " && (" + CondText + ")";
  Out.push_back(std::move(Loop));
  return Escaping;
}

/// for (T v : c) over an array or a container with size() and operator[]
/// becomes an index loop in which v stands for c[i].
/// How the user wrote the variable V: its name, or '[a, b]' for a
/// structured binding.
static std::string bindingName(const VarDecl *V) {
  auto *Decomposed = dyn_cast<DecompositionDecl>(V);
  if (!Decomposed)
    return V->getNameAsString();
  std::string Names;
  for (const BindingDecl *B : Decomposed->bindings())
    Names += (Names.empty() ? "" : ", ") + B->getNameAsString();
  return "[" + Names + "]";
}

FlagSet BodyLowerer::lowerRangeFor(const CXXForRangeStmt *For, Block &Out) {
  const Expr *Range = skipImplicit(For->getRangeInit());
  while (auto *P = dyn_cast<ParenExpr>(Range))
    Range = skipImplicit(P->getSubExpr());
  const VarDecl *Element = For->getLoopVariable();
  std::string Size;
  QualType RangeType = Range->getType().getNonReferenceType();
  if (const auto *Array = Ctx.getAsConstantArrayType(RangeType))
    Size = std::to_string(Array->getSize().getZExtValue());
  else if (auto *Record = RangeType->getAsCXXRecordDecl();
           Record && Record->hasDefinition()) {
    bool Indexed = false;
    for (const CXXMethodDecl *M : Record->methods())
      Indexed |= M->getOverloadedOperator() == OO_Subscript;
    for (const CXXMethodDecl *M : Record->methods())
      if (M->getNameAsString() == "size" && Indexed)
        Size = Printer.print(Range) + ".size()";
  }
  // (`std::get<0>(t)` names a part, as a member does.)
  if (Size.empty() || !(isa<DeclRefExpr, MemberExpr>(Range) ||
                        elementPath(dyn_cast<CallExpr>(Range)))) {
    Diags.error(For->getBeginLoc(),
                "ddx cannot differentiate this range-based for loop over '" +
                    firstLine(Range, Ctx) + "' (of type '" +
                    userTypeName(Range->getType(), Ctx) +
                    "'): ddx makes the element stand for 'c[i]' in an index "
                    "loop, which needs a named array or a named container "
                    "with size() and operator[] (std::vector, std::array)");
    Diags.note(For->getBeginLoc(), "use an index loop, or copy the values "
                                   "into a std::vector first");
    return {};
  }
  // The element stands for c[i], so writing a by-value element would write
  // the container.
  if (isModified(Element, For->getBody()) &&
      !Element->getType()->isReferenceType()) {
    Diags.error(Element->getLocation(),
                "ddx cannot differentiate writes to the by-value range-for "
                "variable '" +
                    bindingName(Element) +
                    "': ddx makes it stand for the container's element, so a "
                    "write would change the container; copy it into a local "
                    "first (or declare it 'auto &' if the element should "
                    "change)");
    return {};
  }
  auto *Decomposed = dyn_cast<DecompositionDecl>(Element);
  if (Decomposed && !isDecomposable(Decomposed))
    return {};
  int Index = newVar("_i", Ctx.getSizeType(), Variable::Kind::Local);
  emitAssign(Out, For->getBeginLoc(), Index, "", nullptr, BO_Assign, nullptr);
  int V = newVar(Decomposed ? "_element" : Element->getName(),
                 Element->getType().getNonReferenceType().getUnqualifiedType(),
                 Variable::Kind::Local, Element);
  IR.Vars[V].RangeOf = Range;
  IR.Vars[V].IndexVar = Index;
  if (Decomposed)
    addBindings(Decomposed);
  Block Step;
  ++LoopDepth;
  emitAssign(Step, For->getBeginLoc(), Index, "", nullptr, BO_AddAssign,
             nullptr);
  --LoopDepth;
  return lowerLoop(For, nullptr, For->getBody(), nullptr, true, Out,
                   IR.Vars[Index].Name + " < " + Size, std::move(Step));
}

void BodyLowerer::lowerConditionPrelude(const clang::Stmt *Init,
                                        const VarDecl *CondVar, Block &Out) {
  if (Init)
    lowerStmt(Init, Out, false);
  if (CondVar)
    lowerDecl(CondVar, Out);
}

FlagSet BodyLowerer::lowerSwitch(const SwitchStmt *S, Block &Out) {
  auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
  lowerConditionPrelude(S->getInit(), S->getConditionVariable(), Out);
  if (!Body) {
    Diags.error(S->getBeginLoc(),
                "ddx cannot differentiate a switch whose body is not a braced "
                "block of cases: it turns each case into a branch of an "
                "if-else chain; put the cases in braces");
    return {};
  }
  int Selector = newVar("_switch", S->getCond()->getType().getUnqualifiedType(),
                        Variable::Kind::Local);
  // The selector is a value like any other: its calls and steps
  // (`switch (k++ % 3)`) are statements the reverse sweep sees.
  extractCalls(S->getCond(), Out);
  emitAssign(Out, S->getBeginLoc(), Selector, "", nullptr, BO_Assign,
             S->getCond());

  struct Group {
    std::vector<std::string> Labels; // empty: default
    bool IsDefault = false;
    std::vector<const clang::Stmt *> Stmts;
    SourceLocation Loc;
  };
  std::vector<Group> Groups;
  for (const clang::Stmt *Child : Body->body()) {
    const clang::Stmt *Inner = Child;
    if (isa<SwitchCase>(Inner)) {
      Group G;
      G.Loc = Inner->getBeginLoc();
      while (auto *SC = dyn_cast<SwitchCase>(Inner)) {
        if (auto *Case = dyn_cast<CaseStmt>(SC)) {
          if (Case->getRHS()) {
            Diags.error(Case->getBeginLoc(),
                        "ddx cannot differentiate a switch with a case range "
                        "('case lo ... hi:') yet: it turns each case label "
                        "into an '==' test; list the values as separate "
                        "labels, or test the range with an if");
            return {};
          }
          G.Labels.push_back(Printer.print(Case->getLHS()));
        } else {
          G.IsDefault = true;
        }
        Inner = SC->getSubStmt();
      }
      Groups.push_back(G);
    } else if (Groups.empty()) {
      continue; // unreachable code before the first label
    }
    Groups.back().Stmts.push_back(Inner);
  }

  bool FallsThrough = false;
  for (auto &G : Groups) {
    // A braced case body is its statements (locals are hoisted anyway).
    while (!G.Stmts.empty() && isa<CompoundStmt>(G.Stmts.back())) {
      auto *Body = cast<CompoundStmt>(G.Stmts.back());
      G.Stmts.pop_back();
      G.Stmts.insert(G.Stmts.end(), Body->body_begin(), Body->body_end());
    }
    FallsThrough |= &G != &Groups.back() &&
                    !(G.Stmts.size() &&
                      isa<BreakStmt, ReturnStmt, ContinueStmt>(G.Stmts.back()));
  }
  // `_switch == 1 || _switch == 2`: whether the selector picks a group.
  auto Picks = [&](const Group &G) {
    std::string Cond;
    for (const std::string &L : G.Labels)
      Cond +=
          (Cond.empty() ? "" : " || ") + IR.Vars[Selector].Name + " == " + L;
    return Cond;
  };
  if (FallsThrough) {
    // A case falls into the next: the cases run in source order, from the
    // one the selector picks (`_case`) until a break.
    int Case = newVar("_case", Ctx.IntTy, Variable::Kind::Local);
    auto SetCase = [&](Block &Into, size_t I) {
      Stmt Set;
      Set.K = Stmt::Kind::Raw;
      Set.Text = IR.Vars[Case].Name + " = " + std::to_string(I) + ";";
      Into.push_back(std::move(Set));
    };
    Block *Tail = &Out;
    size_t DefaultIndex = Groups.size();
    for (size_t I = 0; I < Groups.size(); ++I) {
      if (Groups[I].IsDefault) {
        DefaultIndex = I;
        continue;
      }
      Stmt Pick;
      Pick.K = Stmt::Kind::If;
      Pick.Loc = Groups[I].Loc;
      Pick.Cond = Picks(Groups[I]);
      SetCase(Pick.Then, I);
      Tail->push_back(std::move(Pick));
      Tail = &Tail->back().Else;
    }
    SetCase(*Tail, DefaultIndex);
    Breakable Target;
    for (const Group &G : Groups)
      for (const clang::Stmt *St : G.Stmts)
        if (Target.BreakFlag < 0 && (hasJump(St, false) || isa<BreakStmt>(St)))
          Target.BreakFlag = flag("_break");
    if (Target.BreakFlag >= 0)
      setFlag(Out, Target.BreakFlag, false);
    Targets.push_back(Target);
    FlagSet Escaping;
    for (size_t I = 0; I < Groups.size(); ++I) {
      Stmt Run;
      Run.K = Stmt::Kind::If;
      Run.Loc = Groups[I].Loc;
      Run.Cond = IR.Vars[Case].Name + " <= " + std::to_string(I) +
                 (Escaping.empty() ? "" : " && " + notAny(Escaping));
      mergeFlags(Escaping, lowerStmts(Groups[I].Stmts, Run.Then));
      Out.push_back(std::move(Run));
    }
    Targets.pop_back();
    FlagSet Result;
    for (int F : Escaping)
      if (F != Target.BreakFlag)
        Result.push_back(F);
    return Result;
  }

  Breakable Target;
  for (auto &G : Groups) {
    // A trailing break ends the case; any other break needs a flag.
    if (!G.Stmts.empty() && isa<BreakStmt>(G.Stmts.back()))
      G.Stmts.pop_back();
    for (const clang::Stmt *St : G.Stmts)
      if (hasJump(St, false) || isa<BreakStmt>(St))
        Target.BreakFlag =
            Target.BreakFlag >= 0 ? Target.BreakFlag : flag("_break");
  }
  if (Target.BreakFlag >= 0) {
    setFlag(Out, Target.BreakFlag, false);
  }

  Targets.push_back(Target);
  FlagSet Escaping;
  Block *Tail = &Out;
  const Group *Default = nullptr;
  for (const Group &G : Groups) {
    if (G.IsDefault) {
      Default = &G;
      continue;
    }
    Stmt Branch;
    Branch.K = Stmt::Kind::If;
    Branch.Loc = G.Loc;
    Branch.Cond = Picks(G);
    mergeFlags(Escaping, lowerStmts(G.Stmts, Branch.Then));
    Tail->push_back(std::move(Branch));
    Tail = &Tail->back().Else;
  }
  if (Default)
    mergeFlags(Escaping, lowerStmts(Default->Stmts, *Tail));
  Targets.pop_back();
  FlagSet Result;
  for (int F : Escaping)
    if (F != Target.BreakFlag)
      Result.push_back(F);
  return Result;
}

} // namespace lowering
} // namespace ddx
