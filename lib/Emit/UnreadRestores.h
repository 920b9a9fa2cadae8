//===- UnreadRestores.h - saves no reverse statement needs ------*- C++ -*-===//
//
// The forward sweep saves a value before overwriting it and the reverse
// sweep restores it, so that whatever the reverse sweep runs afterwards sees
// the value the forward sweep saw at that point. A restore that nothing
// afterwards reads is wasted work: a push and a pop per loop iteration (a
// sum's running value, the maximum a loop replaced, an array element a
// loop fills once and later loops read only when they reach the end).
//
// What runs after a restore is the rest of the reverse sweep, and, when the
// restore is inside a reverse loop, the whole of that loop again (its
// earlier iterations). This pass drops each save-and-restore pair of a local
// that no such statement mentions, directly or through a pointer that may
// point into it. Restores of the caller's memory stay (the caller reads
// it), and so do those of a local whose address a struct or a global keeps.
//
//===----------------------------------------------------------------------===//
#ifndef DDX_EMIT_UNREADRESTORES_H
#define DDX_EMIT_UNREADRESTORES_H

#include "Activity/PointerTargets.h"
#include "Emit/AdjointEmitter.h"

namespace ddx {

void dropUnreadRestores(Sweeps &S, const FunctionIR &IR,
                        const PointerTargets &Pointers);

} // namespace ddx

#endif // DDX_EMIT_UNREADRESTORES_H
