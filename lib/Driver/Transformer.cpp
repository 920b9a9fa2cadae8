//===- Transformer.cpp ----------------------------------------------------===//
#include "Driver/Transformer.h"
#include "Emit/EmitContext.h"
#include "Emit/FunctionAssembler.h"
#include "Output/OutputWriter.h"
#include "Plan/CallableResolver.h"
#include "Plan/DiffPlan.h"
#include "Requests/RequestFinder.h"
#include "Requests/TemplateKey.h"
#include "Rules/RuleBinder.h"
#include "Support/Diagnostics.h"
#include "Support/ExprPrinter.h"
#include "Support/HeapCalls.h"
#include "Support/Spelling.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <map>

using namespace clang;

namespace ddx {

/// Whether Arg plainly cannot initialize a parameter of type T (the
/// request's declaration takes anything, so the compiler did not say): a
/// function or a pointer where a number belongs, a number where a pointer
/// does. Conversions through classes are left to the compiler.
static bool cannotInitialize(QualType T, const Expr *Arg, ASTContext &Ctx) {
  QualType Given = Arg->getType().getNonReferenceType();
  if (Given->isDependentType() || Given->isRecordType())
    return false;
  T = T.getNonReferenceType();
  bool Number = Given->isArithmeticType() || Given->isEnumeralType();
  if (T->isArithmeticType())
    return !Number;
  if (T->isPointerType())
    return Number &&
           !Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
  return false;
}
/// Why a parameter of type T reaches memory beyond its own value, in the
/// user's words (the cases of isIndirect).
static std::string whyIndirect(QualType T, ASTContext &Ctx) {
  if (T->isPointerType())
    return "is a pointer";
  if (T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified())
    return "is a non-const reference";
  QualType Object = T.getNonReferenceType().getUnqualifiedType();
  if (T->isLValueReferenceType() && isPolymorphicClass(Object))
    return "is a reference to '" + userTypeName(Object, Ctx) +
           "', a class with virtual functions whose object may be of a "
           "derived class";
  if (T->isLValueReferenceType() && hasMutableMembers(Object))
    return "is a const reference to '" + userTypeName(Object, Ctx) +
           "', whose mutable members the function can change";
  return "is a '" + userTypeName(Object, Ctx) + "', which holds pointers";
}

/// How the request marks a differentiated value: ddx::active in a gradient,
/// ddx::dual in a derivative.
static const char *valueMarker(const Request &R) {
  return R.Gradient ? "ddx::active" : "ddx::dual";
}

/// What the user's shadow for a parameter of type T must be.
static std::string shadowHint(QualType T, ASTContext &Ctx) {
  if (T->isPointerType())
    return "points to zeroed storage of the same size";
  QualType Object = T.getNonReferenceType().getUnqualifiedType();
  if (holdsPointers(Object))
    return "is a '" + userTypeName(Object, Ctx) +
           "' whose pointers point to zeroed storage of the same size";
  return "is a zeroed '" + userTypeName(Object, Ctx) + "'";
}

namespace {

class TUTransformer {
public:
  TUTransformer(ASTContext &Ctx, const TransformOptions &O)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), O(O), Diags(Ctx.getDiagnostics()),
        Rules(Ctx), Assembler(Ctx, Rules, Plan, Adaptors, Dispatches, Diags) {}

  std::optional<std::string> run() {
    Diags.setSourceManager(&SM);
    resetTranslationUnitFacts();
    std::optional<std::string> Result = transform();
    if (O.Report)
      *O.Report = report(Result.has_value());
    return Result;
  }

private:
  std::optional<std::string> transform();
  nlohmann::json report(bool Written) const;
  nlohmann::json location(SourceLocation Loc) const;
  std::string text(const Expr *E) const;
  bool planRequest(const Request &R, std::string &Rewrite);
  /// The rewrite of the requests at one place in the text: one request, or
  /// a template's instantiations (through a dispatch class when they call
  /// different entries); empty after reporting an error.
  std::string rewriteAt(llvm::ArrayRef<const Request *> Group);
  std::string dispatchRewrite(llvm::ArrayRef<const Request *> Group,
                              llvm::ArrayRef<std::string> Rewrites);
  void reportUntold(SourceLocation Loc, llvm::Error Why);
  /// Dispatch classes, by the offset of the declaration before which they
  /// go (after the entries declared there).
  std::map<unsigned, std::string> DispatchClasses;
  llvm::StringSet<> DispatchNames;
  bool checkResult(const Request &R);
  bool fitsShadow(QualType Param, const Expr *Primal, const Expr *Shadow) const;
  /// Each request's entry function, and where its first request's
  /// top-level declaration begins.
  std::map<std::string, unsigned> EntryOffsets;
  unsigned offset(SourceLocation Loc) const {
    return SM.getFileOffset(SM.getExpansionLoc(Loc));
  }
  unsigned topLevelOffset(SourceLocation Loc) const;

  ASTContext &Ctx;
  SourceManager &SM;
  const TransformOptions &O;
  DiagReporter Diags;
  RuleBinder Rules;
  DiffPlan Plan;
  CallableAdaptors Adaptors;
  DispatchLog Dispatches;
  FunctionAssembler Assembler;
};

std::string TUTransformer::text(const Expr *E) const {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  return Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
}

unsigned TUTransformer::topLevelOffset(SourceLocation Loc) const {
  unsigned Target = offset(Loc);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation End = SM.getExpansionLoc(D->getEndLoc());
    if (!SM.isInMainFile(Begin))
      continue;
    if (SM.getFileOffset(Begin) <= Target && Target <= SM.getFileOffset(End))
      return SM.getFileOffset(Begin);
  }
  return Target;
}

/// Whether the shadow given for a parameter of type Param can be passed as
/// its shadow: of the parameter's type without const, an array for a
/// pointer. (A float array for a double pointer would not compile, nor
/// would a const array receive the adjoints.)
bool TUTransformer::fitsShadow(QualType Param, const Expr *Primal,
                               const Expr *Shadow) const {
  QualType Want = shadowType(Ctx, Param).getNonReferenceType();
  QualType Have = Shadow->getType().getNonReferenceType();
  QualType Given = Primal->getType().getNonReferenceType();
  if (Want->isPointerType()) {
    if (const ArrayType *Array = Ctx.getAsArrayType(Have))
      Have = Ctx.getPointerType(Array->getElementType());
    if (!Have->isPointerType())
      return false;
    Want = Want->getPointeeType();
    Have = Have->getPointeeType();
    Given = Given->isPointerType() ? Given->getPointeeType() : QualType();
  }
  if (Ctx.hasSameType(Want, Have))
    return true;
  // An object of a derived class passed for a base with virtual functions
  // has a shadow of its own class: the derivative code casts both to the
  // class of the function a virtual call reaches.
  auto *Base = Want->getAsCXXRecordDecl();
  auto *Derived = Have->getAsCXXRecordDecl();
  return Base && Derived && Base->hasDefinition() && Base->isPolymorphic() &&
         Derived->isDerivedFrom(Base) && !Given.isNull() &&
         Ctx.hasSameType(Given.getUnqualifiedType(), Have);
}

/// A gradient seeds a floating-point result with 1; a derivative returns
/// the tangent of a plain value. Any other result that carries derivatives
/// would come back without them.
bool TUTransformer::checkResult(const Request &R) {
  QualType Ret = R.What.Function->getReturnType();
  if (!R.Gradient && !Ret->isVoidType() && !isDifferentiableType(Ret)) {
    Diags.error(R.Call->getExprLoc(),
                "ddx::derivative needs a result that carries a derivative; "
                "this function returns '" +
                    userTypeName(Ret, Ctx) + "'");
    Diags.note(R.Call->getExprLoc(), "return a floating-point value (or a "
                                     "struct of them), or write results "
                                     "through ddx::duplicated outputs");
    return false;
  }
  if (Ret->isVoidType() || !isDifferentiableType(Ret) ||
      Ret->isRealFloatingType() || (!R.Gradient && isPlainValue(Ret)))
    return true;
  std::string Type = userTypeName(Ret, Ctx);
  Diags.error(R.Call->getExprLoc(),
              R.Gradient
                  ? "ddx::gradient needs a function returning one "
                    "floating-point value (its adjoint is seeded with 1); "
                    "this one returns '" +
                        Type + "'"
                  : "ddx::derivative cannot return the tangent of a '" + Type +
                        "' yet");
  Diags.note(R.Call->getExprLoc(),
             R.Gradient ? "reduce the result to a scalar in a wrapper "
                          "function, or write it through an output parameter "
                          "passed with ddx::duplicated (whose shadow you seed)"
                        : "write the result through an output parameter "
                          "passed with ddx::duplicated");
  return false;
}

bool TUTransformer::planRequest(const Request &R, std::string &Rewrite) {
  if (!R.What.Function->getDefinition()) {
    const FunctionDecl *FD = R.What.Function;
    Diags.error(R.Call->getArg(0)->getExprLoc(),
                "ddx needs the definition of '" +
                    FD->getQualifiedNameAsString() +
                    "' to differentiate it, and this translation unit only "
                    "declares it (ddx sees one source file and what it "
                    "includes); move the definition into this file or a "
                    "header it includes");
    Diags.note(FD->getLocation(), "declared here");
    return false;
  }
  if (R.What.Lambda && R.Object) {
    if (const VarDecl *V = unstableCapture(R.What.Lambda)) {
      reportUnstableCapture(Diags, R.Object->getExprLoc(), V, "at the request",
                            "make it const, or write the lambda in the "
                            "request");
      return false;
    }
  }
  const FunctionDecl *FD = R.What.Function;
  // Defaulted arguments the request leaves out are passed explicitly.
  std::vector<RequestArg> Args = R.Args;
  while (Args.size() < FD->getNumParams()) {
    const ParmVarDecl *P = FD->getParamDecl(Args.size());
    if (!P->hasDefaultArg() || P->hasUnparsedDefaultArg() ||
        P->hasUninstantiatedDefaultArg())
      break;
    RequestArg A;
    A.Whole = A.Primal = P->getDefaultArg();
    Args.push_back(A);
  }
  if (Args.size() != FD->getNumParams()) {
    Diags.error(R.Call->getExprLoc(),
                "this request passes " + std::to_string(R.Args.size()) +
                    (R.Args.size() == 1 ? " argument" : " arguments") +
                    " but the function takes " +
                    std::to_string(FD->getNumParams()));
    return false;
  }
  // An option given a compile-time constant is folded into the entry.
  Target What = R.What;
  for (unsigned I = 0; I < Args.size(); ++I) {
    bool Value = Args[I].K == RequestArg::Kind::Plain ||
                 Args[I].K == RequestArg::Kind::Constant;
    if (!Value || !isOption(FD->getParamDecl(I)))
      continue;
    std::string Constant = constantLiteral(Args[I].Primal, Ctx);
    if (!Constant.empty())
      What.Bindings.push_back({I, nullptr, nullptr, Constant});
  }
  const FunctionIR *IR = Assembler.lowered(What);
  if (!IR)
    return false;
  if (!checkResult(R))
    return false;
  // A lambda's captures, or a functor's `self`, come before the
  // parameters; the request does not differentiate them.
  unsigned Captures = What.Lambda ? captureSlots(What.Lambda, Ctx).size()
                                  : (IR->SelfVar >= 0 ? 1 : 0);
  ExprPrinter Printer(Ctx, *IR, Diags, bindCallee);
  std::vector<ParamActivity> Acts(Captures, ParamActivity::Inactive);
  std::vector<std::string> CallArgs;
  if (R.Object && !R.What.Lambda)
    CallArgs.push_back(text(R.Object));
  // Captures are passed at the request: a variable by its name, an
  // init-capture by its initializer.
  for (unsigned C = 0; C < Captures && What.Lambda; ++C) {
    auto *Captured = dyn_cast_or_null<VarDecl>(IR->Vars[C].Decl);
    if (Captured && Captured->isInitCapture() && Captured->getInit())
      CallArgs.push_back(text(Captured->getInit()));
    else
      CallArgs.push_back(IR->Vars[C].Name);
  }
  bool Ok = true;
  unsigned Next = Captures; // the IR's next unbound parameter
  for (unsigned I = 0; I < Args.size(); ++I) {
    const RequestArg &A = Args[I];
    if (What.bindingFor(I))
      continue;
    const Variable &Param = IR->Vars[Next++];
    bool Defaulted = I >= R.Args.size();
    QualType T = Param.DeclaredType;
    bool Indirect = isIndirect(T);
    CallArgs.push_back(Defaulted ? Printer.print(A.Primal) : text(A.Primal));
    // (The request's declaration takes anything; the generated call takes
    // what the function does.)
    QualType Given = A.Primal->getType().getNonReferenceType();
    if (!Defaulted && cannotInitialize(T, A.Primal, Ctx)) {
      Diags.error(A.Primal->getBeginLoc(),
                  "'" + text(A.Primal) + "' (of type '" +
                      userTypeName(Given.getCanonicalType(), Ctx) +
                      "') cannot be passed as parameter '" + Param.Name +
                      "' of type '" + userTypeName(T, Ctx) + "'");
      Ok = false;
    }
    switch (A.K) {
    case RequestArg::Kind::Active:
    case RequestArg::Kind::Dual:
      if (I < R.What.Function->getNumParams() &&
          isOption(R.What.Function->getParamDecl(I))) {
        Diags.error(A.Whole->getBeginLoc(),
                    "parameter '" + Param.Name +
                        "' is an option (DDX_OPTION) and is never "
                        "differentiated");
        Diags.note(A.Whole->getBeginLoc(),
                   "pass it as a plain value, without ddx::active or "
                   "ddx::dual");
        Ok = false;
      } else if (Indirect) {
        Diags.error(A.Whole->getBeginLoc(),
                    "parameter '" + Param.Name + "' " + whyIndirect(T, Ctx) +
                        ", and " + valueMarker(R) +
                        " gives no storage for the derivatives of what it "
                        "reaches: " +
                        (T->isPointerType() || T->isReferenceType()
                             ? std::string()
                             : "take it by reference in '" +
                                   FD->getNameAsString() + "' and ") +
                        "pass it with ddx::duplicated(" + text(A.Primal) +
                        ", shadow), where shadow " + shadowHint(T, Ctx));
        Ok = false;
      } else if (!isDifferentiableType(T)) {
        Diags.error(A.Whole->getBeginLoc(),
                    "parameter '" + Param.Name + "' (a '" +
                        userTypeName(T.getNonReferenceType(), Ctx) +
                        "') has no floating-point value to differentiate; "
                        "pass it as a plain argument, without " +
                        valueMarker(R));
        Ok = false;
      }
      Acts.push_back(ParamActivity::Active);
      if (A.K == RequestArg::Kind::Dual)
        CallArgs.push_back(text(A.Shadow));
      break;
    case RequestArg::Kind::Duplicated:
      if (!T->isPointerType() && !T->isReferenceType()) {
        Diags.error(A.Whole->getBeginLoc(),
                    "ddx::duplicated needs a pointer or reference parameter; "
                    "'" +
                        Param.Name + "' is passed by value (use " +
                        std::string(valueMarker(R)) + ")");
        Ok = false;
      } else if (!fitsShadow(T, A.Primal, A.Shadow)) {
        Diags.error(A.Shadow->getBeginLoc(),
                    "the shadow of '" + Param.Name + "' has type '" +
                        userTypeName(A.Shadow->getType(), Ctx) +
                        "'; it must be a '" +
                        userTypeName(shadowType(Ctx, T), Ctx) +
                        "' (the parameter's type, not const), so that it "
                        "holds one derivative for each value the parameter "
                        "reaches");
        Ok = false;
      }
      Acts.push_back(ParamActivity::Duplicated);
      CallArgs.push_back(text(A.Shadow));
      break;
    default:
      Acts.push_back(ParamActivity::Inactive);
    }
  }
  if (!Ok)
    return false;
  const Instance &I =
      Plan.get(What, R.Gradient ? Mode::Gradient : Mode::Derivative, Acts,
               paramNames(What), R.Call->getExprLoc());
  unsigned At = topLevelOffset(R.Call->getBeginLoc());
  auto [It, New] = EntryOffsets.try_emplace(I.Name, At);
  if (!New)
    It->second = std::min(It->second, At);
  Rewrite = "::ddx_generated::" + I.Name + "(";
  for (size_t A = 0; A < CallArgs.size(); ++A)
    Rewrite += (A ? ", " : "") + CallArgs[A];
  Rewrite += ")";
  return true;
}

nlohmann::json TUTransformer::location(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return nullptr;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return nullptr;
  return {{"file", P.getFilename()},
          {"line", P.getLine()},
          {"column", P.getColumn()}};
}

nlohmann::json TUTransformer::report(bool Written) const {
  nlohmann::json Functions = nlohmann::json::array();
  for (const Instance &I : Plan.instances()) {
    nlohmann::json F;
    F["name"] = "ddx_generated::" + I.Name;
    F["mode"] = modeName(I.M);
    if (I.What.Lambda)
      F["differentiates"] = {
          {"lambda", location(I.What.Lambda->getBeginLoc())}};
    else
      F["differentiates"] = {
          {"function", I.What.Function->getQualifiedNameAsString()}};
    std::vector<std::string> Names = paramNames(I.What);
    nlohmann::json Activity = nlohmann::json::object();
    for (size_t P = 0; P < I.Activity.size() && P < Names.size(); ++P)
      Activity[Names[P]] = I.Activity[P] == ParamActivity::Active ? "active"
                           : I.Activity[P] == ParamActivity::Duplicated
                               ? "duplicated"
                               : "inactive";
    F["parameters"] = Activity;
    nlohmann::json Options = nlohmann::json::array();
    for (const ParmVarDecl *P : I.What.Function->parameters())
      if (isOption(P))
        Options.push_back(P->getNameAsString());
    F["options"] = Options;
    nlohmann::json Specialised = nlohmann::json::array();
    for (const CallableBinding &B : I.What.Bindings) {
      nlohmann::json S;
      S["parameter"] = B.boundName(I.What.Function);
      if (B.Field)
        S["field"] = B.Field->getNameAsString(); // the gsl_function pattern
      if (B.Function)
        S["callable"] = {{"function", B.Function->getQualifiedNameAsString()}};
      else if (B.Lambda)
        S["callable"] = {{"lambda", location(B.Lambda->getBeginLoc())}};
      else
        S["constant"] = B.Constant; // a folded option
      Specialised.push_back(S);
    }
    F["specialised_on"] = Specialised;
    F["needed_at"] = location(I.NeededAt);
    Functions.push_back(F);
  }
  nlohmann::json Dispatches = nlohmann::json::array();
  for (const RuleDispatch &D : this->Dispatches.all()) {
    nlohmann::json Options = nlohmann::json::object();
    for (const auto &[Name, What] : D.Options)
      Options[Name] = What;
    nlohmann::json Callables = nlohmann::json::array();
    for (const auto &[Type, What] : D.Callables)
      Callables.push_back({{"type", Type}, {"stands_for", What}});
    Dispatches.push_back({{"function", D.Function},
                          {"rule", D.Rule},
                          {"signature", D.Signature},
                          {"call_site", location(D.At)},
                          {"in", D.In},
                          {"mode", D.Mode},
                          {"callables", Callables},
                          {"options", Options}});
  }
  nlohmann::json Adaptors = nlohmann::json::array();
  for (const auto &[Name, What] : this->Adaptors.defined())
    Adaptors.push_back(
        {{"name", "ddx_generated::" + Name}, {"stands_for", What}});
  nlohmann::json Diagnostics = nlohmann::json::array();
  for (const DiagReporter::Record &R : Diags.records())
    Diagnostics.push_back({{"level", R.Level},
                           {"file", R.File},
                           {"line", R.Line},
                           {"column", R.Column},
                           {"message", R.Message}});
  return {{"input", O.InputName},
          {"output", Written ? nlohmann::json(O.OutputName) : nullptr},
          {"functions", Functions},
          {"rule_dispatches", Dispatches},
          {"callable_objects", Adaptors},
          {"diagnostics", Diagnostics}};
}

void TUTransformer::reportUntold(SourceLocation Loc, llvm::Error Why) {
  Diags.error(Loc, "ddx cannot tell this request's instantiations apart, "
                   "which call different derivatives: " +
                       llvm::toString(std::move(Why)));
  Diags.note(Loc, "move the request into a function whose template "
                  "parameters have names (types or integers)");
}

std::string TUTransformer::rewriteAt(llvm::ArrayRef<const Request *> Group) {
  std::vector<std::string> Rewrites;
  for (const Request *R : Group) {
    std::string Rewrite;
    if (!planRequest(*R, Rewrite))
      return "";
    Rewrites.push_back(std::move(Rewrite));
  }
  if (llvm::all_equal(Rewrites))
    return Rewrites.front();
  return dispatchRewrite(Group, Rewrites);
}

std::string
TUTransformer::dispatchRewrite(llvm::ArrayRef<const Request *> Group,
                               llvm::ArrayRef<std::string> Rewrites) {
  // Each rewrite is `::ddx_generated::<entry>(<arguments>)`, the arguments
  // the same text in every instantiation.
  SourceLocation Loc = Group.front()->Call->getBeginLoc();
  std::vector<std::pair<std::string, std::string>> KeyEntries;
  std::string AtRequest, Arguments;
  for (size_t I = 0; I < Group.size(); ++I) {
    llvm::Expected<TemplateKey> Key = templateKeyOf(Group[I]->In);
    if (!Key) {
      reportUntold(Loc, Key.takeError());
      return "";
    }
    llvm::StringRef Rewrite = Rewrites[I];
    Rewrite.consume_front("::ddx_generated::");
    auto [Entry, Rest] = Rewrite.split('(');
    if (I > 0 && ("(" + Rest).str() != Arguments) {
      Diags.error(Loc, "ddx cannot rewrite this request once for all its "
                       "instantiations: they pass different arguments");
      return "";
    }
    Arguments = ("(" + Rest).str();
    AtRequest = Key->AtRequest;
    KeyEntries.emplace_back(Key->Instance, Entry.str());
  }
  // (Named for the template and the line: `dpower_request_L19`.)
  const FunctionDecl *In = Group.front()->In;
  std::string Stem = In && In->getIdentifier()
                         ? In->getIdentifier()->getName().str() + "_"
                         : std::string();
  Stem += "request_L" + std::to_string(SM.getExpansionLineNumber(Loc));
  std::string Name = Stem;
  for (unsigned N = 2; !DispatchNames.insert(Name).second; ++N)
    Name = Stem + "_" + std::to_string(N);
  llvm::Expected<std::string> Class = dispatchClass(Name, KeyEntries);
  if (!Class) {
    reportUntold(Loc, Class.takeError());
    return "";
  }
  DispatchClasses[topLevelOffset(Loc)] += *Class;
  return "::ddx_generated::" + Name + "<" + AtRequest + ">::call" + Arguments;
}

std::optional<std::string> TUTransformer::transform() {
  FileID Main = SM.getMainFileID();
  llvm::StringRef Original = SM.getBufferData(Main);
  // The parse saw the rules appended to the file (see Frontend); the
  // output is the user's text.
  Original.consume_back(O.ParsedSuffix);
  if (Diags.hasErrors())
    return std::nullopt;
  std::vector<Request> Requests = RequestFinder(Ctx, Diags).find();
  if (Requests.empty())
    return Diags.hasErrors() ? std::nullopt
                             : std::optional<std::string>(Original.str());

  OutputWriter Writer(Original, O.InputName, O.OutputName);
  // (A template's request comes once per instantiation, at the same text.)
  std::map<std::pair<unsigned, unsigned>, std::vector<const Request *>> At;
  for (const Request &R : Requests) {
    SourceLocation Begin = SM.getExpansionLoc(R.Call->getBeginLoc());
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(R.Call->getSourceRange()), SM,
        Ctx.getLangOpts());
    At[{SM.getFileOffset(Begin), SM.getFileOffset(Range.getEnd())}].push_back(
        &R);
  }
  for (const auto &[Span, Group] : At) {
    std::string Rewrite = rewriteAt(Group);
    if (!Rewrite.empty())
      Writer.replace(Span.first, Span.second - Span.first, Rewrite);
  }
  if (Diags.hasErrors())
    return std::nullopt;

  // A request's entry function is declared before the declaration that
  // holds the request, where everything the request names is visible.
  // Everything else generated code calls is declared at the end, after
  // every type it may name (a helper's struct defined after the request).
  std::map<unsigned, std::string> EntryDeclarations;
  std::string Declarations, Definitions;
  std::map<std::string, std::string> MemberZeroings;
  std::vector<std::pair<const Instance *, GeneratedFunction>> Generated;
  while (const Instance *I = Plan.next()) {
    GeneratedFunction F;
    if (!Assembler.assemble(*I, F))
      continue;
    MemberZeroings.insert(F.MemberZeroings.begin(), F.MemberZeroings.end());
    auto Entry = EntryOffsets.find(I->Name);
    if (Entry != EntryOffsets.end())
      EntryDeclarations[Entry->second] += F.Declaration + "\n";
    else
      Declarations += F.Declaration + "\n";
    Generated.emplace_back(I, std::move(F));
  }
  if (Diags.hasErrors())
    return std::nullopt;
  llvm::DenseMap<const Instance *, const GeneratedFunction *> ByInstance;
  for (const auto &[I, F] : Generated)
    ByInstance[I] = &F;
  llvm::DenseSet<const Instance *> Forced = forcedInlines(
      Plan, [&](const Instance &I) { return ByInstance.lookup(&I); });
  for (const auto &[I, F] : Generated)
    Definitions += F.definition(Forced.contains(I)) + "\n";

  Writer.setPrelude("// Generated by ddx from " + O.InputName +
                    ". Do not edit.\n#include <ddx/ddx.hpp>\n"
                    "#include <ddx/tape.hpp>\n#include <ddx/rules/cmath.hpp>\n"
                    "#include <tuple>\n");
  for (const auto &[Offset, Classes] : DispatchClasses)
    EntryDeclarations[Offset] += Classes;
  for (const auto &[Offset, Entries] : EntryDeclarations)
    Writer.insertBlock(
        Offset,
        formatCode("// ddx: derivative functions (defined at the end of the "
                   "file)\nnamespace ddx_generated {\n" +
                   Entries + "} // namespace ddx_generated\n"));
  // Rules are included after the user's code, as ddx parsed them: the
  // shipped ones for the libraries the file included, then the user's.
  std::string Zeroings;
  for (const auto &[Name, Specialisation] : MemberZeroings)
    Zeroings += Specialisation;
  if (!Zeroings.empty())
    Zeroings = "// ddx: how to zero the derivatives of classes whose members "
               "have default values\nnamespace ddx {\n" +
               Zeroings + "} // namespace ddx\n";
  Writer.insertBlock(Original.size(),
                     formatCode(O.RuleIncludes + Zeroings +
                                "// ddx: derivative functions\n"
                                "namespace ddx_generated {\n" +
                                Declarations + Adaptors.definitions() +
                                Definitions +
                                "} // namespace ddx_generated\n"));
  return Writer.render();
}

} // namespace

std::optional<std::string> transformTranslationUnit(ASTContext &Ctx,
                                                    const TransformOptions &O) {
  // (The nodes made for an earlier unit's make functions went with its
  // tree.)
  forgetMadeAllocations();
  return TUTransformer(Ctx, O).run();
}

} // namespace ddx
