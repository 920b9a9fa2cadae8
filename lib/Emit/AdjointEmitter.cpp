//===- AdjointEmitter.cpp -------------------------------------------------===//
#include "Emit/AdjointEmitter.h"
#include "Emit/RuleCallEmitter.h"
#include "Emit/TangentEmitter.h"
#include "Plan/CallableResolver.h"
#include "Support/HeapCalls.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>
#include <optional>

#include "Support/Describe.h"
#include "Support/Spelling.h"

using namespace clang;

namespace ddx {

static void append(Lines &To, const Lines &From) {
  To.insert(To.end(), From.begin(), From.end());
}

static std::optional<std::string> inverseStep(const EmitContext &C,
                                              const Stmt &S);

Lines countedLoopHeader(const FunctionIR &IR, const Stmt &Loop) {
  const std::string &Counter = IR.Vars[Loop.Else.front().Var].Name;
  bool Up = Loop.Else.front().Op == BO_AddAssign;
  Lines Header;
  if (!Loop.CountedToText.empty())
    Header.push_back(Counter + " = " + Loop.CountedToText + ";");
  Header.push_back("while (" + Counter + (Up ? " > " : " < ") +
                   Loop.CountedFromText + ") {");
  return Header;
}

Sweeps AdjointEmitter::emit(const Block &B) {
  Sweeps Result;
  std::vector<Lines> Reverses;
  for (const Stmt &S : B) {
    Sweeps One = emitStmt(S);
    append(Before, One.Forward);
    append(Result.Forward, One.Forward);
    Reverses.push_back(std::move(One.Reverse));
  }
  for (auto It = Reverses.rbegin(); It != Reverses.rend(); ++It)
    append(Result.Reverse, *It);
  return Result;
}

/// The object a reference argument names, when the call can change no
/// more than it (an `int &` to `v[i]`, a `Cursor &` to `cs[k]`): saved as
/// the user wrote it, element by element, rather than the whole array.
static const Expr *singleObject(const Expr *Arg, QualType Param) {
  if (!Param->isReferenceType() || !writesThrough(Param))
    return nullptr;
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (isa<MaterializeTemporaryExpr>(E) || !E->isGLValue() ||
      E->getType()->isArrayType() || E->getType()->isIncompleteType())
    return nullptr;
  return E;
}

/// The whole object (or array) a pointer argument points to when it is
/// the address of one or an array's name: `&k`, `idx`, `s.arr`, a global.
static const Expr *pointedObject(const Expr *Arg, QualType Param) {
  if (!Param->isPointerType() || !writesThrough(Param))
    return nullptr;
  const Expr *E = skipImplicit(Arg)->IgnoreParens();
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
    // `&a[2]` reaches the rest of the array too.
    const Expr *Object = U->getSubExpr()->IgnoreParens();
    return isa<ArraySubscriptExpr>(Object) ? nullptr : Object;
  }
  return E->getType()->isArrayType() && !E->getType()->isIncompleteType()
             ? E
             : nullptr;
}

/// The members a const object of type T can change, as lvalues below
/// Object (`acc.s`, `m.scratch.w`): a const object is restored through
/// them, the rest of it being unchanged. False when one has no name the
/// generated code can use and push on the tape: in an array of objects, a
/// library container or a base, private, a bit-field, not trivially
/// copyable (a `std::mutex`, a memo map).
static bool mutableMembers(QualType T, const std::string &Object,
                           const ASTContext &Ctx,
                           std::vector<std::string> &Out) {
  if (!hasMutableMembers(T))
    return true;
  auto *R = T->getAsCXXRecordDecl();
  if (!R || R->isInStdNamespace())
    return false;
  for (const CXXBaseSpecifier &Base : R->bases())
    if (hasMutableMembers(Base.getType()))
      return false;
  for (const FieldDecl *F : R->fields()) {
    if (!hasMutableMembers(F->getType()) && !F->isMutable())
      continue;
    if (F->getAccess() != AS_public || F->isBitField() || F->getName().empty())
      return false;
    std::string Member = Object + "." + F->getNameAsString();
    if (!F->isMutable()) {
      if (!mutableMembers(F->getType(), Member, Ctx, Out))
        return false;
    } else if (isTapeable(F->getType(), Ctx)) {
      Out.push_back(Member);
    } else {
      return false;
    }
  }
  return true;
}

Sweeps AdjointEmitter::savingPrimalWrites(const Expr *E, Sweeps S) {
  // What the forward sweep pushes, as printed lvalues, in order.
  std::vector<std::string> Saved;
  auto SaveText = [&](std::string Text) {
    if (!llvm::is_contained(Saved, Text))
      Saved.push_back(std::move(Text));
  };
  auto Savable = [&](QualType T) {
    return !T.isConstQualified() && isTapeable(T, C.Ctx);
  };
  // A const object: its mutable members.
  auto SaveMutable = [&](QualType T, const std::string &Text) {
    std::vector<std::string> Members;
    if (!T.isConstQualified() || !hasMutableMembers(T) ||
        !mutableMembers(T, Text, C.Ctx, Members))
      return false;
    for (std::string &Member : Members)
      SaveText(std::move(Member));
    return true;
  };
  // An object saved as written; its root tells whether it outlives the
  // function (a parameter's, a global).
  auto SaveObject = [&](const Expr *Object) {
    if (!Object)
      return false;
    // A temporary: nothing else reads it.
    if (!Object->isGLValue() ||
        isa<MaterializeTemporaryExpr>(Object->IgnoreParenImpCasts()))
      return true;
    std::string Text = C.Printer.print(Object);
    if (Savable(Object->getType()))
      SaveText(Text);
    else if (!SaveMutable(Object->getType(), Text))
      return false;
    int Root = C.Printer.rootVar(Object);
    SavesOutside |= Root < 0 || unsigned(Root) < C.IR.NumParams;
    return true;
  };
  auto SaveTargets = [&](const CallExpr *Call, const TargetList &Targets,
                         QualType Written) {
    // A rule's outputs are its own business (an error estimate).
    bool Rule = C.Rules.bind(Call).K == CallBinding::Kind::Rule;
    for (int T : Targets) {
      const Variable *V =
          PointerTarget::isVariable(T) ? &C.IR.Vars[T] : nullptr;
      // (A parameter declared `const Acc &` is const in generated code.)
      QualType Declared = V && !V->DeclaredType.isNull()
                              ? V->DeclaredType.getNonReferenceType()
                              : QualType();
      if (V && Savable(V->Type) && !V->ConstReference &&
          (Declared.isNull() || !Declared.isConstQualified())) {
        SaveText(C.Printer.varName(T));
        SavesOutside |= unsigned(T) < C.IR.NumParams;
      } else if (V && !Declared.isNull() && !V->ConstReference &&
                 SaveMutable(Declared, C.Printer.varName(T))) {
        SavesOutside |= unsigned(T) < C.IR.NumParams;
      } else if (!Rule) {
        recordUnsaved(T, Call, Written);
      }
    }
  };
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *N) {
    if (!N || isa<LambdaExpr>(N))
      return;
    auto *Call = dyn_cast<CallExpr>(N);
    // (A call lowering lifted into a statement of its own is saved there.)
    if (Call && N != E && C.Printer.tempOf(Call) >= 0)
      return;
    // (`std::get<I>(t)` names an element, and changes nothing.)
    if (Call && !elementPath(Call)) {
      // The object of a non-const member call: `c.inc()`, `cs[k].inc()`,
      // `p->next()` (what p may point to).
      TargetList Object = C.Pointers.changedObject(Call);
      auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
      const Expr *Self = Member ? Member->getImplicitObjectArgument() : nullptr;
      if (!Object.empty() &&
          (!Self || Self->getType()->isPointerType() || !SaveObject(Self)))
        SaveTargets(
            Call, Object,
            C.Ctx.getRecordType(
                cast<CXXMethodDecl>(Call->getDirectCallee())->getParent()));
      PointerTargets::forEachArgument(
          Call, [&](const Expr *Arg, QualType Param) {
            if (SaveObject(singleObject(Arg, Param)) ||
                SaveObject(pointedObject(Arg, Param)))
              return;
            QualType Written = Param->isPointerType() ? Param->getPointeeType()
                               : isIterator(Arg->getType())
                                   ? iteratedValue(Arg->getType())
                                   : Arg->getType();
            SaveTargets(Call, C.Pointers.changedThrough(Arg, Param), Written);
          });
    }
    for (const clang::Stmt *Child : N->children())
      Walk(Child);
  };
  Walk(E);
  if (Saved.empty())
    return S;
  Sweeps Result;
  for (const std::string &Text : Saved)
    Result.Forward.push_back("_tape.push(" + Text + ");");
  append(Result.Forward, S.Forward);
  Result.Reverse = std::move(S.Reverse);
  for (const std::string &Text : llvm::reverse(Saved))
    Result.Reverse.push_back("_tape.pop(" + Text + ");");
  return Result;
}

/// A write the forward sweep cannot save does no harm when nothing before
/// it reads the memory and it runs once: the reverse sweep then sees what
/// every read saw. In a loop, or in a function whose reverse sweep runs
/// after its caller went on (a callee's split sweeps), it runs again before
/// the reverse sweep.
void AdjointEmitter::recordUnsaved(int Target, const CallExpr *Call,
                                   QualType Written) {
  // Memory outside the function matters only as data an adjoint reads
  // (indices, counters, parameters), not an opaque library handle (a GSL
  // workspace the call frees, a FILE).
  if (!PointerTarget::isVariable(Target) && !isPlainData(Written))
    return;
  bool Repeats = LoopDepth > 0 || !C.Current || C.Current->M != Mode::Gradient;
  for (int Reader : C.Pointers.readersOf(Target, Written))
    for (const std::string &Line : Before)
      Repeats |= mentions(Line, C.IR.Vars[Reader].Name);
  if (Repeats)
    Unsaved.push_back({Target, Call, Written});
}

/// Whether E contains a call.
static bool hasCall(const clang::Stmt *E) {
  if (!E)
    return false;
  if (isa<CallExpr>(E))
    return true;
  return llvm::any_of(E->children(),
                      [](const clang::Stmt *C) { return hasCall(C); });
}

Sweeps AdjointEmitter::emitStmt(const Stmt &S) {
  switch (S.K) {
  case Stmt::Kind::Assign: {
    // (A value that is an extracted call, `_ret = f(d)`, reads the call's
    // temporary: the Call statement saved what the call writes.)
    const Expr *Value = S.Value;
    if (auto *Call = dyn_cast_or_null<CallExpr>(skipImplicit(Value));
        Call && C.Printer.tempOf(Call) >= 0)
      Value = nullptr;
    return savingPrimalWrites(Value, emitAssign(S));
  }
  case Stmt::Kind::Call:
    return emitCall(S);
  case Stmt::Kind::Eval: {
    if (S.Free)
      return emitFree(S);
    if (S.Memory)
      return emitMemoryCall(S);
    if (S.Swap) {
      // A swap is its own inverse: the reverse sweep swaps the adjoints
      // back, and the values, for what ran before.
      Lines Both = {C.Printer.print(S.Call) + ";"};
      if (std::optional<std::string> Shadows = shadowSwap(C, S))
        Both.push_back(*Shadows);
      return {Both, Both};
    }
    return savingPrimalWrites(S.Call, {{C.Printer.print(S.Call) + ";"}, {}});
  }
  case Stmt::Kind::Raw:
    return {{S.Text}, {}};
  case Stmt::Kind::If: {
    Before.push_back(S.Cond);
    Sweeps Then = emit(S.Then), Else = emit(S.Else);
    Sweeps Result;
    bool Recorded = !Then.Reverse.empty() || !Else.Reverse.empty();
    Result.Forward.push_back("if (" + S.Cond + ") {");
    append(Result.Forward, Then.Forward);
    if (Recorded)
      Result.Forward.push_back("_tape.push(true);");
    if (!S.Else.empty() || Recorded) {
      Result.Forward.push_back("} else {");
      append(Result.Forward, Else.Forward);
      if (Recorded)
        Result.Forward.push_back("_tape.push(false);");
    }
    Result.Forward.push_back("}");
    if (!Recorded)
      return Result;
    Result.Reverse.push_back("if (_tape.pop<bool>()) {");
    append(Result.Reverse, Then.Reverse);
    if (!Else.Reverse.empty()) {
      Result.Reverse.push_back("} else {");
      append(Result.Reverse, Else.Reverse);
    }
    Result.Reverse.push_back("}");
    return Result;
  }
  case Stmt::Kind::Loop: {
    ++LoopDepth;
    Sweeps Body = emit(S.Then), Step = emit(S.Else);
    --LoopDepth;
    Sweeps Result;
    bool Recorded = !Body.Reverse.empty() || !Step.Reverse.empty();
    // A counted loop needs no trip count: the reverse sweep steps the
    // counter back to where it started (see markCountedLoops).
    std::optional<std::string> StepBack = S.CountedFromText.empty()
                                              ? std::nullopt
                                              : inverseStep(C, S.Else.front());
    bool Counts = Recorded && !StepBack;
    std::string Count = C.Printer.varName(S.Counter);
    if (Counts)
      Result.Forward.push_back(Count + " = 0;");
    Result.Forward.push_back(S.TestFirst ? "while (" + S.Cond + ") {" : "do {");
    append(Result.Forward, Body.Forward);
    append(Result.Forward, Step.Forward);
    if (Counts)
      Result.Forward.push_back("++" + Count + ";");
    Result.Forward.push_back(S.TestFirst ? "}" : "} while (" + S.Cond + ");");
    if (!Recorded)
      return Result;
    if (StepBack) {
      Result.Reverse = countedLoopHeader(C.IR, S);
      Result.Reverse.push_back(*StepBack);
    } else {
      Result.Forward.push_back("_tape.push(" + Count + ");");
      Result.Reverse.push_back("for (" + Count + " = _tape.pop<long>(); " +
                               Count + " > 0; --" + Count + ") {");
      append(Result.Reverse, Step.Reverse);
    }
    for (const Stmt &Def : S.Then)
      if (Def.Recompute)
        Result.Reverse.push_back(primalAssign(C, Def));
    append(Result.Reverse, Body.Reverse);
    Result.Reverse.push_back("}");
    return Result;
  }
  }
  return {};
}

/// An integer stepped by a constant (a loop counter) is restored by the
/// inverse step rather than from the tape.
static std::optional<std::string> inverseStep(const EmitContext &C,
                                              const Stmt &S) {
  if (S.Var < 0 || !S.Path.empty() || !C.IR.Vars[S.Var].Type->isIntegerType() ||
      (S.Op != BO_AddAssign && S.Op != BO_SubAssign))
    return std::nullopt;
  std::string Step = "1";
  if (S.Value) {
    auto *Literal = dyn_cast<IntegerLiteral>(skipImplicit(S.Value));
    if (!Literal)
      return std::nullopt;
    Step = C.Printer.print(Literal);
  }
  return C.Printer.varName(S.Var) + (S.Op == BO_AddAssign ? " -= " : " += ") +
         Step + ";";
}

Sweeps AdjointEmitter::emitShapeCall(const Stmt &S, bool Varied) {
  // The forward sweep records the container and makes the same change to
  // its shadow (zero adjoints for what comes in). The reverse sweep undoes
  // the shadow's change, giving the adjoints of what came in to the
  // element they were made from, and puts the container back.
  Sweeps Result;
  auto [Name, Shadow] = shapedContainer(C, S);
  auto *Call = cast<CXXMemberCallExpr>(S.Call);
  llvm::StringRef Method = shapeMethod(S);
  std::string Zero = elementZero(C, S);
  Result.Forward.push_back("_tape.push(" + Name + ");");
  if (!Varied) {
    Result.Forward.push_back(primalReshape(C, S));
    Result.Reverse.push_back("_tape.pop(" + Name + ");");
    return Result;
  }
  QualType Element = containerElement(targetType(C, S));
  Lines &Rev = Result.Reverse;
  Rev.push_back("{");
  if (Method == "assign") {
    Result.Forward.push_back(primalReshape(C, S));
    Result.Forward.push_back(Shadow + ".assign(" + Name + ".size(), " + Zero +
                             ");");
    // The element's adjoint is the sum of its copies'.
    std::string Sum = C.freshTemp(), I = C.freshTemp();
    Rev.push_back(
        llvm::StringRef(declareZero(C.Printer, Element, Sum)).rtrim().str());
    Rev.push_back("for (std::size_t " + I + " = 0; " + I + " < " + Shadow +
                  ".size(); ++" + I + ") {");
    addInto(Element, Sum, Shadow + "[" + I + "]", Rev);
    Rev.push_back("}");
    Rev.push_back("_tape.pop(" + Name + ");");
    Rev.push_back(Shadow + ".assign(" + Name + ".size(), " + Zero + ");");
    accumulate(S.Value, Sum, Rev);
  } else if (Method == "erase") {
    Result.Forward.push_back(shadowShapeCall(C, S, ""));
    Result.Forward.push_back(primalReshape(C, S));
    // The erased elements come back with zero adjoints, where the
    // positions, read on the vector put back, say.
    std::string Count = Call->getNumArgs() == 2
                            ? "(" + C.Printer.print(Call->getArg(1)) + ") - (" +
                                  C.Printer.print(Call->getArg(0)) + ")"
                            : "1";
    Rev.push_back("_tape.pop(" + Name + ");");
    Rev.push_back(Shadow + ".insert(" + Shadow + ".begin() + (" +
                  C.Printer.print(Call->getArg(0)) + " - " + Name +
                  ".begin()), " + Count + ", " + Zero + ");");
  } else { // insert, emplace
    Result.Forward.push_back(shadowShapeCall(C, S, Zero));
    Result.Forward.push_back(primalReshape(C, S));
    // The new element's index, read on the vector put back; its adjoint
    // goes to the value it was made from.
    std::string Index = C.freshTemp(), Adjoint = C.freshTemp();
    Rev.push_back("_tape.pop(" + Name + ");");
    Rev.push_back("auto " + Index + " = " + C.Printer.print(Call->getArg(0)) +
                  " - " + Name + ".begin();");
    Rev.push_back(C.Printer.declare(Element, Adjoint) + " = " + Shadow + "[" +
                  Index + "];");
    Rev.push_back(Shadow + ".erase(" + Shadow + ".begin() + " + Index + ");");
    accumulate(S.Value, Adjoint, Rev);
  }
  Rev.push_back("}");
  return Result;
}

Sweeps AdjointEmitter::emitAllocation(const Stmt &S) {
  // Memory the forward sweep kept instead of freeing (see Stmt::Free) is
  // given back here, before the pointer that held it is restored.
  Sweeps Result;
  std::string Target = targetText(C, S);
  bool Varied = targetVaried(C, S);
  std::string D = Varied ? targetShadow(C, S) : "";
  if (S.SaveOld) {
    Result.Forward.push_back("_tape.push(" + Target + ");");
    if (Varied)
      Result.Forward.push_back("_tape.push(" + D + ");");
  }
  append(Result.Forward, allocationWithShadow(C, S, Varied));
  // (A smart pointer's memory is its own to free: never kept.)
  bool Owned = isSmartPointer(targetType(C, S));
  if (Varied && !Owned)
    Result.Reverse.push_back("_tape.release(" + D + ");");
  if (!Owned)
    Result.Reverse.push_back("_tape.release(" + Target + ");");
  if (S.SaveOld) {
    if (Varied)
      Result.Reverse.push_back("_tape.pop(" + D + ");");
    Result.Reverse.push_back("_tape.pop(" + Target + ");");
  }
  return Result;
}

Sweeps AdjointEmitter::emitSmartAssign(const Stmt &S) {
  // A smart pointer takes other memory, its shadow with it, as a pointer
  // does. Put back to its older value in the reverse sweep, it keeps what
  // it owns now on the tape (keep_owner): the memory is still read until
  // the reverse sweep undoes its allocation, which comes before in the
  // forward sweep (`_new = new T(k)` and the values it is given, then
  // `p = std::unique_ptr<T>(_new)`).
  Sweeps Result;
  std::string Target = targetText(C, S);
  bool Varied = targetVaried(C, S);
  std::string D = Varied ? targetShadow(C, S) : "";
  bool Save = S.SaveOld;
  if (Save) {
    Result.Forward.push_back("_tape.push(" + Target + ");");
    if (Varied)
      Result.Forward.push_back("_tape.push(" + D + ");");
  }
  if (Varied)
    Result.Forward.push_back(D + " = " + smartShadow(C, S) + ";");
  Result.Forward.push_back(primalAssign(C, S));
  if (!Save)
    return Result;
  if (Varied)
    Result.Reverse = {"_tape.keep_owner(" + D + ");"};
  Result.Reverse.push_back("_tape.keep_owner(" + Target + ");");
  if (Varied)
    Result.Reverse.push_back("_tape.pop(" + D + ");");
  Result.Reverse.push_back("_tape.pop(" + Target + ");");
  return Result;
}

Sweeps AdjointEmitter::emitFree(const Stmt &S) {
  // Kept for the reverse sweep (see Stmt::Free).
  HeapFamily Family = deallocationOf(S.Call)->Family;
  Sweeps Result;
  if (C.Activity.isVaried(S.Value))
    Result.Forward.push_back(
        keepStatement(Family, C.Printer.shadowPointer(S.Value)));
  Result.Forward.push_back(keepStatement(Family, C.Printer.print(S.Value)));
  return Result;
}

Sweeps AdjointEmitter::emitMemoryCall(const Stmt &S) {
  // The bytes overwritten are saved, then their size (which the reverse
  // sweep reads first: the expression's variables may have changed since).
  MemoryCall M = *memoryCallOf(S.Call);
  std::string Dest = C.Printer.print(M.Dest);
  std::string Size = C.Printer.print(M.Bytes);
  std::string Bytes = C.freshTemp();
  Sweeps Result;
  Result.Forward = {"_tape.push_bytes(" + Dest + ", " + Size + ");",
                    "_tape.push(static_cast<std::size_t>(" + Size + "));",
                    C.Printer.print(S.Call) + ";"};
  Result.Reverse = {"{",
                    "std::size_t " + Bytes + " = _tape.pop<std::size_t>();"};
  // (Memory outside the function gets its bytes back too: the gradient
  // entry runs the primal again for its outputs.)
  int Root = C.Printer.rootVar(M.Dest);
  SavesOutside |= Root < 0 || unsigned(Root) < C.IR.NumParams;
  if (C.Activity.isVaried(Root))
    Result.Reverse.push_back(shadowMemoryCall(C, M, Bytes, true));
  Result.Reverse.push_back("_tape.pop_bytes(" + Dest + ", " + Bytes + ");");
  Result.Reverse.push_back("}");
  return Result;
}

Sweeps AdjointEmitter::emitAssign(const Stmt &S) {
  if (S.Reshape) {
    // The forward sweep records the container (elements and size); the
    // reverse sweep puts it back, and its shadow takes the old size again:
    // the adjoints of elements the call added go nowhere (they were
    // zeros), and elements it removed start again from zero adjoints.
    Sweeps Result;
    QualType T = targetType(C, S);
    std::string Name = shapedContainer(C, S).first;
    QualType Element = containerElement(T);
    if (!isTapeable(T, C.Ctx) || (!Element.isNull() && !isContainer(Element) &&
                                  holdsContainer(Element))) {
      C.Diags.error(S.Loc, "ddx cannot differentiate this resize or clear of "
                           "'" +
                               Name +
                               "' in reverse mode yet: its elements hold "
                               "containers, whose derivatives ddx cannot give "
                               "back their sizes when the elements come back");
      C.Diags.note(S.Loc, "hold plain values in the vector, or make a new "
                          "vector instead of reshaping this one");
      return Result;
    }
    bool Varied = targetVaried(C, S);
    if (S.Call && shapeMethod(S) != "pop_back")
      return emitShapeCall(S, Varied);
    Result.Forward = {"_tape.push(" + Name + ");", primalReshape(C, S)};
    Result.Reverse = {"_tape.pop(" + Name + ");"};
    if (Varied) {
      Result.Forward.push_back(reshapedShadow(C, S));
      Result.Reverse.push_back(reshapedShadow(C, S));
    }
    return Result;
  }
  if (S.Grow) {
    // The reverse sweep takes the element off again, then gives its
    // adjoint to the value it was made from, which reads the container as
    // it was before.
    Sweeps Result;
    auto [Name, Shadow] = shapedContainer(C, S);
    std::string Push = Name + ".push_back(" + C.Printer.print(S.Value) + ");";
    if (!targetVaried(C, S)) {
      Result.Forward = {Push};
      Result.Reverse = {Name + ".pop_back();"};
      return Result;
    }
    // The shadow grows unless it has the element already: a replay of the
    // forward sweep, after the caller put the container back (a pullback
    // running again a callable the library calls in order, such as an
    // observer that collects states), finds there the adjoints of the
    // elements it grows. In a first forward sweep the sizes agree.
    auto Grown = [&](const std::string &Element) {
      return "if (" + Shadow + ".size() <= " + Name + ".size()) {\n" +
             shadowGrowth(C, S, Element) + "\n}";
    };
    // A pointer's shadow is where the pointee's adjoint lives: it has no
    // adjoint of its own to give back.
    if (targetType(C, S)->isPointerType()) {
      Result.Forward = {Grown(grownPointerShadow(C, S)), Push};
      Result.Reverse = {Shadow + ".pop_back();", Name + ".pop_back();"};
      return Result;
    }
    std::string Seed = C.freshTemp();
    Result.Forward = {Grown(growthZero(C, S)), Push};
    Result.Reverse = {
        "{",
        C.Printer.declare(targetType(C, S).getUnqualifiedType(), Seed) + " = " +
            Shadow + ".back();",
        Shadow + ".pop_back();", Name + ".pop_back();"};
    if (S.Value && C.Activity.isVaried(S.Value))
      accumulate(S.Value, Seed, Result.Reverse);
    Result.Reverse.push_back("}");
    return Result;
  }
  if (S.Allocate)
    return emitAllocation(S);
  if (isSmartPointer(targetType(C, S)))
    return emitSmartAssign(S);
  Sweeps Result;
  std::string Target = targetText(C, S);
  std::optional<std::string> Inverse =
      S.SaveOld ? inverseStep(C, S) : std::nullopt;
  bool Save = S.SaveOld && !S.Recompute && !Inverse;
  // Saving and restoring name the target again: a call in it runs again.
  if (Save && S.LValue && !C.Printer.reevaluable(S.LValue)) {
    // (`buf[n++] = v`: the target's own step; `at(i) = v`: a call.)
    bool Steps = S.LValue->HasSideEffects(C.Ctx, /*IncludePossibleEffects=*/
                                          false) &&
                 !hasCall(S.LValue);
    C.Diags.error(S.Loc, "ddx cannot differentiate this store in reverse "
                         "mode yet: the reverse sweep puts back the value it "
                         "overwrites, which evaluates '" +
                             C.userText(S.LValue) + "' again, and " +
                             (Steps ? "that changes a variable again (an "
                                      "increment or assignment in it)"
                                    : "a call in it does more than return a "
                                      "part of its object"));
    C.Diags.note(S.Loc,
                 Steps ? "step the index in a statement of its own "
                         "(`buf[n] = v; ++n;`)"
                       : "store into the member directly, or make the "
                         "function's body 'return <a part of the object>;'");
    return Result;
  }
  if (Save)
    Result.Forward.push_back("_tape.push(" + Target + ");");
  std::string Restore = Save ? "_tape.pop(" + Target + ");" : "";
  if (Inverse)
    Restore = *Inverse;
  bool Varied = targetVaried(C, S);
  QualType T = targetType(C, S).getCanonicalType();
  std::string D = Varied ? targetShadow(C, S) : "";

  if (Save && !isTapeable(targetType(C, S), C.Ctx)) {
    C.Diags.error(S.Loc, "ddx cannot record the old value of '" + Target +
                             "' for reverse mode: its type is not trivially "
                             "copyable (nor a std::vector of such values); "
                             "assign it once, outside loops");
    return Result;
  }
  if (Varied && !T->isRealFloatingType() && !isStdComplex(T)) {
    // Pointers, structs and arrays: their shadow moves with the value.
    bool ValueVaried = S.Value && C.Activity.isVaried(S.Value);
    std::string Zero = explicitZero(C.Printer, T, Target).value_or("{}");
    if (!ValueVaried && isContainer(T)) {
      Result.Forward.push_back(primalAssign(C, S));
      Result.Forward.push_back(D + " = ::ddx::zeros_like(" + Target + ");");
      // A container made again in a loop: the one before comes back, with a
      // shadow of its shape.
      if (!Restore.empty())
        Result.Reverse = {Restore, D + " = ::ddx::zeros_like(" + Target + ");"};
      return Result;
    }
    // A struct holding a container, from a value without a derivative: its
    // shadow is a zeroed copy of the new value, with its containers' shapes
    // (an empty one would be indexed out of bounds); so is a class in late
    // storage, which has no other zero.
    bool CopiedZero = holdsContainer(T) || needsLateStorage(T);
    if (!ValueVaried && !T->isPointerType() && CopiedZero) {
      std::optional<Lines> Shaped = zeroedCopy(C, S, T);
      if (!Shaped) {
        reportUnshapedCopy(C, S, T);
        return Result;
      }
      if (Save)
        Result.Forward.push_back("_tape.push(" + D + ");");
      Result.Forward.push_back(primalAssign(C, S));
      llvm::append_range(Result.Forward, *Shaped);
      if (Save)
        Result.Reverse = {"_tape.pop(" + D + ");", Restore};
      else
        Result.Reverse = *Shaped;
      return Result;
    }
    if (T->isPointerType() || !ValueVaried) {
      if (Save)
        Result.Forward.push_back("_tape.push(" + D + ");");
      if (T->isPointerType() && S.Op != BO_Assign)
        Result.Forward.push_back(
            D + " " + BinaryOperator::getOpcodeStr(S.Op).str() + " " +
            (S.Value ? C.Printer.print(S.Value) : std::string("1")) + ";");
      else
        Result.Forward.push_back(D + " = " +
                                 (ValueVaried && T->isPointerType()
                                      ? C.Printer.shadowPointer(S.Value)
                                  : ValueVaried ? C.Printer.shadow(S.Value)
                                  : T->isPointerType()
                                      ? inactivePointerShadow(C, S)
                                      : Zero) +
                                 ";");
      Result.Forward.push_back(primalAssign(C, S));
      if (Save)
        Result.Reverse = {"_tape.pop(" + D + ");", Restore};
      else if (Inverse)
        Result.Reverse = {
            D + (S.Op == BO_AddAssign ? " -= " : " += ") +
                (S.Value ? C.Printer.print(S.Value) : std::string("1")) + ";",
            Restore};
      else if (!T->isPointerType())
        Result.Reverse = {D + " = " + Zero + ";"};
      return Result;
    }
    // A whole struct or array copied from another: its adjoint flows back
    // member by member.
    std::string Seed = C.freshTemp();
    Result.Forward.push_back(primalAssign(C, S));
    // A container's shadow has its shape (a vector built from braces).
    bool Container = isContainer(T);
    if (Container)
      Result.Forward.push_back(D + " = ::ddx::zeros_like(" + Target + ");");
    // A struct holding a container: its shadow is a copy of the value with
    // every member zero, so that its containers have the value's shapes.
    std::optional<Lines> Shaped;
    if (!Container && CopiedZero && (Shaped = zeroedCopy(C, S, T)))
      llvm::append_range(Result.Forward, *Shaped);
    if (!Container && CopiedZero && !Shaped) {
      reportUnshapedCopy(C, S, T);
      return Result;
    }
    if (S.Op != BO_Assign) {
      C.Diags.error(S.Loc, "ddx cannot differentiate the compound "
                           "assignment '" +
                               std::string(BinaryOperator::getOpcodeStr(S.Op)) +
                               "' of a '" + userTypeName(T, C.Ctx) +
                               "' yet; write it as one assignment per member "
                               "or element");
      return Result;
    }
    Result.Reverse.push_back("{");
    Result.Reverse.push_back(
        C.Printer.declare(targetType(C, S).getUnqualifiedType(), Seed) + " = " +
        D + ";");
    // (A container's shadow takes the shape of the value put back.)
    if (!Restore.empty())
      Result.Reverse.push_back(Restore);
    if (Shaped)
      llvm::append_range(Result.Reverse, *Shaped);
    else
      Result.Reverse.push_back(
          D + " = " + (Container ? "::ddx::zeros_like(" + Target + ")" : Zero) +
          ";");
    accumulate(S.Value, Seed, Result.Reverse);
    Result.Reverse.push_back("}");
    return Result;
  }

  Result.Forward.push_back(primalAssign(C, S));
  if (!Varied) {
    if (!Restore.empty())
      Result.Reverse.push_back(Restore);
    return Result;
  }

  std::string TypeName =
      C.Printer.typeName(targetType(C, S).getUnqualifiedType());
  Lines &Rev = Result.Reverse;
  Rev.push_back("{");
  std::string Seed = C.freshTemp();
  if (!S.Value) {
    if (S.Op == BO_Assign)
      Rev.push_back(D + " = 0;");
    if (!Restore.empty())
      Rev.push_back(Restore);
    Rev.push_back("}");
    return Result;
  }
  Rev.push_back(TypeName + " " + Seed + " = " + D + ";");
  // A std::complex target: the adjoint of multiplying by a factor is
  // multiplying by its conjugate, and a real value takes the real part of
  // the adjoint it is given (the transpose of the embedding of R in C).
  bool Complex = isStdComplex(T);
  auto Conj = [&](const std::string &X) {
    return Complex ? "::std::conj(" + X + ")" : X;
  };
  auto Into = [&](const std::string &X) {
    return Complex && !isStdComplex(S.Value->getType())
               ? "::std::real(" + X + ")"
               : X;
  };
  switch (S.Op) {
  case BO_Assign:
    Rev.push_back(D + " = 0;");
    if (!Restore.empty())
      Rev.push_back(Restore);
    accumulate(S.Value, Into(Seed), Rev);
    break;
  case BO_AddAssign:
    if (!Restore.empty())
      Rev.push_back(Restore);
    accumulate(S.Value, Into(Seed), Rev);
    break;
  case BO_SubAssign:
    if (!Restore.empty())
      Rev.push_back(Restore);
    accumulate(S.Value, Into("-" + Seed), Rev);
    break;
  case BO_MulAssign: {
    if (!Restore.empty())
      Rev.push_back(Restore);
    std::string V = wrap(C.Printer.print(S.Value));
    Rev.push_back(D + " = " + Seed + " * " + Conj(V) + ";");
    accumulate(S.Value, Into(Seed + " * " + Conj(Target)), Rev);
    break;
  }
  case BO_DivAssign: {
    if (!Restore.empty())
      Rev.push_back(Restore);
    std::string V = wrap(C.Printer.print(S.Value));
    Rev.push_back(D + " = " + Seed + " / " + Conj(V) + ";");
    accumulate(
        S.Value,
        Into("-" + Seed + " * " + Conj(Target + " / (" + V + " * " + V + ")")),
        Rev);
    break;
  }
  default:
    C.Diags.error(S.Loc, "ddx cannot differentiate the compound assignment "
                         "'" +
                             std::string(BinaryOperator::getOpcodeStr(S.Op)) +
                             "' of a floating-point value; write it as "
                             "'x = x op e' with +, -, * or /");
  }
  Rev.push_back("}");
  // The seed is only declared if something reads it.
  bool SeedUsed = false;
  for (size_t L = 2; L < Rev.size(); ++L)
    SeedUsed |= Rev[L].find(Seed) != std::string::npos;
  if (!SeedUsed)
    Rev.erase(Rev.begin() + 1);
  if (Rev.size() == 2)
    Rev.clear();
  return Result;
}

/// Whether a rule's callee may write through a parameter that is an option
/// (a non-const pointer or reference: frexp's `int *exp`).
static bool writesThroughOptions(const CallBinding &B) {
  for (unsigned I = 0; I < B.Roles.size(); ++I) {
    if (B.Roles[I] != ParamRole::Option)
      continue;
    QualType T = B.Callee->getParamDecl(I)->getType();
    if ((T->isPointerType() || T->isReferenceType()) &&
        !T->getPointeeType().isConstQualified())
      return true;
  }
  return false;
}

Sweeps AdjointEmitter::emitCall(const Stmt &S) {
  Sweeps Result;
  auto *Call = cast<CallExpr>(S.Call);
  std::string Temp = S.Var >= 0 ? C.Printer.varName(S.Var) : "";
  bool Save = S.SaveOld && !S.Recompute;
  if (Save)
    Result.Forward.push_back("_tape.push(" + Temp + ");");
  std::string Restore = Save ? "_tape.pop(" + Temp + ");" : "";
  CallBinding Binding = C.Rules.bind(Call);
  if (Binding.isStatementRule()) {
    Sweeps Rule = RuleCallEmitter(C, Binding, S).emitAdjoint(*this, Restore);
    // What the call writes through its options (frexp's exponent) is put
    // back like a primal call's writes: adjoints before it may read it.
    if (writesThroughOptions(Binding))
      Rule = savingPrimalWrites(Call, std::move(Rule));
    append(Result.Forward, Rule.Forward);
    Result.Reverse = std::move(Rule.Reverse);
    return Result;
  }
  EmitContext::ResolvedCall R;
  if (!C.resolve(Call, R, S.Candidate))
    return Result;
  if (C.staysPrimal(R, Call)) {
    Sweeps Primal;
    Primal.Forward.push_back(C.assignResult(S.Var, C.Printer.printCall(Call)));
    Primal = savingPrimalWrites(Call, std::move(Primal));
    append(Result.Forward, Primal.Forward);
    append(Result.Reverse, Primal.Reverse);
    if (!Restore.empty())
      Result.Reverse.push_back(Restore);
    return Result;
  }
  if (!C.checkMemberAccess(Call, R))
    return Result;
  append(Result.Forward, C.buildLateObject(Call));

  // The callee takes its result's adjoint when it returns a plain value,
  // whatever the call makes of it: a discarded result, or one converted to
  // an int (a std::function<int(double)> holding a lambda returning
  // double), gives it a zero seed, and the callee's variant for unused
  // results ignores it.
  QualType Ret = Call->getType();
  QualType Returned = C.calleeReturnType(R);
  bool HasSeed = isPlainValue(Returned);
  bool Seeded = HasSeed && !Temp.empty() && isPlainValue(Ret) &&
                C.Activity.isVaried(S.Var);
  std::vector<ParamActivity> Acts;
  bool Unused = HasSeed && !Seeded;
  std::string Forward = C.callee(R, Mode::ForwardSweep, Acts, Unused);
  std::string Reverse = C.callee(R, Mode::ReverseSweep, Acts, Unused);
  std::vector<std::string> FwdArgs, RevArgs;
  Lines Rev, After;
  Rev.push_back("{");
  // Value arguments that read what the call changes, evaluated once: the
  // forward sweep records them after the call, the reverse sweep reads
  // them back before its own.
  Lines Lifted, Recorded, ReadBack;
  llvm::SmallVector<int, 8> Changed = readersOfChanges(Call);
  for (size_t I = 0; I < R.Args.size(); ++I) {
    const Expr *Arg = R.Args[I].E;
    std::string Primal = C.argText(R.Args[I]);
    QualType Value = R.Args[I].ParamType.getNonReferenceType();
    if (Arg && !R.Args[I].IsObject && !isIndirect(R.Args[I].ParamType) &&
        Value.isTriviallyCopyableType(C.Ctx) && readsAny(Arg, Changed)) {
      std::string Saved = C.freshTemp();
      std::string Type = C.Printer.typeName(Value.getUnqualifiedType());
      Lifted.push_back(Type + " " + Saved + " = " + Primal + ";");
      Recorded.push_back("_tape.push(" + Saved + ");");
      ReadBack.insert(ReadBack.begin(),
                      Type + " " + Saved + " = _tape.pop<" + Type + ">();");
      Primal = Saved;
    }
    FwdArgs.push_back(Primal);
    RevArgs.push_back(Primal);
    if (Acts[I] == ParamActivity::Duplicated) {
      FwdArgs.push_back(C.argShadow(R.Args[I]));
      RevArgs.push_back(C.argShadow(R.Args[I]));
    } else if (Acts[I] == ParamActivity::Active) {
      // The callee adds into the object's adjoint itself.
      RevArgs.push_back(R.Args[I].IsObject ? C.argShadow(R.Args[I])
                                           : adjointSlot(Arg, Rev, After,
                                                         R.Args[I].ParamType));
    }
  }
  if (!C.checkReturn(Call, S.Var))
    return Result;
  if (HasSeed)
    RevArgs.push_back(
        Seeded ? ExprPrinter::shadowName(Temp)
        : Returned->isRealFloatingType()
            ? std::string("0")
            : explicitZero(C.Printer, Returned)
                  .value_or(C.Printer.typeName(Returned.getUnqualifiedType()) +
                            "{}"));
  FwdArgs.push_back("_tape");
  RevArgs.push_back("_tape");
  std::string ForwardCall = (Temp.empty() ? "" : Temp + " = ") +
                            "::ddx_generated::" + Forward + "(" +
                            llvm::join(FwdArgs, ", ") + ");";
  if (Lifted.empty()) {
    Result.Forward.push_back(ForwardCall);
  } else {
    Result.Forward.push_back("{");
    append(Result.Forward, Lifted);
    Result.Forward.push_back(ForwardCall);
    append(Result.Forward, Recorded);
    Result.Forward.push_back("}");
    Rev.insert(Rev.begin() + 1, ReadBack.begin(), ReadBack.end());
  }
  Rev.push_back("::ddx_generated::" + Reverse + "(" +
                llvm::join(RevArgs, ", ") + ");");
  if (Seeded)
    Rev.push_back(ExprPrinter::shadowName(Temp) + " = " +
                  explicitZero(C.Printer, Ret).value_or("{}") + ";");
  if (!Restore.empty())
    Rev.push_back(Restore);
  append(Rev, After);
  Rev.push_back("}");
  Result.Reverse = std::move(Rev);
  return Result;
}

llvm::SmallVector<int, 8>
AdjointEmitter::readersOfChanges(const CallExpr *Call) const {
  llvm::SmallVector<int, 8> Readers;
  for (int Target : C.Pointers.changedBy(Call)) {
    auto Of = C.Pointers.readersOf(Target);
    Readers.append(Of.begin(), Of.end());
  }
  return Readers;
}

bool AdjointEmitter::readsAny(const clang::Stmt *E,
                              llvm::ArrayRef<int> Vars) const {
  if (!E || Vars.empty() || isa<LambdaExpr>(E))
    return false;
  if (isa<DeclRefExpr, CXXThisExpr>(E) &&
      llvm::is_contained(Vars, C.Printer.rootVar(cast<Expr>(E))))
    return true;
  return llvm::any_of(E->children(), [&](const clang::Stmt *Child) {
    return readsAny(Child, Vars);
  });
}

std::string AdjointEmitter::adjointSlot(const Expr *E, Lines &Decls,
                                        Lines &After, QualType Param) {
  const Expr *Plain = skipImplicit(E);
  QualType T = E->getType().getNonReferenceType().getUnqualifiedType();
  // (A callable bound through a std::function<double(double)> may take a
  // float: the conversion is not in the argument.)
  if (!Param.isNull() && T->isRealFloatingType() &&
      Param.getNonReferenceType()->isRealFloatingType())
    T = Param.getNonReferenceType().getUnqualifiedType();
  // The callee adds into a reference of its parameter's type: a variable of
  // another floating type (a double passed to a float parameter) gets a
  // temporary of the parameter's type, accumulated through the conversion.
  QualType VarType = Plain->getType().getNonReferenceType();
  if (C.Activity.isVaried(E) && isa<DeclRefExpr>(Plain) &&
      C.Printer.rootVar(Plain) >= 0 && T->isRealFloatingType() &&
      C.Ctx.hasSameUnqualifiedType(VarType, T))
    return C.Printer.shadow(Plain);
  std::string Adj = C.freshTemp();
  Decls.push_back(
      C.Printer.declare(shadowType(C.Ctx, T), Adj) + " = " +
      explicitZero(C.Printer, T, C.Printer.print(E)).value_or("{}") + ";");
  accumulate(E, Adj, After); // nothing for an inactive argument
  return Adj;
}

std::string AdjointEmitter::bind(const Expr *E, const std::string &Value,
                                 Lines &Out) {
  if (isSimple(Value))
    return Value;
  std::string Name = C.freshTemp();
  Out.push_back(C.Printer.typeName(E->getType().getUnqualifiedType()) + " " +
                Name + " = " + Value + ";");
  return Name;
}

void AdjointEmitter::accumulateRule(const CallExpr *Call,
                                    const std::string &Rule,
                                    const std::string &Seed, Lines &Out) {
  // A pushforward is linear in its tangents: the adjoint of argument I is the
  // pushforward with the seed in slot I and zeros elsewhere.
  std::string Args;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    Args += (I ? ", " : "") + C.Printer.print(Call->getArg(I));
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I);
    if (!C.Activity.isVaried(Arg))
      continue;
    std::string Tangents;
    for (unsigned J = 0; J < Call->getNumArgs(); ++J)
      Tangents += ", " + (J == I ? Seed : std::string("0"));
    std::string Value = Rule + "(" + Args + Tangents + ")";
    accumulate(Arg, bind(Arg, Value, Out), Out);
  }
}

void AdjointEmitter::accumulate(const Expr *E, const std::string &Seed,
                                Lines &Out) {
  if (Gathering)
    return accumulateTerms(E, Seed, Out);
  Gathering = true;
  accumulateTerms(E, Seed, Out);
  flushTerms(Out);
  Gathering = false;
}

void AdjointEmitter::addTerm(QualType T, const std::string &Dst,
                             const std::string &Src, Lines &Out) {
  T = T.getCanonicalType();
  // (Complex terms are added one by one: a std::complex<double> and a
  // std::complex<float> do not add.)
  if (!T->isRealFloatingType()) {
    flushTerms(Out);
    addInto(T, Dst, Src, Out);
    return;
  }
  auto *It = llvm::find_if(
      Terms, [&](const std::pair<std::string, std::string> &Term) {
        return Term.first == Dst;
      });
  bool Negated = Src.size() > 1 && Src[0] == '-' && isSimple(Src.substr(1));
  if (It == Terms.end())
    Terms.emplace_back(Dst, isSimple(Src) || Negated ? Src : wrap(Src));
  else if (Negated)
    It->second += " - " + Src.substr(1);
  else
    It->second += " + " + wrap(Src);
}

void AdjointEmitter::flushTerms(Lines &Out) {
  for (const auto &[Dst, Sum] : Terms)
    Out.push_back(Dst + " += " + Sum + ";");
  Terms.clear();
}

bool AdjointEmitter::accumulatePowers(const BinaryOperator *Product,
                                      const std::string &Seed, Lines &Out) {
  std::optional<Powers> Factors = repeatedPowers(C, Product);
  if (!Factors)
    return false;
  // d(c u^n v)/du = n c u^(n-1) v: one term per distinct factor, where the
  // product rule would give one per occurrence (n terms of n factors each)
  // that the compiler may not merge (floating-point).
  for (const Power &P : *Factors)
    if (C.Activity.isVaried(P.Base))
      accumulate(
          P.Base,
          bind(P.Base, Seed + " * (" + powerPartial(*Factors, P) + ")", Out),
          Out);
  return true;
}

void AdjointEmitter::accumulateTerms(const Expr *E, const std::string &Seed,
                                     Lines &Out) {
  // (A derived object converted to its base, `Cell c = porous;`, gets the
  // adjoint of the base's members only: the seed is a base.)
  QualType Seeded = E ? E->getType() : QualType();
  E = skipImplicit(E);
  if (!E || !C.Activity.isVaried(E))
    return;
  QualType T = Seeded->isRecordType() ? Seeded : E->getType();
  int Temp = C.Printer.tempOf(E);
  if (Temp >= 0) {
    addTerm(T, ExprPrinter::shadowName(C.Printer.varName(Temp)), Seed, Out);
    return;
  }
  if (isa<DeclRefExpr, ArraySubscriptExpr, MemberExpr>(E)) {
    addTerm(T, C.Printer.shadow(E), Seed, Out);
    return;
  }
  if (const Expr *Source = copiedFrom(E))
    return accumulate(Source, Seed, Out);
  if (auto *P = dyn_cast<ParenExpr>(E))
    return accumulate(P->getSubExpr(), Seed, Out);
  if (auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    return accumulate(Cast->getSubExpr(), Seed, Out);
  if (auto *Init = dyn_cast<InitListExpr>(E)) {
    // A struct built in place (Bell{k}): each member's adjoint goes to the
    // value that initialised it.
    unsigned I = 0;
    if (E->getType()->isArrayType())
      for (; I < Init->getNumInits(); ++I)
        accumulate(Init->getInit(I), wrap(Seed) + "[" + std::to_string(I) + "]",
                   Out);
    else if (auto *Record = E->getType()->getAsRecordDecl())
      for (const FieldDecl *F : Record->fields())
        if (I < Init->getNumInits())
          accumulate(Init->getInit(I++),
                     wrap(Seed) + "." + F->getNameAsString(), Out);
    return;
  }
  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Deref: // (a struct's adjoint is added member by member)
      addTerm(T, C.Printer.shadow(E), Seed, Out);
      return;
    case UO_Minus:
      return accumulate(U->getSubExpr(), "-" + wrap(Seed), Out);
    case UO_Plus:
      return accumulate(U->getSubExpr(), Seed, Out);
    default:
      return;
    }
  }
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    const Expr *LHS = B->getLHS(), *RHS = B->getRHS();
    std::string L = wrap(C.Printer.print(LHS));
    std::string R = wrap(C.Printer.print(RHS));
    std::string S = bind(E, Seed, Out);
    switch (B->getOpcode()) {
    case BO_Add:
      accumulate(LHS, S, Out);
      accumulate(RHS, S, Out);
      return;
    case BO_Sub:
      accumulate(LHS, S, Out);
      accumulate(RHS, "-" + S, Out);
      return;
    case BO_Mul:
      if (accumulatePowers(B, S, Out))
        return;
      if (C.Activity.isVaried(LHS))
        accumulate(LHS, bind(LHS, S + " * " + R, Out), Out);
      if (C.Activity.isVaried(RHS))
        accumulate(RHS, bind(RHS, L + " * " + S, Out), Out);
      return;
    case BO_Div:
      if (C.Activity.isVaried(LHS))
        accumulate(LHS, bind(LHS, S + " / " + R, Out), Out);
      if (C.Activity.isVaried(RHS))
        accumulate(
            RHS,
            bind(RHS, "-" + S + " * " + L + " / (" + R + " * " + R + ")", Out),
            Out);
      return;
    case BO_Comma:
      accumulate(RHS, S, Out);
      return;
    default:
      if (B->getType()->isRealFloatingType())
        C.Diags.error(B->getOperatorLoc(),
                      "ddx cannot differentiate the operator '" +
                          B->getOpcodeStr().str() +
                          "' with a floating-point result: it differentiates "
                          "+, -, *, / and the <cmath> functions; access a "
                          "member by name (s.x) instead of through a pointer "
                          "to member");
      return;
    }
  }
  if (auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    std::string S = bind(E, Seed, Out);
    flushTerms(Out);
    Out.push_back("if (" + C.Printer.print(Cond->getCond()->IgnoreParens()) +
                  ") {");
    accumulate(Cond->getTrueExpr(), S, Out);
    flushTerms(Out);
    Out.push_back("} else {");
    accumulate(Cond->getFalseExpr(), S, Out);
    flushTerms(Out);
    Out.push_back("}");
    return;
  }
  if (auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    if (Cast->getType()->isRealFloatingType())
      accumulate(Cast->getSubExpr(), Seed, Out);
    return;
  }
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Subscript || smartDereferenced(E)) {
      addTerm(T, C.Printer.shadow(E), Seed, Out);
      return;
    }
  }
  if (accessorObject(E)) {
    addTerm(T, C.Printer.shadow(E), Seed, Out);
    return;
  }
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    // A complex's parts take the real and imaginary parts of its adjoint.
    if (auto Parts = complexParts(Construct); !Parts.empty()) {
      std::string S = bind(E, Seed, Out);
      const char *Part[] = {"::std::real(", "::std::imag("};
      for (size_t I = 0; I < Parts.size(); ++I)
        if (C.Activity.isVaried(Parts[I]))
          accumulate(Parts[I], Part[I] + S + ")", Out);
      return;
    }
    if (const Expr *Sole = soleArgument(Construct))
      return accumulate(Sole, Seed, Out);
    // n copies of a value: the value's adjoint is the sum of the elements'.
    if (const Expr *Value = fillValue(Construct)) {
      std::string I = C.freshTemp();
      flushTerms(Out);
      Out.push_back("for (std::size_t " + I + " = 0; " + I + " < (" + Seed +
                    ").size(); ++" + I + ") {");
      accumulate(Value, "(" + Seed + ")[" + I + "]", Out);
      flushTerms(Out);
      Out.push_back("}");
      return;
    }
  }
  // A container built from braces: element I's adjoint is the seed's [I].
  if (auto *List = dyn_cast<CXXStdInitializerListExpr>(E))
    return accumulate(List->getSubExpr(), Seed, Out);
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    if (!C.checkCall(Call))
      return;
    CallBinding B = C.Rules.bind(Call);
    if (B.K == CallBinding::Kind::Rule)
      accumulateRule(Call, B.Pushforward, bind(E, Seed, Out), Out);
    return;
  }
  C.Diags.error(E->getExprLoc(), unsupportedMessage(E, C.Ctx));
}

} // namespace ddx
