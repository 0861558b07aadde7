// Fragment layouts as data: how a warp spreads a tensor-core tile over its lanes'
// registers. One row per layout; `[[exo::fragment(name)]]` on an instruction operand
// names a row, the rewriter declares `slots` registers per lane for each tile, and the
// instruction's CUDA form (exo/cuda/sm80.cuh) reads and writes the slots in this order.
// Source of the layouts: PTX ISA, "Matrix fragments for mma.m16n8k16" / "mma.m16n8k8"
// and "ldmatrix" (groupID = lane / 4, threadID_in_group = lane % 4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace exo::model {

struct FragmentLayout {
  const char* name;  // the spelling in [[exo::fragment(name)]]
  /// The tile's extents; cols == 0: any multiple of 8 (the operand's own width, e.g.
  /// wgmma's n), the placement being the same for every width.
  int64_t rows, cols;
  int64_t elementBits;  // 16 (bf16 / f16) or 32 (f32 / tf32)
  /// Threads the tile is spread over: a warp (32) or a warpgroup (128); an instruction
  /// taking the fragment is issued by a collective of exactly this size.
  int64_t threads;
  /// Where tile element (i, j) lives: thread of the collective ("lane") and slot in its
  /// registers.
  struct Place {
    int64_t lane, slot;
  };
  Place (*place)(int64_t i, int64_t j);

  /// Does a tile of these extents have this layout?
  bool fits(int64_t r, int64_t c) const { return r == rows && (cols ? c == cols : c > 0 && c % 8 == 0); }
  /// Registers per thread for a tile of `width` columns: rows * width / threads.
  int64_t slots(int64_t width) const { return rows * width / threads; }
};

/// The table.
const std::vector<FragmentLayout>& fragmentLayouts();
/// The row spelled `name`, or nullptr.
const FragmentLayout* findFragmentLayout(const std::string& name);
/// The names of the rows (for attribute parsing).
std::vector<std::string> fragmentLayoutNames();

}  // namespace exo::model
