#include "model/Multicast.h"

#include <set>

#include "model/Walk.h"

namespace exo::model {

int64_t clusterStride(const Kernel& k, const Stmt* l) {
  int64_t stride = 1;
  for (size_t i = k.clusterLoops.size(); i-- > 0;) {
    if (k.clusterLoops[i] == l) return stride;
    stride *= k.clusterLoops[i]->tripCount();
  }
  return stride;
}

MulticastGroup multicastGroup(const Kernel& k, const Stmt& call) {
  MulticastGroup g;
  if (!k.blockBody) return g;
  for (const Stmt* l : k.clusterLoops) {
    const std::set<const Var*> dependent = varsDependingOn(*k.blockBody, {l->var});
    size_t used = call.operands.size();
    for (size_t i = 0; i < call.operands.size() && used == call.operands.size(); ++i)
      if (firstVarInOperand(call, i, dependent)) used = i;
    if (used < call.operands.size()) {
      g.excluded.emplace_back(l, used);
      continue;
    }
    g.axes.push_back(l);
  }
  // The pattern: every combination of the axes' iterations, the other coordinates 0.
  std::vector<uint32_t> ranks{0};
  for (const Stmt* a : g.axes) {
    const int64_t stride = clusterStride(k, a), trip = a->tripCount();
    std::vector<uint32_t> more;
    for (uint32_t r : ranks)
      for (int64_t i = 0; i < trip; ++i) more.push_back(r + static_cast<uint32_t>(i * stride));
    ranks = std::move(more);
    g.blocks *= trip;
  }
  g.basePattern = 0;
  for (uint32_t r : ranks) g.basePattern |= 1u << r;
  g.wholeCluster = g.blocks == k.clusterSize && k.clusterSize > 1;
  return g;
}

}  // namespace exo::model
