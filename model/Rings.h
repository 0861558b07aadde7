// mbarrier rings (exo/sm90.hpp: tma_load_sw128, mbarrier_wait): what a ring statement
// names, and how a ring's copies group. The grouping fixes each slot's arrival count,
// which the CUDA printer initializes and checker/ProverRings proves: one place for both.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Kernel.h"

namespace exo::model {

/// A ring statement's ring (its second-to-last operand) and position (its last).
const Var* ringOf(const Stmt& call);
const Expr& ringPosition(const Stmt& call);

/// The TMA copies (async_ring calls) that signal `ring`, in groups: the calls in one block
/// with the same position expression. Each position is signalled by one group, so a
/// slot's arrival count is a group's size (the prover checks that all have one size).
std::vector<std::vector<const Stmt*>> ringCopyGroups(const Kernel& k, const Var& ring);

/// The statements that arrive at `ring` (arrive_ring calls: mbarrier_arrive).
std::vector<const Stmt*> ringArrivals(const Kernel& k, const Var& ring);

/// The threads of a block that run a ring statement (an arrival, a wait): the iterations of its enclosing
/// parallel loops below the grid (a tuple each, outermost loop first) for which its role
/// conditions hold, and how many threads run one tuple (the innermost loop's unit). Role
/// conditions are the `if`s on its path that read those loop variables; they may read
/// nothing else (constants aside), and the other `if`s and the position read none of
/// them, so that every position is reached by all these threads or by none.
struct RingThreads {
  std::vector<const Stmt*> loops;
  std::vector<std::vector<int64_t>> tuples;
  int64_t threadsPerTuple = 0;
  int64_t count() const { return static_cast<int64_t>(tuples.size()) * threadsPerTuple; }
};
/// nullopt (with `why`) when the statement's threads do not have that form.
std::optional<RingThreads> ringThreads(const Kernel& k, const Stmt& ringStmt, std::string& why);

/// Two statements' threads are counted alike: their parallel loops split threads alike
/// (model::sameThreadSplit), with as many threads per tuple; their tuples may differ
/// (roles: `if (g == 1)` and `else` arrive each for its warpgroup).
bool sameThreadShape(const RingThreads& a, const RingThreads& b);

/// The threads that arrive at a ring, over all its arrival statements: the union of
/// their tuples (nullopt when one statement's threads cannot be told, or two are not
/// counted alike).
std::optional<RingThreads> ringArrivers(const Kernel& k, const Var& ring);

/// Arrivals per phase of one of a ring's slots, its mbarrier.init count: the size of a
/// group of its copies, or the number of threads that arrive (checker/ProverRings proves
/// that every position gets exactly these).
int64_t ringArrivalCount(const Kernel& k, const Var& ring);

}  // namespace exo::model
