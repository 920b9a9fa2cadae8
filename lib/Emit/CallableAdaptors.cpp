//===- CallableAdaptors.cpp -----------------------------------------------===//
#include "Emit/CallableAdaptors.h"
#include "Activity/ActivityAnalysis.h"
#include "Emit/EmitContext.h"
#include "Emit/TangentEmitter.h"
#include "Support/Spelling.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;

namespace ddx {
namespace {

/// One value the generated derivative function of the callable takes: a
/// capture (a member of the struct) or a parameter (of the struct's
/// members), with its activity in the instance.
struct Slot {
  std::string Name;
  QualType Type; ///< as the derivative function declares it
  ParamActivity Act = ParamActivity::Inactive;
  bool Capture = false;
};

/// Appends the access paths of the floating-point scalars in T (".x",
/// "[2]"); false when T holds something else (a pointer, a container).
bool flatten(QualType T, const std::string &Path,
             std::vector<std::string> &Out);

/// Writes the struct for one adaptor kind.
class AdaptorWriter {
public:
  AdaptorWriter(EmitContext &C, std::vector<Slot> Slots, QualType Ret)
      : C(C), Slots(std::move(Slots)), Ret(Ret) {}

  std::string members(AdaptorKind K) const;
  /// The template header of a pullback: one type for each adjoint slot of a
  /// parameter, "" if there is none.
  std::string adjointTemplate() const;
  /// The template header of the dual object's pushforward: a non-const
  /// reference parameter's tangent is a forwarding reference.
  std::string tangentTemplate() const;
  static bool takesAnyTangent(const Slot &S);
  /// The adjoint slots' locals of the callable's own type, declared before
  /// the sweeps, and their accumulation into the rule's slots after.
  std::string adjointLocals() const {
    return zeroShadows(ParamActivity::Active);
  }
  std::string adjointResults() const;
  /// Shadows for the reference parameters a plain evaluation is not given
  /// (`operator()(double &x)` writes x; its derivative goes nowhere).
  std::string scratchShadows() const {
    return zeroShadows(ParamActivity::Duplicated);
  }
  /// Zero shadows, declared as locals, of the parameters of activity Act.
  std::string zeroShadows(ParamActivity Act) const;
  /// Whether a plain evaluation can make scratch shadows for every
  /// parameter: not for a pointer to an array (a GSL ODE system's `double
  /// dydt[]`), whose length ddx does not know. Such an object has no
  /// operator(): a rule evaluates it through its sweeps, with shadows.
  bool evaluable() const {
    return llvm::none_of(Slots, [](const Slot &S) {
      return !S.Capture && S.Act == ParamActivity::Duplicated &&
             S.Type->isPointerType();
    });
  }
  static std::string adjointInto(const Slot &S) {
    return ExprPrinter::shadowName(S.Name) + "_into";
  }
  /// The parameters of a member function: the callable's own, then (for a
  /// pushforward or a pullback, K being Dual or Adjoint) their tangents, or
  /// the seed and their adjoint outputs. K = Value: the callable's own.
  /// Seeded = false leaves out a pullback's seed.
  std::string params(AdaptorKind K, bool Seeded = true) const;
  /// The arguments of a derivative function call; Shadow gives the text for
  /// each slot's shadow argument ("" for none).
  std::string args(const std::function<std::string(const Slot &)> &Shadow,
                   const std::string &Tail) const;
  /// Whether the callable returns a value with a derivative (a number, or
  /// a struct of them such as the (f, f') pair of a Newton solver's
  /// callable): its tangent comes with it, and a pullback takes its seed,
  /// as the generated functions do (FunctionAssembler::valueReturn).
  bool valueReturn() const { return isPlainValue(Ret); }
  /// The floating-point type of the return value's scalars, which its
  /// captures' cotangent vector holds; null when they are of several.
  QualType scalarReturn() const {
    std::vector<std::string> Paths;
    if (Ret->isRealFloatingType())
      return Ret;
    QualType Scalar;
    auto *R = Ret->getAsCXXRecordDecl();
    if (!R || isStdComplex(Ret) || !flatten(Ret, "", Paths))
      return QualType();
    for (const FieldDecl *F : R->fields())
      if (Scalar.isNull() || C.Ctx.hasSameUnqualifiedType(Scalar, F->getType()))
        Scalar = F->getType().getUnqualifiedType();
      else
        return QualType();
    return Scalar.isNull() || !Scalar->isRealFloatingType() ? QualType()
                                                            : Scalar;
  }
  std::string retName() const { return C.Printer.typeName(Ret); }
  /// The floating-point scalars in the shadow of each capture with one (a
  /// struct's members, an array's elements), as access paths, one list per
  /// slot (so one list at least); the first slot whose shadow holds
  /// something else (a pointer, a container), which a cotangent vector
  /// cannot, or null.
  const Slot *
  cotangentPaths(std::vector<std::vector<std::string>> &Paths) const;

  EmitContext &C;
  std::vector<Slot> Slots;
  QualType Ret;
};

QualType valueType(QualType T) {
  return T.getNonReferenceType().getUnqualifiedType();
}

std::string AdaptorWriter::members(AdaptorKind K) const {
  std::string Text;
  ASTContext &Ctx = C.Ctx;
  for (const Slot &S : Slots) {
    if (!S.Capture)
      continue;
    Text += C.Printer.declare(S.Type, S.Name) + ";\n";
    std::string Shadow = ExprPrinter::shadowName(S.Name);
    if (K == AdaptorKind::Value || S.Act == ParamActivity::Inactive)
      continue;
    if (S.Act == ParamActivity::Duplicated)
      Text += C.Printer.declare(shadowType(Ctx, S.Type), Shadow) + ";\n";
    else if (K == AdaptorKind::Dual)
      Text += C.Printer.declare(valueType(S.Type), Shadow) + ";\n";
    else
      Text += C.Printer.declare(Ctx.getLValueReferenceType(valueType(S.Type)),
                                Shadow) +
              ";\n";
  }
  return Text;
}

std::string AdaptorWriter::params(AdaptorKind K, bool Seeded) const {
  std::vector<std::string> Out, Shadows;
  unsigned Adjoints = 0, Tangents = 0;
  for (const Slot &S : Slots) {
    if (S.Capture)
      continue;
    Out.push_back(C.Printer.declare(S.Type, S.Name));
    if (K == AdaptorKind::Value)
      continue;
    // Every parameter has a tangent or adjoint slot (docs/rules.md), so a
    // rule can call any callable alike: one that carries no derivative (an
    // int, a pointer) ignores what it is given.
    // (A reference parameter's tangent is whatever the rule passes: the
    // element's own tangent where the callable writes it, for_each, or a
    // value where it only reads it, a fold.)
    if (K == AdaptorKind::Dual && takesAnyTangent(S))
      Shadows.push_back("_Tangent" + std::to_string(Tangents++) + " &&" +
                        ExprPrinter::shadowName(S.Name));
    else if (S.Act == ParamActivity::Duplicated) // a pointer or reference
      Shadows.push_back(C.Printer.declare(shadowType(C.Ctx, S.Type),
                                          ExprPrinter::shadowName(S.Name)));
    else if (S.Act != ParamActivity::Active)
      Shadows.push_back("::ddx::no_derivative");
    else if (K == AdaptorKind::Dual)
      Shadows.push_back(C.Printer.declare(valueType(S.Type),
                                          ExprPrinter::shadowName(S.Name)));
    else // of the rule's type, which may be another floating type
      Shadows.push_back("_Adjoint" + std::to_string(Adjoints++) + " &" +
                        adjointInto(S));
  }
  if (K == AdaptorKind::Adjoint && valueReturn() && Seeded)
    Out.push_back(retName() + " _seed");
  Out.insert(Out.end(), Shadows.begin(), Shadows.end());
  return llvm::join(Out, ", ");
}

bool AdaptorWriter::takesAnyTangent(const Slot &S) {
  return !S.Capture && S.Act == ParamActivity::Duplicated &&
         S.Type->isLValueReferenceType() &&
         !S.Type.getNonReferenceType().isConstQualified();
}

std::string AdaptorWriter::tangentTemplate() const {
  std::vector<std::string> Types;
  for (const Slot &S : Slots)
    if (takesAnyTangent(S))
      Types.push_back("class _Tangent" + std::to_string(Types.size()));
  return Types.empty() ? "" : "template <" + llvm::join(Types, ", ") + ">\n";
}

std::string AdaptorWriter::adjointTemplate() const {
  std::vector<std::string> Types;
  for (const Slot &S : Slots)
    if (!S.Capture && S.Act == ParamActivity::Active)
      Types.push_back("class _Adjoint" + std::to_string(Types.size()));
  return Types.empty() ? "" : "template <" + llvm::join(Types, ", ") + ">\n";
}

std::string AdaptorWriter::zeroShadows(ParamActivity Act) const {
  std::string Text;
  for (const Slot &S : Slots) {
    if (S.Capture || S.Act != Act)
      continue;
    // (A container's shadow has its shape: an ODE system writes dxdt[i].)
    if (isContainer(valueType(S.Type)))
      Text += C.Printer.declare(valueType(S.Type),
                                ExprPrinter::shadowName(S.Name)) +
              " = ::ddx::zeros_like(" + S.Name + ");\n";
    else
      Text += declareZero(C.Printer, valueType(S.Type),
                          ExprPrinter::shadowName(S.Name));
  }
  return Text;
}

std::string AdaptorWriter::adjointResults() const {
  std::string Text;
  for (const Slot &S : Slots) {
    if (S.Capture || S.Act != ParamActivity::Active)
      continue;
    // A struct's adjoint is added member by member.
    std::vector<std::string> Paths;
    if (!flatten(valueType(S.Type), "", Paths))
      Paths = {""};
    for (const std::string &Path : Paths)
      Text += applyPath(adjointInto(S), Path) +
              " += " + applyPath(ExprPrinter::shadowName(S.Name), Path) + ";\n";
  }
  return Text;
}

std::string
AdaptorWriter::args(const std::function<std::string(const Slot &)> &Shadow,
                    const std::string &Tail) const {
  std::vector<std::string> Out;
  for (const Slot &S : Slots) {
    Out.push_back(S.Name);
    std::string D = Shadow(S);
    if (!D.empty())
      Out.push_back(D);
  }
  if (!Tail.empty())
    Out.push_back(Tail);
  return llvm::join(Out, ", ");
}

/// Appends the access paths of the floating-point scalars in T.
bool flatten(QualType T, const std::string &Path,
             std::vector<std::string> &Out) {
  T = T.getCanonicalType();
  if (T->isRealFloatingType()) {
    Out.push_back(Path);
    return true;
  }
  if (auto *Array = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    // (A cotangent vector of a huge array is no help: pull back point by
    // point.)
    if (Array->getSize().getZExtValue() > (1u << 16))
      return false;
    for (uint64_t I = 0; I < Array->getSize().getZExtValue(); ++I)
      if (!flatten(Array->getElementType(),
                   Path + "[" + std::to_string(I) + "]", Out))
        return false;
    return true;
  }
  // (A std::tuple's elements, through std::get.)
  if (isStdTuple(T)) {
    for (const TupleElement &E : tupleLikeElements(T))
      if (isDifferentiableType(E.Type) &&
          (E.Type->isPointerType() || !flatten(E.Type, Path + E.Step, Out)))
        return false;
    return true;
  }
  auto *Record = T->getAsCXXRecordDecl();
  if (!isValueClass(Record))
    return false;
  // (An empty base holds no value: std::pair's.)
  for (const CXXBaseSpecifier &Base : Record->bases()) {
    const CXXRecordDecl *B = Base.getType()->getAsCXXRecordDecl();
    if (!B || !B->isEmpty())
      return false;
  }
  for (const FieldDecl *F : Record->fields()) {
    if (!isDifferentiableType(F->getType()))
      continue;
    // What a pointer field points to is not a value of the capture.
    if (F->getType()->isPointerType() ||
        !flatten(F->getType(), Path + "." + F->getNameAsString(), Out))
      return false;
  }
  return true;
}

const Slot *AdaptorWriter::cotangentPaths(
    std::vector<std::vector<std::string>> &Paths) const {
  for (const Slot &S : Slots) {
    Paths.emplace_back();
    if (S.Capture && S.Act != ParamActivity::Inactive &&
        !flatten(valueType(S.Type), "", Paths.back()))
      return &S;
  }
  return nullptr;
}

/// Where a generated callable object runs the callable's sweeps.
const char *const ScratchTape = "::ddx::tape &_tape = ::ddx::scratch_tape();\n";

/// The adjoint object's pullback members: each runs the forward sweep and
/// the reverse sweep of the callable on the scratch tape (which it leaves as
/// it found it) and returns the value.
std::string pullbacks(const AdaptorWriter &W, const std::string &Reverse,
                      const std::string &Forward,
                      const std::function<std::string(const Slot &)> &FwdShadow,
                      const std::vector<std::vector<std::string>> &Paths) {
  std::string Ret = W.retName();
  std::string Tape = ScratchTape;
  std::string Tail = W.valueReturn() ? "_seed, _tape" : "_tape";
  bool HasValue = !Ret.empty() && Ret != "void";
  auto Body = [&](const std::function<std::string(const Slot &)> &Fwd,
                  const std::function<std::string(const Slot &)> &Rev) {
    return W.adjointLocals() + Tape + (HasValue ? "auto _value = " : "") +
           Forward + W.args(Fwd, "_tape") + ");\n" +
           "::ddx_generated::" + Reverse + "(" + W.args(Rev, Tail) + ");\n" +
           W.adjointResults() + (HasValue ? "return _value;\n" : "");
  };
  auto Shadowed = [](const Slot &S) {
    return S.Act == ParamActivity::Inactive ? std::string()
                                            : ExprPrinter::shadowName(S.Name);
  };
  std::string Params = W.params(AdaptorKind::Adjoint);
  std::string Text = W.adjointTemplate() + Ret + " pullback(" + Params +
                     ") const {\n" + Body(FwdShadow, Shadowed) + "}\n";
  // The two sweeps apart, for a rule that calls the callable in sequence
  // (a fold, for_each) and then pulls the calls back, last first: forward
  // leaves its record on the scratch tape, reverse takes it off again.
  // Between them, the callable's writes (to what it captures, to a
  // reference parameter) stay done, as in the primal sequence of calls.
  Text += W.adjointTemplate() + Ret + " forward(" +
          W.params(AdaptorKind::Adjoint, /*Seeded=*/false) + ") const {\n" +
          Tape + (HasValue ? "return " : "") + Forward +
          W.args(FwdShadow, "_tape") + ");\n}\n";
  Text += W.adjointTemplate() + "void reverse(" + Params + ") const {\n" +
          W.adjointLocals() + Tape + "::ddx_generated::" + Reverse + "(" +
          W.args(Shadowed, Tail) + ");\n" + W.adjointResults() + "}\n";
  QualType Scalar = W.scalarReturn();
  if (!W.valueReturn() || Paths.empty() || Scalar.isNull())
    return Text;
  // The same, with the captures' adjoints going into a cotangent vector: a
  // scalar capture's adjoint is a slot of it; a struct's or an array's
  // goes into a local shadow first, then into its slots.
  std::vector<unsigned> First;
  unsigned Count = 0;
  for (const auto &P : Paths) {
    First.push_back(Count);
    Count += P.size();
  }
  auto IndexOf = [&](const Slot &S) { return &S - W.Slots.data(); };
  // A scalar capture of the return type takes its slot directly; one of
  // another floating type (a double captured by a lambda returning long
  // double) goes through a local, converted on the way.
  auto IsScalar = [&](const Slot &S) {
    return Paths[IndexOf(S)].size() == 1 && Paths[IndexOf(S)][0].empty() &&
           W.C.Ctx.hasSameUnqualifiedType(valueType(S.Type), Scalar);
  };
  auto Local = [](const Slot &S) { return "_c_" + S.Name; };
  auto Cot = [&](const Slot &S) {
    return IsScalar(S) ? "_c[" + std::to_string(First[IndexOf(S)]) + "]"
                       : Local(S);
  };
  // (A parameter's shadow is passed as pullback passes it: a reference
  // parameter's is the caller's adjoint slot.)
  auto FwdCot = [&](const Slot &S) {
    if (!S.Capture)
      return FwdShadow(S);
    return S.Act == ParamActivity::Duplicated ? Cot(S) : std::string();
  };
  auto RevCot = [&](const Slot &S) {
    if (S.Act == ParamActivity::Inactive)
      return std::string();
    return S.Capture ? Cot(S) : ExprPrinter::shadowName(S.Name);
  };
  std::string Locals, Gather, Scatter;
  for (const Slot &S : W.Slots) {
    if (!S.Capture || S.Act == ParamActivity::Inactive)
      continue;
    const std::vector<std::string> &P = Paths[IndexOf(S)];
    for (size_t I = 0; I < P.size(); ++I) {
      std::string SlotText =
          "_c[" + std::to_string(First[IndexOf(S)] + I) + "]";
      Scatter += applyPath(ExprPrinter::shadowName(S.Name), P[I]) +
                 " += " + SlotText + ";\n";
      if (!IsScalar(S))
        Gather += SlotText + " += " + applyPath(Local(S), P[I]) + ";\n";
    }
    if (!IsScalar(S))
      Locals += declareZero(W.C.Printer, valueType(S.Type), Local(S));
  }
  Text += "using cotangent_type = ::ddx::cotangent<" +
          W.C.Printer.typeName(Scalar) + ", " + std::to_string(Count) + ">;\n";
  Text += W.adjointTemplate() + Ret + " pullback_to(cotangent_type &_c" +
          (Params.empty() ? "" : ", " + Params) + ") const {\n" + Locals +
          W.adjointLocals() + Tape + "auto _value = " + Forward +
          W.args(FwdCot, "_tape") + ");\n" + "::ddx_generated::" + Reverse +
          "(" + W.args(RevCot, Tail) + ");\n" + W.adjointResults() + Gather +
          "return _value;\n}\n";
  Text += "void accumulate(const cotangent_type &_c) const {\n";
  if (Count == 0)
    Text += "(void)_c;\n";
  return Text + Scatter + "}\n";
}

/// Whether FD returns a status (an integer) and its results through
/// parameters (a GSL ODE system's `int f(double t, const double y[], double
/// dydt[], void *params)`): the status carries no derivative, and the rule
/// differentiates what the function writes.
bool returnsStatus(const FunctionDecl *FD) {
  if (!FD->getReturnType()->isIntegralOrEnumerationType())
    return false;
  // (Pointers only, as C's solvers pass their arrays: a callable taking a
  // `double &` and returning an int is a C++ one whose value a rule may
  // use, a transform's, and stays refused.)
  return llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
    QualType T = P->getType();
    if (!T->isPointerType())
      return false;
    QualType Target = T->getPointeeType();
    return !Target.isConstQualified() && Target->isFloatingType();
  });
}

} // namespace

std::string CallableAdaptors::construct(EmitContext &C,
                                        const ResolvedCallable &RC,
                                        AdaptorKind K, SourceLocation At,
                                        const ShadowText &Shadow) {
  EmitContext::ResolvedCall R;
  R.At = At;
  R.What.Lambda = RC.Lambda;
  R.What.Bindings = RC.Bindings;
  R.What.Function =
      RC.Lambda ? callOperator(RC.Lambda->getLambdaClass())
                : (RC.Function->getDefinition() ? RC.Function->getDefinition()
                                                : RC.Function);
  if (!R.What.Function) {
    C.Diags.error(At, "ddx cannot tell which call operator of this lambda a "
                      "rule calls (a generic lambda)");
    C.Diags.note(At, "give the lambda's parameters their types (double x "
                     "instead of auto x)");
    return "";
  }
  if (!R.What.Function->hasBody()) {
    C.Diags.error(At, "the callable passed here has no definition ddx can "
                      "differentiate: '" +
                          R.What.Function->getQualifiedNameAsString() + "'");
    C.Diags.note(At, "make its definition visible in this file (a header), "
                     "or pass a lambda that ddx can see");
    return "";
  }
  QualType Returned = R.What.Function->getReturnType();
  if (K != AdaptorKind::Value && !Returned->isVoidType() &&
      !isDifferentiableType(Returned) && !returnsStatus(R.What.Function)) {
    // A rule pulls back or pushes forward what the callable returns: a
    // bool or an int has no tangent to give it.
    C.Diags.error(At, "the callable passed here returns '" +
                          userTypeName(Returned, C.Ctx) +
                          "', which carries no derivative, to a rule that "
                          "differentiates it");
    C.Diags.note(At, "return the floating-point value the rule works on "
                     "(or void, writing through reference parameters)");
    return "";
  }
  R.Args = RC.Captures;
  if (RC.Object)
    R.Args.push_back({RC.Object,
                      selfParamType(cast<CXXMethodDecl>(R.What.Function)),
                      nullptr, /*IsObject=*/true});
  size_t Members = R.Args.size();
  for (const ParmVarDecl *P : R.What.Function->parameters())
    R.Args.push_back({nullptr, generatedParamType(P), P});
  // A gsl_function's context is a member, passed as the last argument.
  if (RC.Context) {
    R.Args.back().E = RC.Holder;
    R.Args.back().Field = RC.Context;
  }
  auto IsMember = [&](size_t I) {
    return I < Members || (RC.Context && I + 1 == R.Args.size());
  };
  std::vector<ParamActivity> Acts = C.activities(R);
  if (K == AdaptorKind::Adjoint)
    C.refuseContainersByValue(R, Acts);
  if (K == AdaptorKind::Value)
    Acts.assign(Acts.size(), ParamActivity::Inactive);

  std::vector<std::string> Names = paramNames(R.What);
  std::vector<Slot> Slots;
  for (size_t I = 0; I < R.Args.size(); ++I) {
    Slot S;
    S.Capture = IsMember(I);
    S.Type = R.Args[I].ParamType;
    S.Act = Acts[I];
    S.Name = I < Names.size() && !Names[I].empty() ? Names[I]
                                                   : "_arg" + std::to_string(I);
    Slots.push_back(S);
  }
  AdaptorWriter W(C, Slots, R.What.Function->getReturnType());
  // Rules combine pullbacks (an integral sums them) in a cotangent vector
  // where the captures are floating-point values. What a pointer captured
  // points to (a gsl_function's context) cannot be copied into one: the
  // object then has no cotangent_type and rules pull back point by point.
  std::vector<std::vector<std::string>> Paths;
  if (K == AdaptorKind::Adjoint && W.cotangentPaths(Paths))
    Paths.clear();

  Mode Primary = K == AdaptorKind::Dual ? Mode::Tangent : Mode::ReverseSweep;
  if (K == AdaptorKind::Value)
    Primary = Mode::ForwardSweep;
  const Instance &Main = C.Plan.get(R.What, Primary, Acts, Names, At);
  std::string Name = Main.Name + "_callable";

  // The construction: captures, then their shadows, in member order.
  std::vector<std::string> Init;
  for (size_t I = 0; I < R.Args.size(); ++I) {
    if (!IsMember(I))
      continue;
    Init.push_back(C.argText(R.Args[I]));
    if (K != AdaptorKind::Value && Acts[I] != ParamActivity::Inactive)
      Init.push_back(Shadow(R.Args[I], Acts[I]));
  }
  std::string Construct =
      "::ddx_generated::" + Name + "{" + llvm::join(Init, ", ") + "}";
  if (Definitions.count(Name))
    return Construct;

  auto Shadowed = [](const Slot &S) {
    return S.Act == ParamActivity::Inactive ? std::string()
                                            : ExprPrinter::shadowName(S.Name);
  };
  std::string Ret = W.retName();
  std::string Text = "// " +
                     std::string(K == AdaptorKind::Value  ? "value"
                                 : K == AdaptorKind::Dual ? "dual"
                                                          : "adjoint") +
                     " object of " + describeTarget(R.What) +
                     ", for the rules it is passed to\nstruct " + Name +
                     " {\n" + W.members(K);
  if (K == AdaptorKind::Dual) {
    auto ZeroTangent = [&](const Slot &S) -> std::string {
      if (S.Act == ParamActivity::Inactive)
        return "";
      if (S.Capture || S.Act == ParamActivity::Duplicated)
        return ExprPrinter::shadowName(S.Name);
      QualType T = valueType(S.Type);
      if (T->isRealFloatingType())
        return "0";
      return explicitZero(C.Printer, T).value_or(C.Printer.typeName(T) + "{}");
    };
    std::string Call = "::ddx_generated::" + Main.Name + "(";
    if (W.evaluable())
      Text += Ret + " operator()(" + W.params(AdaptorKind::Value) +
              ") const {\n" + W.scratchShadows() + "return " + Call +
              W.args(ZeroTangent, "") + ")" +
              (W.valueReturn() ? ".value" : "") + ";\n}\n";
    Text += W.tangentTemplate() +
            (W.valueReturn() ? "::ddx::dual<" + Ret + ">" : Ret) +
            " pushforward(" + W.params(AdaptorKind::Dual) +
            ") const {\nreturn " + Call + W.args(Shadowed, "") + ");\n}\n";
  } else if (K == AdaptorKind::Value) {
    // Only evaluates (the forward sweep of reverse mode integrates with
    // it): the plain function, the forward-mode instance with nothing
    // active, which records nothing.
    const Instance &Plain = C.Plan.get(R.What, Mode::Tangent, Acts, Names, At);
    auto NoShadow = [](const Slot &) { return std::string(); };
    Text += Ret + " operator()(" + W.params(AdaptorKind::Value) +
            ") const {\nreturn ::ddx_generated::" + Plain.Name + "(" +
            W.args(NoShadow, "") + ")" + (W.valueReturn() ? ".value" : "") +
            ";\n}\n";
  } else {
    const Instance &Fwd =
        C.Plan.get(R.What, Mode::ForwardSweep, Acts, Names, At);
    // The forward sweep takes the shadows of by-reference captures (none
    // for a value object, whose activities are all inactive).
    auto FwdShadow = [&](const Slot &S) {
      return S.Act == ParamActivity::Duplicated
                 ? ExprPrinter::shadowName(S.Name)
                 : std::string();
    };
    std::string Forward = "::ddx_generated::" + Fwd.Name + "(";
    bool HasValue = !Ret.empty() && Ret != "void";
    if (W.evaluable())
      Text += Ret + " operator()(" + W.params(AdaptorKind::Value) +
              ") const {\n" + W.scratchShadows() + ScratchTape +
              "const auto _mark = _tape.mark();\n"
              "std::size_t _kept = _tape.kept_mark();\n" +
              (HasValue ? "auto _value = " : "") + Forward +
              W.args(FwdShadow, "_tape") +
              ");\n_tape.rewind(_mark);\n_tape.release_kept(_kept);\n" +
              (HasValue ? "return _value;\n" : "") + "}\n";
    if (K == AdaptorKind::Adjoint)
      Text += pullbacks(W, Main.Name, Forward, FwdShadow, Paths);
  }
  Text += "};\n";
  Definitions[Name] = Text;
  Order.push_back({Name, describeTarget(R.What)});
  return Construct;
}

std::string CallableAdaptors::definitions() const {
  std::string Text;
  for (const auto &[Name, What] : Order)
    Text += Definitions.lookup(Name) + "\n";
  return Text;
}

} // namespace ddx
