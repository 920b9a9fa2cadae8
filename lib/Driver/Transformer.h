//===- Transformer.h - one translation unit, end to end ---------*- C++ -*-===//
//
// Runs the pipeline on a parsed translation unit: find requests, plan and
// generate the derivative functions they need, and render the transformed
// file. Nothing is rendered when any stage reported an error.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_DRIVER_TRANSFORMER_H
#define DDX_DRIVER_TRANSFORMER_H

#include "clang/AST/ASTContext.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ddx {

struct TransformOptions {
  std::string InputName;  ///< as written in #line directives
  std::string OutputName; ///< the output file, for #line in generated code
  /// What ddx appended to the file for the parse (the rule includes), and
  /// the includes of rules the output needs before the generated code.
  std::string ParsedSuffix;
  std::string RuleIncludes;
  /// When set, receives this translation unit's entry of --report (see
  /// docs/report.md), errors or not.
  nlohmann::json *Report = nullptr;
};

/// Returns the transformed text, or nothing after reporting errors through
/// the context's diagnostics engine.
std::optional<std::string> transformTranslationUnit(clang::ASTContext &Ctx,
                                                    const TransformOptions &O);

} // namespace ddx

#endif // DDX_DRIVER_TRANSFORMER_H
