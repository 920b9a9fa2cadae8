//===- DispatchLog.h - the rule calls generated code makes ------*- C++ -*-===//
//
// What --report says about each call bound to a rule: which rule, with what
// argument types (the generated callable objects in place of the user's
// callables), where, and what became of each option.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_DISPATCHLOG_H
#define DDX_EMIT_DISPATCHLOG_H

#include "clang/Basic/SourceLocation.h"
#include <string>
#include <utility>
#include <vector>

namespace ddx {

struct RuleDispatch {
  std::string Function; ///< the function the rule differentiates
  std::string Rule;     ///< the rule called (pushforward or pullback)
  std::string Mode;     ///< the mode of the generated function it is in
  std::string In;       ///< that generated function
  /// The rule's parameter types as the call instantiates them.
  std::string Signature;
  clang::SourceLocation At;
  /// Each option: its name and what ddx passes ("folded: 1e-10",
  /// "inactive", "detached").
  std::vector<std::pair<std::string, std::string>> Options;
  /// Each generated callable object passed, with what it stands for.
  std::vector<std::pair<std::string, std::string>> Callables;
};

class DispatchLog {
public:
  void add(RuleDispatch D) { All.push_back(std::move(D)); }
  const std::vector<RuleDispatch> &all() const { return All; }

private:
  std::vector<RuleDispatch> All;
};

} // namespace ddx

#endif // DDX_EMIT_DISPATCHLOG_H
