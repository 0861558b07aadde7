#include "model/Layout.h"

#include <algorithm>
#include <functional>

#include "model/Evaluate.h"
#include "model/Fragment.h"
#include "model/Kernel.h"
#include "model/ThreadMapping.h"

namespace exo::model {

std::vector<int64_t> RegisterLayout::localDims(const Var& v) const {
  size_t from = std::min(impliedIndices(), v.dims.size());
  std::vector<int64_t> local(v.dims.begin() + static_cast<std::ptrdiff_t>(from), v.dims.end());
  if (fragment && local.size() >= 2) {
    int64_t width = local.back();
    local.resize(local.size() - 2);
    local.push_back(fragment->slots(width));
  }
  return local;
}

std::optional<RegisterLayout::Slot> RegisterLayout::owner(const Var& v, const std::vector<int64_t>& index) const {
  if (kind != Kind::LoopIndexed || index.size() != v.dims.size() || index.size() < ownedDims) return std::nullopt;
  std::vector<int64_t> iters;
  for (size_t d = 0; d < ownedDims; ++d) {
    const Stmt& l = *loops[d];
    std::optional<int64_t> lo = constantValue(*l.lo);
    if (!lo || l.step <= 0) return std::nullopt;
    int64_t off = index[d] - *lo;
    if (off < 0 || off % l.step != 0 || off / l.step >= l.tripCount()) return std::nullopt;
    iters.push_back(off / l.step);
  }
  // The thread that runs those iterations (rank 0 inside the innermost one).
  auto iterOf = [&](const Stmt* l) { return iters[std::find(loops.begin(), loops.end(), l) - loops.begin()]; };
  int64_t thread = flatThread(loops, iterOf, int64_t(0), std::multiplies<int64_t>());
  std::vector<int64_t> local(index.begin() + static_cast<std::ptrdiff_t>(ownedDims), index.end());
  if (fragment) {  // the tile's element (i, j) is in lane place.lane of the owning warp
    if (local.size() < 2) return std::nullopt;
    FragmentLayout::Place p = fragment->place(local[local.size() - 2], local.back());
    local.resize(local.size() - 2);
    local.push_back(p.slot);
    thread += p.lane;
  }
  return Slot{thread, local};
}

}  // namespace exo::model
