//===- ExprPrinter.cpp ----------------------------------------------------===//
#include "Support/ExprPrinter.h"
#include "Support/Spelling.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>

#include "Support/Describe.h"
#include "Support/HeapCalls.h"

using namespace clang;

namespace ddx {

const ValueDecl *storageRoot(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (auto *S = dyn_cast<ArraySubscriptExpr>(E))
      E = S->getBase();
    else if (auto *U = dyn_cast<UnaryOperator>(E);
             U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf))
      E = U->getSubExpr();
    else
      break;
  }
  auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
  auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (Var && Var->getType()->isReferenceType() && Var->getInit() &&
      !isa<ParmVarDecl>(Var))
    return storageRoot(Var->getInit());
  return Ref ? Ref->getDecl() : nullptr;
}

const Expr *skipImplicit(const Expr *E) {
  while (E) {
    if (auto *C = dyn_cast<ImplicitCastExpr>(E))
      E = C->getSubExpr();
    else if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (auto *F = dyn_cast<FullExpr>(E))
      E = F->getSubExpr();
    else if (auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      E = S->getReplacement();
    else if (auto *D = dyn_cast<CXXDefaultInitExpr>(E))
      E = D->getExpr();
    else if (auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr(); // printed fully qualified, so it reads the same here
    else
      break;
  }
  return E;
}

/// The fully qualified name of a declaration as generated code at global
/// scope can spell it: anonymous and inline namespaces are left out.
static std::string qualifiedName(const NamedDecl *D) {
  std::string Name = D->getNameAsString();
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent()) {
    if (auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isAnonymousNamespace() || NS->isInline())
        continue;
      Name = NS->getNameAsString() + "::" + Name;
    } else if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC)) {
      Name = Spec->getNameAsString() + spellTemplateArgs(Spec) + "::" + Name;
    } else if (auto *R = dyn_cast<RecordDecl>(DC)) {
      Name = R->getNameAsString() + "::" + Name;
    } else if (auto *Enum = dyn_cast<EnumDecl>(DC)) {
      if (Enum->isScoped())
        Name = Enum->getNameAsString() + "::" + Name;
    } else if (isa<FunctionDecl>(DC)) {
      return D->getNameAsString();
    }
  }
  return "::" + Name;
}

std::string constantLiteral(const Expr *E, ASTContext &Ctx) {
  if (E->isValueDependent())
    return "";
  Expr::EvalResult Value;
  if (!E->EvaluateAsRValue(Value, Ctx) || Value.HasSideEffects)
    return "";
  if (Value.Val.isLValue() && Value.Val.isNullPointer())
    return "nullptr";
  if (Value.Val.isInt()) {
    llvm::SmallString<32> Digits;
    Value.Val.getInt().toString(Digits, 10);
    return std::string(Digits);
  }
  if (Value.Val.isFloat()) {
    // 17 significant digits read back as the same double.
    const llvm::APFloat &F = Value.Val.getFloat();
    std::string Literal;
    if (&F.getSemantics() == &llvm::APFloat::IEEEdouble() ||
        &F.getSemantics() == &llvm::APFloat::IEEEsingle()) {
      char Text[64];
      std::snprintf(Text, sizeof Text, "%.17g", F.convertToDouble());
      Literal = Text;
    } else {
      llvm::SmallString<64> Text;
      F.toString(Text, 21, 0, false);
      Literal = std::string(Text);
    }
    if (Literal.find_first_of(".eEn") == std::string::npos)
      Literal += ".0";
    return Literal;
  }
  return "";
}

/// The names of a standard container's members (and of the free functions
/// in std) that give a pointer or an iterator into its storage.
static bool namesStorage(llvm::StringRef Name) {
  return llvm::is_contained({"data", "begin", "end", "cbegin", "cend", "rbegin",
                             "rend", "crbegin", "crend"},
                            Name);
}

const Expr *storageOf(const Expr *E) {
  if (auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Call->getMethodDecl();
    if (!M || M->getNumParams() || !M->getIdentifier() ||
        !namesStorage(M->getName()) || !M->getParent()->isInStdNamespace())
      return nullptr;
    return Call->getImplicitObjectArgument();
  }
  // std::begin(a), std::data(v), of an array or a container.
  auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->getIdentifier() ||
      !FD->isInStdNamespace() || Call->getNumArgs() != 1 ||
      !namesStorage(FD->getName()))
    return nullptr;
  return Call->getArg(0);
}

const CXXRecordDecl *iteratorRecord(QualType T) {
  auto *Record = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return nullptr;
  const IdentifierInfo &Name =
      Record->getASTContext().Idents.get("iterator_category");
  if (!Record->lookup(&Name).empty())
    return Record;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (iteratorRecord(Base.getType()))
      return Record;
  return nullptr;
}

bool isIterator(QualType T) { return iteratorRecord(T) != nullptr; }

const Expr *steppedIterator(const Expr *E) {
  auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
  if (!Op || Op->getNumArgs() != 2 ||
      (Op->getOperator() != OO_Plus && Op->getOperator() != OO_Minus) ||
      !isIterator(Op->getType()))
    return nullptr;
  // (`n + it` has the iterator second.)
  return isIterator(Op->getArg(0)->getType()) ? Op->getArg(0) : Op->getArg(1);
}

/// An index an accessor computes: from integer parameters and constants,
/// without side effects. (Not from the object's members: called on the
/// shadow, it would read the shadow's, which are zero.)
static bool accessorIndex(const Expr *E, const ASTContext *AnyPure) {
  E = E->IgnoreParenImpCasts();
  if (!E->getType()->isIntegralOrEnumerationType())
    return false;
  // (Any index without side effects, where no shadow is indexed.)
  if (AnyPure)
    return !E->HasSideEffects(*AnyPure);
  if (isa<IntegerLiteral>(E))
    return true;
  if (auto *R = dyn_cast<DeclRefExpr>(E)) {
    auto *Var = dyn_cast<VarDecl>(R->getDecl());
    return isa<ParmVarDecl, EnumConstantDecl>(R->getDecl()) ||
           (Var && Var->isConstexpr());
  }
  if (auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && accessorIndex(B->getLHS(), nullptr) &&
           accessorIndex(B->getRHS(), nullptr);
  if (auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() &&
           accessorIndex(U->getSubExpr(), nullptr);
  return false;
}

static const Expr *partObject(const Expr *E, const ASTContext *AnyPure);

/// A part of `this`, as an accessor's return value may name it; with
/// AnyPure, indexed by any expression free of side effects.
static bool partOfThis(const Expr *E, unsigned Depth,
                       const ASTContext *AnyPure) {
  E = E->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return true;
  if (auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref &&
           partOfThis(U->getSubExpr(), Depth, AnyPure);
  if (auto *M = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(M->getMemberDecl()) &&
           !M->getMemberDecl()->getType()->isReferenceType() &&
           partOfThis(M->getBase(), Depth, AnyPure);
  // A pointer member would lead out of the object.
  if (auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return S->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
           partOfThis(S->getBase(), Depth, AnyPure) &&
           accessorIndex(S->getIdx(), AnyPure);
  auto *Call = dyn_cast<CallExpr>(E);
  const Expr *Object = Call ? partObject(Call, AnyPure) : nullptr;
  if (!Object || Depth > 8)
    return false;
  for (unsigned I = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
       I < Call->getNumArgs(); ++I)
    if (!accessorIndex(Call->getArg(I), AnyPure))
      return false;
  return partOfThis(Object, Depth + 1, AnyPure);
}

/// A std container's element access (a vector's [], front(), back(),
/// at(i)), an accessor already: the shadow container's same element is the
/// element's derivative.
static bool isContainerElement(const FunctionDecl *FD) {
  auto *M = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!M || !M->getParent()->isInStdNamespace() ||
      !M->getReturnType()->isReferenceType())
    return false;
  if (M->getOverloadedOperator() == OO_Subscript)
    return true;
  // (A map's at(key) is not: its shadow need not hold the key.)
  const IdentifierInfo *Class = M->getParent()->getIdentifier();
  return M->getIdentifier() && Class &&
         llvm::is_contained({"vector", "array", "deque"}, Class->getName()) &&
         llvm::is_contained({"front", "back", "at"}, M->getName());
}

static bool isAccessor(const FunctionDecl *FD, unsigned Depth,
                       const ASTContext *AnyPure) {
  auto *M = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!M || M->isStatic() || M->isVirtual() ||
      !M->getReturnType()->isLValueReferenceType() ||
      M->getParent()->isInStdNamespace() || M->getParent()->isLambda())
    return false;
  const FunctionDecl *Def = M->getDefinition();
  auto *Body = dyn_cast_or_null<CompoundStmt>(Def ? Def->getBody() : nullptr);
  if (!Body || Body->size() != 1)
    return false;
  auto *Return = dyn_cast<ReturnStmt>(Body->body_front());
  return Return && Return->getRetValue() &&
         partOfThis(Return->getRetValue(), Depth, AnyPure);
}

bool isAccessor(const FunctionDecl *FD) { return isAccessor(FD, 0, nullptr); }

bool returnsOwnPart(const FunctionDecl *FD) {
  return isAccessor(FD, 0, &FD->getASTContext());
}

const Expr *accessorObject(const Expr *E) { return partObject(E, nullptr); }

static const Expr *partObject(const Expr *E, const ASTContext *AnyPure) {
  auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call)
    return nullptr;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Call)) {
    bool Subscript = Op->getOperator() == OO_Subscript &&
                     Op->getNumArgs() == 2 &&
                     (isContainerElement(FD) || isAccessor(FD, 0, AnyPure));
    // A matrix's m(i, j).
    bool Call = Op->getOperator() == OO_Call && isAccessor(FD, 0, AnyPure);
    return Subscript || Call ? Op->getArg(0) : nullptr;
  }
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    return isAccessor(FD, 0, AnyPure) || isContainerElement(FD)
               ? Member->getImplicitObjectArgument()
               : nullptr;
  // std::get<I>(p) names p.first, p.second or a[I].
  return elementPath(Call) ? Call->getArg(0) : nullptr;
}

const Expr *soleArgument(const CXXConstructExpr *Construct) {
  // A user's converting constructor (`Sq(double m) : v(m * m)`) computes:
  // its object is not a copy of its argument.
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  if (Ctor && Ctor->isUserProvided() && !Ctor->isCopyOrMoveConstructor() &&
      !Ctor->getParent()->isInStdNamespace())
    return nullptr;
  const Expr *Sole = nullptr;
  for (const Expr *Arg : Construct->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    if (Sole)
      return nullptr;
    Sole = Arg;
  }
  return Sole;
}

bool ExprPrinter::inLateStorage(int V) const {
  return V >= 0 && unsigned(V) >= IR.NumParams && !IR.Vars[V].isAlias() &&
         needsLateStorage(IR.Vars[V].Type);
}

bool needsLateStorage(QualType T) {
  auto *R = T->getAsCXXRecordDecl();
  return R && R->hasDefinition() && !R->hasDefaultConstructor() &&
         !R->isInStdNamespace() &&
         !T.isTriviallyCopyableType(R->getASTContext());
}

/// Whether R has no copy constructor that is not deleted, declared or one
/// the compiler has yet to declare.
static bool copyConstructorDeleted(const CXXRecordDecl *R) {
  bool Declared = false;
  for (const CXXConstructorDecl *C : R->ctors())
    if (C->isCopyConstructor()) {
      if (!C->isDeleted())
        return false;
      Declared = true;
    }
  return Declared || !R->needsImplicitCopyConstructor() ||
         R->defaultedCopyConstructorIsDeleted();
}

std::string unsafeLateCopy(QualType T) {
  auto *R = T->getAsCXXRecordDecl();
  // (A lambda held in a local is no object in generated code.)
  if (!R || R->isLambda() || !needsLateStorage(T))
    return "";
  bool CopyDeleted = copyConstructorDeleted(R);
  bool AssignDeleted = llvm::any_of(R->methods(), [](const CXXMethodDecl *M) {
    return M->isCopyAssignmentOperator() && M->isDeleted();
  });
  if (CopyDeleted || AssignDeleted)
    return "the class cannot be copied or assigned";
  // (The compiler's copy of a class whose destructor frees what it points
  // to: the copies free one array twice.)
  const CXXDestructorDecl *Destructor = R->getDestructor();
  if (Destructor && Destructor->isUserProvided() &&
      llvm::none_of(R->ctors(),
                    [](const CXXConstructorDecl *C) {
                      return C->isCopyConstructor() && C->isUserProvided();
                    }) &&
      llvm::any_of(R->fields(), [](const FieldDecl *F) {
        return F->getType()->isPointerType();
      }))
    return "its copies, made by the compiler's copy constructor, would share "
           "what it points to, which its destructor frees";
  return "";
}

bool needsZeroedStorage(QualType T) {
  auto *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition() || R->hasDefaultConstructor() ||
      R->isInStdNamespace() || !T.isTriviallyCopyableType(R->getASTContext()))
    return false;
  return copyConstructorDeleted(R) &&
         llvm::none_of(R->ctors(), [](const CXXConstructorDecl *C) {
           return C->isMoveConstructor() && !C->isDeleted();
         });
}

/// Whether T is a specialisation of the standard class template Name.
static bool isStdSpecialization(QualType T, llvm::StringRef Name) {
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  return Spec && Spec->isInStdNamespace() && Spec->getIdentifier() &&
         Spec->getName() == Name;
}

bool isStdComplex(QualType T) { return isStdSpecialization(T, "complex"); }

std::optional<std::string> elementPath(const CallExpr *Call) {
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->isInStdNamespace() ||
      !FD->getIdentifier() || FD->getName() != "get" ||
      Call->getNumArgs() != 1 || !FD->getReturnType()->isReferenceType())
    return std::nullopt;
  // (An rvalue's element only of a named object, as a structured binding's
  // `std::get<I>(e)` takes the whole e, or of a temporary, a call's value.)
  if (FD->getReturnType()->isRValueReferenceType() &&
      !isa<DeclRefExpr, MaterializeTemporaryExpr>(
          Call->getArg(0)->IgnoreParenNoopCasts(FD->getASTContext())))
    return std::nullopt;
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  QualType Whole = Call->getArg(0)->getType();
  if (Args && Args->size() > 0 &&
      Args->get(0).getKind() == TemplateArgument::Type) {
    // (`std::get<double>(t)`: the one element of that type.)
    auto Types = tupleElementTypes(Whole);
    auto Same = [&](QualType E) {
      return FD->getASTContext().hasSameType(E, Args->get(0).getAsType());
    };
    if (!isStdTuple(Whole) || llvm::count_if(Types, Same) != 1)
      return std::nullopt;
    return tupleStep(llvm::find_if(Types, Same) - Types.begin());
  }
  if (!Args || Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Integral)
    return std::nullopt;
  uint64_t I = Args->get(0).getAsIntegral().getZExtValue();
  if (isStdPair(Whole) && I < 2)
    return std::string(I == 0 ? ".first" : ".second");
  if (isStdSpecialization(Whole, "array"))
    return "[" + std::to_string(I) + "]";
  if (isStdTuple(Whole))
    return tupleStep(I);
  return std::nullopt;
}

bool isStdPair(QualType T) { return isStdSpecialization(T, "pair"); }

llvm::SmallVector<QualType, 4> tupleElementTypes(QualType T) {
  llvm::SmallVector<QualType, 4> Types;
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !isStdSpecialization(T, "tuple") ||
      Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Pack)
    return Types;
  for (const TemplateArgument &Arg : Spec->getTemplateArgs()[0].pack_elements())
    Types.push_back(Arg.getAsType());
  return Types;
}

bool isStdTuple(QualType T) {
  // (std::tie's tuple of references is a way to assign, not a value.)
  auto Types = tupleElementTypes(T);
  return !Types.empty() &&
         llvm::none_of(Types, [](QualType E) { return E->isReferenceType(); });
}

std::string tupleStep(unsigned I) { return "<" + std::to_string(I) + ">"; }

std::string applyPath(llvm::StringRef Object, llvm::StringRef Path) {
  std::string Text = Object.str();
  while (!Path.empty()) {
    size_t Step = Path.find('<');
    Text += Path.take_front(Step).str();
    if (Step == llvm::StringRef::npos)
      break;
    Path = Path.drop_front(Step + 1);
    llvm::StringRef Index = Path.take_until([](char C) { return C == '>'; });
    Text = "::std::get<" + Index.str() + ">(" + Text + ")";
    Path = Path.drop_front(Index.size() + 1);
  }
  return Text;
}

llvm::SmallVector<TupleElement, 4> tupleLikeElements(QualType T) {
  llvm::SmallVector<TupleElement, 4> Elements;
  if (isStdPair(T)) {
    for (const FieldDecl *F : T->getAsCXXRecordDecl()->fields())
      Elements.push_back({"." + F->getNameAsString(), F->getType()});
  } else if (isStdTuple(T)) {
    for (QualType E : tupleElementTypes(T))
      Elements.push_back({tupleStep(Elements.size()), E});
  }
  return Elements;
}

llvm::SmallVector<const Expr *, 4> tupleParts(const Expr *E) {
  E = skipImplicit(E);
  if (auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(E))
    E = skipImplicit(Cast->getSubExpr());
  unsigned Size = E ? tupleLikeElements(E->getType()).size() : 0;
  if (!Size)
    return {};
  auto Parts = [&](auto Args) -> llvm::SmallVector<const Expr *, 4> {
    llvm::SmallVector<const Expr *, 4> Out(Args.begin(), Args.end());
    if (Out.size() != Size)
      return {};
    return Out;
  };
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        (FD->getName() == "make_pair" || FD->getName() == "make_tuple"))
      return Parts(Call->arguments());
    return {};
  }
  auto *Construct = dyn_cast<CXXConstructExpr>(E);
  if (!Construct)
    return {};
  if (Construct->getNumArgs() == Size && Size > 1)
    return Parts(Construct->arguments());
  // (One converted from one of other types: `std::pair<double, double> p
  // = std::make_pair(1, x);`.)
  if (Construct->getNumArgs() == 1 &&
      !Construct->getConstructor()->isCopyOrMoveConstructor()) {
    if (auto Inner = tupleParts(Construct->getArg(0)); !Inner.empty())
      return Inner;
    bool Element = tupleLikeElements(Construct->getArg(0)->getType()).empty();
    return Size == 1 && Element ? Parts(Construct->arguments())
                                : llvm::SmallVector<const Expr *, 4>();
  }
  return {};
}

llvm::SmallVector<const Expr *, 2>
complexParts(const CXXConstructExpr *Construct) {
  llvm::SmallVector<const Expr *, 2> Parts;
  if (!isStdComplex(Construct->getType()))
    return Parts;
  for (const Expr *Arg : Construct->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    if (!Arg->getType()->isRealType())
      return {}; // (a copy, or a conversion from another complex)
    Parts.push_back(Arg);
  }
  return Parts;
}

const Expr *fillValue(const CXXConstructExpr *Construct) {
  llvm::SmallVector<const Expr *, 2> Args;
  for (const Expr *Arg : Construct->arguments())
    if (!isa<CXXDefaultArgExpr>(Arg))
      Args.push_back(Arg);
  auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Construct->getType()->getAsCXXRecordDecl());
  if (Args.size() != 2 || !Spec || !Spec->isInStdNamespace() ||
      Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
      !Args[0]->getType()->isIntegerType())
    return nullptr;
  QualType Element = Spec->getTemplateArgs()[0].getAsType();
  QualType Value = Args[1]->getType().getNonReferenceType();
  if (Element.getCanonicalType().getUnqualifiedType() !=
      Value.getCanonicalType().getUnqualifiedType())
    return nullptr;
  return Args[1];
}

const Expr *copiedFrom(const Expr *E) {
  auto *Copy = dyn_cast<CXXConstructExpr>(E);
  if (Copy && Copy->getNumArgs() == 1 &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    return Copy->getArg(0);
  // An iterator made a const_iterator: the same position; a smart pointer
  // made one to a base or to const: the same memory.
  if (Copy && Copy->getNumArgs() == 1 &&
      ((isIterator(Copy->getType()) &&
        isIterator(Copy->getArg(0)->getType())) ||
       (isSmartPointer(Copy->getType()) &&
        isSmartPointer(Copy->getArg(0)->getType()))))
    return Copy->getArg(0);
  if (auto *Call = dyn_cast<CallExpr>(E); Call && isValueCast(Call))
    return Call->getArg(0);
  return nullptr;
}

bool isValueCast(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || Call->getNumArgs() != 1 || !FD->isInStdNamespace() ||
      !FD->getIdentifier())
    return false;
  return llvm::is_contained({"move", "forward", "as_const"}, FD->getName());
}

std::string ExprPrinter::typeName(QualType T) const {
  return spellType(T, Ctx);
}

std::string ExprPrinter::declare(QualType T, llvm::StringRef Name) const {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  readableType(T, Ctx).print(OS, printingPolicy(Ctx), Name);
  return Text;
}

std::string ExprPrinter::sourceText(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  Range = Lexer::makeFileCharRange(Range, SM, Ctx.getLangOpts());
  if (Range.isInvalid()) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    E->printPretty(OS, nullptr, printingPolicy(Ctx));
    return Text;
  }
  return Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
}

std::string ExprPrinter::unsupported(const Expr *E) const {
  Diags.error(E->getExprLoc(), unsupportedMessage(E, Ctx));
  return "/*unsupported*/0";
}

int ExprPrinter::tempOf(const Expr *E) const {
  auto It = IR.TempOf.find(skipImplicit(E));
  return It == IR.TempOf.end() ? -1 : It->second;
}

std::string ExprPrinter::aliased(const Variable &V, const std::string &Object,
                                 bool Shadow) const {
  // A reference to a base of the object it is bound to (`P &r = c;`) must
  // stay one: `r = o` assigns the base's part only. (A shadow is written
  // through, also that of a const reference.)
  const Expr *Bound = skipImplicit(V.AliasOf);
  if (V.Type->isRecordType() && Bound &&
      !Ctx.hasSameUnqualifiedType(V.Type, Bound->getType()) && V.Decl)
    return "static_cast<" +
           std::string(!Shadow && Bound->getType().isConstQualified() ? "const "
                                                                      : "") +
           typeName(V.Type.getUnqualifiedType()) + " &>(" + Object + ")";
  return "(" + Object + ")";
}

std::string ExprPrinter::declName(const DeclRefExpr *Ref) const {
  const ValueDecl *D = Ref->getDecl();
  auto It = IR.VarOf.find(D);
  if (It != IR.VarOf.end()) {
    const Variable &V = IR.Vars[It->second];
    if (V.AliasOf)
      return aliased(V, print(V.AliasOf));
    if (V.RangeOf)
      return print(V.RangeOf) + "[" + varName(V.IndexVar) + "]";
    return V.Name;
  }
  auto Bound = IR.BoundParams.find(D);
  if (Bound != IR.BoundParams.end()) {
    if (!IR.Bindings[Bound->second].Constant.empty())
      return IR.Bindings[Bound->second].Constant; // a folded option
    // A callable the function is specialised on has no object in generated
    // code: its calls are bound to the callable's body, and passing it on
    // specialises the callee in turn. Any other use has nothing to name.
    Diags.error(Ref->getLocation(),
                "ddx cannot differentiate this use of the callable '" +
                    D->getNameAsString() +
                    "' other than a call or an argument: ddx specialises the "
                    "function on the callable it receives and keeps no "
                    "object for it; call it, or pass it to a function");
    return "/*unsupported*/0";
  }
  if (auto *FD = dyn_cast<FunctionDecl>(D))
    return calleeName(FD, Ref);
  if (isa<EnumConstantDecl>(D) || isa<VarDecl>(D)) {
    if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->isLocalVarDeclOrParm()) {
      // A constant of an enclosing function that a lambda uses without
      // capturing it: generated code has no such variable, so use its value.
      if (VD->getType().isConstQualified()) {
        std::string Literal = constantLiteral(Ref, Ctx);
        if (!Literal.empty())
          return Literal;
      }
      return D->getNameAsString();
    }
    return qualifiedName(D);
  }
  return sourceText(Ref);
}

std::string ExprPrinter::calleeName(const FunctionDecl *FD,
                                    const Expr *CalleeExpr) const {
  std::string Name = qualifiedName(FD);
  if (auto *Ref = dyn_cast_or_null<DeclRefExpr>(CalleeExpr)) {
    if (Ref->hasExplicitTemplateArgs()) {
      std::string Args;
      llvm::raw_string_ostream OS(Args);
      printTemplateArgumentList(OS, Ref->template_arguments(),
                                printingPolicy(Ctx));
      Name += Args;
    }
  }
  return Name;
}

std::string ExprPrinter::calleeText(const CallExpr *Call) const {
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
    auto *ME = dyn_cast<MemberExpr>(Member->getCallee()->IgnoreParens());
    if (!ME)
      return unsupported(Call);
    return print(ME);
  }
  if (auto *FD = Call->getDirectCallee())
    return calleeName(FD,
                      dyn_cast<DeclRefExpr>(skipImplicit(Call->getCallee())));
  // An indirect call: printed as written (the emitters reject it when its
  // arguments are active).
  return print(Call->getCallee());
}

bool ExprPrinter::reevaluable(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (tempOf(E) >= 0)
    return true;
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return false;
  if (auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return false;
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    auto *Method = dyn_cast_or_null<CXXMethodDecl>(FD);
    bool NamesPart = accessorObject(Call) || (FD && returnsOwnPart(FD)) ||
                     (Method && Method->isConst() &&
                      !Method->getParent()->hasMutableFields());
    if (!NamesPart)
      return false;
  }
  for (const clang::Stmt *Child : E->children())
    if (auto *Sub = dyn_cast_or_null<Expr>(Child); Sub && !reevaluable(Sub))
      return false;
  return true;
}

std::string ExprPrinter::constructionTarget(const Expr *Object,
                                            QualType T) const {
  if (auto *Ref = dyn_cast<DeclRefExpr>(skipImplicit(Object))) {
    auto It = IR.VarOf.find(Ref->getDecl());
    if (It != IR.VarOf.end() && inLateStorage(It->second))
      return lateStorage(IR.Vars[It->second].Name) + ".build(";
  }
  return print(Object) + " = " + typeName(T) + "(";
}

std::string ExprPrinter::printCall(const CallExpr *Call, bool UseTemp) const {
  int Temp = UseTemp ? tempOf(Call) : -1;
  if (Temp >= 0)
    return varName(Temp);
  std::string Text;
  unsigned First = 0;
  if (auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Call->getCalleeDecl()))
    // Lowering's construction call `p.T(args)` (Lowering/Constructions.h):
    // the object is built anew.
    Text = constructionTarget(
        cast<CXXMemberCallExpr>(Call)->getImplicitObjectArgument(),
        Ctx.getRecordType(Ctor->getParent()));
  else
    Text = calleeText(Call) + "(";
  // A call through a callable this function is specialised on (a
  // std::function or function pointer parameter bound to a named function)
  // calls that function directly.
  BoundCallee Bound = Binder ? Binder(Call, IR) : BoundCallee();
  if (const Expr *Object = Bound.Object) {
    if (Bound.Function) {
      Text = calleeName(Bound.Function, nullptr) + "(";
      First = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
    } else if (isa<CXXOperatorCallExpr>(Call)) {
      // A functor called through its operator(): `fn(x)`.
      Text = print(Object) + "(";
      First = 1;
    }
  } else if (auto *Method =
                 dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
             Method && !Method->isStatic() && isa<CXXOperatorCallExpr>(Call)) {
    // A member operator: `a * s` calls a.operator*(s).
    std::string Object = print(Call->getArg(0));
    bool Simple = llvm::all_of(
        Object, [](char C) { return llvm::isAlnum(C) || C == '_'; });
    Text = (Simple ? Object : "(" + Object + ")") + "." +
           Method->getNameAsString() + "(";
    First = 1;
  }
  for (unsigned I = First; I < Call->getNumArgs(); ++I) {
    if (isa<CXXDefaultArgExpr>(Call->getArg(I)))
      break; // the primal call needs no defaulted argument
    if (I > First)
      Text += ", ";
    Text += print(Call->getArg(I));
  }
  return Text + ")";
}

std::string ExprPrinter::ownedBy(const Expr *E, std::string Pointer) const {
  // (`std::make_unique<T>(args)` is made in a raw pointer first, whose
  // memory the smart pointer then takes.)
  if (!isSmartPointer(E->getType()) ||
      !IR.Vars[tempOf(E)].Type->isPointerType())
    return Pointer;
  return typeName(E->getType().getUnqualifiedType()) + "(" + Pointer + ")";
}

std::string ExprPrinter::smartShadow(const Expr *Smart,
                                     llvm::StringRef Get) const {
  // (To const memory, its shadow is written through all the same.)
  if (smartPointee(Smart->getType()).isConstQualified())
    return "::ddx::mutable_ptr(" + shadow(Smart) + ")";
  return shadow(Smart) + Get.str();
}

std::string ExprPrinter::print(const Expr *E) const {
  E = skipImplicit(E);
  if (!E)
    return "";
  int Temp = tempOf(E);
  if (Temp >= 0)
    return ownedBy(E, varName(Temp));
  // A smart pointer reads as the pointer it holds: `p->x`, `*p`, `p[i]`.
  if (const Expr *Smart = smartPointerOf(E))
    return isa<CXXOperatorCallExpr>(E) ? print(Smart) : print(Smart) + ".get()";
  if (const Expr *Smart = smartDereferenced(E);
      Smart && cast<CXXOperatorCallExpr>(E)->getOperator() == OO_Star)
    return "*" + print(Smart);
  if (isa<IntegerLiteral>(E)) {
    // Printed from its value: it may stand for a template argument.
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    E->printPretty(OS, nullptr, printingPolicy(Ctx));
    return Text;
  }
  if (auto *P = dyn_cast<ParenExpr>(E))
    return "(" + print(P->getSubExpr()) + ")";
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral,
          StringLiteral>(E))
    return sourceText(E);
  // (In a template's instantiation, `sizeof(T)` and `sizeof...(Ns)` name
  // parameters generated code does not have: spelled with what they stand
  // for.)
  if (auto *Trait = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
    if (Trait->getKind() != UETT_SizeOf && Trait->getKind() != UETT_AlignOf)
      return sourceText(E);
    return std::string(Trait->getKind() == UETT_SizeOf ? "sizeof" : "alignof") +
           "(" +
           (Trait->isArgumentType() ? typeName(Trait->getArgumentType())
                                    : print(Trait->getArgumentExpr())) +
           ")";
  }
  if (auto *Pack = dyn_cast<SizeOfPackExpr>(E);
      Pack && !Pack->isValueDependent())
    return "::std::size_t(" + std::to_string(Pack->getPackLength()) + ")";
  if (isa<CXXNullPtrLiteralExpr>(E))
    return "nullptr";
  // `__PRETTY_FUNCTION__` (in assert's message) names the user's function,
  // not the generated one: its value, as a literal.
  if (auto *Name = dyn_cast<PredefinedExpr>(E);
      Name && Name->getFunctionName()) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    Name->getFunctionName()->printPretty(OS, nullptr, printingPolicy(Ctx));
    return Text;
  }
  if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    // A local that only names a function has no storage in generated code:
    // read outside a call, it stands for what it was initialised with.
    auto Local = IR.LocalCallables.find(Ref->getDecl());
    if (Local != IR.LocalCallables.end() && Local->second &&
        !isa<LambdaExpr>(skipImplicit(Local->second)))
      return "(" + print(Local->second) + ")";
    return declName(Ref);
  }
  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    std::string Sub = print(U->getSubExpr());
    std::string Op = UnaryOperator::getOpcodeStr(U->getOpcode()).str();
    return U->isPostfix() ? Sub + Op : Op + Sub;
  }
  if (auto *B = dyn_cast<BinaryOperator>(E))
    return print(B->getLHS()) + " " + B->getOpcodeStr().str() + " " +
           print(B->getRHS());
  if (auto *C = dyn_cast<ConditionalOperator>(E))
    return print(C->getCond()) + " ? " + print(C->getTrueExpr()) + " : " +
           print(C->getFalseExpr());
  if (auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return print(S->getBase()) + "[" + print(S->getIdx()) + "]";
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      return print(Op->getArg(0)) + "[" + print(Op->getArg(1)) + "]";
    if (Op->getOperator() == OO_Call && accessorObject(E))
      return printCall(Op, /*UseTemp=*/false); // m(i, j)
    // Any other object's call, primal code here (an index computed by a
    // functor, a matrix of integers' m(i, j)): `m(i, j)`.
    if (Op->getOperator() == OO_Call)
      return printCall(Op, /*UseTemp=*/true);
    if (Op->getNumArgs() == 2 && Op->isInfixBinaryOp())
      return print(Op->getArg(0)) + " " +
             getOperatorSpelling(Op->getOperator()) + " " +
             print(Op->getArg(1));
    return unsupported(E);
  }
  // `std::move(v)` copies in generated code: the reverse sweep (and a
  // constructor that runs twice) still reads what was moved from.
  if (auto *Call = dyn_cast<CallExpr>(E); Call && Call->isCallToStdMove() &&
                                          Call->getNumArgs() == 1 &&
                                          tempOf(Call) < 0)
    return print(Call->getArg(0));
  if (auto *Call = dyn_cast<CallExpr>(E))
    return printCall(Call, /*UseTemp=*/true);
  if (auto *M = dyn_cast<MemberExpr>(E)) {
    std::string Member = M->getMemberDecl()->getNameAsString();
    const Expr *Base = skipImplicit(M->getBase());
    if (isa<CXXThisExpr>(Base))
      return "self." + Member;
    return print(Base) + (M->isArrow() ? "->" : ".") + Member;
  }
  if (auto *Cast = dyn_cast<CStyleCastExpr>(E))
    return "(" + typeName(Cast->getTypeAsWritten()) + ")" +
           print(Cast->getSubExpr());
  if (auto *Cast = dyn_cast<CXXNamedCastExpr>(E))
    return std::string(Cast->getCastName()) + "<" +
           typeName(Cast->getTypeAsWritten()) + ">(" +
           print(Cast->getSubExpr()) + ")";
  if (auto *Init = dyn_cast<InitListExpr>(E)) {
    std::string Text = "{";
    for (unsigned I = 0; I < Init->getNumInits(); ++I)
      Text += (I ? ", " : "") + print(Init->getInit(I));
    return Text + "}";
  }
  if (auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E);
      Cast && isa<InitListExpr>(skipImplicit(Cast->getSubExpr())))
    return typeName(Cast->getTypeAsWritten()) + print(Cast->getSubExpr());
  if (auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) {
    // (`unsigned(n)` prints its type as `unsigned int`, which a functional
    // cast cannot name: the C-style cast means the same.)
    std::string Type = typeName(Cast->getTypeAsWritten());
    bool OneName = llvm::all_of(Type, [](char C) {
      return llvm::isAlnum(C) || C == '_' || C == ':' || C == '<' || C == '>' ||
             C == ',';
    });
    std::string Operand = "(" + print(Cast->getSubExpr()) + ")";
    return OneName ? Type + Operand : "((" + Type + ")" + Operand + ")";
  }
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    // (A constructor whose one argument is defaulted builds an object of
    // its own type: `runge_kutta4<state>()`, not its algebra.)
    if (Construct->getNumArgs() == 1 &&
        !isa<CXXDefaultArgExpr>(Construct->getArg(0)))
      return print(Construct->getArg(0));
    std::string Text =
        typeName(Construct->getType().getUnqualifiedType()) + "(";
    for (unsigned I = 0; I < Construct->getNumArgs(); ++I) {
      if (isa<CXXDefaultArgExpr>(Construct->getArg(I)))
        break;
      Text += (I ? ", " : "") + print(Construct->getArg(I));
    }
    return Text + ")";
  }
  if (isa<CXXThisExpr>(E))
    return "(&self)";
  if (auto *New = dyn_cast<CXXNewExpr>(E))
    return printNew(New, *this, !IR.ValuesWrittenApart.contains(New));
  if (auto *Delete = dyn_cast<CXXDeleteExpr>(E))
    return std::string(Delete->isGlobalDelete() ? "::" : "") +
           (Delete->isArrayForm() ? "delete[] " : "delete ") +
           print(Delete->getArgument());
  // `std::list<int> c{1, 2};`: the braces build the initializer_list.
  if (auto *List = dyn_cast<CXXStdInitializerListExpr>(E))
    return print(List->getSubExpr());
  return unsupported(E);
}

int ExprPrinter::rootVar(const Expr *E) const {
  E = skipImplicit(E);
  if (!E)
    return -1;
  // A member of a struct an extracted call returned.
  if (int Temp = tempOf(E); Temp >= 0)
    return Temp;
  if (isa<CXXThisExpr>(E))
    return IR.SelfVar;
  if (auto *P = dyn_cast<ParenExpr>(E))
    return rootVar(P->getSubExpr());
  if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    auto It = IR.VarOf.find(Ref->getDecl());
    if (It == IR.VarOf.end())
      return -1;
    if (const Expr *Alias = IR.Vars[It->second].AliasOf)
      return rootVar(Alias);
    if (const Expr *Range = IR.Vars[It->second].RangeOf)
      return rootVar(Range);
    return It->second;
  }
  if (auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return rootVar(S->getBase());
  if (const Expr *Object = accessorObject(E))
    return rootVar(Object);
  if (const Expr *Iterator = steppedIterator(E))
    return rootVar(Iterator);
  if (const Expr *Smart = smartPointerOf(E))
    return rootVar(Smart);
  if (const Expr *Smart = smartDereferenced(E))
    return rootVar(Smart);
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    return Op->getOperator() == OO_Subscript ? rootVar(Op->getArg(0)) : -1;
  if (const Expr *Container = storageOf(E))
    return rootVar(Container);
  if (auto *M = dyn_cast<MemberExpr>(E))
    return rootVar(M->getBase());
  if (auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf
               ? rootVar(U->getSubExpr())
               : -1;
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    // Pointer arithmetic: p + i, i + p, p - i.
    if (B->getType()->isPointerType()) {
      if (B->getLHS()->getType()->isPointerType())
        return rootVar(B->getLHS());
      return rootVar(B->getRHS());
    }
    return -1;
  }
  if (auto *C = dyn_cast<CastExpr>(E))
    return rootVar(C->getSubExpr());
  if (const Expr *Source = copiedFrom(E))
    return rootVar(Source);
  return -1;
}

QualType shadowType(ASTContext &Ctx, QualType T) {
  // Written through at every level: `const double *&` has the shadow
  // `double *&`.
  if (auto *R = T->getAs<ReferenceType>())
    return Ctx.getLValueReferenceType(shadowType(Ctx, R->getPointeeType()));
  Qualifiers Dropped;
  T = Ctx.getUnqualifiedArrayType(T, Dropped);
  if (auto *P = T->getAs<PointerType>())
    return Ctx.getPointerType(shadowType(Ctx, P->getPointeeType()));
  return T;
}

std::string ExprPrinter::shadowPointer(const Expr *E) const {
  // (Other expressions name shadows declared with the shadow type.)
  const Expr *Member = skipImplicit(E);
  if (!isa<MemberExpr>(Member))
    return shadow(E);
  return asShadowPointer(Member->getType(), shadow(E));
}

std::string ExprPrinter::asShadowPointer(QualType T,
                                         const std::string &Text) const {
  T = T.getCanonicalType().getUnqualifiedType();
  QualType Shadow = shadowType(Ctx, T).getCanonicalType();
  if (!T->isPointerType() || T == Shadow)
    return Text;
  return "const_cast<" + typeName(Shadow) + ">(" + Text + ")";
}

std::string ExprPrinter::shadow(const Expr *E) const {
  E = skipImplicit(E);
  if (int Temp = tempOf(E); Temp >= 0)
    return ownedBy(E, shadowName(varName(Temp)));
  if (auto *P = dyn_cast<ParenExpr>(E))
    return "(" + shadow(P->getSubExpr()) + ")";
  if (const Expr *Smart = smartPointerOf(E))
    return smartShadow(Smart, isa<CXXOperatorCallExpr>(E) ? "" : ".get()");
  if (const Expr *Smart = smartDereferenced(E);
      Smart && cast<CXXOperatorCallExpr>(E)->getOperator() == OO_Star)
    return "*" + smartShadow(Smart, "");
  if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    auto It = IR.VarOf.find(Ref->getDecl());
    if (It != IR.VarOf.end()) {
      const Variable &V = IR.Vars[It->second];
      if (V.AliasOf)
        return aliased(V, shadow(V.AliasOf), /*Shadow=*/true);
      if (V.RangeOf)
        return shadow(V.RangeOf) + "[" + varName(V.IndexVar) + "]";
      return shadowName(V.Name);
    }
    return unsupported(E);
  }
  // (Written through: a member pointing to const has its const cast away.)
  if (auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return shadowPointer(S->getBase()) + "[" + print(S->getIdx()) + "]";
  if (const Expr *Iterator = steppedIterator(E)) {
    auto *Op = cast<CXXOperatorCallExpr>(E);
    std::string Sign = Op->getOperator() == OO_Plus ? " + " : " - ";
    if (Iterator == Op->getArg(0))
      return shadow(Iterator) + Sign + print(Op->getArg(1));
    return print(Op->getArg(0)) + Sign + shadow(Iterator);
  }
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Subscript)
      return shadow(Op->getArg(0)) + "[" + print(Op->getArg(1)) + "]";
    if (Op->getOperator() == OO_Call && accessorObject(E)) {
      std::string Text = shadow(Op->getArg(0)) + "(";
      for (unsigned I = 1; I < Op->getNumArgs(); ++I)
        Text += (I > 1 ? ", " : "") + print(Op->getArg(I));
      return Text + ")";
    }
    return unsupported(E);
  }
  if (auto Path = elementPath(dyn_cast<CallExpr>(E)))
    return applyPath(shadow(cast<CallExpr>(E)->getArg(0)), *Path);
  // An accessor called on the shadow names the same part of it.
  if (auto *Call = dyn_cast<CXXMemberCallExpr>(E); Call && accessorObject(E)) {
    auto *Callee = cast<MemberExpr>(Call->getCallee()->IgnoreParens());
    std::string Text = shadow(Callee->getBase()) +
                       (Callee->isArrow() ? "->" : ".") +
                       Callee->getMemberDecl()->getNameAsString() + "(";
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      Text += (I ? ", " : "") + print(Call->getArg(I));
    return Text + ")";
  }
  if (auto *M = dyn_cast<MemberExpr>(E)) {
    if (isa<CXXThisExpr>(skipImplicit(M->getBase())))
      return shadowName("self") + "." + M->getMemberDecl()->getNameAsString();
    return shadow(M->getBase()) + (M->isArrow() ? "->" : ".") +
           M->getMemberDecl()->getNameAsString();
  }
  if (isa<CXXThisExpr>(E))
    return "(&" + shadowName("self") + ")";
  // A container's shadow has its shape: v.data() is _d_v.data(),
  // std::begin(a) is std::begin(_d_a), v.begin() + k is _d_v.begin() + k.
  if (const Expr *Container = storageOf(E)) {
    const FunctionDecl *FD = cast<CallExpr>(E)->getDirectCallee();
    if (isa<CXXMemberCallExpr>(E))
      return shadow(Container) + "." + FD->getNameAsString() + "()";
    return "::std::" + FD->getNameAsString() + "(" + shadow(Container) + ")";
  }

  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref)
      return "*" + shadowPointer(U->getSubExpr());
    if (U->getOpcode() == UO_AddrOf)
      return "&" + shadow(U->getSubExpr());
    return unsupported(E);
  }
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getLHS()->getType()->isPointerType())
      return shadow(B->getLHS()) + " " + B->getOpcodeStr().str() + " " +
             print(B->getRHS());
    return print(B->getLHS()) + " " + B->getOpcodeStr().str() + " " +
           shadow(B->getRHS());
  }
  // A cast between pointer types (from the void* of the gsl_function
  // pattern) casts the shadow to the shadow type, which drops the const the
  // shadow is written through.
  if (auto *C = dyn_cast<ExplicitCastExpr>(E);
      C && C->getType()->isPointerType() &&
      C->getType().getCanonicalType() !=
          C->getSubExpr()->getType().getCanonicalType())
    return "static_cast<" + typeName(shadowType(Ctx, C->getType())) + ">(" +
           shadow(C->getSubExpr()) + ")";
  if (auto *C = dyn_cast<CastExpr>(E))
    return shadow(C->getSubExpr());
  if (const Expr *Source = copiedFrom(E))
    return shadow(Source);
  return unsupported(E);
}

bool mentions(const clang::Stmt *E, const ValueDecl *D) {
  if (!E || !D)
    return false;
  if (auto *Ref = dyn_cast<DeclRefExpr>(E); Ref && Ref->getDecl() == D)
    return true;
  return llvm::any_of(E->children(),
                      [&](const clang::Stmt *C) { return mentions(C, D); });
}

unsigned countNames(const clang::Stmt *S, const ValueDecl *D) {
  if (!S)
    return 0;
  unsigned N = 0;
  if (auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == D)
    ++N;
  for (const clang::Stmt *Child : S->children())
    N += countNames(Child, D);
  return N;
}

namespace {

/// `v` or, for an array v, `v[i]`.
bool namesDirectly(const Expr *E, const VarDecl *V) {
  E = E->IgnoreParens();
  if (auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    auto *Decay = dyn_cast<ImplicitCastExpr>(Sub->getBase()->IgnoreParens());
    if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
      return false;
    E = Decay->getSubExpr()->IgnoreParens();
  }
  auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && Ref->getDecl() == V;
}

/// Counts the direct uses of V in S (see namedOnlyDirectly); none inside a
/// lambda.
unsigned countDirectUses(const clang::Stmt *S, const VarDecl *V) {
  if (!S || isa<LambdaExpr>(S))
    return 0;
  unsigned N = 0;
  if (auto *Cast = dyn_cast<ImplicitCastExpr>(S);
      Cast && Cast->getCastKind() == CK_LValueToRValue &&
      namesDirectly(Cast->getSubExpr(), V))
    ++N;
  if (auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp() && namesDirectly(U->getSubExpr(), V))
    ++N;
  if (auto *B = dyn_cast<BinaryOperator>(S);
      B && B->isAssignmentOp() && namesDirectly(B->getLHS(), V))
    ++N;
  for (const clang::Stmt *Child : S->children())
    N += countDirectUses(Child, V);
  return N;
}

} // namespace

bool namedOnlyDirectly(const clang::Stmt *S, const VarDecl *V) {
  return countNames(S, V) == countDirectUses(S, V);
}

} // namespace ddx
