#include "model/Collective.h"

#include <algorithm>

namespace exo::model {

// A function-local table: attribute registration reads it during static initialization.
const std::vector<Collective>& collectives() {
  // clang-format off
  static const std::vector<Collective> table = {
  //  id                       name         threads rank nests  whole  barrier                                         named  loop
  {CollectiveId::Block,     "block",      0,      0,   false, true,  "__syncthreads();",                               false, true},
  // Named barrier 1 + warpgroup index (barrier 0 is __syncthreads), 128 threads.
  {CollectiveId::Warpgroup, "warpgroup",  128,    1,   false, false, "EXO_NAMED_BARRIER(1 + exo_tid / 128, 128);",     true,  true},
  {CollectiveId::Warp,      "warp",       32,     2,   false, true,  "__syncwarp();",                                  false, true},
  {CollectiveId::Thread,    "thread",     1,      3,   true,  true,  nullptr,                                          false, true},
  // Every thread of every block of a thread-block cluster (release / acquire at cluster
  // scope: shared memory of every block and global memory). Only at cluster level, in a
  // kernel whose cluster body holds `block_in_cluster` loops (checker/ClusterLevelCheck).
  {CollectiveId::Cluster,   "cluster",    0,      -1,  false, false, "exo::sm90::gpu::cluster_sync();",                false, false},
  };
  // clang-format on
  return table;
}

const Collective& collective(CollectiveId id) { return collectives()[static_cast<size_t>(id)]; }

const Collective* findCollective(const std::string& name) {
  for (const Collective& c : collectives())
    if (name == c.name) return &c;
  return nullptr;
}

std::vector<std::string> collectiveNames(bool barriersOnly) {
  std::vector<std::string> out;
  for (const Collective& c : collectives())
    if (barriersOnly ? c.hasBarrier() : c.loopLevel) out.push_back(c.name);
  return out;
}

std::vector<std::string> parallelLevelNames() {
  std::vector<std::string> out = collectiveNames(/*barriersOnly=*/false);
  out.push_back(kClusterBlocksLevel);
  out.push_back(kPersistentLevel);
  return out;
}

int64_t ctaGranule() {
  int64_t g = 1;
  for (const Collective& c : collectives())
    if (c.wholeInCta) g = std::max(g, c.threads);
  return g;
}

bool barrierAllowedIn(const Collective& running, const Collective& scope) {
  if (!scope.loopLevel) return false;  // the cluster's: at cluster level only (checker/ClusterLevelCheck)
  if (!scope.hasBarrier() || running.rank > scope.rank) return false;
  if (running.threads == 0) return scope.threads == 0 || scope.wholeInCta;  // at block level
  return scope.threads > 0 && running.threads % scope.threads == 0 &&
         (scope.wholeInCta || running.id == scope.id);
}

const Collective& smallestCommonScope(int64_t flatA, int64_t flatB) {
  const Collective* best = nullptr;
  for (const Collective& c : collectives())
    if (c.hasBarrier() && c.groupOf(flatA) == c.groupOf(flatB) && (!best || c.rank > best->rank)) best = &c;
  return *best;  // the block row always qualifies
}

}  // namespace exo::model
