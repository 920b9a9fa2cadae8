//===- Describe.h - constructs in the user's words --------------*- C++ -*-===//
//
// A refusal names what it refuses as the user would: "a call of 'pack'
// returning 'std::pair<double, double>'", "the operator '*' of 'Vec3'", "a
// construction of 'Particle'", never a Clang class name.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_SUPPORT_DESCRIBE_H
#define DDX_SUPPORT_DESCRIBE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <string>

namespace ddx {

/// What E is, as a phrase: "a construction of 'std::vector<double>'".
std::string describeExpr(const clang::Expr *E, const clang::ASTContext &Ctx);

/// Reports that ddx cannot differentiate E here yet, in those words, with
/// what the user can do about it.
std::string unsupportedMessage(const clang::Expr *E,
                               const clang::ASTContext &Ctx);

/// The advice to write a derivative rule, where one would make ddx accept
/// what it refused.
extern const char *const RuleRemedy;
/// The advice for an operator ddx cannot differentiate: built-in arithmetic
/// on the values the objects hold, or a rule.
std::string operatorRemedy();

/// The first line of S's source text (at most 60 characters), to quote a
/// statement in a message.
std::string firstLine(const clang::Stmt *S, const clang::ASTContext &Ctx);

} // namespace ddx

#endif // DDX_SUPPORT_DESCRIBE_H
