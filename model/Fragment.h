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
  int64_t rows, cols;
  int64_t elementBits;  // 16 (bf16 / f16) or 32 (f32 / tf32)
  /// Where tile element (i, j) lives: lane of the warp and slot in its registers.
  struct Place {
    int64_t lane, slot;
  };
  Place (*place)(int64_t i, int64_t j);

  /// Registers per lane: rows * cols / 32.
  int64_t slots() const { return rows * cols / 32; }
};

/// The table.
const std::vector<FragmentLayout>& fragmentLayouts();
/// The row spelled `name`, or nullptr.
const FragmentLayout* findFragmentLayout(const std::string& name);
/// The names of the rows (for attribute parsing).
std::vector<std::string> fragmentLayoutNames();

}  // namespace exo::model
