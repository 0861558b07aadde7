// Thread mapping: which threads of a CTA run which iterations of the parallel loops.
//
// The grid: the perfect nest of `parallel(block)` loops at the top of the kernel; one
// CTA per point, linearized row-major (innermost block loop fastest).
//
// Inside a CTA, threads are numbered 0..blockThreads-1 (1-D blocks). A parallel loop
// splits its enclosing *collective* (a contiguous range of `collective` threads; the
// whole CTA at block scope) into iterations of `unit` threads each:
//   thread r of the collective (0 <= r < collective) runs iteration (r / unit), i.e.
//   v = lo + step * (r / unit), when r < trip * unit; otherwise it idles;
//   inside the body it is thread (r % unit) of a collective of `unit` threads.
// unit: warpgroup 128, warp 32, thread = the threads its body needs (1 when the body
// has no parallel loops; nested thread loops multiply). A body's need is the largest
// trip*unit among the parallel loops it contains (nests of different shapes share the
// same threads, the rest idle).
#pragma once

#include "model/Diagnostics.h"
#include "model/Kernel.h"

namespace exo::model {

/// Fills Kernel::gridLoops, blockBody, blockThreads, sharedBytes and every parallel
/// loop's unit/collective. Reports structural errors it meets (grid nest shape,
/// non-constant trip counts, level order, collective sizes, thread and shared limits).
/// Returns false if it reported an error.
bool mapThreads(Kernel& k, DiagSink& sink);

}  // namespace exo::model
