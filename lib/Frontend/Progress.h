//===- Progress.h - one line of progress on a terminal ----------*- C++ -*-===//
//
// While ddx works through many files, a terminal shows one line that is
// rewritten in place: files done out of the total, and the file that just
// finished. Diagnostics are printed above it. Nothing is shown when standard
// error is not a terminal, so logs and pipes stay clean.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_FRONTEND_PROGRESS_H
#define DDX_FRONTEND_PROGRESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

namespace ddx {

class ProgressLine {
public:
  ProgressLine(llvm::raw_ostream &OS, unsigned Total, bool Enabled)
      : OS(OS), Total(Total), Enabled(Enabled) {}

  /// Prints Diagnostics (a finished file's messages) and advances the line.
  void finished(llvm::StringRef File, llvm::StringRef Diagnostics);
  /// Clears the line, for the summary.
  void clear();

private:
  llvm::raw_ostream &OS;
  unsigned Total;
  unsigned Done = 0;
  bool Enabled;
  bool Shown = false;
  std::mutex Lock;
};

} // namespace ddx

#endif // DDX_FRONTEND_PROGRESS_H
