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

// ------------------------------------------------- the mapping formula, in one place
// The prover's encoding (checker/ProverEncode), the CUDA printer (rewriter) and the
// brute-force oracle of the tests (tests/support) all go through these.

/// Threads per iteration of a parallel loop below the grid (its unit; at least 1).
inline int64_t iterationThreads(const Stmt& l) { return l.unit > 0 ? l.unit : 1; }

/// Threads of its collective that a parallel loop keeps busy (trip * unit); the others,
/// r >= threadsUsed, idle.
inline int64_t threadsUsed(const Stmt& l) { return l.tripCount() * iterationThreads(l); }

/// Thread r of a parallel loop's collective runs iteration r / unit (the variable is
/// lo + step * (r / unit)) as thread r % unit of that iteration's collective.
template <class I, class R>
struct ThreadSplitOf {
  I iteration;
  R rank;
};
/// In any representation of thread indices: `div(r, unit)` is r / unit, `mod(r, unit)`
/// r % unit (the CUDA printer builds `exo_tid / 32` and `exo_tid % 32` with it). The
/// inverse, iteration and rank back to the thread, is flatThread below.
template <class N, class Div, class Mod>
auto splitThread(const Stmt& l, const N& r, Div div, Mod mod) {
  using I = decltype(div(r, int64_t{1}));
  using R = decltype(mod(r, int64_t{1}));
  return ThreadSplitOf<I, R>{div(r, iterationThreads(l)), mod(r, iterationThreads(l))};
}
using ThreadSplit = ThreadSplitOf<int64_t, int64_t>;
inline ThreadSplit splitThread(const Stmt& l, int64_t r) {
  return splitThread(l, r, [](int64_t x, int64_t u) { return x / u; }, [](int64_t x, int64_t u) { return x % u; });
}

/// The first thread, in its collective, of iteration `iter` of a parallel loop (iter * unit),
/// in any number type N; `scale(x, c)` is x * c.
template <class N, class Scale>
N firstThreadOf(const Stmt& l, const N& iter, Scale scale) {
  return scale(iter, iterationThreads(l));
}

/// Threads of one innermost iteration of `threadLoops` (the parallel loops below the
/// grid around a statement, outermost first): what the thread's rank inside it ranges
/// over; the whole CTA when there are none.
inline int64_t innermostThreads(const Kernel& k, const std::vector<const Stmt*>& threadLoops) {
  if (threadLoops.empty()) return k.blockThreads > 0 ? k.blockThreads : 1;
  return iterationThreads(*threadLoops.back());
}

/// The flat thread index in the CTA of the thread that runs iteration iterOf(l) of each
/// loop of `threadLoops` with rank `rank` inside the innermost one: the sum of the
/// iterations' first threads plus the rank (collectives are contiguous ranges).
template <class N, class IterOf, class Scale>
N flatThread(const std::vector<const Stmt*>& threadLoops, IterOf iterOf, const N& rank, Scale scale) {
  N flat{};
  for (const Stmt* l : threadLoops) flat = flat + firstThreadOf(*l, iterOf(l), scale);
  return flat + rank;
}

/// Fills Kernel::gridLoops, blockBody, blockThreads, sharedBytes and every parallel
/// loop's unit/collective. Reports structural errors it meets (grid nest shape,
/// non-constant trip counts, level order, collective sizes, thread and shared limits).
/// Returns false if it reported an error.
bool mapThreads(Kernel& k, DiagSink& sink);

/// Two parallel loops split threads alike: the same level, constant start, step, trip
/// count, threads per iteration and of the collective they split, so iteration i of
/// one runs on the threads of iteration i of the other (two role loops of one kernel,
/// the loops around two statements that arrive at one ring).
bool sameThreadSplit(const Stmt& a, const Stmt& b);

}  // namespace exo::model
