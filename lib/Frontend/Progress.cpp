//===- Progress.cpp -------------------------------------------------------===//
#include "Frontend/Progress.h"

namespace ddx {

void ProgressLine::finished(llvm::StringRef File, llvm::StringRef Diagnostics) {
  std::lock_guard<std::mutex> Guard(Lock);
  ++Done;
  if (Enabled && Shown)
    OS << "\r\x1b[K"; // back to the start of the line, and erase it
  OS << Diagnostics;
  if (Enabled) {
    OS << "[" << Done << "/" << Total << "] " << File;
    Shown = true;
  }
  OS.flush();
}

void ProgressLine::clear() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (Enabled && Shown)
    OS << "\r\x1b[K";
  Shown = false;
  OS.flush();
}

} // namespace ddx
