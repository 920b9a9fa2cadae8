//===- Declarations.cpp
//-----------------------------------------------------===//
//
// Locals, structured bindings and objects: declarations, initialisation
// member by member, constructions, bases and growing containers.
//
//===----------------------------------------------------------------------===//
#include "Activity/ActivityAnalysis.h"
#include "Lowering/BodyLowerer.h"

namespace ddx {
namespace lowering {

void BodyLowerer::lowerDecl(const VarDecl *VD, Block &Out) {
  if (auto *DD = dyn_cast<DecompositionDecl>(VD))
    return lowerDecomposition(DD, Out);
  lowerLocal(VD, VD->getName(), Out);
}

void BodyLowerer::lowerDecomposition(const DecompositionDecl *DD, Block &Out) {
  if (!isDecomposable(DD))
    return;
  std::string Name;
  for (const BindingDecl *B : DD->bindings())
    Name += "_" + B->getName().str();
  lowerLocal(DD, Name, Out);
  if (IR.VarOf.count(DD))
    addBindings(DD);
}

bool BodyLowerer::isDecomposable(const DecompositionDecl *DD) {
  // A tuple-like type (std::pair, std::tuple, std::array) binds through
  // std::get, a call returning a reference; a std::pair's bindings stand for
  // its members, a std::tuple's and a std::array's for that call (see
  // addBindings).
  for (const BindingDecl *B : DD->bindings()) {
    if (!B->getHoldingVar() || isStdPair(DD->getType()) ||
        elementPath(dyn_cast_or_null<CallExpr>(
            skipImplicit(B->getHoldingVar()->getInit()))))
      continue;
    // (What the initializer holds that ddx refuses comes first: a nested
    // request binds its tuple this way.)
    if (DD->getInit() && !checkExpr(DD->getInit()))
      return false;
    std::string Type = userTypeName(DD->getType(), Ctx);
    Diags.error(DD->getLocation(),
                "ddx cannot differentiate a structured binding of '" + Type +
                    "' yet: it binds through the class's own 'get', a call "
                    "returning a reference, and ddx decomposes structs, C "
                    "arrays, std::pair, std::tuple and std::array only");
    Diags.note(DD->getLocation(),
               "return a struct with named members (or a std::tuple) "
               "instead");
    return false;
  }
  return true;
}

void BodyLowerer::addBindings(const DecompositionDecl *DD) {
  auto Member = isStdPair(DD->getType()) ? DD->getType()
                                               .getNonReferenceType()
                                               ->getAsCXXRecordDecl()
                                               ->field_begin()
                                         : RecordDecl::field_iterator();
  for (const BindingDecl *B : DD->bindings()) {
    int V = newVar(B->getName(), B->getType().getNonReferenceType(),
                   Variable::Kind::Local, B);
    IR.Vars[V].AliasOf = B->getBinding();
    // (A std::pair's binding is `std::get<I>(e)`: it stands for the member
    // `e.first` or `e.second`, a node of ddx's own. A std::tuple's or a
    // std::array's stands for that call, an element path.)
    if (isStdPair(DD->getType()))
      IR.Vars[V].AliasOf = pairMember(DD, *Member++);
    else if (const VarDecl *Holding = B->getHoldingVar())
      IR.Vars[V].AliasOf = skipImplicit(Holding->getInit());
  }
}

const MemberExpr *BodyLowerer::pairMember(const DecompositionDecl *DD,
                                          const FieldDecl *F) {
  auto *D = const_cast<DecompositionDecl *>(DD);
  auto *Object = DeclRefExpr::Create(
      Ctx, NestedNameSpecifierLoc(), SourceLocation(), D,
      /*RefersToEnclosingVariableOrCapture=*/false, DD->getLocation(),
      DD->getType().getNonReferenceType(), VK_LValue);
  QualType T = F->getType();
  if (DD->getType().getNonReferenceType().isConstQualified())
    T.addConst();
  return MemberExpr::CreateImplicit(Ctx, Object, /*IsArrow=*/false,
                                    const_cast<FieldDecl *>(F), T, VK_LValue,
                                    OK_Ordinary);
}

/// Whether a lambda of the function being lowered names VD.
bool BodyLowerer::readInLambda(const VarDecl *VD) const {
  std::function<bool(const clang::Stmt *, bool)> Find =
      [&](const clang::Stmt *S, bool InLambda) {
        if (!S)
          return false;
        if (auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && InLambda)
          return Ref->getDecl() == VD;
        if (auto *L = dyn_cast<LambdaExpr>(S))
          return Find(L->getBody(), true);
        return llvm::any_of(S->children(), [&](const clang::Stmt *C) {
          return Find(C, InLambda);
        });
      };
  return Find(IR.Function->getBody(), false);
}

/// Whether a local of type T initialised by Init is a standard container
/// whose derivative's elements would be null pointers: one of objects
/// holding pointers (`std::vector<Spring>` of a struct pointing to its
/// bodies), or of pointers to numbers or objects given elements where it
/// is declared (`std::vector<double *> ps{&a, &b}`; push_back gives the
/// derivative the pointer's derivative, `vector_of_pointers_push_back`).
static bool holdsWritablePointers(QualType T, const Expr *Init) {
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() ||
      Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      isSmartPointer(T) || isIterator(T))
    return false;
  QualType Element = Spec->getTemplateArgs()[0].getAsType();
  if (isSmartPointer(Element) || holdsSmartPointer(Element))
    return false; // (refused as smart pointers: see checkSmartValue)
  // (Through a pointer to const too: reading through a null shadow.)
  if (Element->isPointerType()) {
    QualType Pointee = Element->getPointeeType();
    auto *Construct = dyn_cast_or_null<CXXConstructExpr>(skipImplicit(Init));
    bool Empty =
        !Init ||
        (Construct && llvm::all_of(Construct->arguments(), [](const Expr *Arg) {
           return isa<CXXDefaultArgExpr>(Arg);
         }));
    return !Empty && (Pointee->isRealFloatingType() ||
                      Pointee->isRecordType() || Pointee->isArrayType());
  }
  return Element->isRecordType() && holdsAddresses(Element);
}

void BodyLowerer::lowerLocal(const VarDecl *VD, llvm::StringRef Name,
                             Block &Out) {
  // A static constant (`static const double c = 2.5;`, a constexpr table)
  // is the same value at every call: an ordinary local here. (A lambda
  // reads one without capturing it, and its derivative then needs the
  // value, which the printer spells for a scalar, not for a table.)
  QualType Element = Ctx.getBaseElementType(VD->getType());
  bool Constant = VD->isStaticLocal() && Element.isConstQualified() &&
                  Element->isArithmeticType() && VD->getInit() &&
                  VD->getInit()->isConstantInitializer(Ctx, false) &&
                  (VD->getType()->isArithmeticType() || !readInLambda(VD));
  if ((VD->isStaticLocal() && !Constant) || VD->hasExternalStorage() ||
      VD->getTLSKind() != VarDecl::TLS_None) {
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate a function with the static, "
                "thread-local or extern variable '" +
                    VD->getNameAsString() +
                    "': it keeps its value from one call to the next, and "
                    "ddx keeps no derivative for it; make it an ordinary "
                    "local, or pass the state in as a reference parameter");
    return;
  }
  QualType T = VD->getType();
  // Locals are hoisted to the top of the function, before the size of a
  // variable-length array is known.
  if (T->isVariablyModifiedType()) {
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate a function with the variable-length "
                "array '" +
                    VD->getNameAsString() +
                    "': generated code declares every local at the top of the "
                    "function, before its size is known");
    Diags.note(VD->getLocation(), "use a std::vector<double> of that size, or "
                                  "an array of a constant size");
    return;
  }
  if (holdsWritablePointers(T, VD->getInit())) {
    Diags.error(VD->getLocation(),
                "ddx cannot differentiate a function with the container '" +
                    VD->getNameAsString() +
                    "' of pointers (or of objects holding pointers) yet: the "
                    "elements of its derivative would not point to the "
                    "derivatives of what the elements point to");
    Diags.note(VD->getLocation(),
               "keep indices into the arrays or containers instead, or give a "
               "container of pointers its elements with push_back");
    return;
  }
  auto *Lambda = dyn_cast_or_null<LambdaExpr>(
      VD->getInit() ? skipImplicit(VD->getInit()) : nullptr);
  if (Lambda)
    snapshotCaptures(Lambda, VD->getLocation(), Out);
  if (Lambda && !isLocalCallable(VD)) {
    // A lambda stands for its call operator, bound where it is called;
    // that needs the captures it was given to be the ones it runs with.
    if (const VarDecl *Changed = unstableCapture(Lambda)) {
      reportUnstableCapture(Diags, VD->getLocation(), Changed,
                            "where the lambda is called",
                            "make it const, or copy it into a const local "
                            "that the lambda captures");
    } else {
      Diags.error(VD->getLocation(),
                  "ddx cannot differentiate the lambda held in '" +
                      VD->getNameAsString() +
                      "' here: generated code keeps no lambda objects and "
                      "binds each call to the lambda's body, which needs the "
                      "lambda called directly or passed to a function; do "
                      "not copy it into another variable or a container");
    }
    return;
  }
  if (isLocalCallable(VD)) {
    // A local that only names a callable needs no storage in generated
    // code: calls through it are bound statically.
    IR.LocalCallables[VD] = VD->getInit();
    return;
  }
  const Expr *RefInit = VD->getInit() ? skipImplicit(VD->getInit()) : nullptr;
  if (T->isReferenceType() && RefInit && !RefInit->isGLValue()) {
    // Bound to a temporary (`const double &k = f(x);`): a local holding
    // that value.
    T = T.getNonReferenceType();
  } else if (T->isReferenceType()) {
    // A local reference is an alias: its uses stand for the initializer,
    // which must mean the same storage at every use.
    if (RefInit && !isStableAlias(VD, RefInit))
      return;
    int V = newVar(Name, T.getNonReferenceType(), Variable::Kind::Local, VD);
    IR.Vars[V].AliasOf = VD->getInit();
    if (VD->getInit())
      checkExpr(VD->getInit());
    return;
  }
  Qualifiers Dropped;
  QualType Storage =
      Ctx.getUnqualifiedArrayType(T.getUnqualifiedType(), Dropped);
  if (!isDeclarable(Storage, VD->getLocation()))
    return;
  int V = newVar(Name, Storage, Variable::Kind::Local, VD);
  const Expr *Init = VD->getInit();
  if (!Init)
    return;
  if (auto *Construct = dyn_cast<CXXConstructExpr>(skipImplicit(Init));
      isUserConstruction(Construct, Ctx))
    return lowerConstruction(Construct, VD, V, Out);
  lowerInit(V, "", Storage, Init, VD->getLocation(), Out);
  if (const CXXConstructExpr *Move = moveConstruction(Init))
    clearMovedFrom(Move->getConstructor(), Move->getArg(0), VD->getLocation(),
                   Out);
}

const CXXConstructExpr *moveConstruction(const Expr *Init) {
  auto *Move = dyn_cast_or_null<CXXConstructExpr>(skipImplicit(Init));
  return Move && Move->getConstructor()->isMoveConstructor() &&
                 Move->getNumArgs() >= 1
             ? Move
             : nullptr;
}

void BodyLowerer::clearMovedFrom(const CXXMethodDecl *Move, const Expr *From,
                                 SourceLocation Loc, Block &Out) {
  // Generated code copies what std::move gives (the reverse sweep may read
  // it), so a std::vector moved from is emptied after, as the move leaves
  // it (`w = std::move(v)` clears v); so are those of a class whose move
  // the compiler writes, member by member. (A move the user wrote says
  // itself what it leaves.)
  auto *Call = dyn_cast<CallExpr>(skipImplicit(From));
  if (!Call || !Call->isCallToStdMove() || Call->getNumArgs() != 1 ||
      (Move->isUserProvided() && !Move->getParent()->isInStdNamespace()))
    return;
  auto [Moved, Path] = containerTarget(Call->getArg(0));
  if (Moved >= 0)
    clearContainers(Moved, Path, Call->getArg(0)->getType(), Loc, Out);
}

void BodyLowerer::clearContainers(int Var, const std::string &Path, QualType T,
                                  SourceLocation Loc, Block &Out) {
  if (isStdVector(T)) {
    emitAssign(Out, Loc, Var, Path, nullptr, BO_Assign, nullptr);
    Out.back().Reshape = true;
    Out.back().SaveOld = false;
    Out.back().FirstWrite = false;
    return;
  }
  const CXXRecordDecl *Class = T->getAsCXXRecordDecl();
  if (!Class || !Class->hasDefinition() || Class->isInStdNamespace())
    return;
  for (const CXXBaseSpecifier &Base : Class->bases())
    clearContainers(Var, Path, Base.getType(), Loc, Out);
  for (const FieldDecl *Field : Class->fields())
    if (!Field->getName().empty())
      clearContainers(Var, Path + "." + Field->getNameAsString(),
                      Field->getType(), Loc, Out);
}

void BodyLowerer::lowerConstruction(const CXXConstructExpr *Construct,
                                    const VarDecl *Object, int Var,
                                    Block &Out) {
  // Generated code declares the object, then sets its members.
  for (const FieldDecl *F : Construct->getConstructor()->getParent()->fields())
    if (F->getType().isConstQualified() || F->getType()->isReferenceType()) {
      Diags.error(
          Construct->getBeginLoc(),
          "ddx cannot differentiate the construction of '" +
              userTypeName(Construct->getType(), Ctx) + "' yet: its member '" +
              F->getNameAsString() + "' is " +
              (F->getType()->isReferenceType() ? "a reference" : "const") +
              ", and generated code sets members after it declares "
              "the object");
      Diags.note(F->getLocation(), "make the member non-const (or hold a "
                                   "pointer instead of a reference)");
      return;
    }
  pushConstructorCall(Construct, constructionCall(Ctx, Construct, Object),
                      Construct->getBeginLoc(), Out);
  Variable &V = IR.Vars[Var];
  ++V.Writes;
  if (LoopDepth > 0)
    V.WrittenInLoop = true;
}

void BodyLowerer::pushConstructorCall(const CXXConstructExpr *Construct,
                                      const CXXMemberCallExpr *Call,
                                      SourceLocation Loc, Block &Out) {
  for (const Expr *Arg : Construct->arguments())
    extractCalls(Arg, Out);
  Stmt S;
  S.K = Stmt::Kind::Call;
  S.Loc = Loc;
  S.Call = Call;
  Out.push_back(S);
}

void BodyLowerer::lowerConstructorInits(const CXXConstructorDecl *Ctor) {
  for (const CXXCtorInitializer *Init : Ctor->inits()) {
    SourceLocation Loc = Init->getSourceLocation().isValid()
                             ? Init->getSourceLocation()
                             : Ctor->getLocation();
    auto *Delegated = dyn_cast<CXXConstructExpr>(skipImplicit(Init->getInit()));
    if (auto *Inherited =
            dyn_cast<CXXInheritedCtorInitExpr>(skipImplicit(Init->getInit())))
      Delegated = inheritedConstruction(Ctx, Inherited, Ctor);
    // A base built by a constructor the user wrote is that constructor
    // called on `self` (as the base), like a delegation.
    if ((Init->isDelegatingInitializer() || Init->isBaseInitializer()) &&
        !Init->isBaseVirtual() && isUserConstruction(Delegated, Ctx)) {
      pushConstructorCall(Delegated, delegationCall(Ctx, Delegated, Ctor), Loc,
                          IR.Body);
      continue;
    }
    // Otherwise a base is built member by member, as an aggregate is: its
    // members are members of `self`.
    if (Init->isBaseInitializer() && !Init->isBaseVirtual()) {
      lowerInit(IR.SelfVar, "", QualType(Init->getBaseClass(), 0),
                Init->getInit(), Loc, IR.Body);
      continue;
    }
    if (!Init->isMemberInitializer() || Init->isIndirectMemberInitializer()) {
      Diags.error(
          Loc, "ddx cannot differentiate the constructor of '" +
                   userTypeName(Ctx.getRecordType(Ctor->getParent()), Ctx) +
                   "' yet: it " +
                   (Init->isDelegatingInitializer()
                        ? "delegates to another constructor"
                    : Init->isBaseInitializer() ? "initialises a base class"
                                                : "initialises a member of an "
                                                  "anonymous union or struct"));
      Diags.note(Loc, "set the members in one constructor of the class "
                      "itself, from its member initialisers and body");
      continue;
    }
    const FieldDecl *F = Init->getMember();
    lowerInit(IR.SelfVar, "." + F->getNameAsString(), F->getType(),
              Init->getInit(), Loc, IR.Body);
    // (`v(std::move(o.v))` in a move constructor leaves o.v empty.)
    if (const CXXConstructExpr *Move = moveConstruction(Init->getInit()))
      clearMovedFrom(Move->getConstructor(), Move->getArg(0), Loc, IR.Body);
  }
}

/// The largest array lowering initialises element by element.
static constexpr uint64_t MaxElements = 1 << 16;

void BodyLowerer::lowerInit(int Var, const std::string &Path, QualType T,
                            const Expr *Init, SourceLocation Loc, Block &Out) {
  Init = skipImplicit(Init);
  if (Init && isa<ImplicitValueInitExpr>(Init))
    Init = nullptr;
  // `T x = T{a, b};` builds x as `T x{a, b};` does, member by member (a
  // pointer member's shadow then points to its target's shadow).
  if (const InitListExpr *List = bracedTemporary(Init, T))
    Init = List;
  // A std::pair or std::tuple built from its values (`std::make_pair(a,
  // b)`, `{a, b, c}`) is built element by element from them: the library's
  // constructors and make_pair forward references, which ddx does not
  // differentiate.
  if (auto Elements = tupleLikeElements(T); !Elements.empty()) {
    if (auto Parts = tupleParts(Init); Parts.size() == Elements.size()) {
      for (unsigned I = 0; I < Parts.size(); ++I)
        lowerInit(Var, Path + Elements[I].Step, Elements[I].Type, Parts[I], Loc,
                  Out);
      return;
    }
  }
  if (auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
      isUserConstruction(Construct, Ctx)) {
    // A part of an object, built by a constructor the user wrote: a
    // temporary object, copied in (an array's filler, one expression for
    // all the elements it builds, builds the same temporary each time).
    extractCalls(Init, Out);
    return emitAssign(Out, Loc, Var, Path, nullptr, BO_Assign, Init);
  }
  // The compiler's default constructor of an aggregate builds its members
  // as its initialisers say (a member's own constructor, or default value).
  // (So does the default construction of an array's elements, whose
  // constructor may take default arguments: `std::complex<double> z[3];`.)
  const CXXConstructorDecl *Implicit = nullptr;
  if (auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
      Construct && (Construct->getNumArgs() == 0 ||
                    (T->isArrayType() &&
                     llvm::all_of(Construct->arguments(), [](const Expr *Arg) {
                       return isa<CXXDefaultArgExpr>(Arg);
                     })))) {
    Implicit = Construct->getConstructor();
    Init = nullptr;
  }
  if (!Init && !userDefaultConstructible(T, Loc))
    return;
  if (auto A = T->isPointerType() || isSmartPointer(T) ? allocationOf(Init)
                                                       : std::nullopt)
    return lowerAllocation(*A, Var, Path, nullptr, Init, Loc, Out);
  // (A std::shared_ptr copied, also to a base or to const: see
  // checkSmartValue.)
  if (isSmartPointer(T) && Init && !isNullSmartPointer(Init)) {
    if (checkSmartValue(T, Init, Loc) && checkExpr(Init))
      emitAssign(Out, Loc, Var, Path, nullptr, BO_Assign, Init);
    return;
  }
  auto *List = dyn_cast_or_null<InitListExpr>(Init);
  if (List && List->getNumInits() == 1 && !T->isArrayType() &&
      !T->isRecordType())
    return lowerInit(Var, Path, T, List->getInit(0), Loc, Out);
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  bool Aggregate = Ctx.getAsConstantArrayType(T) ||
                   (Record && Record->hasDefinition() && Record->isAggregate());
  // The compiler's default constructor builds any class member by member
  // (one with virtual functions is not an aggregate).
  // (Generated code names its members: they must be public.)
  Aggregate |=
      Record && Implicit && !Implicit->isUserProvided() &&
      !Ctx.getSourceManager().isInSystemHeader(Record->getLocation()) &&
      publicMembers(Record);
  if (Aggregate && (!Init || List)) {
    // Element by element, so each element's value can be differentiated.
    auto InitAt = [&](unsigned I) -> const Expr * {
      if (List && I < List->getNumInits())
        return List->getInit(I);
      // `Range r[4] = {Range(a)};`: the rest are built alike.
      return List && List->hasArrayFiller() ? List->getArrayFiller() : nullptr;
    };
    if (const auto *Array = Ctx.getAsConstantArrayType(T)) {
      uint64_t N = Array->getSize().getZExtValue();
      // Each element is a statement of its own (a fuzz mutant's
      // std::array<double, 0x7fffffff> ran for minutes).
      if (N > MaxElements) {
        Diags.error(Loc, "ddx initialises an array element by element, and "
                         "this one has " +
                             std::to_string(N) + " elements (at most " +
                             std::to_string(MaxElements) + ")");
        Diags.note(Loc, "use a std::vector sized at run time for large "
                        "arrays");
        return;
      }
      for (uint64_t I = 0; I < N; ++I)
        lowerInit(Var, Path + "[" + std::to_string(I) + "]",
                  Array->getElementType(), InitAt(I), Loc, Out);
      return;
    }
    unsigned I = 0;
    // A base's members are members of the object (`ball.m`): the base is
    // built in place, as a part of it with the same path.
    for (const CXXBaseSpecifier &Base : Record->bases()) {
      const Expr *BaseInit = InitAt(I++);
      if (!BaseInit && Implicit)
        for (const CXXCtorInitializer *BI : Implicit->inits())
          if (BI->isBaseInitializer() &&
              Ctx.hasSameType(QualType(BI->getBaseClass(), 0), Base.getType()))
            BaseInit = BI->getInit();
      if (!checkBase(Record, Base, BaseInit, Loc))
        return;
      lowerInit(Var, Path, Base.getType(), BaseInit, Loc, Out);
    }

    for (const FieldDecl *F : T->getAsRecordDecl()->fields()) {
      const Expr *FieldInit = InitAt(I++);
      if (!FieldInit && Implicit)
        for (const CXXCtorInitializer *MemberInit : Implicit->inits())
          if (MemberInit->getMember() == F)
            FieldInit = MemberInit->getInit();
      if (!FieldInit && F->hasInClassInitializer())
        FieldInit = F->getInClassInitializer();
      lowerInit(Var, Path + "." + F->getNameAsString(), F->getType(), FieldInit,
                Loc, Out);
    }
    return;
  }
  if (Init)
    extractCalls(Init, Out);
  emitAssign(Out, Loc, Var, Path, nullptr, BO_Assign, Init);
}

bool BodyLowerer::lowerGrow(const CXXMemberCallExpr *Call, Block &Out) {
  if (!llvm::is_contained({"push_back", "emplace_back"}, vectorMethod(Call)) ||
      Call->getNumArgs() != 1)
    return false;
  const CXXMethodDecl *Method = Call->getMethodDecl();
  // emplace_back(a) of a class built from a: not an element to assign.
  const Expr *Value = Call->getArg(0);
  auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Method->getParent());
  QualType Element = Spec ? Spec->getTemplateArgs()[0].getAsType() : QualType();
  QualType Given = Value->getType().getNonReferenceType();
  if (Element.isNull() ||
      !(Ctx.hasSameUnqualifiedType(Element, Given) ||
        (Element->isArithmeticType() && Given->isArithmeticType())))
    return false;
  auto [Var, Path] = containerTarget(Call->getImplicitObjectArgument());
  if (Var < 0)
    return false;
  extractCalls(Value, Out);
  emitAssign(Out, Call->getExprLoc(), Var, Path + ".back()", nullptr, BO_Assign,
             Value);
  Out.back().Grow = true;
  Out.back().SaveOld = false;
  Out.back().FirstWrite = false;
  return true;
}

std::pair<int, std::string>
BodyLowerer::containerTarget(const Expr *Container) {
  std::string Path;
  const Expr *Object = skipImplicit(Container);
  while (true) {
    // (`std::get<0>(t)`: an element path, as a member's.)
    if (auto Step = elementPath(dyn_cast<CallExpr>(Object))) {
      Path = *Step + Path;
      Object = skipImplicit(cast<CallExpr>(Object)->getArg(0));
      continue;
    }
    auto *ME = dyn_cast<MemberExpr>(Object);
    if (!ME)
      break;
    auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const Expr *Base = skipImplicit(ME->getBase());
    if (!F || F->getName().empty() ||
        (ME->isArrow() && !isa<CXXThisExpr>(Base)))
      return {-1, ""};
    Path = "." + F->getNameAsString() + Path;
    Object = Base;
  }
  int Var = isa<CXXThisExpr>(Object) ? IR.SelfVar : -1;
  if (Var < 0) {
    auto [Root, LValue] = assignTarget(Object);
    // (A reference parameter, or a member of one, is reached through its
    // name.)
    if (auto *Ref = dyn_cast<DeclRefExpr>(Object);
        LValue && Ref && IR.VarOf.count(Ref->getDecl()))
      Root = IR.VarOf.lookup(Ref->getDecl()), LValue = nullptr;
    Var = LValue ? -1 : Root;
  }
  if (Var < 0 || IR.Vars[Var].isAlias())
    return {-1, ""};
  return {Var, Path};
}

/// The element value a vector's insert(pos, value) or assign(n, value)
/// puts in (not a count of copies, a range or a brace list), or null.
static const Expr *shapeElement(const CXXMemberCallExpr *Call,
                                llvm::StringRef Name, ASTContext &Ctx) {
  if (!llvm::is_contained({"insert", "emplace", "assign"}, Name) ||
      Call->getNumArgs() != 2)
    return nullptr;
  auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(
      Call->getMethodDecl()->getParent());
  QualType Element = Spec ? Spec->getTemplateArgs()[0].getAsType() : QualType();
  const Expr *Value = Call->getArg(1);
  QualType Given = Value->getType().getNonReferenceType();
  bool Position =
      Name != "assign" && (isIterator(Call->getArg(0)->getType()) ||
                           Call->getArg(0)->getType()->isPointerType());
  bool Count = Name == "assign" &&
               Call->getArg(0)->getType()->isIntegralOrEnumerationType();
  if (Element.isNull() || !(Position || Count) ||
      !(Ctx.hasSameUnqualifiedType(Element, Given) ||
        (Element->isArithmeticType() && Given->isArithmeticType())))
    return nullptr;
  return Value;
}

bool BodyLowerer::lowerReshape(const CXXMemberCallExpr *Call, Block &Out) {
  llvm::StringRef Name = vectorMethod(Call);
  // resize(n) and clear(): a new size; pop_back(), erase(pos[, last]),
  // insert(pos, x), emplace(pos, x) and assign(n, x): the call itself
  // (S.Call), with the element it puts in as the value.
  const Expr *Element = shapeElement(Call, Name, Ctx);
  bool Sized = (Name == "resize" && Call->getNumArgs() == 1) ||
               (Name == "clear" && Call->getNumArgs() == 0);
  bool Shaped =
      Element || (Name == "pop_back" && Call->getNumArgs() == 0) ||
      (Name == "erase" && Call->getNumArgs() >= 1 &&
       llvm::all_of(Call->arguments(), [](const Expr *Arg) {
         return isIterator(Arg->getType()) || Arg->getType()->isPointerType();
       }));
  if (!Sized && !Shaped)
    return false;
  // (Elements that are containers would need shadows of their shapes where
  // they come in or come back: refused, as a library call.)
  auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(
      Call->getMethodDecl()->getParent());
  const CXXRecordDecl *Inner =
      Spec ? Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl()
           : nullptr;
  if (Shaped && Inner && Inner->isInStdNamespace() && Inner->getIdentifier() &&
      llvm::is_contained({"vector", "deque", "list", "valarray"},
                         Inner->getName()))
    return false;
  auto [Var, Path] = containerTarget(Call->getImplicitObjectArgument());
  if (Var < 0)
    return false;
  const Expr *Value = Sized && Call->getNumArgs() ? Call->getArg(0) : Element;
  for (const Expr *Arg : Call->arguments())
    extractCalls(Arg, Out);
  emitAssign(Out, Call->getExprLoc(), Var, Path, nullptr, BO_Assign, Value);
  Out.back().Reshape = true;
  Out.back().SaveOld = false;
  Out.back().FirstWrite = false;
  if (Shaped)
    Out.back().Call = Call;
  return true;
}

/// A base that lowerInit builds in place: not virtual, its members reached
/// by their names from the object, and its value given member by member
/// (braces, or the compiler's default constructor).
bool BodyLowerer::checkBase(const CXXRecordDecl *Record,
                            const CXXBaseSpecifier &Base, const Expr *Init,
                            SourceLocation Loc) {
  std::string BaseName = userTypeName(Base.getType(), Ctx);
  std::string Why, Remedy = "give the base's members in braces ({{a, b}, "
                            "c}), or build the object in a constructor of "
                            "its own class";
  if (Base.isVirtual()) {
    Why = "the base '" + BaseName + "' is virtual";
    Remedy = "derive from it without 'virtual'";
  } else if (const FieldDecl *Hidden = hiddenMember(Record, Base)) {
    Why = "a member of its own hides the member '" + Hidden->getNameAsString() +
          "' of its base '" + BaseName + "'";
    Remedy = "give the members different names";
  }
  Init = skipImplicit(Init);
  auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  if (Why.empty() && Init && !isa<InitListExpr, ImplicitValueInitExpr>(Init) &&
      !(Construct && Construct->getNumArgs() == 0 &&
        !Construct->getConstructor()->isUserProvided()))
    Why = "its base '" + BaseName +
          "' is built from a value or a constructor of its own";
  if (Why.empty())
    return true;
  Diags.error(Loc, "ddx cannot differentiate the initialisation of '" +
                       userTypeName(Ctx.getRecordType(Record), Ctx) +
                       "' yet: " + Why);
  Diags.note(Loc, Remedy);
  return false;
}

/// Whether generated code can name every data member of Record: its own and
/// its bases' are public, through public non-virtual bases.
bool BodyLowerer::publicMembers(const CXXRecordDecl *Record) {
  return llvm::all_of(
             Record->fields(),
             [](const FieldDecl *F) { return F->getAccess() == AS_public; }) &&
         llvm::all_of(Record->bases(), [](const CXXBaseSpecifier &B) {
           auto *R = B.getType()->getAsCXXRecordDecl();
           return !B.isVirtual() && B.getAccessSpecifier() == AS_public && R &&
                  publicMembers(R);
         });
}

/// A data member of Base (or of its bases) that a member of Record, or of
/// another base, hides: `obj.name` reaches another one.
const FieldDecl *BodyLowerer::hiddenMember(const CXXRecordDecl *Record,
                                           const CXXBaseSpecifier &Base) {
  const CXXRecordDecl *B = Base.getType()->getAsCXXRecordDecl();
  if (!B || !B->hasDefinition())
    return nullptr;
  for (const FieldDecl *F : B->fields())
    if (!F->getName().empty() && fieldNamed(Record, F->getName()) != F)
      return F;
  for (const CXXBaseSpecifier &Inner : B->bases())
    if (const FieldDecl *F = hiddenMember(Record, Inner))
      return F;
  return nullptr;
}

/// A statement of S that does more than give back memory or reset the
/// object's own members (`if (d) delete[] d;`, `for (Node *c : kids)
/// delete c;`, `d = nullptr;`), or null.
static const clang::Stmt *ownEffect(const clang::Stmt *S) {
  if (!S || isa<NullStmt, DeclStmt>(S))
    return nullptr;
  if (auto *E = dyn_cast<Expr>(S)) {
    if (deallocationOf(E))
      return nullptr;
    auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    auto *M = B && B->isAssignmentOp()
                  ? dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts())
                  : nullptr;
    return M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) ? nullptr
                                                                      : S;
  }
  if (auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable())
      return S;
    if (const clang::Stmt *Effect = ownEffect(If->getThen()))
      return Effect;
    return ownEffect(If->getElse());
  }
  // (A loop's own steps write only its counter.)
  if (auto *For = dyn_cast<CXXForRangeStmt>(S))
    return ownEffect(For->getBody());
  if (auto *For = dyn_cast<ForStmt>(S))
    return ownEffect(For->getBody());
  if (auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const clang::Stmt *Child : Block->body())
      if (const clang::Stmt *Effect = ownEffect(Child))
        return Effect;
    return nullptr;
  }
  return S;
}

/// A statement of a destructor the user wrote that does more than give back
/// the object's memory (see ownEffect), or null: an effect that generated
/// code, which declares every local at the top of its function and keeps
/// freed objects for the reverse sweep, would have at another time
/// (`~Acc() { *sink += v * v; }`). Through bases, members and the elements
/// of containers.
static const clang::Stmt *destructorEffect(QualType T) {
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  std::function<const clang::Stmt *(QualType)> Find =
      [&](QualType T) -> const clang::Stmt * {
    const CXXRecordDecl *R =
        T->getPointeeOrArrayElementType()->getAsCXXRecordDecl();
    if (T->isPointerType() || !R || !R->hasDefinition() ||
        !Seen.insert(R).second)
      return nullptr;
    const clang::Stmt *Found = nullptr;
    anyTypeArgument(
        R, [&](QualType Arg) { return (Found = Find(Arg)) != nullptr; });
    if (Found || R->isInStdNamespace() ||
        R->getASTContext().getSourceManager().isInSystemHeader(
            R->getLocation()))
      return Found;
    const FunctionDecl *Def = nullptr;
    if (const CXXDestructorDecl *Dtor = R->getDestructor();
        Dtor && Dtor->isUserProvided() && Dtor->isDefined(Def))
      if (const clang::Stmt *Effect = ownEffect(Def->getBody()))
        return Effect;
    for (const CXXBaseSpecifier &Base : R->bases())
      if ((Found = Find(Base.getType())))
        return Found;
    for (const FieldDecl *F : R->fields())
      if ((Found = Find(F->getType())))
        return Found;
    return nullptr;
  };
  return Find(T);
}

bool BodyLowerer::checkDestructor(QualType T, SourceLocation Loc) {
  const clang::Stmt *Effect = destructorEffect(T);
  if (!Effect)
    return true;
  Diags.error(Loc, "ddx cannot differentiate code with this '" +
                       userTypeName(T, Ctx) +
                       "' yet: a destructor does work of its own here, "
                       "which the generated code would do at another time "
                       "(it declares every local at the top of its "
                       "function, and keeps freed objects for the reverse "
                       "sweep)");
  Diags.note(Effect->getBeginLoc(), "the destructor's work");
  Diags.note(Loc, "do that work in a member function the code calls where "
                  "the object's life ends");
  return false;
}

bool BodyLowerer::isDeclarable(QualType T, SourceLocation Loc) {
  if (!checkDestructor(T, Loc))
    return false;
  const CXXRecordDecl *Class = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
  // What a smart pointer owns is destroyed when the pointer is (at the
  // generated function's end, or when the pointer takes another value).
  if (isSmartPointer(T) && !checkDestructor(smartPointee(T), Loc))
    return false;
  if ((holdsSmartPointer(T) ||
       (isSmartPointer(T) && holdsSmartPointer(smartPointee(T)))) &&
      isDifferentiableType(T)) {
    Diags.error(Loc,
                "ddx cannot differentiate code with a '" +
                    userTypeName(isSmartPointer(T) ? smartPointee(T) : T, Ctx) +
                    "' yet: it holds smart pointers, which ddx follows "
                    "only as local variables of their own");
    Diags.note(Loc, "keep the objects in a local std::unique_ptr or "
                    "std::shared_ptr each, or hold them by value (a "
                    "std::vector of the class itself)");
    return false;
  }
  if (!Class || !Class->hasDefinition() || Class->hasDefaultConstructor() ||
      Class->isTriviallyCopyable())
    return true;
  // A single object lives in late storage until it is built (ddx::late).
  if (!T->isArrayType() && needsLateStorage(T))
    return true;
  Diags.error(Loc, "ddx cannot differentiate code with a variable of type '" +
                       userTypeName(T, Ctx) +
                       "' yet: generated code declares every variable before "
                       "it sets it, and the class has no default constructor "
                       "(nor can ddx make one from zero bytes, as " +
                       std::string(Class->isPolymorphic()
                                       ? "it has virtual functions"
                                       : "it holds a container or another "
                                         "member with a constructor") +
                       ")");
  Diags.note(Loc, "give the class a default constructor, such as '" +
                      Class->getNameAsString() + "() = default;'");
  return false;
}

bool BodyLowerer::userDefaultConstructible(QualType T, SourceLocation Loc) {
  const CXXRecordDecl *Class = T->getAsCXXRecordDecl();
  if (!Class || !Class->hasDefinition() ||
      !Class->hasUserProvidedDefaultConstructor() || Class->isInStdNamespace())
    return true;
  Diags.error(Loc, "ddx cannot differentiate this array of '" +
                       userTypeName(T, Ctx) +
                       "' yet: its elements are built by the default "
                       "constructor the user wrote, which ddx does not run "
                       "element by element");
  Diags.note(Loc, "initialise the elements with a brace list ({T(...), "
                  "T(...)}), or use a std::vector");
  return false;
}

void BodyLowerer::emitAssign(Block &Out, SourceLocation Loc, int Var,
                             std::string Path, const Expr *LValue,
                             BinaryOperatorKind Op, const Expr *Value) {
  Stmt A;
  A.K = Stmt::Kind::Assign;
  A.Loc = Loc;
  A.Var = Var;
  A.Path = std::move(Path);
  A.LValue = LValue;
  A.Op = Op;
  A.Value = Value;
  if (Var >= 0) {
    Variable &V = IR.Vars[Var];
    A.FirstWrite =
        V.Writes == 0 && LoopDepth == 0 && V.K != Variable::Kind::Param;
    if (A.Path.empty() || V.Writes == 0)
      ++V.Writes;
    if (LoopDepth > 0)
      V.WrittenInLoop = true;
    // Elements of one aggregate initialisation are all first writes. (Not
    // so a constructor's members: the object it builds may be built again,
    // in a loop, and the reverse sweep needs its state back.)
    if (!A.Path.empty() && V.Writes == 1 && LoopDepth == 0 &&
        V.K != Variable::Kind::Param)
      A.FirstWrite = true;
  }
  A.SaveOld = !A.FirstWrite;
  if (Var >= 0 && IR.Vars[Var].K == Variable::Kind::Return)
    A.SaveOld = false; // never read in the reverse sweep
  Out.push_back(A);
}

} // namespace lowering
} // namespace ddx
