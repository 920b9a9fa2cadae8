//===- PointerTargets.cpp -------------------------------------------------===//
#include "Activity/PointerTargets.h"
#include "Plan/CallableResolver.h"
#include "Support/HeapCalls.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace clang;

namespace ddx {

/// The record type of an iterator (it names an `iterator_category`, as
/// the standard algorithms require), or null.
/// What `*it` gives for an iterator of type T (`double &`), or null when
/// it is not known.
static QualType dereferenced(QualType T) {
  const CXXRecordDecl *Record = iteratorRecord(T);
  DeclarationName Star =
      Record
          ? Record->getASTContext().DeclarationNames.getCXXOperatorName(OO_Star)
          : DeclarationName();
  for (const CXXRecordDecl *R = Record; R;) {
    // (The non-const one, when there are both.)
    QualType Found;
    for (const NamedDecl *D : R->lookup(Star))
      if (auto *Method = dyn_cast<CXXMethodDecl>(D->getUnderlyingDecl()))
        if (Found.isNull() || !Method->isConst())
          Found = Method->getReturnType();
    if (!Found.isNull())
      return Found;
    // (An iterator adaptor may take operator* from its base.)
    R = R->getNumBases() ? R->bases_begin()->getType()->getAsCXXRecordDecl()
                         : nullptr;
  }
  return QualType();
}

QualType iteratedValue(QualType T) {
  QualType Deref = dereferenced(T);
  return Deref.isNull() ? Deref : Deref.getNonReferenceType();
}

/// Whether memory can be written through an iterator of type T: its
/// `operator*` gives a reference to a non-const value.
static bool writesThroughIterator(QualType T) {
  if (!isIterator(T))
    return false;
  QualType Deref = dereferenced(T);
  return Deref.isNull() || writesThrough(Deref);
}

/// A pointer, or an iterator or a smart pointer, which reach memory the
/// same way.
static bool isPointerVar(const Variable &V) {
  return !V.isAlias() && (V.Type->isPointerType() || isIterator(V.Type) ||
                          isSmartPointer(V.Type));
}

PointerTargets::PointerTargets(const FunctionIR &IR, const ExprPrinter &Printer)
    : IR(IR), Printer(Printer), Targets(IR.Vars.size()) {
  // A pointer parameter points to its caller's memory.
  for (unsigned P = 0; P < IR.NumParams; ++P)
    if (isPointerVar(IR.Vars[P]))
      Targets[P].push_back(PointerTarget::outside(P));
  // A pointer whose address is taken may be set where this pass does not
  // look.
  std::function<void(const Block &)> Escapes = [&](const Block &B) {
    for (const Stmt &S : B) {
      escape(S.Value);
      escape(S.LValue);
      escape(S.Call);
      escape(S.CondExpr);
      Escapes(S.Then);
      Escapes(S.Else);
    }
  };
  Escapes(IR.Body);
  // The union over every value given, to a fixed point (p = q; q = p); a
  // pointer given nothing may point anywhere, and so may its copies.
  for (bool Changed = true; Changed;) {
    Changed = false;
    collect(IR.Body, Changed);
    for (unsigned V = 0; !Changed && V < IR.Vars.size(); ++V)
      if (isPointerVar(IR.Vars[V]) && Targets[V].empty()) {
        Targets[V].push_back(PointerTarget::Unknown);
        Changed = true;
      }
  }
  findStoredAddresses(IR.Body);
}

static bool ownsElements(QualType T);

bool holdsAddresses(QualType T) {
  auto *Record = T->getAsCXXRecordDecl();
  // (A container's pointers lead to its own elements.)
  if (!Record || !Record->hasDefinition() || isIterator(T) ||
      (Record->isInStdNamespace() && ownsElements(T)))
    return false;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (holdsAddresses(Base.getType()))
      return true;
  return llvm::any_of(Record->fields(), [](const FieldDecl *F) {
    QualType Field = F->getType();
    return Field->isPointerType() || isIterator(Field) || holdsAddresses(Field);
  });
}

/// Addresses kept where no pointer variable holds them (`V v{idx};`,
/// `s.p = &k;`, `ptrs[0] = a;`, the iterators `std::equal_range` returns
/// in a pair): the memory becomes reachable through pointers this pass
/// does not follow, so it counts as unknown memory.
void PointerTargets::findStoredAddresses(const Block &B) {
  int Holder = -1; // the variable the statement at hand stores into
  auto Store = [&](const TargetList &Into) {
    for (int T : Into) {
      if (!PointerTarget::isVariable(T))
        continue;
      if (!llvm::is_contained(Stored, T))
        Stored.push_back(T);
      if (!llvm::is_contained(Holders, std::make_pair(T, Holder)))
        Holders.push_back({T, Holder});
    }
  };
  std::function<void(const clang::Stmt *, bool)> Walk =
      [&](const clang::Stmt *N, bool Kept) {
        auto *E = dyn_cast_or_null<Expr>(N);
        if (!E)
          return;
        // (Lowering may keep an array that initialises a pointer field
        // without its decay.)
        QualType T = E->getType();
        if (Kept && (T->isPointerType() || T->isArrayType() || isIterator(T))) {
          Store(pointee(E));
          return;
        }
        // A call's result that holds iterators or pointers into what it
        // was given.
        if (Kept && isa<CallExpr>(E) && holdsAddresses(T))
          Store(iterated(E));
        // Parts of a braced or constructed aggregate are stored too.
        bool Parts = isa<InitListExpr, CXXConstructExpr, ParenListExpr>(E);
        for (const clang::Stmt *Child : E->children())
          Walk(Child, Parts);
      };
  for (const Stmt &S : B) {
    int V = S.Var;
    if (S.K == Stmt::Kind::Assign && S.Value) {
      bool ToPointerVar =
          V >= 0 && S.Path.empty() && !S.LValue && isPointerVar(IR.Vars[V]);
      Holder = V >= 0 ? V : Printer.rootVar(S.LValue);
      Walk(S.Value, !ToPointerVar);
    }
    // (A pointer or iterator result is followed by collect.)
    if (S.K == Stmt::Kind::Call && S.Call && V >= 0 &&
        !isPointerVar(IR.Vars[V])) {
      Holder = V;
      Walk(S.Call, /*Kept=*/true);
    }
    findStoredAddresses(S.Then);
    findStoredAddresses(S.Else);
  }
}

void PointerTargets::add(TargetList &To, const TargetList &From) const {
  for (int T : From)
    if (!llvm::is_contained(To, T))
      To.push_back(T);
}

void PointerTargets::collect(const Block &B, bool &Changed) {
  for (const Stmt &S : B) {
    collect(S.Then, Changed);
    collect(S.Else, Changed);
    int V = S.Var;
    if (V < 0 && S.LValue)
      if (auto *Ref = dyn_cast<DeclRefExpr>(skipImplicit(S.LValue)))
        V = Printer.rootVar(Ref);
    // A reference to a pointer (`int *&r = p; r = b;`) sets the pointer.
    if (V >= 0 && IR.Vars[V].AliasOf)
      V = Printer.rootVar(IR.Vars[V].AliasOf);
    if (V < 0 || !isPointerVar(IR.Vars[V]) || !S.Path.empty())
      continue;
    TargetList Given;
    if (S.K == Stmt::Kind::Call)
      Given = isIterator(IR.Vars[V].Type)
                  ? iterated(skipImplicit(cast<clang::Expr>(S.Call)))
                  : TargetList{PointerTarget::Unknown};
    else if (S.K == Stmt::Kind::Assign && S.Op == BO_Assign && S.Value)
      Given = pointee(S.Value);
    unsigned Before = Targets[V].size();
    add(Targets[V], Given);
    Changed |= Targets[V].size() != Before;
  }
}

/// A pointer variable whose address is taken, that a non-const reference
/// binds to, or that a lambda assigns may be set where this pass does not
/// look.
void PointerTargets::escape(const clang::Stmt *N) {
  if (!N)
    return;
  auto Mark = [&](const Expr *E) {
    if (auto *Ref = dyn_cast_or_null<DeclRefExpr>(skipImplicit(E))) {
      int V = Printer.rootVar(Ref);
      if (V >= 0 && isPointerVar(IR.Vars[V]))
        add(Targets[V], {PointerTarget::Unknown});
    }
  };
  if (auto *U = dyn_cast<UnaryOperator>(N); U && U->getOpcode() == UO_AddrOf)
    Mark(U->getSubExpr());
  if (auto *B = dyn_cast<BinaryOperator>(N); B && B->isAssignmentOp())
    Mark(B->getLHS());
  if (auto *Call = dyn_cast<CallExpr>(N))
    forEachArgument(Call, [&](const Expr *Arg, QualType Param) {
      if (Param->isReferenceType() && writesThrough(Param))
        Mark(Arg);
    });
  for (const clang::Stmt *Child : N->children())
    escape(Child);
}

TargetList PointerTargets::pointee(const Expr *E) const {
  E = skipImplicit(E);
  if (!E)
    return {};
  if (auto *P = dyn_cast<ParenExpr>(E))
    return pointee(P->getSubExpr());
  if (E->getType()->isArrayType())
    return storage(E);
  if (isa<CXXNullPtrLiteralExpr, GNUNullExpr, IntegerLiteral>(E))
    return {};
  if (isa<CXXThisExpr>(E))
    return {IR.SelfVar >= 0 ? IR.SelfVar : PointerTarget::Unknown};
  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf)
      return storage(U->getSubExpr());
    if (U->isIncrementDecrementOp())
      return pointee(U->getSubExpr());
  }
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Comma)
      return pointee(B->getRHS());
    if (B->isAdditiveOp())
      return pointee(B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                             : B->getRHS());
  }
  if (auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    TargetList Both = pointee(C->getTrueExpr());
    add(Both, pointee(C->getFalseExpr()));
    return Both;
  }
  if (auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return pointee(Cast->getSubExpr());
  // `p->x` and `p.get()` of a smart pointer; a smart pointer converted to
  // one of a base class, or moved.
  if (const Expr *Smart = smartPointerOf(E))
    return pointee(Smart);
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1 &&
      isSmartPointer(Construct->getType()) &&
      isSmartPointer(Construct->getArg(0)->getType()))
    return pointee(Construct->getArg(0));
  // `it->x` goes through the iterator's operator->.
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Arrow &&
      isIterator(Op->getArg(0)->getType()))
    return pointee(Op->getArg(0));
  if (const Expr *Container = storageOf(E))
    return Container->getType()->isPointerType() ? pointee(Container)
                                                 : storage(Container);
  if (isIterator(E->getType()) && !isa<DeclRefExpr>(E) && Printer.tempOf(E) < 0)
    return iterated(E);
  if (isa<DeclRefExpr>(E) || Printer.tempOf(E) >= 0) {
    if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      auto It = IR.VarOf.find(Ref->getDecl());
      if (It != IR.VarOf.end() && IR.Vars[It->second].AliasOf)
        return pointee(IR.Vars[It->second].AliasOf);
    }
    int V = Printer.rootVar(E);
    if (V >= 0 && isPointerVar(IR.Vars[V]))
      return Targets[V];
  }
  return {PointerTarget::Unknown};
}

/// Whether an object of type T owns what its iterators reach: a standard
/// container (it has an allocator) or plain data (`std::array<int, 3>`),
/// not a view holding a pointer to another's elements.
static bool ownsElements(QualType T) {
  auto *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return true;
  const IdentifierInfo &Name =
      Record->getASTContext().Idents.get("allocator_type");
  return isPlainData(T) ||
         (Record->isInStdNamespace() && !Record->lookup(&Name).empty());
}

/// Where the iterator value E may point into: `v.begin()`, `std::end(a)`,
/// `it + 1`, `std::next(it)`, `std::make_reverse_iterator(e)`,
/// `rit.base()`, a copy, an algorithm's result (`std::find`): into the
/// ranges and containers it was made from. A user function may also hand
/// out one into memory it was not given.
TargetList PointerTargets::iterated(const Expr *E) const {
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1)
    return pointee(Construct->getArg(0));
  auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD)
    return {PointerTarget::Unknown};
  TargetList Into;
  auto From = [&](const Expr *Arg, bool ByReference) {
    QualType T = Arg->getType();
    if (T->isPointerType() || isIterator(T) || T->isArrayType()) {
      add(Into, pointee(Arg));
    } else if (ByReference && T->isRecordType()) {
      add(Into, storage(Arg));
      if (!ownsElements(T))
        add(Into, {PointerTarget::Unknown});
    }
  };
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
    const Expr *Object = Member->getImplicitObjectArgument();
    From(Object, /*ByReference=*/true);
  }
  PointerTargets::forEachArgument(Call, [&](const Expr *Arg, QualType Param) {
    From(Arg, Param->isReferenceType());
  });
  if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD))
    From(Call->getArg(0), /*ByReference=*/true);
  bool Std = FD->isInStdNamespace() ||
             (isa<CXXMethodDecl>(FD) &&
              cast<CXXMethodDecl>(FD)->getParent()->isInStdNamespace());
  if (Into.empty() || !Std)
    add(Into, {PointerTarget::Unknown});
  return Into;
}

TargetList PointerTargets::storage(const Expr *E) const {
  E = skipImplicit(E);
  if (!E)
    return {};
  if (auto *P = dyn_cast<ParenExpr>(E))
    return storage(P->getSubExpr());
  if (auto *M = dyn_cast<MemberExpr>(E))
    return M->isArrow() ? pointee(M->getBase()) : storage(M->getBase());
  if (auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = skipImplicit(S->getBase());
    return Base->getType()->isArrayType() ? storage(Base) : pointee(Base);
  }
  if (auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return pointee(U->getSubExpr());
  if (const Expr *Smart = smartDereferenced(E))
    return pointee(Smart);
  if (auto *Call = dyn_cast<CallExpr>(E); Call && isValueCast(Call))
    return storage(Call->getArg(0));
  if (const Expr *Object = accessorObject(E))
    return Object->getType()->isPointerType() ? pointee(Object)
                                              : storage(Object);
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    // `*it`, `it[i]`, `it->x`: where the iterator points.
    if (isIterator(Op->getArg(0)->getType()) &&
        (Op->getOperator() == OO_Star || Op->getOperator() == OO_Subscript))
      return pointee(Op->getArg(0));
    if (Op->getOperator() == OO_Subscript)
      return storage(Op->getArg(0));
  }
  if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    auto It = IR.VarOf.find(Ref->getDecl());
    // A global: memory this function has no variable for.
    if (It == IR.VarOf.end())
      return {PointerTarget::Unknown};
    const Variable &V = IR.Vars[It->second];
    if (V.AliasOf || V.RangeOf)
      return storage(V.AliasOf ? V.AliasOf : V.RangeOf);
    return {int(It->second)};
  }
  if (int Temp = Printer.tempOf(E); Temp >= 0)
    return {Temp};
  return {PointerTarget::Unknown};
}

/// Whether memory written as A may be read as B: the same type, or bytes.
static bool mayAlias(QualType A, QualType B) {
  if (A.isNull() || B.isNull())
    return true;
  auto Bytes = [](QualType T) {
    return T->isVoidType() || T->isCharType() || T->isStdByteType();
  };
  return Bytes(A) || Bytes(B) ||
         A.getCanonicalType().getUnqualifiedType() ==
             B.getCanonicalType().getUnqualifiedType();
}

/// Whether memory written as Written may be part of a variable of type
/// T: T itself, an element of an array, a member of a struct or a base, an
/// element of a library container or pair (`struct { std::vector<int>
/// order; }` holds `int`s).
static bool mayHold(QualType T, QualType Written,
                    llvm::SmallPtrSetImpl<const clang::Type *> &Seen) {
  if (mayAlias(Written, T))
    return true;
  T = QualType(T->getBaseElementTypeUnsafe(), 0);
  if (mayAlias(Written, T))
    return true;
  if (!Seen.insert(T.getCanonicalType().getTypePtr()).second)
    return false; // (looked at already, further up)
  auto *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return false;
  if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record);
      Spec && Record->isInStdNamespace())
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      if (Arg.getKind() == TemplateArgument::Type &&
          mayHold(Arg.getAsType(), Written, Seen))
        return true;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (mayHold(Base.getType(), Written, Seen))
      return true;
  return llvm::any_of(Record->fields(), [&](const FieldDecl *F) {
    return mayHold(F->getType(), Written, Seen);
  });
}

bool isPlainData(QualType T) {
  if (T.isNull() || T->isVoidType())
    return true;
  const clang::Type *Element = T->getBaseElementTypeUnsafe();
  if (Element->isArithmeticType() || Element->isEnumeralType())
    return true;
  auto *Record = Element->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (!isPlainData(Base.getType()))
      return false;
  for (const FieldDecl *Field : Record->fields())
    if (!isPlainData(Field->getType()))
      return false;
  return true;
}

llvm::SmallVector<int, 4> PointerTargets::readersOf(int Target,
                                                    QualType Written) const {
  llvm::SmallVector<int, 4> Readers;
  if (PointerTarget::isVariable(Target))
    Readers.push_back(Target);
  // Unknown memory may be a variable whose address was stored away.
  if (Target == PointerTarget::Unknown)
    for (int V : Stored)
      if (llvm::SmallPtrSet<const clang::Type *, 8> Seen;
          mayHold(IR.Vars[V].Type, Written, Seen))
        Readers.push_back(V);
  // Pointers into it, pointers to those (`int **pp = &p`), and so on;
  // unknown memory only through pointers to its type (not a `FILE *`
  // written by fprintf for an `int *` read).
  llvm::SmallVector<int, 4> Work = {Target};
  while (!Work.empty()) {
    int T = Work.pop_back_val();
    for (unsigned V = 0; V < Targets.size(); ++V) {
      if (!llvm::is_contained(Targets[V], T) ||
          llvm::is_contained(Readers, int(V)))
        continue;
      QualType Type = IR.Vars[V].Type;
      if (T == PointerTarget::Unknown &&
          !mayAlias(Written, Type->isPointerType() ? Type->getPointeeType()
                                                   : iteratedValue(Type)))
        continue;
      Readers.push_back(V);
      Work.push_back(V);
    }
  }
  return Readers;
}

/// Whether FD hands out part of its object rather than changing it: an
/// accessor (or returns a part as one does), or a standard container's element
/// and iterator access
/// (`v[i]`, `v.at(i)`, `v.data()`, `v.begin()`); what is done with the
/// part is seen where it is used.
static bool handsOutPart(const CXXMethodDecl *Method) {
  if (returnsOwnPart(Method))
    return true;
  if (!Method->getParent()->isInStdNamespace())
    return false;
  if (Method->getOverloadedOperator() == OO_Subscript)
    return true;
  return Method->getIdentifier() &&
         llvm::is_contained(
             {"at", "front", "back", "data", "begin", "end", "rbegin", "rend"},
             Method->getName());
}

/// An iterator of a container, passed by value (`v.begin()`,
/// `v.begin() + 1`, `std::end(a)`): the container it reaches, or null.
static const Expr *iteratedContainer(const Expr *Arg) {
  const Expr *E = skipImplicit(Arg);
  while (auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() != OO_Plus && Op->getOperator() != OO_Minus)
      return nullptr;
    E = skipImplicit(Op->getArg(0));
  }
  auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() ||
      !llvm::is_contained({"begin", "end", "rbegin", "rend"}, FD->getName()))
    return nullptr;
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    return Member->getMethodDecl()->isConst()
               ? nullptr
               : Member->getImplicitObjectArgument();
  return FD->isInStdNamespace() && Call->getNumArgs() == 1 ? Call->getArg(0)
                                                           : nullptr;
}

TargetList PointerTargets::object(const Expr *Object) const {
  return Object->getType()->isPointerType() ? pointee(Object) : storage(Object);
}

TargetList PointerTargets::changedObject(const CallExpr *Call) const {
  auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!Method || !changesObject(Method) || handsOutPart(Method))
    return {};
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    return object(Member->getImplicitObjectArgument());
  if (isa<CXXOperatorCallExpr>(Call))
    return storage(Call->getArg(0));
  return {};
}

TargetList PointerTargets::changedThrough(const Expr *Arg, QualType T) const {
  if (!T->isPointerType() && !T->isReferenceType()) {
    if (const Expr *Container = iteratedContainer(Arg))
      return object(Container);
    // An iterator held in a variable (`auto b = v.begin(); sort(b, e)`).
    return writesThroughIterator(Arg->getType()) ? pointee(Arg) : TargetList{};
  }
  if (!writesThrough(T))
    return {};
  if (T->isPointerType())
    return pointee(Arg);
  // A temporary bound to the reference: nothing else reads it.
  if (isa<MaterializeTemporaryExpr>(Arg->IgnoreParenImpCasts()))
    return {};
  return storage(Arg);
}

void PointerTargets::forEachArgument(
    const CallExpr *Call,
    llvm::function_ref<void(const Expr *Arg, QualType Param)> Visit) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD)
    return;
  auto *Method = dyn_cast<CXXMethodDecl>(FD);
  unsigned Skip =
      isa<CXXOperatorCallExpr>(Call) && Method && !Method->isStatic();
  for (unsigned I = Skip; I < Call->getNumArgs(); ++I) {
    if (I - Skip >= FD->getNumParams())
      break;
    Visit(Call->getArg(I), FD->getParamDecl(I - Skip)->getType());
  }
}

TargetList PointerTargets::changedBy(const CallExpr *Call) const {
  TargetList All = changedObject(Call);
  forEachArgument(Call, [&](const Expr *Arg, QualType Param) {
    add(All, changedThrough(Arg, Param));
  });
  return All;
}

} // namespace ddx
