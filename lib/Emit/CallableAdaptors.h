//===- CallableAdaptors.h - objects that stand for callables in rules -*- C++
//-*-===//
//
// A rule with a DDX_CALLABLE parameter receives, in place of the user's
// callable, an object ddx generates for that concrete callable (a named
// function or a lambda with its captures). The object is a plain struct
// holding the captures (and their shadows) whose members call generated
// derivative functions directly, so a rule template instantiated on it is
// statically bound all the way down. Three kinds:
//
//   value:   f(x...)                                (the forward sweep's call)
//   dual:    f(x...), f.pushforward(x..., dx...)    (forward mode)
//   adjoint: f(x...), f.pullback(x..., seed, dx&...), f.pullback_to(c, ...),
//            f.accumulate(c), cotangent_type         (reverse mode)
//
// See docs/rules.md for the contract rules rely on.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_CALLABLEADAPTORS_H
#define DDX_EMIT_CALLABLEADAPTORS_H

#include "Plan/CallableResolver.h"
#include "Plan/DiffPlan.h"
#include "llvm/ADT/StringMap.h"
#include <functional>
#include <string>
#include <vector>

namespace ddx {

struct EmitContext;

enum class AdaptorKind { Value, Dual, Adjoint };

class CallableAdaptors {
public:
  /// The text of the shadow the caller passes for a capture (its tangent,
  /// or where its adjoint goes), given the capture's activity.
  using ShadowText =
      std::function<std::string(const CalleeArg &, ParamActivity)>;
  /// An expression constructing the object for RC at a call in the function
  /// C generates, defining its struct on first use; "" after an error.
  std::string construct(EmitContext &C, const ResolvedCallable &RC,
                        AdaptorKind K, clang::SourceLocation At,
                        const ShadowText &Shadow);
  /// The struct definitions, in the order they were first needed.
  std::string definitions() const;
  /// The name of each struct defined, with what it stands for (the report).
  const std::vector<std::pair<std::string, std::string>> &defined() const {
    return Order;
  }

private:
  std::vector<std::pair<std::string, std::string>> Order;
  llvm::StringMap<std::string> Definitions;
};

} // namespace ddx

#endif // DDX_EMIT_CALLABLEADAPTORS_H
