// Ownership as a layout: which thread holds each element of a distributed register
// array ([[exo::registers]] at block scope), and where in that thread's registers.
//
// Computed once by the thread mapping (model/ThreadMapping: mapThreads), checked by
// checker/DistributedRegistersCheck (every use must agree with it), read by the CUDA
// printer (which drops the indices the owner implies and declares the local part).
//
// Kinds:
//  - LoopIndexed (today): the leading `ownedDims` indices are the iterations of the
//    enclosing parallel loops below the grid (`loops`, outermost first): element
//    [i][j][rest...] lives in the thread that runs iteration (i, j) (model/ThreadMapping's
//    flat index), at local index [rest...].
//  - A tensor-core fragment layout is meant to be one more kind: a warp-owned tile where
//    lane l holds a fixed scatter of elements (mma.sync m16n8 f32 accumulator: rows l/4
//    and l/4 + 8, columns 2*(l%4) and 2*(l%4)+1, four registers). It fills the same
//    answers: owner(element) -> (thread, local slot), the local extents, and how many
//    leading indices of a use the owner implies.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace exo::model {

struct Expr;
struct Stmt;
struct Var;
struct FragmentLayout;

struct RegisterLayout {
  enum class Kind {
    None,         // no layout: not a distributed register array, or never used
    LoopIndexed,  // leading indices = iterations of `loops`
  };
  Kind kind = Kind::None;
  /// LoopIndexed: the parallel loops below the grid whose variables index the leading
  /// dimensions, outermost first (the first conforming use's; every use must match).
  std::vector<const Stmt*> loops;
  /// LoopIndexed: how many leading indices the owning thread implies (= loops.size()).
  size_t ownedDims = 0;
  /// The use the layout was derived from (diagnostics point at it).
  const Expr* definedBy = nullptr;
  /// A fragment array: its two trailing dimensions are a tensor-core tile spread over
  /// the threads of the owning warp or warpgroup (model/Fragment.h); each holds `slots()` of it.
  /// Set from the first instruction operand that names a layout (fragmentBy).
  const FragmentLayout* fragment = nullptr;
  const Expr* fragmentBy = nullptr;

  bool distributed() const { return kind != Kind::None; }
  /// Leading indices of a use that the owner implies (the printer drops them).
  size_t impliedIndices() const { return kind == Kind::LoopIndexed ? ownedDims : 0; }
  /// The extents of one thread's part (what the printer declares); for a fragment the
  /// tile's two dimensions become the lane's slots.
  std::vector<int64_t> localDims(const Var& v) const;

  /// Who holds an element, and where.
  struct Slot {
    int64_t thread;              // flat thread index in the CTA
    std::vector<int64_t> local;  // index into that thread's part
  };
  /// The owner of element `index` of `v` (one index per dimension); nullopt where the
  /// layout cannot say (no layout, an index no iteration produces, a non-constant start).
  std::optional<Slot> owner(const Var& v, const std::vector<int64_t>& index) const;
};

}  // namespace exo::model
