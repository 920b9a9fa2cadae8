//===- FunctionAssembler.cpp ----------------------------------------------===//
#include "Emit/FunctionAssembler.h"
#include "Activity/ActivityAnalysis.h"
#include "Activity/LoopTape.h"
#include "Activity/TapePolicy.h"
#include "Emit/AdjointEmitter.h"
#include "Emit/EmitContext.h"
#include "Emit/SumLoopFusion.h"
#include "Emit/TangentEmitter.h"
#include "Emit/UnreadRestores.h"
#include "Emit/ZeroAdjoints.h"
#include "Lowering/Constructions.h"
#include "Support/HeapCalls.h"
#include "Support/Spelling.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <functional>
#include <set>

using namespace clang;

namespace ddx {
namespace {

/// Drops the updates of local shadows nothing reads (a pointer's shadow
/// that is never dereferenced, the tangent of a dead value), so generated
/// code compiles without unused-variable warnings.
void pruneWriteOnlyShadows(Lines &L, const FunctionIR &IR,
                           const std::set<unsigned> *Only = nullptr) {
  for (unsigned V = IR.NumParams; V < IR.Vars.size(); ++V) {
    if (Only && !Only->count(V))
      continue;
    std::string Shadow = ExprPrinter::shadowName(IR.Vars[V].Name);
    auto IsWrite = [&](const std::string &Line) {
      llvm::StringRef S(Line);
      S = S.ltrim();
      if (!S.consume_front(Shadow))
        return S.starts_with("_tape.push(" + Shadow + ")") ||
               S.starts_with("_tape.pop(" + Shadow + ")");
      // A member of it (_d_F.params = &_d_p).
      while (S.consume_front(".")) {
        size_t End = S.find_first_not_of(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        S = S.drop_front(End == llvm::StringRef::npos ? S.size() : End);
      }
      S = S.ltrim();
      return S.starts_with("= ") || S.starts_with("+= ") ||
             S.starts_with("-= ");
    };
    bool Read = false, Written = false;
    for (const std::string &Line : L) {
      if (!mentions(Line, Shadow))
        continue;
      if (IsWrite(Line)) {
        Written = true;
        // A write that reads the shadow itself (d = d * v) is still a write.
        continue;
      }
      Read = true;
    }
    if (Written && !Read)
      L.erase(std::remove_if(L.begin(), L.end(), IsWrite), L.end());
  }
}

/// Drops a const local that nothing reads once its uses were folded (a
/// `constexpr double tol` passed to an option): its assignment has no side
/// effect, and the compiler would warn about it.
void pruneUnreadConstants(Lines &L, const FunctionIR &IR) {
  for (unsigned V = IR.NumParams; V < IR.Vars.size(); ++V) {
    auto *VD = dyn_cast_or_null<VarDecl>(IR.Vars[V].Decl);
    if (!VD || !(VD->isConstexpr() || isImmutable(VD->getType())) ||
        !VD->getInit() ||
        !VD->getInit()->isConstantInitializer(VD->getASTContext(), false))
      continue;
    const std::string &Name = IR.Vars[V].Name;
    auto IsInit = [&](const std::string &Line) {
      return llvm::StringRef(Line).ltrim().starts_with(Name + " = ");
    };
    bool Read = false;
    for (const std::string &Line : L)
      Read |= mentions(Line, Name) && !IsInit(Line);
    if (!Read)
      L.erase(std::remove_if(L.begin(), L.end(), IsInit), L.end());
  }
}

std::string join(const Lines &L) {
  std::string Text;
  for (const std::string &Line : L)
    Text += Line + "\n";
  return Text;
}

/// Generates one instance: owns the per-instance analyses.
class InstanceBuilder {
public:
  InstanceBuilder(ASTContext &Ctx, const FunctionIR &IR, const Instance &I,
                  const RuleBinder &Rules, DiffPlan &Plan,
                  CallableAdaptors &Adaptors, DispatchLog &Dispatches,
                  DiagReporter &Diags)
      : Ctx(Ctx), IR(IR), I(I), Printer(Ctx, IR, Diags, bindCallee),
        Activity(IR, Printer),
        Pointers(IR, Printer), C{Ctx,      IR,         Printer, Activity,
                                 Pointers, Rules,      Plan,    Diags,
                                 Adaptors, Dispatches, &I} {
    for (unsigned P = 0; P < IR.NumParams && P < I.Activity.size(); ++P)
      if (I.Activity[P] != ParamActivity::Inactive)
        Activity.seed(P);
    if (I.ResultUnused)
      Activity.dropResult();
    Activity.run();
  }

  bool build(GeneratedFunction &Out);

private:
  ParamActivity act(unsigned P) const {
    return P < I.Activity.size() ? I.Activity[P] : ParamActivity::Inactive;
  }
  /// Whether the return value carries a derivative that is returned with it
  /// (tangent) or seeded (reverse sweep).
  bool valueReturn() const { return isPlainValue(IR.returnType()); }
  /// The zero of the return type's derivative.
  std::string zeroReturn() const {
    return IR.returnType()->isRealFloatingType()
               ? "0"
               : explicitZero(Printer, IR.returnType())
                     .value_or(returnTypeName() + "{}");
  }
  std::string returnTypeName() const {
    return Printer.typeName(IR.returnType().getUnqualifiedType());
  }
  std::string shadowParam(const Variable &V, const std::string &Name,
                          Mode M) const;
  /// A parameter's type in the derivative of mode M.
  clang::QualType declaredType(const Variable &V, Mode M) const;
  std::string paramList(Mode M) const;
  std::string declarations(const std::string &Body, bool AdjointLocals) const;
  bool checkShadows() const;
  bool checkZeroableShadows() const;
  /// Refuses a variable the reverse sweep reads as the forward sweep left
  /// it, which the tape cannot record.
  void reportUnsaved(const Variable &Var) const;
  /// Fills Out.MemberZeroings for the classes the shadows hold.
  void collectMemberZeroings(GeneratedFunction &Out) const;
  /// Refuses the derivative of What, an object of class T without a default
  /// constructor whose members it cannot name.
  void reportUnnamedMembers(SourceLocation At, const std::string &What,
                            QualType T) const;
  bool checkTypeErasedPointers() const;
  /// Whether the function is a few straight-line statements (see
  /// GeneratedFunction::Short).
  bool isShort() const;
  /// Refuses the address of an active value converted to `void *` (the
  /// gsl_function pattern): its derivative would be lost behind the cast.
  bool writesOutside() const;
  /// In split mode, the pointers the reverse sweep reads that hold the
  /// address of one of this function's locals (the forward sweep's frame is
  /// gone by the time the reverse sweep runs).
  struct FramePointers {
    /// The assignments that point them at the reverse sweep's own locals.
    Lines Assignments;
    /// The pointer variables set again: the tape need not hold them.
    std::set<unsigned> Vars;
    /// The structs a pointer field of is set again (a gsl_function's
    /// params): the forward sweep need not set their shadows' fields.
    std::set<unsigned> Fields;
  };
  /// One set more than once, or in a loop or branch, is refused (when
  /// Report).
  FramePointers framePointers(const std::string &Reverse, bool Report);
  /// The variables the reverse sweep reads that the forward sweep saves on
  /// the tape (not those Frame sets again).
  void saveList(const std::string &Reverse, const FramePointers &Frame,
                std::vector<std::string> &Names) const;
  /// Locals the reverse sweep reads that the tape cannot hold (an
  /// integrator object): the reverse sweep runs their initialisation again.
  Lines rebuilt(const std::string &Reverse) const;
  bool tapeable(unsigned V) const { return isTapeable(IR.Vars[V].Type, Ctx); }
  std::string shadowName(unsigned P) const {
    return ExprPrinter::shadowName(IR.Vars[P].Name);
  }

  bool readsInReverse(int Target, const Lines &Reverse,
                      QualType Written = QualType()) const;
  void checkUnsavedWrites(llvm::ArrayRef<AdjointEmitter::UnsavedWrite> Writes,
                          const Lines &Reverse);
  Sweeps sweeps(bool RunsAgain = false);
  std::string tangentFunction(std::string &Sig);
  std::string forwardSweep(std::string &Sig);
  std::string reverseSweep(std::string &Sig);
  std::string gradient(std::string &Sig);
  std::string derivative(std::string &Sig);

  ASTContext &Ctx;
  const FunctionIR &IR;
  const Instance &I;
  ExprPrinter Printer;
  ActivityAnalysis Activity;
  PointerTargets Pointers;
  EmitContext C;
  /// Set by sweeps(): see AdjointEmitter::savesOutside.
  bool SavesOutside = false;
};

std::string InstanceBuilder::shadowParam(const Variable &V,
                                         const std::string &Name,
                                         Mode M) const {
  return Printer.declare(ddx::shadowType(Ctx, declaredType(V, M)), Name);
}

QualType InstanceBuilder::declaredType(const Variable &V, Mode M) const {
  QualType T = V.DeclaredType.isNull() ? V.Type : V.DeclaredType;
  // Generated code reads what std::move gives as the lvalue it names (see
  // ExprPrinter::print): a callee's `T &&` parameter takes it as `T &`.
  if (T->isRValueReferenceType() && M != Mode::Gradient &&
      M != Mode::Derivative)
    return Ctx.getLValueReferenceType(T.getNonReferenceType());
  return T;
}

/// Whether copying a T runs a copy constructor the user wrote, which
/// lowering runs as its derivative where the copy is made (see
/// isUserConstruction); not the library's (a std::vector's).
static bool copiedByUser(QualType T, const ASTContext &Ctx) {
  const CXXRecordDecl *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition())
    return false;
  return llvm::any_of(R->ctors(), [&](const CXXConstructorDecl *Ctor) {
    return Ctor->isCopyConstructor() && isUserConstructor(Ctor, Ctx);
  });
}

std::string InstanceBuilder::paramList(Mode M) const {
  std::vector<std::string> Params;
  for (unsigned P = 0; P < IR.NumParams; ++P) {
    const Variable &V = IR.Vars[P];
    QualType T = declaredType(V, M);
    // A class whose copy constructor the user wrote, taken by value: the
    // caller's generated code made the copy (and its derivative) already,
    // which C++ would copy again with the user's constructor, that may do
    // more than copy (`gen(o.gen + 1)`).
    bool Copied = M != Mode::Gradient && M != Mode::Derivative &&
                  !V.ByReference && copiedByUser(T, Ctx);
    Params.push_back(
        Printer.declare(Copied ? Ctx.getLValueReferenceType(T) : T, V.Name));
    ParamActivity A = act(P);
    if (A == ParamActivity::Duplicated) {
      Params.push_back(shadowParam(V, shadowName(P), M));
    } else if (A == ParamActivity::Active) {
      // (A `const double (&)[3]` parameter's adjoint is written.)
      QualType Shadow = ddx::shadowType(Ctx, V.Type);
      // (Likewise a tangent passed by value; and one for a `T &&`, whose
      // class may have no copy constructor.)
      bool Moved = !V.DeclaredType.isNull() &&
                   V.DeclaredType->isRValueReferenceType() &&
                   !V.Type.isTriviallyCopyableType(Ctx);
      if (M == Mode::Tangent &&
          (((V.ConstReference || Copied) && copiedByUser(Shadow, Ctx)) ||
           Moved))
        Shadow = Ctx.getLValueReferenceType(
            V.ConstReference ? Shadow.withConst() : Shadow);
      if (M == Mode::Tangent || M == Mode::Derivative)
        Params.push_back(Printer.declare(Shadow, shadowName(P)));
      else if (M == Mode::ReverseSweep)
        Params.push_back(Printer.declare(Ctx.getLValueReferenceType(Shadow),
                                         shadowName(P) + "_out"));
    }
  }
  if (M == Mode::ReverseSweep && valueReturn())
    Params.push_back(returnTypeName() + " _d_ret_seed");
  if (M == Mode::ForwardSweep || M == Mode::ReverseSweep)
    Params.push_back("::ddx::tape &_tape");
  return llvm::join(Params, ", ");
}

void InstanceBuilder::reportUnnamedMembers(SourceLocation At,
                                           const std::string &What,
                                           QualType T) const {
  C.Diags.error(At, "ddx cannot keep the derivative of " + What +
                        ": its class '" + userTypeName(T, Ctx) +
                        "' has no default constructor, so ddx makes the "
                        "derivative as a copy of the object with each member "
                        "set to zero, which needs members it can name "
                        "(public, not const)");
  C.Diags.note(At, "make the members of '" +
                       T->getAsCXXRecordDecl()->getNameAsString() +
                       "' public and non-const");
}

/// A shadow starts at zero. When the type gives its members default values,
/// ddx clears it byte by byte (::ddx::set_zero), which needs a trivially
/// copyable type.
bool InstanceBuilder::checkZeroableShadows() const {
  // (A container's elements are cleared one by one.)
  std::function<bool(QualType)> Unclearable = [&](QualType T) {
    if (hasDefaultedValues(T) && !T.isTriviallyCopyableType(Ctx) &&
        !memberwiseZero(Printer, T, "z"))
      return true;
    return isContainer(T) &&
           anyTypeArgument(T->getAsCXXRecordDecl(), Unclearable);
  };
  bool Ok = true;
  for (unsigned V = 0; V < IR.Vars.size(); ++V) {
    const Variable &Var = IR.Vars[V];
    // (The caller makes the shadow of a duplicated parameter.)
    if (Var.isAlias() || !Activity.isVaried(V) ||
        (V < IR.NumParams && act(V) == ParamActivity::Duplicated) ||
        !Unclearable(Var.Type))
      continue;
    SourceLocation At = Var.Decl      ? Var.Decl->getLocation()
                        : IR.Function ? IR.Function->getLocation()
                                      : SourceLocation();
    Ok = false;
    std::string What = describeVariable(Var, Ctx);
    if (needsLateStorage(Var.Type)) {
      reportUnnamedMembers(At, What, Var.Type);
      continue;
    }
    C.Diags.error(At, "ddx cannot keep the derivative of " + What +
                          ": its type '" + userTypeName(Var.Type, Ctx) +
                          "' gives members default values (`double k = "
                          "1;`), so ddx clears its derivative byte by byte, "
                          "and the type also holds members that cannot be "
                          "cleared so (a std::vector, a string)");
    C.Diags.note(At, "set those members' starting values where the object "
                     "is made instead of in the struct, or keep the "
                     "containers in a struct of their own");
  }
  // Memory allocated for a shadow is cleared alike.
  std::function<void(const Block &)> Allocations = [&](const Block &B) {
    for (const Stmt &S : B) {
      Allocations(S.Then);
      Allocations(S.Else);
      QualType Element =
          S.Allocate ? allocationOf(S.Value)->Element : QualType();
      if (Element.isNull() || !Unclearable(Element))
        continue;
      Ok = false;
      if (needsLateStorage(Element)) {
        reportUnnamedMembers(
            S.Loc, "this new '" + userTypeName(Element, Ctx) + "'", Element);
        continue;
      }
      C.Diags.error(S.Loc, "ddx cannot allocate the derivative of this '" +
                               userTypeName(Element, Ctx) +
                               "': the type gives members default values, "
                               "and holds members that cannot be cleared "
                               "byte by byte (a std::vector, a string)");
    }
  };
  Allocations(IR.Body);
  return Ok;
}

std::string InstanceBuilder::declarations(const std::string &Body,
                                          bool AdjointLocals) const {
  std::string Decls;
  for (unsigned V = 0; V < IR.Vars.size(); ++V) {
    const Variable &Var = IR.Vars[V];
    if (Var.isAlias())
      continue;
    // (A local in late storage may be named by its storage alone.)
    auto Named = [&](const std::string &Name) {
      return mentions(Body, Name) ||
             mentions(Body, ExprPrinter::lateStorage(Name));
    };
    if (V >= IR.NumParams && Named(Var.Name))
      Decls += (Var.MaybeUnused ? "[[maybe_unused]] " : "") +
               declareZero(Printer, Var.Type, Var.Name);
    std::string Shadow = ExprPrinter::shadowName(Var.Name);
    if (!Activity.isVaried(V) || !Named(Shadow))
      continue;
    bool Local = V >= IR.NumParams || act(V) == ParamActivity::Inactive ||
                 (AdjointLocals && act(V) == ParamActivity::Active);
    if (!Local)
      continue;
    QualType ShadowType = ddx::shadowType(Ctx, Var.Type);
    Decls += declareZero(Printer, ShadowType, Shadow);
    // The shadow of a parameter passed by value in late storage: a zeroed
    // copy of the parameter from the start (a local's is built where the
    // local is).
    if (V < IR.NumParams && needsLateStorage(ShadowType)) {
      Decls +=
          ExprPrinter::lateStorage(Shadow) + ".build_once(" + Var.Name + ");\n";
      for (const std::string &Line :
           memberwiseZero(Printer, ShadowType, Shadow).value_or(Lines()))
        Decls += Line + "\n";
    }
  }
  return Decls;
}

/// A parameter that receives active values must come with a shadow.
bool InstanceBuilder::checkShadows() const {
  bool Ok = checkZeroableShadows();
  for (unsigned P = 0; P < IR.NumParams; ++P) {
    const Variable &V = IR.Vars[P];
    // A shadow of a struct with a reference member cannot be made empty.
    if (const FieldDecl *F =
            Activity.isVaried(P) ? referenceMember(V.Type) : nullptr) {
      C.Diags.error(V.Decl ? V.Decl->getLocation() : F->getLocation(),
                    "ddx cannot differentiate through '" + V.Name +
                        "' yet: its type '" + userTypeName(V.Type, Ctx) +
                        "' has the reference member '" + F->getNameAsString() +
                        "', and the zeroed copy that holds its derivative "
                        "would have nothing for it to refer to");
      C.Diags.note(F->getLocation(), "hold a pointer instead, or pass what "
                                     "it refers to as an argument");
      Ok = false;
      continue;
    }
    if (act(P) != ParamActivity::Inactive || !Activity.isVaried(P))
      continue;
    QualType T = V.DeclaredType.isNull() ? V.Type : V.DeclaredType;
    if (!T->isPointerType() && !T->isReferenceType())
      continue;
    // (`self` is the object a member function is called on: no
    // declaration of its own, so the function's.)
    bool Self = int(P) == IR.SelfVar;
    SourceLocation At = V.Decl        ? V.Decl->getLocation()
                        : IR.Function ? IR.Function->getLocation()
                                      : SourceLocation();
    std::string What = Self ? "the object '" + IR.Function->getNameAsString() +
                                  "' is called on"
                            : "'" + V.Name + "'";
    Ok = false;
    bool Capture = !Self && V.Decl && !isa<ParmVarDecl>(V.Decl);
    if (I.M == Mode::Gradient || I.M == Mode::Derivative) {
      if (Self)
        C.Diags.error(At, "'" + IR.Function->getQualifiedNameAsString() +
                              "' writes active values into its own object, "
                              "which a request passes without a shadow; keep "
                              "running values in locals, or write the "
                              "results through a parameter passed with "
                              "ddx::duplicated");
      else if (Capture)
        C.Diags.error(At, "the lambda writes active values into '" + V.Name +
                              "', which it captures by reference, and a "
                              "request passes captures without a shadow; "
                              "make '" +
                              V.Name +
                              "' a parameter of the lambda and pass it with "
                              "ddx::duplicated, or return the value");
      else
        C.Diags.error(At, "active values are written through " + What +
                              ", which has no shadow; pass it with "
                              "ddx::duplicated(" +
                              V.Name + ", d_" + V.Name + ")");
      continue;
    }
    // A callee: the caller passed memory ddx keeps no derivative for.
    C.Diags.error(At, "active values are written through " + What +
                          ", but the caller passes memory that ddx keeps "
                          "no derivative for (a global, or storage reached "
                          "through a call)");
    C.Diags.note(At, "pass a local variable, array or std::vector, or a "
                     "parameter of the caller");
  }
  return Ok;
}

/// A void* can carry a shadow into code ddx differentiates (the context of
/// the gsl_function pattern), but derivatives cannot be followed into
/// active memory read as something that is not floating-point (bytes
/// through a `char *`, a double reinterpreted as an integer, a union's
/// integer member), nor into a library function that takes it as `void *`
/// (memcpy): each would lose them without a word, so each is an error.
/// The remedy for derivatives that would travel as bytes; Alternative
/// completes it.
static std::string copyAsFloatingPoint(const std::string &Alternative) {
  return "copy the values as floating-point numbers (a loop, or std::copy "
         "over double pointers) " +
         Alternative;
}

bool InstanceBuilder::checkTypeErasedPointers() const {
  bool Ok = true;
  auto Refuse = [&](SourceLocation At, const std::string &What) {
    C.Diags.error(At, What + "; ddx cannot follow derivatives through values "
                             "that are not floating-point");
    C.Diags.note(At, copyAsFloatingPoint("instead of as bytes or integers"));
    Ok = false;
  };
  // From a double* (or double&) to anything else, or from a void* to
  // bytes (a void* that holds ints is read as int*, which is fine; one
  // copied byte by byte is not).
  auto CheckCast = [&](const CastExpr *Cast) {
    bool LValue = Cast->getCastKind() == CK_LValueBitCast;
    if (Cast->getCastKind() != CK_BitCast && !LValue)
      return;
    const Expr *From = Cast->getSubExpr();
    QualType To = LValue ? Cast->getType() : Cast->getType()->getPointeeType();
    QualType Source =
        LValue ? From->getType() : From->getType()->getPointeeType();
    if (To.isNull() || Source.isNull() || isDifferentiableType(To) ||
        To->isVoidType() || To->isFunctionType() ||
        !Activity.isVaried(Printer.rootVar(From)))
      return;
    if (Source->isVoidType() ? !To->isCharType()
                             : !isDifferentiableType(Source))
      return;
    Refuse(Cast->getExprLoc(), "active memory is viewed as '" +
                                   Cast->getType().getAsString() + "' here");
  };
  auto CheckUnionRead = [&](const MemberExpr *M) {
    QualType Base = M->getBase()->getType();
    auto *Record =
        (M->isArrow() ? Base->getPointeeType() : Base)->getAsRecordDecl();
    if (Record && Record->isUnion() && !isDifferentiableType(M->getType()) &&
        Activity.isVaried(Printer.rootVar(M->getBase())))
      Refuse(M->getExprLoc(), "an active union is read as '" +
                                  M->getType().getAsString() + "' here");
  };
  auto CheckCall = [&](const CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || FD->hasBody())
      return;
    for (unsigned I = 0; I < Call->getNumArgs() && I < FD->getNumParams();
         ++I) {
      // (Before its conversions: an array decays to the pointer.)
      const Expr *Arg = Call->getArg(I)->IgnoreParens();
      if (!FD->getParamDecl(I)->getType()->isVoidPointerType() ||
          !Arg->getType()->isPointerType() || !Activity.reachesVaried(Arg))
        continue;
      C.Diags.error(Arg->getExprLoc(),
                    "the address of an active value is passed to '" +
                        FD->getQualifiedNameAsString() +
                        "' as 'void *'; ddx cannot follow derivatives "
                        "through a function it cannot see into");
      C.Diags.note(Arg->getExprLoc(),
                   copyAsFloatingPoint("or give '" + FD->getNameAsString() +
                                       "' a derivative rule (docs/rules.md)"));
      Ok = false;
    }
  };
  std::function<void(const clang::Stmt *)> Visit = [&](const clang::Stmt *E) {
    if (!E || isa<LambdaExpr>(E))
      return;
    if (auto *Cast = dyn_cast<CastExpr>(E))
      CheckCast(Cast);
    if (auto *Call = dyn_cast<CallExpr>(E))
      CheckCall(Call);
    if (auto *M = dyn_cast<MemberExpr>(E))
      CheckUnionRead(M);
    for (const clang::Stmt *Child : E->children())
      Visit(Child);
  };
  std::function<void(const Block &)> Scan = [&](const Block &B) {
    for (const Stmt &S : B) {
      Visit(S.Value);
      // (free, memcpy and swap statements carry the shadow along: only
      // their operands are looked at. See Stmt::Free, Memory and Swap.)
      if (S.Memory)
        for (const Expr *Arg : cast<CallExpr>(S.Call)->arguments())
          Visit(Arg);
      else if (auto Swap = S.Swap ? containerSwapOf(S.Call) : std::nullopt) {
        Visit(Swap->First);
        Visit(Swap->Second);
      } else if (!S.Free)
        Visit(S.Call);
      Scan(S.Then);
      Scan(S.Else);
    }
  };
  Scan(IR.Body);
  return Ok;
}

bool InstanceBuilder::writesOutside() const {
  std::function<bool(const Block &)> Scan = [&](const Block &B) {
    for (const Stmt &S : B) {
      if (S.K == Stmt::Kind::Assign && S.LValue) {
        int Root = Printer.rootVar(S.LValue);
        if (Root >= 0 && unsigned(Root) < IR.NumParams)
          return true;
      }
      if (S.K == Stmt::Kind::Call) {
        // A callee writes outside only through pointer or reference
        // arguments that reach this function's parameters.
        auto *Call = cast<CallExpr>(S.Call);
        const FunctionDecl *FD = Call->getDirectCallee();
        for (unsigned A = 0;
             FD && A < Call->getNumArgs() && A < FD->getNumParams(); ++A) {
          int Root = Printer.rootVar(Call->getArg(A));
          if (writesThrough(FD->getParamDecl(A)->getType()) && Root >= 0 &&
              unsigned(Root) < IR.NumParams)
            return true;
        }
      }
      if (Scan(S.Then) || Scan(S.Else))
        return true;
    }
    return false;
  };
  return Scan(IR.Body);
}

void InstanceBuilder::reportUnsaved(const Variable &Var) const {
  SourceLocation At =
      Var.Decl ? Var.Decl->getLocation() : IR.Function->getLocation();
  C.Diags.error(At, "ddx cannot differentiate this function in reverse mode "
                    "yet: its reverse sweep reads '" +
                        Var.Name +
                        "' as the function left it, and ddx "
                        "cannot record a '" +
                        userTypeName(Var.Type, Ctx) +
                        "' on the tape to put it back");
  C.Diags.note(At, "give the class a default constructor and copy "
                   "assignment, or change a copy of it instead");
}

void InstanceBuilder::saveList(const std::string &Reverse,
                               const FramePointers &Frame,
                               std::vector<std::string> &Names) const {
  for (unsigned V = 0; V < IR.Vars.size(); ++V) {
    const Variable &Var = IR.Vars[V];
    if (Var.isAlias() || Var.K == Variable::Kind::Flag ||
        Var.K == Variable::Kind::Counter || Var.K == Variable::Kind::Return)
      continue;
    // A parameter the body never changes reaches the reverse sweep as it
    // was; one changed through its address (h(&k)) does not, though no
    // assignment names it.
    auto *Param = dyn_cast_or_null<VarDecl>(Var.Decl);
    bool Changed =
        Var.Writes > 0 || (Param && isModified(Param, IR.Function->getBody()));
    if (V < IR.NumParams && (Var.ByReference || !Changed))
      continue;
    if (Frame.Vars.count(V))
      continue;
    // (A parameter is built already: the tape can put a copy back into one
    // of a class without a default constructor, unlike late storage.)
    bool Tapeable = isTapeable(Var.Type, Ctx, /*Built=*/V < IR.NumParams);
    // (A local the tape cannot record is made again, if it can be: see
    // rebuilt.)
    if (mentions(Reverse, Var.Name)) {
      if (Tapeable)
        Names.push_back(Var.Name);
      else if (V < IR.NumParams)
        reportUnsaved(Var);
    }
    // The shadow of what holds addresses (a pointer, a struct or array of
    // them) holds the shadows' addresses, which the forward sweep set.
    std::string Shadow = ExprPrinter::shadowName(Var.Name);
    bool HoldsAddresses = Ctx.getBaseElementType(Var.Type)->isPointerType() ||
                          holdsPointers(Var.Type) || isSmartPointer(Var.Type);
    if (HoldsAddresses && Activity.isVaried(V) && V >= IR.NumParams &&
        mentions(Reverse, Shadow) && tapeable(V))
      Names.push_back(Shadow);
  }
}

/// Whether a line of the reverse sweep reads Target: a variable by its
/// name, or memory through a pointer that may point into it (`q[0]` with
/// `const int *q = idx`).
bool InstanceBuilder::readsInReverse(int Target, const Lines &Reverse,
                                     QualType Written) const {
  for (int R : Pointers.readersOf(Target, Written)) {
    const std::string &Name = IR.Vars[R].Name;
    std::string Pop = "_tape.pop(" + Name + ");";
    for (const std::string &Line : Reverse)
      if (Line != Pop && mentions(Line, Name))
        return true;
  }
  return false;
}

/// Refuses a call left as primal code that changes memory the forward
/// sweep cannot save when the reverse sweep reads that memory: the
/// reverse sweep would see the values the forward sweep left, not the
/// ones it read.
void InstanceBuilder::checkUnsavedWrites(
    llvm::ArrayRef<AdjointEmitter::UnsavedWrite> Writes, const Lines &Reverse) {
  for (const AdjointEmitter::UnsavedWrite &W : Writes) {
    if (!readsInReverse(W.Target, Reverse, W.Written))
      continue;
    std::string Callee = "the call";
    if (const FunctionDecl *FD = W.Call->getDirectCallee())
      Callee = "the call to '" + FD->getNameAsString() + "'";
    SourceLocation At = W.Call->getBeginLoc();
    if (PointerTarget::isVariable(W.Target)) {
      const Variable &Var = IR.Vars[W.Target];
      C.Diags.error(At, "ddx cannot differentiate " + Callee +
                            " in reverse mode: it may change '" + Var.Name +
                            "', whose old value the gradient needs later, "
                            "and its type '" +
                            userTypeName(Var.Type, Ctx) +
                            "' is not trivially copyable, so ddx cannot save "
                            "it");
      C.Diags.note(At, "keep what the derivative needs in plain values, "
                       "arrays or std::vector, or pass a copy to the call");
    } else if (W.Target == PointerTarget::Unknown) {
      C.Diags.error(At, Callee + " may change memory through a pointer ddx "
                                 "cannot follow (a struct's field, a "
                                 "pointer a function returned, a global), "
                                 "and the gradient needs that memory's old "
                                 "values later: ddx cannot save them before "
                                 "the call");
      C.Diags.note(At, "pass the array itself, or a local pointer "
                       "variable set from it");
    } else {
      int Param = PointerTarget::outside(0) - W.Target;
      C.Diags.error(At, Callee + " may change the memory that parameter '" +
                            IR.Vars[Param].Name +
                            "' points to, whose old values the gradient "
                            "needs later, and ddx cannot save memory whose "
                            "size it does not know");
      C.Diags.note(At, "copy the values into a local array or std::vector "
                       "and pass that, or make the call in the caller");
    }
    return;
  }
}

/// Both sweeps, without the saving and restoring of variables that the
/// reverse sweep never reads (a sum's running value, say): the tape then
/// holds only what the adjoints need.
Sweeps InstanceBuilder::sweeps(bool RunsAgain) {
  AdjointEmitter Emitter(C);
  Sweeps S = Emitter.emit(IR.Body);
  checkUnsavedWrites(Emitter.unsavedWrites(), S.Reverse);
  SavesOutside = Emitter.savesOutside();
  for (unsigned V = 0; V < IR.Vars.size(); ++V) {
    // What a reference parameter refers to outlives this function: the
    // caller's reverse sweep (or the entry's second forward sweep) reads
    // the value this one restores. A second forward sweep also reads the
    // parameters passed by value as they came in.
    if (V < IR.NumParams && (IR.Vars[V].ByReference || RunsAgain))
      continue;
    const std::string &Name = IR.Vars[V].Name;
    std::string Push = "_tape.push(" + Name + ");";
    std::string Pop = "_tape.pop(" + Name + ");";
    // (A variable whose address a struct keeps, `F.params = &k`, is read
    // through it where the struct is: by the callable a rule's pullback
    // builds from a gsl_function.)
    if (readsInReverse(V, S.Reverse) ||
        llvm::any_of(Pointers.holdersOf(V),
                     [&](int H) { return readsInReverse(H, S.Reverse); }))
      continue;
    S.Forward.erase(std::remove(S.Forward.begin(), S.Forward.end(), Push),
                    S.Forward.end());
    S.Reverse.erase(std::remove(S.Reverse.begin(), S.Reverse.end(), Pop),
                    S.Reverse.end());
  }
  // (A second forward sweep starts from the values the reverse sweep left.)
  if (!RunsAgain)
    dropUnreadRestores(S, IR, Pointers);
  return S;
}

std::string InstanceBuilder::tangentFunction(std::string &Sig) {
  Lines Body;
  TangentEmitter(C).emit(IR.Body, Body);
  std::string Ret = "void";
  if (IR.ReturnVar >= 0) {
    if (valueReturn()) {
      Ret = "::ddx::dual<" + returnTypeName() + ">";
      std::string D = Activity.isVaried(IR.ReturnVar)
                          ? ExprPrinter::shadowName("_ret")
                          : zeroReturn();
      Body.push_back("return {_ret, " + D + "};");
    } else {
      Ret = returnTypeName();
      Body.push_back("return _ret;");
    }
  }
  pruneWriteOnlyShadows(Body, IR);
  pruneUnreadConstants(Body, IR);
  std::string Text = join(Body);
  Sig = Ret + " " + I.Name + "(" + paramList(Mode::Tangent) + ")";
  return declarations(Text, false) + Text;
}

Lines InstanceBuilder::rebuilt(const std::string &Reverse) const {
  Lines Out;
  for (unsigned V = IR.NumParams; V < IR.Vars.size(); ++V) {
    const Variable &Var = IR.Vars[V];
    if (Var.isAlias() || tapeable(V) || !mentions(Reverse, Var.Name))
      continue;
    const Stmt *Init = nullptr;
    for (const Stmt &S : IR.Body)
      if (S.K == Stmt::Kind::Assign && S.Var == int(V) && S.Op == BO_Assign)
        Init = &S;
    // Writes: assignments, and (for a class) operator= and non-const
    // member calls, which lowering leaves as statements of their own.
    auto Mutates = [&](const Stmt &S) {
      if (S.K == Stmt::Kind::Assign)
        return S.Var == int(V) || Printer.rootVar(S.LValue) == int(V);
      if (S.K != Stmt::Kind::Eval)
        return false;
      if (auto *Op = dyn_cast<CXXOperatorCallExpr>(skipImplicit(S.Call)))
        return Op->isAssignmentOp() && Printer.rootVar(Op->getArg(0)) == int(V);
      if (auto *Call = dyn_cast<CXXMemberCallExpr>(skipImplicit(S.Call)))
        return changesObject(Call->getMethodDecl()) &&
               Printer.rootVar(Call->getImplicitObjectArgument()) == int(V);
      return false;
    };
    std::function<unsigned(const Block &)> Writes = [&](const Block &B) {
      unsigned N = 0;
      for (const Stmt &S : B)
        N += Mutates(S) + Writes(S.Then) + Writes(S.Else);
      return N;
    };
    SourceLocation At = Var.Decl ? Var.Decl->getLocation()
                        : Init   ? Init->Loc
                                 : IR.Function->getLocation();
    if (needsLateStorage(Var.Type)) {
      // (Popped into, it would have to exist: the tape holds it only with
      // a default constructor.)
      C.Diags.error(
          At, "ddx cannot differentiate '" + IR.Function->getNameAsString() +
                  "' in reverse mode yet: its reverse sweep runs "
                  "apart from its forward sweep and needs the "
                  "object '" +
                  Var.Name + "', whose class '" + userTypeName(Var.Type, Ctx) +
                  "' has no default constructor, so ddx can "
                  "neither take it back from the tape nor build it "
                  "again there");
      C.Diags.note(At, "give the class a default constructor, such as '" +
                           Var.Type->getAsCXXRecordDecl()->getNameAsString() +
                           "() = default;': the tape then keeps a copy");
      continue;
    }
    if (!Init || Writes(IR.Body) != 1 || Activity.isVaried(V)) {
      C.Diags.error(At, "ddx cannot differentiate '" +
                            IR.Function->getNameAsString() +
                            "' in reverse mode: the gradient needs the value "
                            "'" +
                            Var.Name + "' had here, its type '" +
                            userTypeName(Var.Type, Ctx) +
                            "' is not trivially copyable, so ddx cannot save "
                            "it, and ddx can make it again only when it is "
                            "initialised once, outside branches and loops, "
                            "and never changed; write it so");
      continue;
    }
    Out.push_back(primalAssign(C, *Init));
  }
  return Out;
}

InstanceBuilder::FramePointers
InstanceBuilder::framePointers(const std::string &Reverse, bool Report) {
  FramePointers Frame;
  // The one variable a pointer value is made of (the address of a local or
  // of its member, or a parameter's pointer cast), or -1.
  std::function<bool(const clang::Stmt *, int)> OnlyReads =
      [&](const clang::Stmt *E, int Root) {
        if (auto *Ref = dyn_cast<DeclRefExpr>(E)) {
          auto It = IR.VarOf.find(Ref->getDecl());
          if (isa<VarDecl>(Ref->getDecl()) &&
              (It == IR.VarOf.end() || It->second != Root))
            return false;
        }
        for (const clang::Stmt *Child : E->children())
          if (Child && !OnlyReads(Child, Root))
            return false;
        return true;
      };
  auto SourceOf = [&](const Expr *Value) {
    if (!Value || !Value->getType()->isPointerType())
      return -1;
    int Root = Printer.rootVar(Value);
    if (Root < 0 || IR.Vars[Root].K == Variable::Kind::Temp ||
        !OnlyReads(Value, Root))
      return -1;
    // A parameter's pointer is passed again to the reverse sweep, pointing
    // at what the caller's reverse sweep has.
    if (Root < int(IR.NumParams) &&
        (IR.Vars[Root].Writes || !IR.Vars[Root].Type->isPointerType()))
      return -1;
    return Root;
  };
  auto TargetOf = [&](const Stmt &S) {
    return S.Var >= 0 ? S.Var : Printer.rootVar(S.LValue);
  };
  // How often each variable is given a pointer (or a whole new value), and
  // whether only at the top level; values written through its pointers do
  // not count.
  struct WriteCount {
    unsigned Top = 0;    ///< at the function's top level
    bool Nested = false; ///< any inside a loop or branch
  };
  std::map<int, WriteCount> Writes;
  std::function<void(const Block &, bool)> Count = [&](const Block &B,
                                                       bool Nested) {
    for (const Stmt &S : B) {
      Count(S.Then, true);
      Count(S.Else, true);
      bool Whole = S.Var >= 0 && S.Path.empty();
      if (S.K != Stmt::Kind::Assign ||
          !(Whole || targetType(C, S)->isPointerType()))
        continue;
      WriteCount &W = Writes[TargetOf(S)];
      if (Nested)
        W.Nested = true;
      else
        ++W.Top;
    }
  };
  Count(IR.Body, false);
  Lines &Repoint = Frame.Assignments;
  std::function<void(const Block &, bool)> Scan = [&](const Block &B,
                                                      bool Nested) {
    for (const Stmt &S : B) {
      Scan(S.Then, true);
      Scan(S.Else, true);
      if (S.K != Stmt::Kind::Assign)
        continue;
      int Target = TargetOf(S);
      int Local = SourceOf(S.Value);
      if (Target < 0 || Local < 0 || Local == Target)
        continue;
      const std::string &Name = IR.Vars[Target].Name;
      if (!mentions(Reverse, Name) &&
          !mentions(Reverse, ExprPrinter::shadowName(Name)))
        continue;
      // Set once, at the top level (a gsl_function built from a local
      // Params): the reverse sweep sets it again, to its own frame's
      // local, after restoring the local's value from the tape.
      const WriteCount &W = Writes[Target];
      bool Once =
          !Nested && !W.Nested && (S.Var < 0 || !S.Path.empty() || W.Top == 1);
      if (Once) {
        if (S.Var >= 0 && S.Path.empty())
          Frame.Vars.insert(S.Var); // not taped
        else if (S.Var >= 0)
          Frame.Fields.insert(S.Var);
        Repoint.push_back(primalAssign(C, S));
        if (targetVaried(C, S))
          Repoint.push_back(targetShadow(C, S) + " = " +
                            (Activity.isVaried(S.Value)
                                 ? Printer.shadowPointer(S.Value)
                                 : inactivePointerShadow(C, S)) +
                            ";");
        continue;
      }
      if (!Report || Local < int(IR.NumParams))
        continue; // (a parameter's pointer is taped as before)
      C.Diags.error(S.Loc, "ddx cannot differentiate '" +
                               IR.Function->getNameAsString() +
                               "' in reverse mode when another function "
                               "calls it yet: '" +
                               Name + "' keeps the address of its local '" +
                               IR.Vars[Local].Name +
                               "', which no longer exists when the second "
                               "half of the gradient runs, and ddx can point "
                               "'" +
                               Name +
                               "' at it again only when it is set once, "
                               "outside loops and branches");
      C.Diags.note(S.Loc, "set it once, where '" + Name +
                              "' is declared; or declare '" +
                              IR.Vars[Local].Name +
                              "' in the caller and pass it in by reference");
    }
  };
  Scan(IR.Body, false);
  return Frame;
}

std::string InstanceBuilder::forwardSweep(std::string &Sig) {
  Sweeps S = sweeps();
  std::string Reverse = join(S.Reverse);
  FramePointers Frame = framePointers(Reverse, /*Report=*/true);
  std::vector<std::string> Saved;
  saveList(Reverse + join(Frame.Assignments), Frame, Saved);
  for (const std::string &Name : Saved)
    S.Forward.push_back("_tape.push(" + Name + ");");
  if (IR.ReturnVar >= 0)
    S.Forward.push_back("return _ret;");
  // A pointer the reverse sweep sets again needs its shadow in this sweep
  // only where a callee takes it.
  // So does any pointer's shadow this sweep only sets and the tape does
  // not carry (one the reverse sweep of a call whose result is unused
  // never reads).
  std::set<unsigned> Prune = Frame.Vars;
  std::string Forward = join(S.Forward);
  auto Untaped = [&](unsigned V) {
    return !mentions(Forward,
                     "_tape.push(" + ExprPrinter::shadowName(IR.Vars[V].Name));
  };
  for (unsigned V : Frame.Fields)
    if (Untaped(V))
      Prune.insert(V);
  for (unsigned V = IR.NumParams; V < IR.Vars.size(); ++V)
    if (IR.Vars[V].Type->isPointerType() && Untaped(V))
      Prune.insert(V);
  pruneWriteOnlyShadows(S.Forward, IR, &Prune);
  pruneUnreadConstants(S.Forward, IR);
  std::string Text = join(S.Forward);
  Sig = (IR.ReturnVar >= 0 ? returnTypeName() : std::string("void")) + " " +
        I.Name + "(" + paramList(Mode::ForwardSweep) + ")";
  // An active by-value parameter has no shadow parameter in this sweep;
  // one a callee needs (a lambda capturing it by reference) is a local.
  return declarations(Text, true) + Text;
}

std::string InstanceBuilder::reverseSweep(std::string &Sig) {
  Sweeps S = sweeps();
  std::string Reverse = join(S.Reverse);
  FramePointers Frame = framePointers(Reverse, /*Report=*/false);
  std::vector<std::string> Saved;
  saveList(Reverse + join(Frame.Assignments), Frame, Saved);
  Lines Body = rebuilt(Reverse);
  for (auto It = Saved.rbegin(); It != Saved.rend(); ++It)
    Body.push_back("_tape.pop(" + *It + ");");
  // A container comes back from the tape; its shadow takes its shape.
  for (const Variable &Var : IR.Vars) {
    std::string Shadow = ExprPrinter::shadowName(Var.Name);
    if (isContainer(Var.Type) && llvm::is_contained(Saved, Var.Name) &&
        mentions(Reverse, Shadow))
      Body.push_back(Shadow + " = ::ddx::zeros_like(" + Var.Name + ");");
  }
  Body.insert(Body.end(), Frame.Assignments.begin(), Frame.Assignments.end());
  if (IR.ReturnVar >= 0 && valueReturn() && Activity.isVaried(IR.ReturnVar))
    Body.push_back(ExprPrinter::shadowName("_ret") + " = _d_ret_seed;");
  Body.insert(Body.end(), S.Reverse.begin(), S.Reverse.end());
  for (unsigned P = 0; P < IR.NumParams; ++P)
    if (act(P) == ParamActivity::Active)
      addInto(IR.Vars[P].Type, shadowName(P) + "_out", shadowName(P), Body);
  assignIntoZeroAdjoints(Body, IR);
  std::string Text = join(Body);
  Sig = "void " + I.Name + "(" + paramList(Mode::ReverseSweep) + ")";
  std::string Decls = declarations(Text, true);
  return Decls + Text;
}

std::string InstanceBuilder::gradient(std::string &Sig) {
  bool RunsAgain = writesOutside();
  Sweeps S = sweeps(RunsAgain);
  // A primal call's write to a reference parameter or a global, saved
  // and restored for the reverse sweep, must be made again.
  if (!RunsAgain && SavesOutside)
    S = sweeps(RunsAgain = true);
  Lines Seed;
  if (IR.ReturnVar >= 0 && IR.returnType()->isRealFloatingType() &&
      Activity.isVaried(IR.ReturnVar))
    Seed.push_back(ExprPrinter::shadowName("_ret") + " = 1;");
  Lines Body;
  if (std::optional<Lines> Fused =
          RunsAgain ? std::nullopt : fuseSumLoop(IR, Pointers, S, Seed)) {
    Body = std::move(*Fused);
  } else {
    Body = S.Forward;
    Body.insert(Body.end(), Seed.begin(), Seed.end());
    Body.insert(Body.end(), S.Reverse.begin(), S.Reverse.end());
  }
  if (RunsAgain) {
    // The reverse sweep restored every value it overwrote; run the primal
    // again so that outputs written through pointers and references hold
    // their values, as after a call of the function.
    // What this run records is never popped: drop it, or the tape would
    // grow by a forward sweep's records at every call.
    bool Records = llvm::any_of(S.Forward, [](const std::string &Line) {
      return mentions(Line, "_tape");
    });
    for (unsigned V = 0; V < IR.Vars.size(); ++V)
      if (IR.Vars[V].K == Variable::Kind::Flag)
        Body.push_back(IR.Vars[V].Name + " = false;");
    if (Records)
      Body.push_back("const auto _replay_mark = _tape.mark();");
    Body.insert(Body.end(), S.Forward.begin(), S.Forward.end());
    if (Records)
      Body.push_back("_tape.rewind(_replay_mark);");
  }
  std::vector<std::string> Types, Values;
  if (IR.ReturnVar >= 0) {
    Types.push_back(returnTypeName());
    Values.push_back("_ret");
  }
  for (unsigned P = 0; P < IR.NumParams; ++P)
    if (act(P) == ParamActivity::Active) {
      Types.push_back(Printer.typeName(IR.Vars[P].Type));
      Values.push_back(shadowName(P));
    }
  // (Memory the primal freed, that no reverse sweep of an allocation gave
  // back: allocated before the call, or freed again by the run above.)
  if (llvm::any_of(Body, [](const std::string &Line) {
        return mentions(Line, "_tape");
      }))
    Body.push_back("_tape.release_kept();");
  Body.push_back("return {" + llvm::join(Values, ", ") + "};");
  pruneWriteOnlyShadows(Body, IR);
  pruneUnreadConstants(Body, IR);
  assignIntoZeroAdjoints(Body, IR);
  std::string Text = join(Body);
  Sig = "std::tuple<" + llvm::join(Types, ", ") + "> " + I.Name + "(" +
        paramList(Mode::Gradient) + ")";
  std::string Decls = declarations(Text, true);
  // One tape per thread, reused by every call: after a gradient it is empty
  // again, and its storage stays allocated for the next call.
  if (mentions(Text, "_tape"))
    Decls = "static thread_local ::ddx::tape _tape;\n" + Decls;
  return Decls + Text;
}

std::string InstanceBuilder::derivative(std::string &Sig) {
  std::vector<std::string> Names = paramNames(I.What);
  const Instance &Tangent =
      C.Plan.get(I.What, Mode::Tangent, I.Activity, Names);
  std::vector<std::string> Args;
  for (unsigned P = 0; P < IR.NumParams; ++P) {
    Args.push_back(IR.Vars[P].Name);
    if (act(P) != ParamActivity::Inactive)
      Args.push_back(shadowName(P));
  }
  std::string Call =
      "::ddx_generated::" + Tangent.Name + "(" + llvm::join(Args, ", ") + ")";
  std::string Text;
  if (IR.ReturnVar >= 0 && valueReturn()) {
    Sig = "std::tuple<" + returnTypeName() + ", " + returnTypeName() + "> ";
    Text = "auto _r = " + Call + ";\nreturn {_r.value, _r.tangent};\n";
  } else {
    Sig = "std::tuple<> ";
    Text = Call + ";\nreturn {};\n";
  }
  Sig += I.Name + "(" + paramList(Mode::Derivative) + ")";
  return Text;
}

/// The runtime zeroes shadows with ::ddx::set_zero (a container's elements,
/// ddx::zero, ddx::zeros_like): for a class that is not trivially copyable,
/// `x = T{}`, which gives members their default values (`double phi = 0.5;`,
/// a user default constructor) instead of zero. For each such class a
/// shadow holds, the generated file says how to zero it member by member.
void InstanceBuilder::collectMemberZeroings(GeneratedFunction &Out) const {
  llvm::DenseSet<const Type *> Seen;
  std::function<void(QualType)> Visit = [&](QualType T) {
    T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    if (T->isArrayType() || T->isPointerType())
      return Visit(QualType(T->getPointeeOrArrayElementType(), 0));
    auto *R = T->getAsCXXRecordDecl();
    if (!R || !R->hasDefinition() || !Seen.insert(T.getTypePtr()).second)
      return;
    anyTypeArgument(R, [&](QualType Arg) {
      Visit(Arg);
      return false;
    });
    if (R->isInStdNamespace() || !isDifferentiableType(T))
      return;
    for (const CXXBaseSpecifier &Base : R->bases())
      Visit(Base.getType());
    for (const FieldDecl *F : R->fields())
      Visit(F->getType());
    // (A class holding a container is zeroed keeping the container's
    // shape, which `{}` would empty.)
    if (!(hasDefaultedValues(T) || holdsContainer(T)) ||
        T.isTriviallyCopyableType(Ctx))
      return;
    std::optional<Lines> Zero = memberwiseZero(Printer, T, "z");
    if (!Zero)
      return; // (refused where a shadow needs it: checkZeroableShadows)
    std::string Name = Printer.typeName(T);
    Out.MemberZeroings[Name] =
        "template <> struct member_zeroing<" + Name +
        "> {\n[[maybe_unused]] static constexpr bool known = "
        "true;\n[[maybe_unused]] static void apply(" +
        Name + " &z) {\n" + llvm::join(*Zero, "\n") + "\n}\n};\n";
  };
  for (unsigned V = 0; V < IR.Vars.size(); ++V)
    if (!IR.Vars[V].isAlias() && Activity.isVaried(V))
      Visit(IR.Vars[V].Type);
}

/// Whether Body is straight-line code (no loop) of at most Budget
/// statements, branches included; Budget is what is left on return.
static bool isSmallStraightLine(const Block &Body, unsigned &Budget) {
  for (const Stmt &S : Body) {
    if (S.K == Stmt::Kind::Loop || Budget == 0)
      return false;
    --Budget;
    if (!isSmallStraightLine(S.Then, Budget) ||
        !isSmallStraightLine(S.Else, Budget))
      return false;
  }
  return true;
}

bool InstanceBuilder::isShort() const {
  constexpr unsigned MaxStatements = 24;
  unsigned Budget = MaxStatements;
  return isSmallStraightLine(IR.Body, Budget);
}

bool InstanceBuilder::build(GeneratedFunction &Out) {
  if (!checkShadows() || !checkTypeErasedPointers() ||
      !C.checkUndifferentiated(IR.Body))
    return false;
  collectMemberZeroings(Out);
  std::string Sig, Body;
  switch (I.M) {
  case Mode::Tangent:
    Body = tangentFunction(Sig);
    break;
  case Mode::ForwardSweep:
    Body = forwardSweep(Sig);
    break;
  case Mode::ReverseSweep:
    Body = reverseSweep(Sig);
    break;
  case Mode::Gradient:
    Body = gradient(Sig);
    break;
  case Mode::Derivative:
    Body = derivative(Sig);
    break;
  }
  const FunctionDecl *FD = IR.Function;
  Out.Declaration = Sig + ";";
  Out.Heading = "// " +
                std::string(I.M == Mode::Tangent        ? "tangent of"
                            : I.M == Mode::ForwardSweep ? "forward sweep of"
                            : I.M == Mode::ReverseSweep ? "reverse sweep of"
                            : I.M == Mode::Gradient     ? "gradient of"
                                                        : "derivative of") +
                " " + describeTarget(I.What) + "\n";
  Out.Body = Sig + " {\n" + Body + "}\n";
  Out.Callee = I.M == Mode::Tangent || I.M == Mode::ForwardSweep ||
               I.M == Mode::ReverseSweep;
  Out.Short = isShort();
  return !C.Diags.hasErrors();
}

} // namespace

llvm::DenseSet<const Instance *> forcedInlines(
    const DiffPlan &Plan,
    llvm::function_ref<const GeneratedFunction *(const Instance &)> Generated) {
  auto Inlinable = [&](const Instance &I) {
    const GeneratedFunction *F = Generated(I);
    return F && F->Callee && (F->Short || Plan.requests(I) == 1);
  };
  llvm::DenseSet<const Instance *> Forced;
  enum class State { Visiting, Decided };
  llvm::DenseMap<const Instance *, State> Seen;
  std::function<bool(const Instance &)> Decide = [&](const Instance &I) {
    auto [It, New] = Seen.try_emplace(&I, State::Visiting);
    if (!New) // (on a cycle while Visiting: a recursion is never inlined)
      return It->second == State::Decided && Forced.contains(&I);
    bool Inline = Inlinable(I) &&
                  llvm::all_of(Plan.callees(I), [&](const Instance *Callee) {
                    return Decide(*Callee);
                  });
    if (Inline)
      Forced.insert(&I);
    Seen[&I] = State::Decided;
    return Inline;
  };
  for (const Instance &I : Plan.instances())
    Decide(I);
  return Forced;
}

const FunctionIR *FunctionAssembler::lowered(const Target &What) {
  for (const auto &[Key, IR] : Cache)
    if (Key == What)
      return IR.get();
  auto IR = Lower.lower(What.Function, What.Lambda, What.Bindings);
  if (IR) {
    ExprPrinter Printer(Ctx, *IR, Diags, bindCallee);
    chooseRecomputation(*IR, Printer);
    dropCoveredSaves(*IR);
    markCountedLoops(*IR, Printer);
  }
  const FunctionIR *Result = IR.get();
  Cache.emplace_back(What, std::move(IR));
  return Result;
}

bool FunctionAssembler::assemble(const Instance &I, GeneratedFunction &Out) {
  Diags.setContext(callChain(I), libraryCall(I));
  const FunctionIR *IR = lowered(I.What);
  bool Ok = IR && InstanceBuilder(Ctx, *IR, I, Rules, Plan, Adaptors,
                                  Dispatches, Diags)
                      .build(Out);
  Diags.clearContext();
  return Ok;
}

/// The calls on the way from I up to the user's request, innermost first.
static llvm::SmallVector<const Instance *, 8> callsUp(const Instance &I) {
  llvm::SmallVector<const Instance *, 8> Calls;
  for (const Instance *At = &I;
       At && At->NeededAt.isValid() && At->M != Mode::Gradient &&
       At->M != Mode::Derivative;
       At = At->NeededBy)
    Calls.push_back(At);
  return Calls;
}

const Instance *FunctionAssembler::libraryCallee(const Instance &I) const {
  const Instance *Library = nullptr;
  for (const Instance *At : callsUp(I))
    if (Ctx.getSourceManager().isInSystemHeader(
            At->What.Function->getLocation()))
      Library = At;
  return Library;
}

/// Says how ddx got to a function the user did not name in the request:
/// each call on the way, from the error up to the user's own code; and, for
/// library code, which library function the user called has no rule (the
/// thing to fix, rather than its source).
std::vector<DiagReporter::ContextNote>
FunctionAssembler::callChain(const Instance &I) const {
  std::vector<DiagReporter::ContextNote> Chain;
  const SourceManager &SM = Ctx.getSourceManager();
  const Instance *Library = libraryCallee(I);
  for (const Instance *At : callsUp(I)) {
    // (A lambda's call operator is named by where the lambda is.)
    std::string What =
        At->What.Lambda
            ? "the lambda at line " + std::to_string(SM.getSpellingLineNumber(
                                          At->What.Lambda->getBeginLoc()))
            : "'" + At->What.Function->getNameAsString() + "'";
    Chain.push_back({At->NeededAt, "while differentiating " + What +
                                       ", called here with active arguments"});
  }
  if (Library)
    Chain.push_back(
        {Library->NeededAt,
         "'" + Library->What.Function->getQualifiedNameAsString() +
             "' has no derivative rule, so ddx differentiated its library "
             "source; write a rule for it (docs/rules.md)"});
  return Chain;
}

std::optional<DiagReporter::ContextNote>
FunctionAssembler::libraryCall(const Instance &I) const {
  const Instance *Library = libraryCallee(I);
  if (!Library)
    return std::nullopt;
  return DiagReporter::ContextNote{
      Library->NeededAt, Library->What.Function->getQualifiedNameAsString()};
}

} // namespace ddx
