//===- DepFile.h - Makefile-syntax dependency files -------------*- C++ -*-===//
//
// What `ddx -MD -MF <file>` writes: the output as the target and every file
// the transformation read (the source, its headers, the rules) as
// prerequisites, in the syntax make, Ninja and CMake's DEPFILE read.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_FRONTEND_DEPFILE_H
#define DDX_FRONTEND_DEPFILE_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace ddx {

/// Every file a parse read, as real absolute paths, sorted, without
/// duplicates, so the depfile does not depend on the order of reading.
std::vector<std::string> filesRead(const clang::SourceManager &SM);

/// The depfile text: `Target: Prerequisites...`, one per line, with the
/// characters make treats specially escaped.
std::string depFileText(llvm::StringRef Target,
                        llvm::ArrayRef<std::string> Prerequisites);

} // namespace ddx

#endif // DDX_FRONTEND_DEPFILE_H
