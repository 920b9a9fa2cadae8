//===- Describe.cpp -------------------------------------------------------===//
#include "Support/Describe.h"
#include "Support/Spelling.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ddx {

static std::string quoted(QualType T, const ASTContext &Ctx) {
  return "'" + userTypeName(T, Ctx) + "'";
}

namespace {
/// A construct in the user's words, why ddx refuses it where it is met, and
/// what the user can do instead.
struct Description {
  std::string What, Why, Remedy;
};
} // namespace

const char *const RuleRemedy =
    "write a derivative rule for it (docs/rules.md, \"Writing your own\")";

std::string operatorRemedy() {
  return "write the expression with built-in operators on the values the "
         "objects hold, or " +
         std::string(RuleRemedy);
}

// Reasons and remedies that several kinds of construct share.
static const char *const UnknownCalleeWhy =
    "the function it calls is not known where ddx needs it";
static const char *const UnknownCalleeRemedy =
    "call a named function or a lambda directly (docs/higher-order.md)";
static const char *const ArithmeticWhy =
    "ddx differentiates arithmetic of floating-point values, arrays and "
    "structs";

static Description describe(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return describe(M->getSubExpr(), Ctx);
  if (auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return describe(B->getSubExpr(), Ctx);
  if (isa<CXXStdInitializerListExpr>(E))
    return {"a brace-enclosed list passed as a std::initializer_list",
            "ddx does not follow the array a std::initializer_list hides",
            "make the container with its size and assign the elements"};
  if (isa<InitListExpr>(E))
    return {"a brace-enclosed initializer of " + quoted(E->getType(), Ctx),
            "ddx initialises such an object member by member and could not "
            "here",
            "declare the object first and assign its members"};
  if (auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    const Expr *First = Op->getNumArgs() ? Op->getArg(0) : nullptr;
    std::string Of = First ? " of " + quoted(First->getType(), Ctx) : "";
    if (Op->getOperator() == OO_Star && Op->getNumArgs() == 1)
      return {"the dereference operator '*'" + Of + " (an iterator's, say)",
              "ddx follows the elements of containers by index only",
              "index the container (v[i]) instead of using an iterator"};
    if (Op->getOperator() == OO_Call)
      return {"a call of the callable object" + Of, UnknownCalleeWhy,
              UnknownCalleeRemedy};
    return {std::string("the operator '") +
                getOperatorSpelling(Op->getOperator()) + "'" + Of,
            "ddx differentiates an operator from a definition it can see in "
            "your code, or through a rule",
            operatorRemedy()};
  }
  if (auto *Member = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Member->getMethodDecl();
    return {"a call of the member function '" +
                (M ? M->getQualifiedNameAsString() : std::string("?")) + "'",
            "ddx differentiates a member function from a definition it can "
            "see, or through a rule",
            "call it in a statement of its own, or " + std::string(RuleRemedy)};
  }
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    std::string Text = FD ? "a call of '" + FD->getQualifiedNameAsString() + "'"
                          : "a call through a function pointer";
    if (!Call->getType()->isVoidType())
      Text += " returning " + quoted(Call->getType(), Ctx);
    if (!FD)
      return {Text, UnknownCalleeWhy, UnknownCalleeRemedy};
    return {Text,
            "ddx differentiates a call from the callee's definition, or "
            "through a rule",
            "call it in a statement of its own, or " + std::string(RuleRemedy)};
  }
  if (auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return {"a construction of " + quoted(Construct->getType(), Ctx) +
                (Construct->getNumArgs()
                     ? " from " + std::to_string(Construct->getNumArgs()) +
                           (Construct->getNumArgs() == 1 ? " argument"
                                                         : " arguments")
                     : std::string()),
            "ddx builds the derivatives of structs with public members and "
            "of standard containers, not of classes with constructors",
            "use a struct with public members initialised with braces, or " +
                std::string(RuleRemedy)};
  if (isa<LambdaExpr>(E))
    return {"a lambda",
            "ddx binds the calls of a lambda to its body, and this one is "
            "not called where ddx can see it",
            "call the lambda directly, hold it in a local, or pass it to a "
            "function"};
  if (isa<CXXNewExpr, CXXDeleteExpr>(E))
    return {isa<CXXNewExpr>(E) ? "a new-expression" : "a delete-expression",
            "ddx keeps no derivative for memory made with new",
            "use a std::vector or a local variable"};
  if (isa<CXXTypeidExpr>(E))
    return {"a typeid expression", "it carries no derivative",
            "compute it outside the differentiated function"};
  if (auto *U = dyn_cast<UnaryOperator>(E))
    return {std::string("the operator '") +
                UnaryOperator::getOpcodeStr(U->getOpcode()).str() + "' on " +
                quoted(U->getSubExpr()->getType(), Ctx),
            ArithmeticWhy, "write it with the values the operand holds"};
  if (auto *B = dyn_cast<BinaryOperator>(E))
    return {"the operator '" + B->getOpcodeStr().str() + "' on " +
                quoted(B->getLHS()->getType(), Ctx),
            ArithmeticWhy, "write it with the values the operands hold"};
  if (isa<DeclRefExpr, MemberExpr>(E))
    return {"this use of a value of type " + quoted(E->getType(), Ctx),
            "ddx keeps derivatives for local variables and parameters only, "
            "and this value is neither (a global or static variable, say)",
            "pass it to the function as a reference parameter"};
  return {"this expression of type " + quoted(E->getType(), Ctx),
          "it is not among the constructs ddx differentiates",
          "write it with plain floating-point values, arrays and structs "
          "(docs/language.md lists what ddx differentiates)"};
}

std::string describeExpr(const Expr *E, const ASTContext &Ctx) {
  return describe(E, Ctx).What;
}

std::string unsupportedMessage(const Expr *E, const ASTContext &Ctx) {
  Description D = describe(E, Ctx);
  return "ddx cannot differentiate " + D.What + " here yet: " + D.Why + "; " +
         D.Remedy;
}

std::string firstLine(const Stmt *S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(S->getSourceRange()), SM,
      Ctx.getLangOpts());
  std::string Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts())
                         .split('\n')
                         .first.rtrim()
                         .str();
  const size_t Longest = 60;
  if (Text.size() > Longest)
    Text = Text.substr(0, Longest) + "...";
  return Text;
}

} // namespace ddx
