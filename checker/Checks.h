// Structural checks on a thread-mapped kernel (after model::mapThreads). Each check is
// one function in its own file, tested by its own lit file under tests/lit/checks/.
#pragma once

#include <vector>

#include "model/Diagnostics.h"
#include "model/Kernel.h"

namespace exo::checker {

/// Statements at a collective level (block, warpgroup, warp, a thread loop with inner
/// thread loops) run on every thread of it: only loops, declarations, syncs allowed.
void checkCollectivePlacement(const model::Kernel& k, model::DiagSink& sink);

/// exo::assume only at the top of the kernel, over scalar parameters.
void checkAssumes(const model::Kernel& k, model::DiagSink& sink);

/// exo::tile_order only in a kernel with a 2-D grid.
void checkTileOrder(const model::Kernel& k, model::DiagSink& sink);
void checkL2Policy(const model::Kernel& k, model::DiagSink& sink);

/// Syncs only where all threads of their scope reach them.
void checkSyncPlacement(const model::Kernel& k, model::DiagSink& sink);

/// Arrays at block scope need a memory; shared/registers arrays live at block scope.
void checkArrayMemory(const model::Kernel& k, model::DiagSink& sink);

/// Every use of a distributed register array agrees with its layout (Var::layout, set by mapThreads).
void checkDistributedRegisters(model::Kernel& k, model::DiagSink& sink);

/// Scalars live in each thread's registers: one declared outside a parallel loop and
/// assigned inside it would silently diverge between threads.
void checkScalarOwnership(const model::Kernel& k, model::DiagSink& sink);

/// Instructions run on exactly their collective; fragment arrays are touched only by
/// instructions, in one layout.
void checkInstructions(const model::Kernel& k, model::DiagSink& sink);

/// setmaxnreg: once per warpgroup, outside sequential loops, budgets within the SM.
void checkRegisterBudgets(const model::Kernel& k, model::DiagSink& sink);
/// Whether the kernel sets register budgets (the printer launches one block per SM).
bool setsRegisterBudgets(const model::Kernel& k);
/// Registers per thread at launch with one block per SM (65536 / threads, down to 8s).
int64_t launchRegisters(const model::Kernel& k);

/// Thread-block clusters: cluster-wide ring statements need a `block_in_cluster` loop,
/// a multicast box splits into 8-row groups per block, and the statements of a ring that
/// a cluster-wide statement signals never depend on the block's rank in the cluster.
void checkClusters(const model::Kernel& k, model::DiagSink& sink);
/// Cluster bodies (`block_in_cluster` loops among other statements): what may stand at
/// cluster level, distributed shared arrays, `[[exo::sync(cluster)]]` placement.
void checkClusterLevel(const model::Kernel& k, model::DiagSink& sink);

/// Persistent kernels: shared memory, rings and barriers never depend on the tile, and
/// each ring's positions per tile (Kernel::ringPeriods, proven by the prover).
void checkPersistent(model::Kernel& k, model::DiagSink& sink);

/// Runs all of the above; true if none reported an error.
bool checkStructure(model::Kernel& k, model::DiagSink& sink);

/// The innermost parallel loop below the grid on `path` (null: block scope).
const model::Stmt* innermostParallel(const std::vector<model::Stmt*>& path);

/// Threads that run a statement whose innermost enclosing parallel loop is `p`.
int64_t collectiveThreads(const model::Kernel& k, const model::Stmt* p);

/// A human name for that collective ("block", "warp", "thread group", ...).
const char* collectiveName(const model::Stmt* p);

}  // namespace exo::checker
