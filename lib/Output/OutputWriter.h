//===- OutputWriter.h - the transformed translation unit --------*- C++ -*-===//
//
// Owns every change to the user's text: request rewrites and generated
// blocks, applied in one place. Generated blocks are formatted (LLVM style)
// and framed by #line directives, so compiler messages about user code point
// into the user's file and messages about generated code into the output.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_OUTPUT_OUTPUTWRITER_H
#define DDX_OUTPUT_OUTPUTWRITER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace ddx {

class OutputWriter {
public:
  OutputWriter(llvm::StringRef Original, std::string InputName,
               std::string OutputName)
      : Original(Original), InputName(std::move(InputName)),
        OutputName(std::move(OutputName)) {}

  /// Replaces [Offset, Offset + Length) and keeps the line count, so the
  /// lines after it keep their numbers.
  void replace(unsigned Offset, unsigned Length, std::string Text);
  /// Inserts a generated block at the start of the line holding Offset.
  void insertBlock(unsigned Offset, std::string Text);
  /// Text placed before everything else (includes).
  void setPrelude(std::string Text) { Prelude = std::move(Text); }

  std::string render() const;

private:
  struct Edit {
    unsigned Offset;
    unsigned Length;
    std::string Text;
    bool Block;
  };
  llvm::StringRef Original;
  std::string InputName, OutputName, Prelude;
  std::vector<Edit> Edits;
};

/// Formats C++ text in LLVM style.
std::string formatCode(llvm::StringRef Code);

/// Writes Contents to Path atomically (a temporary file renamed into place).
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace ddx

#endif // DDX_OUTPUT_OUTPUTWRITER_H
