// Which blocks of a cluster one multicast copy reaches (docs/hopper.md, section 7).
//
// A multicast's meaning is a plain copy of one box into this block's tile; the copy may
// go to every block of the cluster that asks for the same box at the same tile. In a
// 2-D cluster (two `block_in_cluster` grid loops) a GEMM's A box depends on the
// cluster's row loop and not on its column loop: the blocks of one cluster row share it.
// The group is the blocks that differ from this one only in the cluster loops that none
// of the copy's operands depends on (model/Walk's varsDependingOn); each of them issues
// one share of the box's rows, in the order of its index within the group.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/Kernel.h"

namespace exo::model {

struct MulticastGroup {
  /// The cluster loops the group spans (outermost first): the copy's operands depend on
  /// none of them. Empty when they depend on every cluster loop.
  std::vector<const Stmt*> axes;
  int64_t blocks = 1;  // the product of the axes' trip counts
  bool wholeCluster = false;
  /// For each cluster loop not in the group, the first operand (its index in the call)
  /// that depends on it: what to name when the group is only this block.
  std::vector<std::pair<const Stmt*, size_t>> excluded;
  /// The group's ranks when this block's coordinates along the other cluster loops are
  /// 0 (bit r: rank r); shifted left by this block's rank with its axes' coordinates 0,
  /// the multicast mask.
  uint32_t basePattern = 1;
};

/// The group of blocks a cluster-wide copy (AsyncRole::Kind::IssueRing, `cluster`)
/// reaches. `call` is the instruction statement in k's block body.
MulticastGroup multicastGroup(const Kernel& k, const Stmt& call);

/// The rank stride of cluster loop `l` (the product of the trip counts of the cluster
/// loops inside it).
int64_t clusterStride(const Kernel& k, const Stmt* l);

}  // namespace exo::model
