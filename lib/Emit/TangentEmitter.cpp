//===- TangentEmitter.cpp -------------------------------------------------===//
#include "Emit/TangentEmitter.h"
#include "Emit/RuleCallEmitter.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"

#include "Support/Describe.h"
#include "Support/HeapCalls.h"
#include "Support/Spelling.h"

using namespace clang;

namespace ddx {

std::string targetText(const EmitContext &C, const Stmt &S) {
  if (S.Var >= 0)
    return applyPath(C.Printer.varName(S.Var), S.Path);
  return C.Printer.print(S.LValue);
}

std::optional<std::string> lateTarget(const EmitContext &C, const Stmt &S) {
  if (!S.Path.empty() || S.Op != BO_Assign || !C.Printer.inLateStorage(S.Var))
    return std::nullopt;
  return ExprPrinter::lateStorage(C.Printer.varName(S.Var));
}

std::string targetShadow(const EmitContext &C, const Stmt &S) {
  if (S.Var >= 0)
    return applyPath(ExprPrinter::shadowName(C.Printer.varName(S.Var)), S.Path);
  return C.Printer.shadow(S.LValue);
}

std::string inactivePointerShadow(EmitContext &C, const Stmt &S) {
  // (A pointer to what carries no derivative, an int behind a void*,
  // needs no shadow to point to.)
  QualType Pointee;
  if (S.Value) {
    // Before the conversions: to void* (which hides what it points to), or
    // from an array (which decays).
    QualType Source = skipImplicit(S.Value)->getType();
    Pointee = Source->isArrayType()
                  ? QualType(Source->getPointeeOrArrayElementType(), 0)
                  : Source->getPointeeType();
  }
  if (!S.Value ||
      S.Value->isNullPointerConstant(C.Ctx,
                                     Expr::NPC_ValueDependentIsNotNull) ||
      Pointee.isNull() || !isDifferentiableType(Pointee))
    return "nullptr";
  C.Diags.error(S.Value->getExprLoc(),
                "a pointer to memory without a shadow (a global, or an input "
                "passed without one) is stored in active data here; ddx "
                "would have no derivative storage for it");
  C.Diags.note(S.Value->getExprLoc(),
               "copy the values into a local, or pass the input with "
               "ddx::duplicated");
  return "nullptr";
}

std::string smartShadow(EmitContext &C, const Stmt &S) {
  if (S.Value && C.Activity.isVaried(S.Value))
    return C.Printer.shadow(S.Value);
  if (!S.Value || isNullSmartPointer(S.Value))
    return "nullptr";
  C.Diags.error(S.Value->getExprLoc(),
                "a smart pointer to memory without a shadow is stored in "
                "active data here; ddx would have no derivative storage for "
                "it");
  C.Diags.note(S.Value->getExprLoc(),
               "make the memory in the function ddx differentiates, with "
               "std::make_unique or std::make_shared");
  return "nullptr";
}

bool targetVaried(const EmitContext &C, const Stmt &S) {
  int Root = S.Var >= 0 ? S.Var : C.Printer.rootVar(S.LValue);
  return C.Activity.isVaried(Root) && isDifferentiableType(targetType(C, S));
}

QualType targetType(const EmitContext &C, const Stmt &S) {
  if (S.LValue)
    return S.LValue->getType();
  // Walk the element path: ".member" and "[index]" steps (brace elision
  // gives "._M_elems[1]" for a std::array).
  QualType T = C.IR.Vars[S.Var].Type;
  llvm::StringRef Path(S.Path);
  while (!Path.empty()) {
    // A container's last element (a Grow statement's).
    if (Path.consume_front(".back()")) {
      T = containerElement(T);
      if (T.isNull())
        return C.IR.Vars[S.Var].Type;
      continue;
    }
    if (Path.consume_front("[")) {
      Path = Path.drop_until([](char Ch) { return Ch == ']'; }).drop_front();
      T = QualType(T->getPointeeOrArrayElementType(), 0);
      continue;
    }
    if (Path.consume_front("<")) {
      unsigned I = 0;
      Path.consumeInteger(10, I);
      Path.consume_front(">");
      auto Types = tupleElementTypes(T);
      if (I >= Types.size())
        return C.IR.Vars[S.Var].Type;
      T = Types[I];
      continue;
    }
    Path.consume_front(".");
    llvm::StringRef Name = Path.take_until(
        [](char Ch) { return Ch == '.' || Ch == '[' || Ch == '<'; });
    Path = Path.drop_front(Name.size());
    const FieldDecl *Found = fieldNamed(T->getAsCXXRecordDecl(), Name);
    if (!Found)
      return C.IR.Vars[S.Var].Type;
    // (A reference member names what it refers to.)
    T = Found->getType().getNonReferenceType();
  }
  return T;
}

std::optional<std::string> shadowSwap(const EmitContext &C, const Stmt &S) {
  auto Swap = *containerSwapOf(S.Call);
  // (The analysis gives both containers a shadow, or neither.)
  if (!C.Activity.isVaried(Swap.First))
    return std::nullopt;
  return "::std::swap(" + C.Printer.shadow(Swap.First) + ", " +
         C.Printer.shadow(Swap.Second) + ");";
}

bool isContainer(QualType T) {
  auto *Record = T->getAsCXXRecordDecl();
  // (A smart pointer's shadow is a pointer's, not one of its shape.)
  return Record && Record->hasDefinition() && !Record->isAggregate() &&
         Record->isInStdNamespace() && !isSmartPointer(T);
}

QualType containerElement(QualType T) {
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || !isContainer(T) || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      Spec->lookup(&Spec->getASTContext().Idents.get("size")).empty())
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

bool lacksZero(QualType T) {
  const CXXRecordDecl *R = T->getAsCXXRecordDecl();
  return R && R->hasDefinition() && !R->hasDefaultConstructor() &&
         !T.isTriviallyCopyableType(R->getASTContext());
}

std::optional<std::string> explicitZero(const ExprPrinter &Printer, QualType T,
                                        llvm::StringRef Like) {
  if (!hasDefaultedValues(T))
    return std::nullopt;
  // (Cleared member by member: see InstanceBuilder::collectMemberZeroings.)
  std::string Name = Printer.typeName(T.getUnqualifiedType());
  if (lacksZero(T) && !Like.empty())
    return "::ddx::zero_like<" + Name + ">(" + Like.str() + ")";
  const ASTContext &Ctx = Printer.context();
  if (T->isRecordType() && !T.isTriviallyCopyableType(Ctx))
    if (auto Clear = memberwiseZero(Printer, T, "z"))
      return "[] {\n" + Name + " z{};\n" + llvm::join(*Clear, "\n") +
             "\nreturn z;\n}()";
  return "::ddx::zero<" + Name + ">()";
}

std::optional<std::vector<std::string>>
memberwiseZero(const ExprPrinter &Printer, QualType T,
               const std::string &Object) {
  const ASTContext &Ctx = Printer.context();
  auto *R = T->getAsCXXRecordDecl();
  // (A class without a default constructor: its copy in late storage.)
  if (!R || !R->hasDefinition() ||
      (!R->hasDefaultConstructor() && !needsLateStorage(T)) ||
      R->isInStdNamespace())
    return std::nullopt;
  std::vector<std::string> Out;
  for (const CXXBaseSpecifier &Base : R->bases()) {
    auto Inner = Base.isVirtual() || Base.getAccessSpecifier() != AS_public
                     ? std::nullopt
                     : memberwiseZero(Printer, Base.getType(), Object);
    if (!Inner)
      return std::nullopt;
    Out.insert(Out.end(), Inner->begin(), Inner->end());
  }
  for (const FieldDecl *F : R->fields()) {
    QualType FT = F->getType();
    // (A pointer's shadow keeps what value initialisation gave it.)
    if (!isDifferentiableType(FT) || FT->isPointerType())
      continue;
    if (F->getAccess() != AS_public || F->getName().empty() ||
        FT.isConstQualified() || FT->isReferenceType())
      return std::nullopt;
    std::string Member = Object + "." + F->getNameAsString();
    if (FT->isRealFloatingType()) {
      Out.push_back(Member + " = 0;");
    } else if (FT.isTriviallyCopyableType(Ctx)) { // (also an array of such)
      Out.push_back("::ddx::set_zero(" + Member + ");");
    } else if ((isContainer(FT) && !containerElement(FT).isNull()) ||
               isStdTuple(FT)) {
      // (A sized container, or a tuple of them: std::pair is none.)
      Out.push_back(Member + " = ::ddx::zeros_like(" + Member + ");");
    } else if (auto Inner = memberwiseZero(Printer, FT, Member)) {
      Out.insert(Out.end(), Inner->begin(), Inner->end());
    } else {
      return std::nullopt;
    }
  }
  return Out;
}

std::string declareZero(const ExprPrinter &Printer, QualType T,
                        llvm::StringRef Name) {
  if (needsLateStorage(T)) {
    std::string Type = Printer.typeName(T);
    // (The reference may go unused where only its storage is named.)
    return "::ddx::late<" + Type + "> " + ExprPrinter::lateStorage(Name) +
           ";\n[[maybe_unused]] " + Type + " &" + Name.str() + " = " +
           ExprPrinter::lateStorage(Name) + ".object();\n";
  }
  if (needsZeroedStorage(T)) {
    std::string Type = Printer.typeName(T);
    return "::ddx::zeroed<" + Type + "> _zeroed_" + Name.str() +
           ";\n[[maybe_unused]] " + Type + " &" + Name.str() + " = _zeroed_" +
           Name.str() + ".object();\n";
  }
  std::string Declaration = Printer.declare(T, Name.str());
  if (!hasDefaultedValues(T))
    return Declaration + "{};\n";
  if (T->isArrayType())
    return Declaration + "{};\n::ddx::set_zero(" + Name.str() + ");\n";
  return Declaration + " = " + *explicitZero(Printer, T) + ";\n";
}

/// Whether generated code can copy a T and assign it back (what the tape
/// does with an object): no deleted or missing copy, no const or reference
/// member, none of the standard library's move-only or unique classes
/// (through a container's element type too).
static bool isCopyable(QualType T, const ASTContext &Ctx, unsigned Depth,
                       bool Built = false) {
  T = Ctx.getBaseElementType(T.getNonReferenceType());
  if (T.isTriviallyCopyableType(Ctx))
    return true;
  auto *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition() || Depth > 8 || (needsLateStorage(T) && !Built))
    return false;
  if (R->isInStdNamespace()) {
    const IdentifierInfo *Name = R->getIdentifier();
    if (!Name ||
        llvm::is_contained({"unique_ptr", "mutex", "recursive_mutex", "atomic",
                            "thread", "promise", "future", "basic_ifstream",
                            "basic_ofstream", "basic_fstream",
                            "basic_istringstream", "basic_ostringstream",
                            "basic_stringstream", "condition_variable"},
                           Name->getName()))
      return false;
    auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(R);
    return !Spec ||
           llvm::all_of(Spec->getTemplateArgs().asArray(),
                        [&](const TemplateArgument &A) {
                          return A.getKind() != TemplateArgument::Type ||
                                 isCopyable(A.getAsType(), Ctx, Depth + 1);
                        });
  }
  for (const CXXMethodDecl *M : R->methods())
    if ((M->isCopyAssignmentOperator() || isa<CXXConstructorDecl>(M)) &&
        M->isDeleted() &&
        (M->isCopyAssignmentOperator() ||
         cast<CXXConstructorDecl>(M)->isCopyConstructor()))
      return false;
  return llvm::all_of(R->bases(),
                      [&](const CXXBaseSpecifier &B) {
                        return isCopyable(B.getType(), Ctx, Depth + 1);
                      }) &&
         llvm::all_of(R->fields(), [&](const FieldDecl *F) {
           return !F->getType().isConstQualified() &&
                  !F->getType()->isReferenceType() &&
                  isCopyable(F->getType(), Ctx, Depth + 1);
         });
}

bool isTapeable(QualType T, const ASTContext &Ctx, bool Built) {
  // (The tape takes a std::unique_ptr's memory, see ddx::tape::push.)
  if (T.isTriviallyCopyableType(Ctx) || isSmartPointer(T))
    return true;
  // (An array of objects: the tape holds single objects.)
  return !T->isArrayType() && isCopyable(T, Ctx, 0, Built);
}

std::optional<Lines> zeroedCopy(const EmitContext &C, const Stmt &S,
                                QualType T) {
  std::string D = targetShadow(C, S);
  std::optional<Lines> Zero = memberwiseZero(C.Printer, T, D);
  if (!Zero)
    return std::nullopt;
  std::string Target = targetText(C, S);
  Lines Out = {lateTarget(C, S)
                   ? ExprPrinter::lateStorage(D) + ".assign(" + Target + ");"
                   : D + " = " + Target + ";"};
  llvm::append_range(Out, *Zero);
  return Out;
}

void reportUnshapedCopy(EmitContext &C, const Stmt &S, QualType T) {
  C.Diags.error(S.Loc, "ddx cannot copy a whole '" + userTypeName(T, C.Ctx) +
                           "' yet: it holds a container, and its derivative "
                           "is a copy of it with every member set to zero, "
                           "which needs members it can name (public, not "
                           "const)");
  C.Diags.note(S.Loc, "make the members public, or copy or build them one "
                      "by one");
}

std::string primalAssign(const EmitContext &C, const Stmt &S) {
  std::string Target = targetText(C, S);
  if (auto Late = lateTarget(C, S); Late && S.Value)
    return *Late + ".assign(" + C.Printer.print(S.Value) + ");";
  if (!S.Value) {
    if (S.Op == BO_Assign)
      return Target + " = {};";
    return Target + (S.Op == BO_AddAssign ? " += 1;" : " -= 1;");
  }
  return Target + " " + BinaryOperator::getOpcodeStr(S.Op).str() + " " +
         C.Printer.print(S.Value) + ";";
}

void TangentEmitter::emit(const Block &B, Lines &Out) {
  for (const Stmt &S : B) {
    switch (S.K) {
    case Stmt::Kind::Assign:
      emitAssign(S, Out);
      break;
    case Stmt::Kind::Call:
      emitCall(S, Out);
      break;
    case Stmt::Kind::Eval:
      if (S.Free && C.Activity.isVaried(S.Value))
        Out.push_back(shadowFree(C, S));
      if (S.Memory)
        emitMemoryCall(S, Out);
      if (S.Swap)
        if (std::optional<std::string> Shadows = shadowSwap(C, S))
          Out.push_back(*Shadows);
      Out.push_back(C.Printer.print(S.Call) + ";");
      break;
    case Stmt::Kind::Raw:
      Out.push_back(S.Text);
      break;
    case Stmt::Kind::If:
      Out.push_back("if (" + S.Cond + ") {");
      emit(S.Then, Out);
      if (!S.Else.empty()) {
        Out.push_back("} else {");
        emit(S.Else, Out);
      }
      Out.push_back("}");
      break;
    case Stmt::Kind::Loop:
      Out.push_back(S.TestFirst ? "while (" + S.Cond + ") {" : "do {");
      emit(S.Then, Out);
      emit(S.Else, Out);
      Out.push_back(S.TestFirst ? "}" : "} while (" + S.Cond + ");");
      break;
    }
  }
}

std::string growthZero(const EmitContext &C, const Stmt &S) {
  QualType T = targetType(C, S);
  std::string Like = S.Value ? C.Printer.print(S.Value) : "";
  // (An element holding containers: zeros of the shape it comes in.)
  // (The type spelled: Like may be a brace list, `push_back({m, {a, b}})`.)
  if (!Like.empty() && (isContainer(T) || holdsContainer(T)))
    return "::ddx::zeros_like<" + C.Printer.typeName(T.getUnqualifiedType()) +
           ">(" + Like + ")";
  return explicitZero(C.Printer, T, Like).value_or("{}");
}

std::pair<std::string, std::string> shapedContainer(const EmitContext &C,
                                                    const Stmt &S) {
  std::string Name = C.Printer.varName(S.Var);
  llvm::StringRef Member(S.Path);
  Member.consume_back(".back()"); // a Grow statement's new element
  return {applyPath(Name, Member),
          applyPath(ExprPrinter::shadowName(Name), Member)};
}

std::string grownPointerShadow(EmitContext &C, const Stmt &S) {
  return S.Value && C.Activity.isVaried(S.Value)
             ? C.Printer.shadowPointer(S.Value)
             : inactivePointerShadow(C, S);
}

/// An allocation's text, handed to the smart pointer that owns it if the
/// target is one (`std::unique_ptr<T>(new T(...))`).
static std::string owned(const EmitContext &C, const Stmt &S,
                         const Allocation &A, std::string Text) {
  if (A.Owner.isNull() || !isSmartPointer(targetType(C, S)))
    return Text;
  return C.Printer.typeName(A.Owner) + "(" + Text + ")";
}

std::string primalAllocation(const EmitContext &C, const Stmt &S) {
  Allocation A = *allocationOf(S.Value);
  return targetText(C, S) + " = " +
         owned(C, S, A,
               A.New ? printNew(A.New, C.Printer,
                                !C.IR.ValuesWrittenApart.contains(A.New))
                     : C.Printer.print(S.Value)) +
         ";";
}

std::string shadowAllocation(const EmitContext &C, const Stmt &S) {
  Allocation A = *allocationOf(S.Value);
  std::optional<std::string> Zero;
  if (A.New)
    Zero = explicitZero(C.Printer, A.Element);
  return owned(C, S, A,
               zeroedAllocation(A, C.Printer,
                                shadowType(C.Ctx, targetType(C, S)), Zero));
}

Lines allocationWithShadow(const EmitContext &C, const Stmt &S, bool Varied) {
  std::string Primal = primalAllocation(C, S);
  if (!Varied)
    return {Primal};
  std::string Shadow = targetShadow(C, S);
  Allocation A = *allocationOf(S.Value);
  QualType T = A.New ? A.New->getAllocatedType() : QualType();
  // An object the constructor builds (no default constructor to make a
  // zero with): its shadow is a copy of it with every member zero, as for
  // an object in late storage. (Zero bytes need no constructor; a class
  // whose members cannot be named is refused before: checkZeroableShadows.)
  std::optional<Lines> Zero;
  if (A.New && builtByConstructor(A.New) && !T.isTriviallyCopyableType(C.Ctx))
    Zero = memberwiseZero(C.Printer, T, "(*" + Shadow + ")");
  if (!Zero)
    return {Shadow + " = " + shadowAllocation(C, S) + ";", Primal};
  Lines Out = {Primal,
               Shadow + " = " +
                   owned(C, S, A,
                         "new " + C.Printer.typeName(T.getUnqualifiedType()) +
                             "(*" + targetText(C, S) + ")") +
                   ";"};
  llvm::append_range(Out, *Zero);
  return Out;
}

std::string shadowMemoryCall(const EmitContext &C, const MemoryCall &M,
                             const std::string &Bytes, bool Adjoint) {
  std::string Dest = C.Printer.shadowPointer(M.Dest);
  if (!M.Source || !C.Activity.reachesVaried(M.Source))
    return "::ddx::zero_bytes(" + Dest + ", " + Bytes + ");";
  std::string Source = C.Printer.shadowPointer(M.Source);
  if (Adjoint)
    return "::ddx::copy_adjoint(" + Dest + ", " + Source + ", " + Bytes + ");";
  return C.Printer.calleeText(M.Call) + "(" + Dest + ", " + Source + ", " +
         Bytes + ");";
}

std::string shadowFree(const EmitContext &C, const Stmt &S) {
  return freeStatement(deallocationOf(S.Call)->Family,
                       C.Printer.shadowPointer(S.Value));
}

std::string shadowGrowth(const EmitContext &C, const Stmt &S,
                         const std::string &Element) {
  auto [Name, Shadow] = shapedContainer(C, S);
  std::string Resize =
      lacksZero(targetType(C, S))
          ? "::ddx::resize_like(" + Shadow + ", " + Name + ");\n"
          : Shadow + ".resize(" + Name + ".size(), " + growthZero(C, S) +
                ");\n";
  return Resize + Shadow + ".push_back(" + Element + ");";
}

std::string reshapedShadow(const EmitContext &C, const Stmt &S) {
  auto [Name, Shadow] = shapedContainer(C, S);
  QualType Element = containerElement(targetType(C, S));
  // (Rows of a vector of vectors come back with their own sizes.)
  if (!Element.isNull() && isContainer(Element))
    return "::ddx::reshape_like(" + Shadow + ", " + Name + ");";
  return Shadow + ".resize(" + Name + ".size(), " +
         (Element.isNull() ? std::string("{}")
                           : explicitZero(C.Printer, Element).value_or("{}")) +
         ");";
}

std::string primalReshape(const EmitContext &C, const Stmt &S) {
  if (S.Call)
    return C.Printer.print(S.Call) + ";";
  return shapedContainer(C, S).first +
         (S.Value ? ".resize(" + C.Printer.print(S.Value) + ");" : ".clear();");
}

llvm::StringRef shapeMethod(const Stmt &S) {
  auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(S.Call);
  const CXXMethodDecl *M = Call ? Call->getMethodDecl() : nullptr;
  return M && M->getIdentifier() ? M->getName() : "";
}

std::string elementZero(const EmitContext &C, const Stmt &S) {
  QualType Element = containerElement(targetType(C, S));
  return Element.isNull() ? std::string("{}")
                          : explicitZero(C.Printer, Element)
                                .value_or(C.Printer.typeName(Element) + "{}");
}

std::string shadowShapeCall(EmitContext &C, const Stmt &S,
                            const std::string &Element) {
  auto *Call = cast<CXXMemberCallExpr>(S.Call);
  llvm::StringRef Method = shapeMethod(S);
  if (Method == "pop_back")
    return reshapedShadow(C, S);
  std::string Shadow = shapedContainer(C, S).second;
  // (A position is printed on the shadow: _d_w.begin() + k; a count as it
  // is.)
  std::vector<std::string> Args;
  for (const Expr *Arg : Call->arguments()) {
    if (Arg == S.Value)
      Args.push_back(Element);
    else if (Method == "assign")
      Args.push_back(C.Printer.print(Arg));
    else
      Args.push_back(C.Printer.shadow(Arg));
  }
  return Shadow + "." + Method.str() + "(" + llvm::join(Args, ", ") + ");";
}

void TangentEmitter::emitMemoryCall(const Stmt &S, Lines &Out) {
  MemoryCall M = *memoryCallOf(S.Call);
  if (C.Activity.isVaried(C.Printer.rootVar(M.Dest)))
    Out.push_back(shadowMemoryCall(C, M, C.Printer.print(M.Bytes), false));
}

void TangentEmitter::emitAssign(const Stmt &S, Lines &Out) {
  if (S.Allocate) {
    llvm::append_range(Out, allocationWithShadow(C, S, targetVaried(C, S)));
    return;
  }
  if (S.Reshape && S.Call) {
    // The same call on the shadow, with the element's tangent, before the
    // primal (whose positions and element read the container as it was);
    // pop_back's shadow follows the size after.
    bool Varied = targetVaried(C, S);
    if (Varied && shapeMethod(S) != "pop_back") {
      std::string Element =
          S.Value ? tangent(S.Value).value_or(elementZero(C, S)) : "";
      Out.push_back(shadowShapeCall(C, S, Element));
    }
    Out.push_back(primalReshape(C, S));
    if (Varied && shapeMethod(S) == "pop_back")
      Out.push_back(reshapedShadow(C, S));
    return;
  }
  if (S.Reshape) {
    // The shadow takes the new size (new elements zero) after the primal,
    // whose size expression may read it.
    Out.push_back(primalReshape(C, S));
    if (targetVaried(C, S))
      Out.push_back(reshapedShadow(C, S));
    return;
  }
  if (S.Grow) {
    // The new element's value and tangent read the container as it was.
    if (targetVaried(C, S))
      Out.push_back(
          shadowGrowth(C, S,
                       targetType(C, S)->isPointerType()
                           ? grownPointerShadow(C, S)
                           : tangent(S.Value).value_or(growthZero(C, S))));
    Out.push_back(shapedContainer(C, S).first + ".push_back(" +
                  C.Printer.print(S.Value) + ");");
    return;
  }
  if (targetVaried(C, S)) {
    std::string D = targetShadow(C, S);
    QualType T = targetType(C, S).getCanonicalType();
    if (isSmartPointer(T)) {
      // (Its shadow moves with it, as a pointer's does.)
      Out.push_back(D + " = " + smartShadow(C, S) + ";");
    } else if (T->isPointerType() && S.Op != BO_Assign) {
      Out.push_back(D + " " + BinaryOperator::getOpcodeStr(S.Op).str() + " " +
                    (S.Value ? C.Printer.print(S.Value) : std::string("1")) +
                    ";");
    } else if (T->isPointerType()) {
      Out.push_back(D + " = " +
                    (S.Value && C.Activity.isVaried(S.Value)
                         ? C.Printer.shadowPointer(S.Value)
                         : inactivePointerShadow(C, S)) +
                    ";");
    } else if (!T->isRealFloatingType() && !isStdComplex(T)) {
      // A whole struct, array or container: copy the shadow along with the
      // value; a new container's shadow has its shape and zeros. (A
      // std::complex is a scalar: its tangent obeys the same algebra.)
      if (!(S.Value && C.Activity.isVaried(S.Value)) && isContainer(T)) {
        Out.push_back(primalAssign(C, S));
        Out.push_back(D + " = ::ddx::zeros_like(" + targetText(C, S) + ");");
        return;
      }
      // (A struct holding one: a zeroed copy, with the containers' shapes.)
      if (!(S.Value && C.Activity.isVaried(S.Value)) && holdsContainer(T)) {
        std::optional<Lines> Shaped = zeroedCopy(C, S, T);
        if (!Shaped)
          return reportUnshapedCopy(C, S, T);
        Out.push_back(primalAssign(C, S));
        llvm::append_range(Out, *Shaped);
        return;
      }
      std::optional<std::string> DV = S.Value ? tangent(S.Value) : std::nullopt;
      if (auto Late = lateTarget(C, S)) {
        // (Built as the value's tangent, or as a zeroed copy of the value.)
        std::optional<Lines> Zero = memberwiseZero(C.Printer, T, D);
        if (!DV && !Zero) {
          C.Diags.error(S.Loc,
                        "ddx cannot differentiate this assignment of "
                        "a whole '" +
                            userTypeName(T, C.Ctx) +
                            "' yet: the class has no default constructor, "
                            "and its members are not all public");
          return;
        }
        Out.push_back(ExprPrinter::lateStorage(D) + ".assign(" +
                      DV.value_or(C.Printer.print(S.Value)) + ");");
        if (!DV)
          llvm::append_range(Out, *Zero);
      } else {
        if (!DV)
          DV = explicitZero(C.Printer, T, targetText(C, S));
        Out.push_back(D + " = " + DV.value_or("{}") + ";");
      }
    } else {
      std::optional<std::string> DV = S.Value ? tangent(S.Value) : std::nullopt;
      std::string V = S.Value ? wrap(C.Printer.print(S.Value)) : "";
      std::string Old = targetText(C, S);
      switch (S.Op) {
      case BO_Assign:
        Out.push_back(D + " = " + DV.value_or("0") + ";");
        break;
      case BO_AddAssign:
        if (DV)
          Out.push_back(D + " += " + *DV + ";");
        break;
      case BO_SubAssign:
        if (DV)
          Out.push_back(D + " -= " + wrap(*DV) + ";");
        break;
      case BO_MulAssign:
        Out.push_back(D + " = " + D + " * " + V +
                      (DV ? " + " + Old + " * " + wrap(*DV) : "") + ";");
        break;
      case BO_DivAssign:
        Out.push_back(D + " = (" + D +
                      (DV ? " - " + Old + " / " + V + " * " + wrap(*DV) : "") +
                      ") / " + V + ";");
        break;
      default:
        C.Diags.error(S.Loc,
                      "ddx cannot differentiate the compound assignment '" +
                          std::string(BinaryOperator::getOpcodeStr(S.Op)) +
                          "' of a floating-point value; write it as 'x = x op "
                          "e' with +, -, * or /");
      }
    }
  }
  Out.push_back(primalAssign(C, S));
}

void TangentEmitter::emitCall(const Stmt &S, Lines &Out) {
  auto *Call = cast<CallExpr>(S.Call);
  CallBinding Binding = C.Rules.bind(Call);
  if (Binding.isStatementRule()) {
    RuleCallEmitter(C, Binding, S).emitTangent(*this, Out);
    return;
  }
  std::string Result = S.Var >= 0 ? C.Printer.varName(S.Var) : "";
  EmitContext::ResolvedCall R;
  if (!C.resolve(Call, R, S.Candidate))
    return;
  if (C.staysPrimal(R, Call)) {
    Out.push_back(C.assignResult(S.Var, C.Printer.printCall(Call)));
    return;
  }
  if (!C.checkMemberAccess(Call, R))
    return;
  llvm::append_range(Out, C.buildLateObject(Call));
  std::vector<ParamActivity> Acts;
  std::string Name = C.callee(R, Mode::Tangent, Acts);
  std::vector<std::string> Args;
  for (size_t I = 0; I < R.Args.size(); ++I) {
    const Expr *Arg = R.Args[I].E;
    Args.push_back(C.argText(R.Args[I]));
    if (Acts[I] == ParamActivity::Active)
      Args.push_back(R.Args[I].IsObject ? C.argShadow(R.Args[I])
                                        : tangent(Arg).value_or("0"));
    else if (Acts[I] == ParamActivity::Duplicated)
      Args.push_back(C.argShadow(R.Args[I]));
  }
  std::string CallText =
      "::ddx_generated::" + Name + "(" + llvm::join(Args, ", ") + ")";
  if (!C.checkReturn(Call, S.Var))
    return;
  QualType Ret = Call->getType();
  if (Result.empty() || !isPlainValue(Ret)) {
    // (A value converted to a type without a derivative keeps its value.)
    bool Dual = !Result.empty() && isPlainValue(C.calleeReturnType(R));
    Out.push_back((Result.empty() ? "" : Result + " = ") + CallText +
                  (Dual ? ".value" : "") + ";");
    return;
  }
  std::string T = C.freshTemp();
  Out.push_back("{");
  Out.push_back("auto " + T + " = " + CallText + ";");
  if (C.Activity.isVaried(S.Var))
    Out.push_back(ExprPrinter::shadowName(Result) + " = " + T + ".tangent;");
  Out.push_back(Result + " = " + T + ".value;");
  Out.push_back("}");
}

std::optional<std::string>
TangentEmitter::ruleTangent(const CallExpr *Call, const std::string &Rule) {
  std::string Args, Tangents;
  bool Any = false;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    Args += (I ? ", " : "") + C.Printer.print(Call->getArg(I));
    std::optional<std::string> T = tangent(Call->getArg(I));
    Any |= T.has_value();
    Tangents += ", " + T.value_or("0");
  }
  if (!Any)
    return std::nullopt;
  return Rule + "(" + Args + Tangents + ")";
}

std::optional<std::string>
TangentEmitter::tangentOfPowers(llvm::ArrayRef<Power> Factors) {
  // d(c u^n v) = n c u^(n-1) v du + c u^n dv: one term per distinct factor.
  llvm::SmallVector<std::string, 4> Terms;
  for (const Power &P : Factors)
    if (std::optional<std::string> T = tangent(P.Base))
      Terms.push_back(wrap(*T) + " * (" + powerPartial(Factors, P) + ")");
  if (Terms.empty())
    return std::nullopt; // (after an error in a factor)
  return llvm::join(Terms, " + ");
}

std::optional<std::string> TangentEmitter::tangent(const Expr *E) {
  E = skipImplicit(E);
  if (!E || !C.Activity.isVaried(E))
    return std::nullopt;
  int Temp = C.Printer.tempOf(E);
  if (Temp >= 0)
    return ExprPrinter::shadowName(C.Printer.varName(Temp));
  if (isa<DeclRefExpr, ArraySubscriptExpr, MemberExpr>(E))
    return C.Printer.shadow(E);
  if (auto *P = dyn_cast<ParenExpr>(E)) {
    auto T = tangent(P->getSubExpr());
    return T ? std::optional<std::string>(wrap(*T)) : std::nullopt;
  }
  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    auto T = tangent(U->getSubExpr());
    switch (U->getOpcode()) {
    case UO_Deref:
      return C.Printer.shadow(E);
    case UO_Minus:
      return T ? std::optional<std::string>("-" + wrap(*T)) : std::nullopt;
    case UO_Plus:
      return T;
    default:
      return std::nullopt;
    }
  }
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Mul)
      if (std::optional<Powers> Factors = repeatedPowers(C, B))
        return tangentOfPowers(*Factors);
    auto TL = tangent(B->getLHS());
    auto TR = tangent(B->getRHS());
    if (!TL && !TR)
      return std::nullopt; // (after an error in an operand)
    std::string L = wrap(C.Printer.print(B->getLHS()));
    std::string R = wrap(C.Printer.print(B->getRHS()));
    switch (B->getOpcode()) {
    case BO_Add:
      if (TL && TR)
        return *TL + " + " + *TR;
      return TL ? TL : TR;
    case BO_Sub:
      if (TL && TR)
        return *TL + " - " + wrap(*TR);
      if (TL)
        return TL;
      return "-" + wrap(*TR);
    case BO_Mul:
      if (TL && TR)
        return wrap(*TL) + " * " + R + " + " + L + " * " + wrap(*TR);
      if (TL)
        return wrap(*TL) + " * " + R;
      return L + " * " + wrap(*TR);
    case BO_Div:
      if (TR)
        return "(" + (TL ? *TL : std::string("0")) + " - " + L + " / " + R +
               " * " + wrap(*TR) + ") / " + R;
      return wrap(*TL) + " / " + R;
    case BO_Comma:
      return TR;
    default:
      if (B->getType()->isRealFloatingType())
        C.Diags.error(B->getOperatorLoc(),
                      "ddx cannot differentiate the operator '" +
                          B->getOpcodeStr().str() +
                          "' with a floating-point result: it differentiates "
                          "+, -, *, / and the <cmath> functions; access a "
                          "member by name (s.x) instead of through a pointer "
                          "to member");
      return std::nullopt;
    }
  }
  if (auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    auto TT = tangent(Cond->getTrueExpr());
    auto TF = tangent(Cond->getFalseExpr());
    return C.Printer.print(Cond->getCond()) + " ? " + wrap(TT.value_or("0")) +
           " : " + wrap(TF.value_or("0"));
  }
  if (auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E);
      Cast && isa<InitListExpr>(skipImplicit(Cast->getSubExpr())))
    return tangent(Cast->getSubExpr());
  if (auto *Init = dyn_cast<InitListExpr>(E)) {
    // A struct or array built in place: its tangent is built from the
    // members' (a nested list needs no type name, and an array cannot have
    // one).
    std::vector<std::string> Members;
    for (const Expr *Member : Init->inits())
      Members.push_back(tangent(Member).value_or(
          Member->getType()->isScalarType()
              ? "0"
              : explicitZero(C.Printer, Member->getType()).value_or("{}")));
    std::string List = "{" + llvm::join(Members, ", ") + "}";
    if (E->getType()->isArrayType())
      return List;
    return C.Printer.typeName(E->getType().getUnqualifiedType()) + List;
  }
  if (const Expr *Source = copiedFrom(E))
    return tangent(Source);
  if (auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    auto T = tangent(Cast->getSubExpr());
    if (!T)
      return std::nullopt;
    if (Cast->getType()->isRealFloatingType())
      return "static_cast<" + C.Printer.typeName(Cast->getType()) + ">(" + *T +
             ")";
    // `V(v)`, `V(2 * a)`: an object built by a constructor, whose tangent
    // its operand gave.
    if (!Cast->getType()->isRecordType())
      return std::nullopt; // (a pointer's shadow is followed elsewhere)
    if (isa<CXXConstructExpr>(skipImplicit(Cast->getSubExpr())))
      return T;
    C.Diags.error(E->getExprLoc(), unsupportedMessage(E, C.Ctx));
    return std::nullopt;
  }
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Subscript || smartDereferenced(E))
      return C.Printer.shadow(E);
  }
  if (accessorObject(E))
    return C.Printer.shadow(E);
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (auto Parts = complexParts(Construct); !Parts.empty()) {
      std::string Text =
          C.Printer.typeName(Construct->getType().getUnqualifiedType()) + "(";
      for (size_t I = 0; I < Parts.size(); ++I)
        Text += (I ? ", " : "") + tangent(Parts[I]).value_or("0");
      return Text + ")";
    }
    if (const Expr *Sole = soleArgument(Construct))
      return tangent(Sole);
    // n copies of a value: n copies of its tangent.
    if (const Expr *Value = fillValue(Construct)) {
      std::optional<std::string> T = tangent(Value);
      if (!T)
        return std::nullopt;
      return C.Printer.typeName(Construct->getType().getUnqualifiedType()) +
             "(" + C.Printer.print(Construct->getArg(0)) + ", " + *T + ")";
    }
  }
  // A container built from braces: the shadow from the elements' tangents.
  if (auto *List = dyn_cast<CXXStdInitializerListExpr>(E))
    return tangent(List->getSubExpr());
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    if (!C.checkCall(Call))
      return std::nullopt;
    CallBinding B = C.Rules.bind(Call);
    if (B.K == CallBinding::Kind::Rule)
      return ruleTangent(Call, B.Pushforward);
    return std::nullopt;
  }
  C.Diags.error(E->getExprLoc(), unsupportedMessage(E, C.Ctx));
  return std::nullopt;
}

} // namespace ddx
