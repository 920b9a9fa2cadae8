//===- EmitContext.cpp ----------------------------------------------------===//
#include "Emit/EmitContext.h"
#include "Emit/TangentEmitter.h"
#include "Support/Describe.h"
#include "Support/Spelling.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <cstdio>

using namespace clang;

namespace ddx {

static void captureNames(const LambdaExpr *L,
                         llvm::ArrayRef<CallableBinding> Bindings,
                         std::vector<std::string> &Names) {
  for (const CaptureSlot &S :
       captureSlots(L, L->getLambdaClass()->getASTContext(), Bindings))
    Names.push_back(S.Var ? S.Var->getNameAsString() : std::string("this"));
}

std::vector<std::string> paramNames(const Target &What) {
  std::vector<std::string> Names;
  if (What.Lambda)
    captureNames(What.Lambda, What.Bindings, Names);
  else if (auto *Method = dyn_cast<CXXMethodDecl>(What.Function);
           Method && Method->isInstance())
    Names.push_back("self");
  for (unsigned I = 0; I < What.Function->getNumParams(); ++I)
    if (!What.bindingFor(I))
      Names.push_back(What.Function->getParamDecl(I)->getNameAsString());
  for (const CallableBinding &B : What.Bindings)
    if (B.Lambda && !B.Captured)
      captureNames(B.Lambda, {}, Names);
  return Names;
}

std::string describeTarget(const Target &What) {
  std::string Text;
  if (What.Lambda) {
    const SourceManager &SM =
        What.Lambda->getLambdaClass()->getASTContext().getSourceManager();
    Text =
        "the lambda at line " +
        std::to_string(SM.getExpansionLineNumber(What.Lambda->getBeginLoc()));
  } else {
    Text = What.Function->getQualifiedNameAsString();
  }
  for (const CallableBinding &B : What.Bindings) {
    std::string Param = B.boundName(What.Function);
    if (!B.Constant.empty()) {
      Text += ", option '" + Param + "' folded to " + B.Constant;
      continue;
    }
    Text += ", specialised on " +
            (B.Function ? B.Function->getQualifiedNameAsString()
                        : describeTarget(Target{nullptr, B.Lambda, {}})) +
            " for " +
            (B.Field ? "field '" + B.Field->getNameAsString() + "' of " : "") +
            "parameter '" + Param + "'";
  }
  return Text;
}

void addInto(QualType T, const std::string &Dst, const std::string &Src,
             Lines &Out, unsigned Depth) {
  T = T.getCanonicalType();
  // (A std::complex is a value: its adjoint adds as one.)
  if (T->isRealFloatingType() || isStdComplex(T)) {
    Out.push_back(Dst + " += " + Src + ";");
    return;
  }
  if (auto *Array = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
    std::string I = "_i" + std::to_string(Depth);
    Out.push_back("for (unsigned long " + I + " = 0; " + I + " < " +
                  std::to_string(Array->getSize().getZExtValue()) + "; ++" + I +
                  ") {");
    addInto(Array->getElementType(), wrap(Dst) + "[" + I + "]",
            wrap(Src) + "[" + I + "]", Out, Depth + 1);
    Out.push_back("}");
    return;
  }
  auto *R = T->getAsRecordDecl();
  if (!R)
    return;
  // A std::tuple: element by element, through std::get.
  if (isStdTuple(T)) {
    for (const TupleElement &E : tupleLikeElements(T))
      if (isDifferentiableType(E.Type) && !E.Type->isPointerType())
        addInto(E.Type, applyPath(wrap(Dst), E.Step),
                applyPath(wrap(Src), E.Step), Out, Depth);
    return;
  }
  // A container (std::vector, a vector of vectors): element by element; its
  // own fields are the pointers to its storage.
  if (QualType Element = containerElement(T); !Element.isNull()) {
    std::string I = "_i" + std::to_string(Depth);
    Out.push_back("for (unsigned long " + I + " = 0; " + I + " < " + wrap(Src) +
                  ".size(); ++" + I + ") {");
    addInto(Element, wrap(Dst) + "[" + I + "]", wrap(Src) + "[" + I + "]", Out,
            Depth + 1);
    Out.push_back("}");
    return;
  }
  // A base's fields are members of the whole.
  if (auto *CXX = dyn_cast<CXXRecordDecl>(R))
    for (const CXXBaseSpecifier &Base : CXX->bases())
      addInto(Base.getType(), Dst, Src, Out, Depth);
  for (const FieldDecl *F : R->fields())
    if (isDifferentiableType(F->getType()) && !F->getType()->isPointerType())
      addInto(F->getType(), wrap(Dst) + "." + F->getNameAsString(),
              wrap(Src) + "." + F->getNameAsString(), Out, Depth);
}

/// The factors of the product E, through parentheses, as long as each
/// partial product has type Type.
static void productFactors(const Expr *E, QualType Type,
                           llvm::SmallVectorImpl<const Expr *> &Factors) {
  auto *B = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (B && B->getOpcode() == BO_Mul &&
      B->getType().getCanonicalType() == Type) {
    productFactors(B->getLHS(), Type, Factors);
    productFactors(B->getRHS(), Type, Factors);
    return;
  }
  Factors.push_back(E);
}

/// A factor of a product of type Type as text, compared and repeated as
/// such: an operation in parentheses, a name, a member or an element as it
/// is. A factor converted to Type (an int, a float) keeps its conversion,
/// as the partial multiplies it without the others: a literal as one of
/// Type (`2.0` for an int 2 in a double product; a float literal converts
/// exactly), anything else through a cast.
static std::string factorText(const EmitContext &C, const Expr *F,
                              QualType Type) {
  std::string Text = C.Printer.print(F);
  if (isa<BinaryOperator, ConditionalOperator, UnaryOperator>(
          F->IgnoreImpCasts()))
    Text = wrap(Text);
  const Expr *Bare = F->IgnoreParenImpCasts();
  QualType Own = Bare->getType().getCanonicalType().getUnqualifiedType();
  if (Own == Type || isa<FloatingLiteral>(Bare))
    return Text;
  if (auto *Int = dyn_cast<IntegerLiteral>(Bare))
    return llvm::toString(Int->getValue(), 10, /*Signed=*/false) + ".0" +
           (Type->isSpecificBuiltinType(BuiltinType::Float)        ? "f"
            : Type->isSpecificBuiltinType(BuiltinType::LongDouble) ? "L"
                                                                   : "");
  return "static_cast<" + C.Printer.typeName(Type) + ">(" + Text + ")";
}

std::optional<Powers> repeatedPowers(const EmitContext &C,
                                     const BinaryOperator *Product) {
  QualType Type = Product->getType().getCanonicalType();
  llvm::SmallVector<const Expr *, 8> Factors;
  productFactors(Product, Type, Factors);
  Powers Result;
  bool Repeated = false;
  for (const Expr *F : Factors) {
    // (Each factor is evaluated again, as often as the partials need it.)
    if (F->HasSideEffects(C.Ctx))
      return std::nullopt;
    std::string Text = factorText(C, F, Type);
    auto *It =
        llvm::find_if(Result, [&](const Power &P) { return P.Text == Text; });
    if (It == Result.end()) {
      Result.push_back({F, Text, 1});
      continue;
    }
    ++It->Exponent;
    Repeated |= C.Activity.isVaried(F);
  }
  if (!Repeated)
    return std::nullopt;
  return Result;
}

std::string powerPartial(llvm::ArrayRef<Power> Factors, const Power &P) {
  llvm::SmallVector<std::string, 8> Partial;
  if (P.Exponent > 1)
    Partial.push_back(std::to_string(P.Exponent));
  for (const Power &Other : Factors)
    for (unsigned K = 0; K < Other.Exponent - (&Other == &P); ++K)
      Partial.push_back(Other.Text);
  return llvm::join(Partial, " * ");
}

/// Whether Text is a name followed by subscripts, calls and member
/// accesses (`y[3]`, `s.x`, `p->v[i]`, `::std::exp(x)`): a postfix
/// expression, which binds tighter than any operator around it.
static bool isPostfix(llvm::StringRef Text) {
  size_t I = 0;
  auto Name = [&] {
    size_t Start = I;
    while (I < Text.size() &&
           (llvm::isAlnum(Text[I]) || Text[I] == '_' || Text[I] == ':'))
      ++I;
    return I > Start;
  };
  if (!Name())
    return false;
  while (I < Text.size()) {
    char Open = Text[I];
    if (Open == '.' || Text.substr(I).starts_with("->")) {
      I += Open == '.' ? 1 : 2;
      if (!Name())
        return false;
      continue;
    }
    if (Open != '[' && Open != '(')
      return false;
    char Close = Open == '[' ? ']' : ')';
    int Depth = 0;
    for (; I < Text.size(); ++I) {
      if (Text[I] == '"' || Text[I] == '\'')
        return false; // (literals could hold brackets)
      Depth += Text[I] == Open ? 1 : Text[I] == Close ? -1 : 0;
      if (Depth == 0)
        break;
    }
    if (I == Text.size())
      return false;
    ++I;
  }
  return true;
}

std::string wrap(const std::string &Text) {
  if (isSimple(Text) || isPostfix(Text))
    return Text;
  if (Text.size() >= 2 && Text.front() == '(' && Text.back() == ')') {
    // Already wrapped if the first parenthesis closes at the end.
    int Depth = 0;
    for (size_t I = 0; I < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0)
        return I + 1 == Text.size() ? Text : "(" + Text + ")";
    }
  }
  return "(" + Text + ")";
}

bool isSimple(const std::string &Text) {
  if (Text.empty())
    return false;
  for (char C : Text)
    if (!llvm::isAlnum(C) && C != '_' && C != '.')
      return false;
  return true;
}

static std::vector<const Expr *> callArgs(const CallExpr *Call) {
  std::vector<const Expr *> Args(Call->arg_begin(), Call->arg_end());
  if (memberOperatorObject(Call))
    Args.erase(Args.begin()); // the object
  return Args;
}

std::string EmitContext::constantText(const Expr *E) const {
  // An option of this clone that was itself folded passes its value on.
  if (auto *Ref = dyn_cast<DeclRefExpr>(skipImplicit(E))) {
    auto It = IR.BoundParams.find(Ref->getDecl());
    if (It != IR.BoundParams.end())
      return IR.Bindings[It->second].Constant;
  }
  return constantLiteral(E, Ctx);
}

bool EmitContext::resolve(const CallExpr *Call, ResolvedCall &Out,
                          const FunctionDecl *Candidate) {
  std::vector<const Expr *> Args = callArgs(Call);
  Out.At = Call->getExprLoc();
  auto AddArgs = [&](const FunctionDecl *FD) {
    for (unsigned I = 0; I < Args.size() && I < FD->getNumParams(); ++I)
      Out.Args.push_back({Args[I], generatedParamType(FD->getParamDecl(I)),
                          FD->getParamDecl(I)});
  };
  // The object of a member function, its `self`; in a branch of a virtual
  // call's dispatch, as the overrider's class.
  auto AddObject = [&](const Expr *Object, const CXXMethodDecl *Method) {
    Out.Args.push_back({Object, selfParamType(Method), nullptr, true});
    if (Candidate)
      Out.Args.back().AsClass = Method->getParent();
  };
  if (const Expr *Object = calledObject(Call)) {
    std::optional<ResolvedCallable> R;
    if (Candidate) { // one branch of a switch over the pointer's candidates
      R.emplace();
      R->Function = Candidate;
    } else {
      R = resolveCallable(Object, IR, Ctx);
    }
    if (R) {
      if (R->Function) {
        Out.What.Function = R->Function->getDefinition()
                                ? R->Function->getDefinition()
                                : R->Function;
        // A branch of a virtual call operator's dispatch: the functor is
        // the overrider's `self`.
        if (auto *Method = dyn_cast<CXXMethodDecl>(Out.What.Function);
            Candidate && Method && !Method->isStatic())
          AddObject(Object, Method);
        AddArgs(Out.What.Function);
        return true;
      }
      Out.What.Function = callOperator(R->Lambda->getLambdaClass());
      Out.What.Lambda = R->Lambda;
      Out.What.Bindings = R->Bindings;
      if (!Out.What.Function) {
        Diags.error(Call->getExprLoc(),
                    "ddx cannot tell which call operator of this lambda is "
                    "called (a generic lambda used with several types)");
        Diags.note(Call->getExprLoc(),
                   "give the lambda's parameters their types (double x "
                   "instead of auto x), or write one lambda for each type");
        return false;
      }
      Out.Args = R->Captures;
      AddArgs(Out.What.Function);
      return true;
    }
    auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
    // std::function's call operator is type erasure: what it reaches is
    // exactly what the text did not say.
    if (Method && Method->getParent()->isInStdNamespace()) {
      Diags.error(Call->getExprLoc(),
                  "ddx cannot resolve the callable this '" +
                      readableType(skipImplicit(Object)->getType(), Ctx)
                          .getAsString(printingPolicy(Ctx)) +
                      "' holds at transformation time");
      Diags.note(Call->getExprLoc(),
                 "ddx follows a std::function initialised once and never "
                 "assigned, or a parameter that receives a callable");
      return false;
    }
    if (Method && Method->getDefinition()) {
      Out.What.Function = Method->getDefinition();
      Out.Args.push_back({Object, selfParamType(Method), nullptr, true});
      AddArgs(Out.What.Function);
      return true;
    }
    Diags.error(Call->getExprLoc(),
                "ddx cannot tell which function this call of an object of "
                "type '" +
                    userTypeName(Object->getType(), Ctx) +
                    "' reaches: its call operator has no definition ddx can "
                    "see; call a named function or a lambda directly, or "
                    "through a local variable or parameter set once from one "
                    "(docs/higher-order.md)");
    return false;
  }
  CallBinding B = Rules.bind(Call);
  if (Candidate) { // one branch of a virtual call's dispatch: an overrider
    B.K = CallBinding::Kind::UserFunction;
    B.Callee =
        Candidate->getDefinition() ? Candidate->getDefinition() : Candidate;
  }
  const FunctionDecl *FD = B.Callee;
  if (!FD || B.K != CallBinding::Kind::UserFunction) {
    checkCall(Call);
    return false;
  }
  Out.What.Function = FD;
  const Expr *Object = memberOperatorObject(Call);
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    Object = Member->getImplicitObjectArgument();
  if (Object)
    AddObject(Object, cast<CXXMethodDecl>(FD));
  std::vector<CalleeArg> Captures;
  for (unsigned I = 0; I < Args.size() && I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (isOption(P)) {
      std::string Constant = constantText(Args[I]);
      if (!Constant.empty()) {
        Out.What.Bindings.push_back({I, nullptr, nullptr, Constant});
        continue;
      }
    }
    if (!isCallableParam(P->getType())) {
      for (CallableBinding B : fieldBindings(Args[I], P->getType(), IR, Ctx)) {
        B.Param = I;
        Out.What.Bindings.push_back(B);
      }
      Out.Args.push_back({Args[I], generatedParamType(P), P});
      continue;
    }
    // Specialise the callee on the concrete callable passed here.
    auto R = resolveCallable(Args[I], IR, Ctx);
    if (!R) {
      Diags.error(Args[I]->getExprLoc(),
                  "ddx cannot resolve the callable passed as '" +
                      P->getNameAsString() + "' to '" +
                      FD->getQualifiedNameAsString() +
                      "' at transformation time");
      Diags.note(Args[I]->getExprLoc(),
                 "pass a named function or a lambda (directly, through a "
                 "local variable, or through a parameter that receives one)");
      return false;
    }
    Out.What.Bindings.push_back({I, R->Function, R->Lambda});
    Captures.insert(Captures.end(), R->Captures.begin(), R->Captures.end());
  }
  Out.Args.insert(Out.Args.end(), Captures.begin(), Captures.end());
  return true;
}

/// The object of a member call as the callee's `self` reads it: `this` is
/// `self`; a pointer is dereferenced.
static std::string objectText(const CalleeArg &A, const std::string &This,
                              const std::string &Printed,
                              const ExprPrinter &Printer) {
  const Expr *E = skipImplicit(A.E);
  std::string Text = isa<CXXThisExpr>(E)             ? This
                     : E->getType()->isPointerType() ? "*" + wrap(Printed)
                                                     : Printed;
  if (!A.AsClass)
    return Text;
  // A branch of a virtual call's dispatch, where the object is known to be
  // of the overrider's class (and so is its shadow, made alike).
  QualType Class = A.AsClass->getASTContext().getRecordType(A.AsClass);
  return "::ddx::downcast<" + Printer.typeName(Class) + ">(" + Text + ")";
}

/// A field of the struct Object is or points to, where Text spells Object.
static std::string fieldOf(const Expr *Object, const std::string &Text,
                           const FieldDecl *Field) {
  return (isSimple(Text) ? Text : "(" + Text + ")") +
         (Object->getType()->isPointerType() ? "->" : ".") +
         Field->getNameAsString();
}

/// What a field read needs of its holder: for `&S`, S itself.
static const Expr *holderObject(const Expr *Holder) {
  if (auto *U = dyn_cast<UnaryOperator>(Holder->IgnoreParenImpCasts());
      U && U->getOpcode() == UO_AddrOf)
    return U->getSubExpr();
  return Holder;
}

std::string EmitContext::argText(const CalleeArg &A) const {
  if (A.Field)
    return fieldOf(holderObject(A.E), Printer.print(holderObject(A.E)),
                   A.Field);
  std::string Text = Printer.print(A.E);
  return A.IsObject ? objectText(A, "self", Text, Printer) : Text;
}

std::string EmitContext::argShadow(const CalleeArg &A) const {
  if (A.Field)
    return Printer.asShadowPointer(
        A.Field->getType(),
        fieldOf(holderObject(A.E), Printer.shadow(holderObject(A.E)), A.Field));
  std::string Text = A.E->getType()->isPointerType()
                         ? Printer.shadowPointer(A.E)
                         : Printer.shadow(A.E);
  return A.IsObject
             ? objectText(A, ExprPrinter::shadowName("self"), Text, Printer)
             : Text;
}

bool EmitContext::anyVaried(const ResolvedCall &R) const {
  for (const CalleeArg &A : R.Args)
    if (Activity.isVaried(A.E) ||
        (isIndirect(A.ParamType) && Activity.isVaried(Printer.rootVar(A.E))))
      return true;
  return false;
}

/// Whether T owns the memory its derivative lives in: a standard container
/// (std::vector, an initializer list), or a struct holding one. Its shadow
/// is an object of its own, not a view of the caller's.
static bool ownsShadowMemory(QualType T, const ASTContext &Ctx) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T.isTriviallyCopyableType(Ctx) && !isContainer(T))
    return false;
  if (isContainer(T))
    return !T.isTriviallyCopyableType(Ctx) ||
           T->getAsCXXRecordDecl()->getName() == "initializer_list";
  auto *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &Base : R->bases())
    if (ownsShadowMemory(Base.getType(), Ctx))
      return true;
  return llvm::any_of(R->fields(), [&](const FieldDecl *F) {
    return ownsShadowMemory(F->getType(), Ctx);
  });
}

/// Whether E is such an object that exists only in the call
/// (`std::vector<double>(n, a)`, `{a, b}`, `Data{w}`): generated code keeps
/// no derivative for it, so active values in it would be lost.
static bool isShadowless(const Expr *E, const ExprPrinter &Printer) {
  return ownsShadowMemory(E->getType(), Printer.context()) &&
         Printer.rootVar(E) < 0 && Printer.tempOf(skipImplicit(E)) < 0;
}

void EmitContext::refuseShadowless(const CalleeArg &A,
                                   const FunctionDecl *Callee) {
  bool List = isa<CXXStdInitializerListExpr>(skipImplicit(A.E));
  Diags.error(A.E->getExprLoc(),
              "active values reach " + calleeName(Callee) + " in " +
                  (List ? std::string("an initializer list")
                        : "'" + userText(A.E) + "', a '" +
                              userTypeName(A.E->getType(), Ctx) + "'") +
                  " that exists only in the call, for which ddx keeps no "
                  "derivative");
  Diags.note(A.E->getExprLoc(),
             List ? "pass the values one by one (for std::max and std::min: "
                    "std::max(a, std::max(b, c))), or make the function take "
                    "a const std::vector<double> & and pass a named vector"
                  : "build it in a named local first and pass the local");
}

/// How a message names a callee: 'ns::f', or "the lambda".
std::string EmitContext::calleeName(const FunctionDecl *Callee) const {
  auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  if (Method && Method->getParent()->isLambda())
    return "the lambda";
  return "'" + Callee->getQualifiedNameAsString() + "'";
}

void EmitContext::refuseContainersByValue(
    const ResolvedCall &R, const std::vector<ParamActivity> &Acts) {
  // A container passed by value gets a copy of its shadow: adjoints the
  // callee adds into the copy would not reach the caller.
  for (size_t I = 0; I < Acts.size(); ++I) {
    const CalleeArg &A = R.Args[I];
    if (Acts[I] != ParamActivity::Duplicated || !A.E ||
        A.ParamType->isReferenceType() || !ownsShadowMemory(A.ParamType, Ctx))
      continue;
    bool Capture = !A.Param && !A.IsObject;
    Diags.error(A.E->getExprLoc(),
                "ddx cannot pass '" + userText(A.E) + "' by value to " +
                    calleeName(R.What.Function) +
                    " in reverse mode yet: it holds a container, and the "
                    "callee's adjoints would go into a copy of its "
                    "derivative; " +
                    (Capture ? std::string("capture it by reference ([&" +
                                           userText(A.E) + "])")
                             : std::string("take the parameter by const "
                                           "reference (or by reference if the "
                                           "callee changes it)")));
  }
}

std::vector<ParamActivity> EmitContext::activities(const ResolvedCall &R) {
  std::vector<ParamActivity> Acts;
  for (const CalleeArg &A : R.Args) {
    ParamActivity Act = ParamActivity::Inactive;
    if (A.E && !isOption(A.Param) && isDifferentiableType(A.ParamType) &&
        Activity.isVaried(A.E) && isShadowless(A.E, Printer)) {
      refuseShadowless(A, R.What.Function);
    } else if (isOption(A.Param)) {
      if (A.E && Activity.isVaried(A.E))
        warnDetachedOption(A.E, A.Param->getNameAsString(), R.What.Function);
    } else if (!isDifferentiableType(A.ParamType)) {
    } else if (!A.E) {
      // A callable's parameter, which a rule gives: a value with its
      // tangent or adjoint, or an element it may write (for_each's
      // `double &x`) with the element's shadow.
      QualType T = A.ParamType;
      if (!isIndirect(T))
        Act = ParamActivity::Active;
      else if (T->isLValueReferenceType() &&
               (!holdsPointers(T) || isContainer(T.getNonReferenceType())))
        Act = ParamActivity::Duplicated; // (a std::vector: an ODE's dxdt)
      else if (T->isPointerType() && T->getPointeeType()->isFloatingType())
        Act = ParamActivity::Duplicated; // (an array: a GSL ODE's y, dydt)
    } else if (isIndirect(A.ParamType)) {
      Act = Activity.isVaried(Printer.rootVar(A.E)) ? ParamActivity::Duplicated
                                                    : ParamActivity::Inactive;
      if (Act == ParamActivity::Duplicated && !A.ParamType->isPointerType() &&
          !A.ParamType->isReferenceType() && holdsValues(A.ParamType))
        // Its shadow would be a copy: the adjoints of its floating-point
        // members would not reach the caller.
        Diags.error(A.E->getExprLoc(),
                    "ddx cannot pass a struct that holds both pointers and "
                    "floating-point values by value yet; take it by "
                    "reference in '" +
                        R.What.Function->getNameAsString() + "'");
    } else {
      Act = Activity.isVaried(A.E) ? ParamActivity::Active
                                   : ParamActivity::Inactive;
    }
    Acts.push_back(Act);
  }
  return Acts;
}

void EmitContext::warnDetachedOption(const Expr *Arg, const std::string &Option,
                                     const FunctionDecl *Callee) {
  Diags.warning(Arg->getBeginLoc(),
                "an active value is passed to option '" + Option + "' of '" +
                    Callee->getQualifiedNameAsString() +
                    "'; it is passed detached (its derivative is not "
                    "propagated)");
}

std::string EmitContext::callee(const ResolvedCall &R, Mode M,
                                std::vector<ParamActivity> &Acts,
                                bool ResultUnused) {
  Acts = activities(R);
  if (M != Mode::Tangent)
    refuseContainersByValue(R, Acts);
  return Plan.get(R.What, M, Acts, paramNames(R.What), R.At, ResultUnused).Name;
}

std::string describeVariable(const Variable &V, const ASTContext &Ctx) {
  return V.Decl && !V.Decl->isImplicit()
             ? "'" + V.Name + "'"
             : "this '" + userTypeName(V.Type, Ctx) + "' object";
}

bool holdsContainer(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isArrayType())
    return holdsContainer(QualType(T->getPointeeOrArrayElementType(), 0));
  auto *R = T->getAsCXXRecordDecl();
  if (!R || !R->hasDefinition() || isContainer(T))
    return false;
  for (const CXXBaseSpecifier &Base : R->bases())
    if (holdsContainer(Base.getType()))
      return true;
  return llvm::any_of(R->fields(), [](const FieldDecl *F) {
    return !containerElement(F->getType()).isNull() ||
           holdsContainer(F->getType());
  });
}

bool isIndirect(QualType T) {
  // A `double &&` parameter binds a temporary: a value, like by-value.
  // A reference to a class with virtual functions may reach an object of a
  // derived class, whose shadow (of that class) must be reached too.
  return T->isPointerType() || holdsPointers(T) ||
         (T->isLValueReferenceType() &&
          (writesThrough(T) || isPolymorphicClass(T.getNonReferenceType())));
}

bool isPolymorphicClass(QualType T) {
  auto *R = T->getAsCXXRecordDecl();
  return R && R->hasDefinition() && R->isPolymorphic();
}

bool EmitContext::checkReturn(const CallExpr *Call, int Result) {
  QualType Ret = Call->getType();
  if (Result < 0 || !Activity.isVaried(Result) || isPlainValue(Ret) ||
      !isDifferentiableType(Ret))
    return true;
  const FunctionDecl *FD = Call->getDirectCallee();
  Diags.error(Call->getExprLoc(),
              "ddx cannot differentiate a call " +
                  (FD ? "of '" + FD->getNameAsString() + "' " : std::string()) +
                  "that returns '" + userTypeName(Ret, Ctx) +
                  "' with active arguments yet: only floating-point values "
                  "and structs, tuples or arrays of them carry a derivative "
                  "back from a call");
  Diags.note(Call->getExprLoc(),
             "return the values through an output parameter (a reference "
             "or pointer argument) instead");
  return false;
}

/// How plainly a callee receiving a value of type T (a parameter's, or the
/// object's) can write through it something that can carry a derivative:
/// 3 floating-point values through a pointer or reference, 2 anything else
/// that holds them, 1 through a pointer it holds (a gsl_function's void*
/// params, even behind a const pointer), 0 not at all.
static int writeRank(QualType T) {
  if (!T->isPointerType() && !T->isReferenceType())
    return holdsPointers(T) ? 1 : 0;
  QualType Pointee = T->getPointeeType();
  if (writesThrough(T) && isDifferentiableType(T))
    return Pointee->isRealFloatingType() ||
                   (Pointee->isArrayType() &&
                    Pointee->getPointeeOrArrayElementType()
                        ->isRealFloatingType())
               ? 3
               : 2;
  return holdsPointers(Pointee) || Pointee->isPointerType() ? 1 : 0;
}

EmitContext::CallEffects EmitContext::effects(const CallExpr *Call) const {
  CallEffects E;
  const FunctionDecl *FD = Call->getDirectCallee();
  int Best = 0;
  auto Consider = [&](const Expr *Arg, QualType Param, int Rank) {
    bool Reaches = Activity.isVaried(Arg) ||
                   ((Param->isPointerType() || Param->isReferenceType() ||
                     holdsPointers(Param)) &&
                    Activity.isVaried(Printer.rootVar(Arg)));
    if (Reaches && !E.VariedInput)
      E.VariedInput = Arg;
    if (!Rank)
      return;
    E.WritesActive |= Reaches;
    // Name the plainest output, preferring one into active memory.
    Rank = Rank * 2 + Reaches;
    if (Rank > Best) {
      Best = Rank;
      E.Written = Arg;
      E.WrittenIsActive = Reaches;
    }
  };
  std::vector<const Expr *> Args(Call->arg_begin(), Call->arg_end());
  auto *Method = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (Method && Method->isInstance()) {
    const Expr *Object = nullptr;
    if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      Object = Member->getImplicitObjectArgument();
    else if (isa<CXXOperatorCallExpr>(Call) && !Args.empty()) {
      Object = Args.front();
      Args.erase(Args.begin());
    }
    if (Object) {
      QualType T = Object->getType();
      if (T->isPointerType())
        T = T->getPointeeType();
      Consider(Object, Ctx.getLValueReferenceType(T),
               changesObject(Method) && isDifferentiableType(T) ? 2 : 0);
    }
  }
  for (unsigned I = 0; I < Args.size(); ++I) {
    if (isa<CXXDefaultArgExpr>(Args[I]))
      continue;
    // Arguments past a variadic function's parameters are passed by value.
    QualType Param = FD && I < FD->getNumParams()
                         ? FD->getParamDecl(I)->getType()
                         : Args[I]->getType();
    int Rank = writeRank(Param);
    // A temporary bound to an rvalue reference dies with the call: writes
    // into it are lost, and only what it refers to can be written.
    if (Param->isRValueReferenceType() &&
        isa<MaterializeTemporaryExpr>(Args[I]->IgnoreImpCasts()))
      Rank = isPlainValue(Param.getNonReferenceType()) ? 0 : std::min(Rank, 1);
    Consider(Args[I], Param, Rank);
  }
  return E;
}

/// An expression as the user wrote it, for messages.
std::string EmitContext::userText(const Expr *E) const {
  llvm::StringRef Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts());
  return Text.empty() ? Printer.print(E) : Text.str();
}

/// Says how active data reaches a refused call, and what it could write.
void EmitContext::explain(const CallExpr *Call, const CallEffects &E) {
  auto Text = [&](const Expr *Arg) { return "'" + userText(Arg) + "'"; };
  if (E.VariedInput) {
    Diags.note(E.VariedInput->getExprLoc(),
               "active data reaches the call through " + Text(E.VariedInput));
    // A struct that only points to active data (a gsl_function whose
    // params were set to an active struct): say where it got the pointer.
    int Root = Printer.rootVar(E.VariedInput);
    if (const Stmt *Source =
            Root >= 0 ? firstActiveWrite(IR.Body, Root) : nullptr)
      Diags.note(Source->Loc, "'" + Printer.varName(Root) +
                                  "' holds active data from this assignment");
  }
  if (E.Written)
    Diags.note(E.Written->getExprLoc(),
               std::string(E.WrittenIsActive
                               ? "and it can overwrite active data "
                                 "through "
                               : "and it can write results "
                                 "through ") +
                   Text(E.Written) + ", whose derivative ddx would not know");
}

/// The first assignment into a part of Var (a field, an element) with an
/// active value, when Var is a struct or array assigned piecewise.
const Stmt *EmitContext::firstActiveWrite(const Block &B, int Var) const {
  for (const Stmt &S : B) {
    if (S.K == Stmt::Kind::Assign && S.Value &&
        (S.Var == Var ? !S.Path.empty()
                      : S.LValue && Printer.rootVar(S.LValue) == Var &&
                            !isa<DeclRefExpr>(skipImplicit(S.LValue))) &&
        Activity.isVaried(S.Value))
      return &S;
    if (const Stmt *Found = firstActiveWrite(S.Then, Var))
      return Found;
    if (const Stmt *Found = firstActiveWrite(S.Else, Var))
      return Found;
  }
  return nullptr;
}

bool EmitContext::checkCopiedInto(const MemoryCall &M) {
  // (An assignment's target is checked by checkStorage alike.)
  if (!M.Source || Printer.rootVar(M.Dest) >= 0 ||
      !Activity.reachesVaried(M.Source))
    return true;
  Diags.error(M.Dest->getExprLoc(),
              "active values are copied here into memory that has no "
              "derivative (a global, or memory a call returned); ddx would "
              "lose their derivatives");
  Diags.note(M.Dest->getExprLoc(),
             "copy into a local array, or memory the function allocates");
  return false;
}

/// `v.reserve(n)`, `v.shrink_to_fit()` of a standard container: its
/// values, and so their derivatives, stay as they are.
static bool changesCapacityOnly(const CallExpr *Call) {
  auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  return Method && Method->getParent()->isInStdNamespace() &&
         Method->getIdentifier() &&
         llvm::is_contained({"reserve", "shrink_to_fit"}, Method->getName());
}

bool EmitContext::checkCall(const CallExpr *Call, bool ValueUsed) {
  CallBinding B = Rules.bind(Call);
  // (A set-up call only stores its callable in a handle: the calls that
  // read the handle have its derivative.)
  if (B.K == CallBinding::Kind::Rule || B.K == CallBinding::Kind::Binder ||
      isValueCast(Call))
    return true;
  if (changesCapacityOnly(Call))
    return true;
  CallEffects Effects = effects(Call);
  bool ValueCarries = ValueUsed && isDifferentiableType(Call->getType());
  if (!(Effects.VariedInput && (ValueCarries || Effects.Written)) &&
      !Effects.WritesActive)
    return true;
  bool Ok = refuseCall(Call, B);
  if (!Ok)
    explain(Call, Effects);
  return Ok;
}

bool EmitContext::refuseCall(const CallExpr *Call, const CallBinding &B) {
  const FunctionDecl *FD = Call->getDirectCallee();
  std::string Name = FD ? FD->getQualifiedNameAsString() : "<indirect>";
  if (!FD) {
    Diags.error(Call->getExprLoc(),
                "ddx cannot differentiate a call through a function pointer "
                "or callable object here: the callee is not known statically");
    const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
    if (auto *Deref = dyn_cast<UnaryOperator>(Callee);
        Deref && Deref->getOpcode() == UO_Deref)
      Callee = Deref->getSubExpr()->IgnoreParenImpCasts();
    if (auto *Field = dyn_cast<MemberExpr>(Callee))
      Diags.note(Call->getExprLoc(),
                 "ddx binds a call through the field '" +
                     Field->getMemberDecl()->getNameAsString() +
                     "' of a local struct set once from a named function "
                     "(in its initializer or one assignment), also where "
                     "the struct is passed on to helpers");
    else
      Diags.note(Call->getExprLoc(),
                 "ddx binds a call through a local function pointer set "
                 "only from named functions (switching over them when there "
                 "are several) and never passed on by reference or address, "
                 "or through a parameter that receives a named function");
    return false;
  }
  // (std::shared_ptr's reset is its library base class's.)
  auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  if (auto *Method = dyn_cast<CXXMethodDecl>(FD);
      Method &&
      (isSmartPointer(Ctx.getRecordType(Method->getParent())) ||
       (Member &&
        isSmartPointer(
            skipImplicit(Member->getImplicitObjectArgument())->getType())))) {
    Diags.error(Call->getExprLoc(),
                "ddx cannot differentiate '" + Method->getNameAsString() +
                    "' of a smart pointer to active data yet: ddx follows "
                    "its memory from where std::make_unique, "
                    "std::make_shared or new makes it, and the reverse "
                    "sweep still reads memory that a reset, a release or "
                    "a swap takes away");
    Diags.note(Call->getExprLoc(),
               "give the pointer new memory with std::make_unique or "
               "std::make_shared, and let it free its memory where its "
               "life ends");
    return false;
  }
  if (auto *Method = dyn_cast<CXXMethodDecl>(FD);
      Method && isa<CXXOperatorCallExpr>(Call) &&
      Method->getOverloadedOperator() == OO_Equal &&
      !tupleElementTypes(Ctx.getRecordType(Method->getParent())).empty() &&
      !isStdTuple(Ctx.getRecordType(Method->getParent()))) {
    // (std::tie's tuple of references: a tuple of values is assigned
    // element by element, see valueAssignment.)
    Diags.error(Call->getExprLoc(),
                "ddx cannot differentiate an assignment through std::tie "
                "yet: it writes each variable through a reference the "
                "library holds");
    Diags.note(Call->getExprLoc(),
               "bind the values with a structured binding ('auto [a, b] = "
               "...;') or read them with std::get");
    return false;
  }
  if (auto *Method = dyn_cast<CXXMethodDecl>(FD)) {
    if (Method->isVirtual())
      Diags.error(Call->getExprLoc(),
                  "ddx cannot differentiate the virtual call '" + Name +
                      "': the callee is chosen at run time");
    else if (isa<CXXOperatorCallExpr>(Call))
      Diags.error(Call->getExprLoc(),
                  "ddx cannot differentiate the overloaded operator '" + Name +
                      "' on active values yet");
    else
      Diags.error(Call->getExprLoc(), "ddx cannot differentiate the member "
                                      "function call '" +
                                          Name + "' on active data yet");
    if (Method->isVirtual())
      Diags.note(Call->getExprLoc(),
                 "call the function of the concrete class ('Derived::f' or "
                 "an object of that class), or make the caller a template "
                 "over the concrete type");
    else if (Method->getParent()->isInStdNamespace())
      Diags.note(Call->getExprLoc(),
                 "write it with built-in operators on the values it holds "
                 "(one element or member at a time)");
    // (In library code the call chain's last note says what to do.)
    bool User = !Method->isVirtual() &&
                !Method->getParent()->isInStdNamespace() &&
                !Ctx.getSourceManager().isInSystemHeader(Call->getExprLoc());
    // A reference to a part of the object at an index read from its
    // members (`data[i * cols + j]`): the shadow's members are zero.
    if (User && Method->hasBody() && returnsOwnPart(Method))
      Diags.note(Call->getExprLoc(),
                 "ddx follows a function returning a reference when its "
                 "body is 'return <a part of the object>;' with indices "
                 "computed from its parameters and constants; '" +
                     Name +
                     "' computes its index from the object's members, which "
                     "are zero in the derivative's object: index the member "
                     "directly, or pass the sizes as parameters");
    else if (User)
      Diags.note(Call->getExprLoc(),
                 "ddx differentiates a member function from its definition: "
                 "make the definition of '" +
                     Name + "' visible in this file (a header)");
    return false;
  }
  if (B.K == CallBinding::Kind::Opaque) {
    Diags.error(Call->getExprLoc(),
                "no derivative rule for '" + Name +
                    "' and no definition to differentiate; write a rule "
                    "(see docs/rules.md) or make the definition visible");
    return false;
  }
  // A function ddx could differentiate, in a place where it is not (an
  // overloaded operator in an expression).
  bool Library = FD->isInStdNamespace() ||
                 Ctx.getSourceManager().isInSystemHeader(FD->getLocation());
  if (Library) {
    Diags.error(Call->getExprLoc(),
                "ddx cannot differentiate the library " +
                    std::string(isa<CXXOperatorCallExpr>(Call) ? "operator '"
                                                               : "function '") +
                    Name +
                    "' on active values here: it differentiates library code "
                    "through rules, and has none for it");
    Diags.note(Call->getExprLoc(), operatorRemedy());
    return false;
  }
  Diags.error(Call->getExprLoc(),
              std::string(isa<CXXOperatorCallExpr>(Call)
                              ? "ddx cannot differentiate the overloaded "
                                "operator '"
                              : "ddx cannot differentiate the call of '") +
                  Name + "' on active values inside this expression yet");
  Diags.note(Call->getExprLoc(), "call it in a statement of its own ('auto t "
                                 "= ...;') and use its result here");
  return false;
}

bool EmitContext::checkUndifferentiated(const Block &Body) {
  bool Ok = true;
  for (const Stmt &S : Body) {
    switch (S.K) {
    case Stmt::Kind::Assign:
      Ok &= checkPrimalCallsIn(S.Value, false);
      Ok &= checkPrimalCallsIn(S.LValue, false);
      Ok &= checkStorage(S);
      break;
    case Stmt::Kind::Eval:
      // A call whose value is discarded (printf of an active value) only
      // matters through what it writes. (free(p) frees the shadow too.)
      if (S.Free) {
        Ok &= checkPrimalCallsIn(S.Value, false);
      } else if (S.Memory) {
        for (const Expr *Arg : cast<CallExpr>(S.Call)->arguments())
          Ok &= checkPrimalCallsIn(Arg, false);
        Ok &= checkCopiedInto(*memoryCallOf(S.Call));
      } else if (S.Swap) {
        auto Swap = *containerSwapOf(S.Call);
        Ok &= checkPrimalCallsIn(Swap.First, false);
        Ok &= checkPrimalCallsIn(Swap.Second, false);
      } else if (auto *Call = dyn_cast<CallExpr>(skipImplicit(S.Call))) {
        Ok &= checkCall(Call, /*ValueUsed=*/false);
        for (const Expr *Arg : Call->arguments())
          Ok &= checkPrimalCallsIn(Arg, false);
      } else {
        Ok &= checkPrimalCallsIn(S.Call, false);
      }
      break;
    case Stmt::Kind::Call:
      // The call itself is differentiated (or a rule); its arguments are
      // evaluated as primal code.
      for (const clang::Stmt *Child : S.Call->children())
        if (auto *E = dyn_cast_or_null<Expr>(Child);
            E && E != cast<CallExpr>(S.Call)->getCallee())
          Ok &= checkPrimalCallsIn(E, false);
      break;
    case Stmt::Kind::If:
    case Stmt::Kind::Loop:
      Ok &= checkPrimalCallsIn(S.CondExpr, true);
      Ok &= checkUndifferentiated(S.Then);
      Ok &= checkUndifferentiated(S.Else);
      break;
    case Stmt::Kind::Raw:
      break;
    }
  }
  return Ok;
}

bool EmitContext::checkPrimalCallsIn(const Expr *E, bool InCondition) {
  if (!E || isa<LambdaExpr>(E))
    return true;
  bool Ok = true;
  for (const clang::Stmt *Child : E->children())
    if (auto *Sub = dyn_cast_or_null<Expr>(Child))
      Ok &= checkPrimalCallsIn(Sub, InCondition);
  auto *Call = dyn_cast<CallExpr>(E);
  // An extracted call is a Call statement of its own; a container's
  // subscript is an access path the emitters follow.
  if (!Call || Printer.tempOf(Call) >= 0)
    return Ok;
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
      (Op && Op->getOperator() == OO_Subscript) || storageOf(Call) ||
      steppedIterator(Call) || accessorObject(Call) || smartPointerOf(Call) ||
      smartDereferenced(Call))
    return Ok;
  return (InCondition ? checkConditionCall(Call) : checkCall(Call)) && Ok;
}

/// A shadow is a value of the same type that starts at zero: `{}`, or the
/// bytes ::ddx::zero clears for a class whose constructors the user wrote
/// (which may set it to anything), which must be trivially copyable.
bool EmitContext::checkValueClass(const Stmt &Assign, int Target) {
  auto *Class =
      Target >= 0 ? IR.Vars[Target].Type->getAsCXXRecordDecl() : nullptr;
  if (!Class || !Class->hasDefinition() || isValueClass(Class) ||
      Class->isInStdNamespace() || !Activity.isVaried(Target))
    return true;
  // A class whose default constructor the compiler writes, which starts
  // each member at zero (or an empty container), as `{}` does; also one
  // with virtual functions or bases (non-virtual, public: their members are
  // the object's).
  bool PublicMembers = llvm::all_of(Class->fields(), [](const FieldDecl *F) {
    return F->getAccess() == AS_public;
  });
  bool PlainBases = llvm::all_of(Class->bases(), [](const CXXBaseSpecifier &B) {
    return !B.isVirtual() && B.getAccessSpecifier() == AS_public;
  });
  QualType T = IR.Vars[Target].Type;
  // (A class without one lives in late storage: see buildLateObject.)
  if (PublicMembers && PlainBases &&
      (Class->hasDefaultConstructor() || needsLateStorage(T)) &&
      (!hasDefaultedValues(T) || memberwiseZero(Printer, T, "z")))
    return true;
  Diags.error(Assign.Loc, "ddx cannot differentiate values of the class '" +
                              userTypeName(IR.Vars[Target].Type, Ctx) +
                              "' yet: " + notAggregateReason(Class) +
                              ", and its derivative must start from zeros");
  Diags.note(Assign.Loc,
             "use a struct with public members and no user-written "
             "constructors (an aggregate; members may have default values) "
             "for values that carry derivatives");
  return false;
}

std::string EmitContext::assignResult(int Var, const std::string &Value) const {
  if (Var < 0)
    return Value + ";";
  const std::string &Name = Printer.varName(Var);
  if (Printer.inLateStorage(Var))
    return ExprPrinter::lateStorage(Name) + ".assign(" + Value + ");";
  return Name + " = " + Value + ";";
}

namespace {
/// Finds a write a constructor makes outside the object it builds: to a
/// global or static variable, or through a reference or pointer
/// parameter (`++next`, `dist(gen)`, `*count += 1`).
class OutsideWrites : public RecursiveASTVisitor<OutsideWrites> {
public:
  const Expr *Found = nullptr;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      check(B->getLHS(), B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      check(U->getSubExpr(), U);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
        Member && Member->getMethodDecl() &&
        !Member->getMethodDecl()->isConst())
      check(Member->getImplicitObjectArgument(), Call);
    unsigned Skip = 0;
    if (auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
        Op && FD && isa<CXXMethodDecl>(FD)) {
      Skip = 1;
      if (!cast<CXXMethodDecl>(FD)->isConst())
        check(Op->getArg(0), Call);
    }
    for (unsigned I = Skip; FD && I < Call->getNumArgs(); ++I) {
      unsigned P = I - Skip;
      if (P < FD->getNumParams() &&
          writesThrough(FD->getParamDecl(P)->getType()))
        check(Call->getArg(I), Call);
    }
    return true;
  }

private:
  void check(const Expr *E, const Expr *At) {
    if (Found)
      return;
    auto *Var = dyn_cast_or_null<VarDecl>(storageRoot(E));
    if (!Var)
      return;
    QualType T = Var->getType();
    if (Var->hasGlobalStorage() ||
        (isa<ParmVarDecl>(Var) &&
         (T->isReferenceType() || T->isPointerType()) && writesThrough(T)))
      Found = At;
  }
};
} // namespace

/// A write the constructor (its member initialisers and body) makes
/// outside its object, or null.
static const Expr *outsideWrite(const CXXConstructorDecl *Ctor) {
  const FunctionDecl *Def = nullptr;
  if (!Ctor || !Ctor->isDefined(Def))
    return nullptr;
  OutsideWrites Finder;
  for (const CXXCtorInitializer *Init : cast<CXXConstructorDecl>(Def)->inits())
    if (Init->isWritten())
      Finder.TraverseStmt(Init->getInit());
  Finder.TraverseStmt(Def->getBody());
  return Finder.Found;
}

Lines EmitContext::buildLateObject(const CallExpr *Call) {
  auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Call->getCalleeDecl());
  auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  if (!Ctor || !Member)
    return {};
  QualType T = Ctx.getRecordType(Ctor->getParent());
  auto *Ref =
      dyn_cast<DeclRefExpr>(skipImplicit(Member->getImplicitObjectArgument()));
  int V = Ref ? Printer.rootVar(Ref) : -1;
  if (!Printer.inLateStorage(V))
    return {};
  const std::string &Name = IR.Vars[V].Name;
  std::string What = describeVariable(IR.Vars[V], Ctx);
  // The constructor runs twice, itself and its derivative: what it changes
  // outside the object would change twice.
  if (const Expr *Write = outsideWrite(Ctor)) {
    Diags.error(Call->getBeginLoc(),
                "ddx cannot differentiate the construction of " + What +
                    " yet: its class '" + userTypeName(T, Ctx) +
                    "' has no default constructor, so generated code builds "
                    "the object with this constructor before its derivative "
                    "sets the members, and the constructor changes something "
                    "outside the object, which would then change twice");
    Diags.note(Write->getExprLoc(), "the change outside the object");
    Diags.note(Call->getBeginLoc(),
               "give the class a default constructor, such as '" +
                   Ctor->getParent()->getNameAsString() + "() = default;'");
    return {};
  }
  std::vector<std::string> Args;
  for (const Expr *Arg : Call->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break; // (the constructor supplies its own)
    // (A moved value is copied: see ExprPrinter::print.)
    Args.push_back(Printer.print(Arg));
  }
  Lines Out = {ExprPrinter::lateStorage(Name) + ".build_once(" +
               llvm::join(Args, ", ") + ");"};
  if (!Activity.isVaried(V))
    return Out;
  if (std::string Why = unsafeLateCopy(T); !Why.empty()) {
    Diags.error(Call->getBeginLoc(),
                "ddx cannot differentiate the construction of " + What +
                    " yet: its class '" + userTypeName(T, Ctx) +
                    "' has no default constructor, so ddx makes the "
                    "object's derivative as a copy of the object, and " +
                    Why);
    Diags.note(Call->getBeginLoc(),
               "give the class a default constructor (ddx then starts the "
               "derivative from that), or a copy constructor that copies "
               "what it owns");
    return Out;
  }
  std::string Shadow = ExprPrinter::shadowName(Name);
  std::optional<Lines> Zero = memberwiseZero(Printer, T, Shadow);
  if (!Zero) {
    Diags.error(Call->getBeginLoc(),
                "ddx cannot differentiate the construction of " + What +
                    " yet: its class '" + userTypeName(T, Ctx) +
                    "' has no default constructor, so ddx makes the "
                    "object's derivative as a copy of the object with every "
                    "member set to zero, which needs its members public");
    Diags.note(Call->getBeginLoc(),
               "give the class a default constructor, such as '" +
                   Ctor->getParent()->getNameAsString() + "() = default;'");
    return Out;
  }
  Out.push_back(ExprPrinter::lateStorage(Shadow) + ".build_once(" + Name +
                ");");
  Out.insert(Out.end(), Zero->begin(), Zero->end());
  return Out;
}

/// A member function's derivative is a free function taking the object as
/// `self`: it can reach only public members.
bool EmitContext::checkMemberAccess(const CallExpr *Call,
                                    const ResolvedCall &R) {
  auto *Method = dyn_cast<CXXMethodDecl>(R.What.Function);
  if (!Method || R.What.Lambda ||
      !(isa<CXXMemberCallExpr>(Call) || memberOperatorObject(Call)))
    return true;
  std::function<bool(const CXXRecordDecl *)> AllPublic =
      [&](const CXXRecordDecl *Class) {
        if (!Class || !Class->hasDefinition())
          return true;
        for (const Decl *D : Class->decls())
          if (isa<FieldDecl, CXXMethodDecl>(D) && !D->isImplicit() &&
              D->getAccess() != AS_public)
            return false;
        for (const CXXBaseSpecifier &Base : Class->bases())
          if (Base.getAccessSpecifier() != AS_public ||
              !AllPublic(Base.getType()->getAsCXXRecordDecl()))
            return false;
        return true;
      };
  if (AllPublic(Method->getParent()))
    return true;
  Diags.error(Call->getExprLoc(),
              "ddx cannot differentiate '" +
                  Method->getQualifiedNameAsString() +
                  "' yet: its class has private or protected members, which "
                  "the generated derivative (a function outside the class) "
                  "cannot reach");
  Diags.note(Call->getExprLoc(), "make the class's members public (a "
                                 "struct), or move the computation into a "
                                 "free function");
  return false;
}

/// Why a class is not an aggregate, in the user's words.
std::string EmitContext::notAggregateReason(const CXXRecordDecl *Class) {
  if (Class->hasUserDeclaredConstructor())
    return "its constructors are user-written";
  for (const FieldDecl *F : Class->fields())
    if (F->getAccess() != AS_public)
      return "it has private or protected members";
  if (Class->isPolymorphic())
    return "it has virtual functions";
  for (const CXXBaseSpecifier &Base : Class->bases())
    if (Base.isVirtual() || Base.getAccessSpecifier() != AS_public)
      return "it has a virtual, private or protected base";
  return "it is not an aggregate";
}

/// An active value stored where generated code keeps no shadow: a global
/// or static variable, or memory no local or parameter leads to.
bool EmitContext::checkStorage(const Stmt &Assign) {
  int Target = Assign.Var >= 0 ? Assign.Var : Printer.rootVar(Assign.LValue);
  if (Target >= 0)
    return checkValueClass(Assign, Target);
  if (!Assign.LValue || !Assign.Value || !Activity.isVaried(Assign.Value) ||
      !isDifferentiableType(Assign.LValue->getType()))
    return true;
  if (auto *Call = dyn_cast<CallExpr>(skipImplicit(Assign.LValue));
      Call && Call->getDirectCallee()) {
    // A reference a function returns, which is not a plain accessor.
    Diags.error(Assign.Loc,
                "an active value is stored through the reference that '" +
                    Call->getDirectCallee()->getQualifiedNameAsString() +
                    "' returns, which ddx cannot follow");
    Diags.note(Call->getExprLoc(),
               "ddx follows a function returning a reference when its body "
               "is 'return <a part of the object>;' with indices computed "
               "from its parameters and constants (not from the object's "
               "members); write it so, or store into the member directly");
    return false;
  }
  // (`(c ? a : b) *= y`: ddx follows a store from the variable it starts
  // at, and this one starts at either.)
  if (isa<AbstractConditionalOperator>(Assign.LValue->IgnoreParenImpCasts())) {
    Diags.error(Assign.Loc, "ddx cannot differentiate a store into '" +
                                userText(Assign.LValue) +
                                "' yet: ddx follows a store from the variable "
                                "it starts at, and this one starts at either");
    Diags.note(Assign.Loc, "store with if and else instead");
    return false;
  }
  Diags.error(Assign.Loc, "an active value is stored in '" +
                              userText(Assign.LValue) +
                              "', which is not a local variable or a "
                              "parameter: ddx keeps no derivative for it");
  Diags.note(Assign.Loc, "pass the storage to the function as a reference or "
                         "pointer parameter instead of using a global");
  return false;
}

/// A condition is never differentiated: its calls' values are fine whatever
/// they are, but a call there must not change active data.
bool EmitContext::checkConditionCall(const CallExpr *Call) {
  CallEffects Effects = effects(Call);
  if (!Effects.WritesActive && !(Effects.VariedInput && Effects.Written &&
                                 Rules.bind(Call).K != CallBinding::Kind::Rule))
    return true;
  Diags.error(Call->getExprLoc(),
              "ddx does not differentiate calls in a condition, and this call "
              "can change active data");
  Diags.note(Call->getExprLoc(), "call it in a statement before the "
                                 "condition and test its result");
  explain(Call, Effects);
  return false;
}

} // namespace ddx
