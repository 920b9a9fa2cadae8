//===- RuleBinder.h - what a call in differentiated code becomes -*- C++
//-*-===//
//
// For each call in a function being differentiated, decides how its
// derivative is computed: by a rule (a pushforward found in namespace
// ddx::rules, from the headers the TU sees), by differentiating the callee's
// definition, or not at all (a callee ddx cannot see into).
//
// Rule lookup is by name: the rule for `ns::f` is
// `ddx::rules::ns::f_pushforward`; the namespace std maps to ddx::rules itself,
// so `std::sin` and `::sin` share `ddx::rules::sin_pushforward`. See
// docs/rules.md.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_RULES_RULEBINDER_H
#define DDX_RULES_RULEBINDER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <string>

namespace ddx {

struct CallBinding {
  enum class Kind {
    Rule,         ///< a pushforward rule exists
    UserFunction, ///< a free function whose definition ddx can differentiate
    Method,       ///< a member function call (not differentiated yet)
    Opaque        ///< no rule and no definition
  };
  Kind K = Kind::Opaque;
  std::string Pushforward; ///< qualified rule name for Kind::Rule
  const clang::FunctionDecl *Callee = nullptr;
};

class RuleBinder {
public:
  explicit RuleBinder(clang::ASTContext &Ctx);
  CallBinding bind(const clang::CallExpr *Call) const;

private:
  const clang::NamespaceDecl *rulesNamespaceFor(const clang::FunctionDecl *FD,
                                                std::string &Qualified) const;

  clang::ASTContext &Ctx;
  const clang::NamespaceDecl *RulesRoot = nullptr;
};

} // namespace ddx

#endif // DDX_RULES_RULEBINDER_H
