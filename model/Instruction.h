// The instruction model: an instruction is one object, read from one C++ function of
// an instruction header (exo/sm80.hpp) marked `[[exo::instr(collective, "header",
// "cuda_function")]]`:
//   - its body is its meaning (the parser inlines it at every call, so the prover sees
//     the element accesses it makes to its operands),
//   - `collective` is who issues it (every thread of one copy, converged),
//   - each operand's memory (and, for fragments, the lane layout) comes from the
//     parameter's attribute,
//   - `cudaFunction` (declared in `header`) is its code: called with the same
//     arguments, each register operand being the issuing thread's own part.
// docs/instructions.md says how to add one.
#pragma once

#include <string>
#include <vector>

#include "model/Collective.h"
#include "model/Fragment.h"

namespace exo::model {

struct Operand {
  enum class Kind {
    Scalar,     // an integer or float value
    Global,     // a pointer parameter of the kernel (global memory)
    Shared,     // [[exo::shared]]: a tile of a shared array
    Registers,  // [[exo::registers]]: a tile of a distributed register array, owned by the issuing thread
    Fragment,   // [[exo::fragment(layout)]]: a tile of a register array spread over the warp
  };
  std::string name;  // the parameter's name
  Kind kind = Kind::Scalar;
  const FragmentLayout* layout = nullptr;  // Fragment
  std::vector<int64_t> tileDims;           // Shared / Registers / Fragment: the parameter's array extents
  int swizzle = 0;                         // Shared: `[[exo::shared(swizzle128)]]` (64, 32) takes tiles of that
                                           // swizzle only; `swizzled` (-1) any swizzled tile
  bool writes = false;                     // the body assigns to it
  /// Global, `[[exo::reduce(add)]]`: the meaning only adds to the operand's elements
  /// (`p[i] += v`, checked when the meaning is read) and the CUDA form adds atomically
  /// (red.global.add): concurrent reductions of one element commute, so the prover does
  /// not count two of them as a race (docs/prover.md, "Atomic reductions").
  bool reduceAdd = false;
};

/// An instruction's part in asynchronous completion (docs/hopper.md, section 1). The
/// fourth argument of `[[exo::instr]]` names it with a queue: "async(cp_async)".
struct AsyncRole {
  enum class Kind {
    None,
    Issue,        // async(Q): its accesses happen between the call and the completing await
    IssueCommit,  // async_commit(Q): the same, and the call closes its own group
    Commit,       // commit(Q): closes the group of the issuing threads' open async calls
    Await,        // await(Q): waits until at most `pending` committed groups are in flight
    AwaitRead,    // await_read(Q): the same, but only for the groups' reads (their source
                  // operands may be overwritten after it; their writes may still be in flight)
    // Rings of mbarriers (TMA): the instruction's last two operands are the ring (a shared
    // exo::mbarrier array of S slots) and a position p (slot p % S, phase p / S).
    IssueRing,    // async_ring(Q): its accesses complete when position p of the ring completes
    AwaitRing,    // await_ring(Q): the running threads wait until position p is complete
    ArriveRing,   // arrive_ring(Q): each running copy of its collective arrives once at
                  // position p; every running thread's accesses before the call happen
                  // before every wait for p returns
  };
  Kind kind = Kind::None;
  std::string queue;
  /// Cluster-wide (a kernel with a `block_in_cluster` loop, docs/hopper.md section 8):
  /// an IssueRing ("multicast_ring(q)") copies one box into the same tile of every
  /// block of the cluster, each block issuing its share of the rows and expecting the
  /// whole box on its own ring; an ArriveRing ("arrive_cluster_ring(q)") arrives at the
  /// position on the ring of every block of the cluster.
  bool cluster = false;
  /// "tma_store": a synchronous instruction whose CUDA form writes its global operand
  /// through a TMA tensor map (encoded by the launcher from the pointer's exo::extent,
  /// the box its first shared operand's shape), staged through that shared tile.
  bool tensorMapStore = false;
  /// "tma_store_async(q)": an Issue on q that is also a tensorMapStore (the TMA store of
  /// a shared tile, cp.async.bulk.tensor with .bulk_group). Its queue is drained at the
  /// kernel's exit (the generated kernel ends with cp.async.bulk.wait_group 0 in every
  /// thread), so an issue without a completing await completes there: only later
  /// accesses in the kernel need an await (checker/ProverAsync).
  bool drainedAtExit = false;
  /// "stage_async": a synchronous instruction that writes shared memory for the async
  /// proxy (a TMA store reads it next): its CUDA form ends with fence.proxy.async in
  /// every writing thread, so the printer adds none for its writes.
  bool fencesProxy = false;
  int64_t pending = 0;  // Await: the first integer template argument (0 when none)
  bool async() const { return kind == Kind::Issue || kind == Kind::IssueCommit || kind == Kind::IssueRing; }
  bool ring() const { return kind == Kind::IssueRing || kind == Kind::AwaitRing || kind == Kind::ArriveRing; }
  /// A ring wait or arrival may stand at any level (a role's warpgroup, one thread, the
  /// block): each running thread waits, each running copy of its collective arrives
  /// (checker/ProverRings checks that whole copies run an arrival).
  bool anyLevel() const { return kind == Kind::AwaitRing || kind == Kind::ArriveRing; }
  /// A statement that moves a ring position towards completion (a copy or an arrival).
  bool signalsRing() const { return kind == Kind::IssueRing || kind == Kind::ArriveRing; }
  bool commits() const { return kind == Kind::IssueCommit || kind == Kind::Commit; }
  bool awaits() const { return kind == Kind::Await || kind == Kind::AwaitRead; }
  /// Its global operand goes through a TMA tensor map: a ring copy's source, or a
  /// tma_store's destination.
  bool viaTensorMap() const { return kind == Kind::IssueRing || tensorMapStore; }
};

/// Parses the fourth `[[exo::instr]]` argument ("async(q)", "async_commit(q)",
/// "commit(q)", "await(q)", "async_ring(q)", "await_ring(q)", "arrive_ring(q)",
/// "multicast_ring(q)", "arrive_cluster_ring(q)", "tma_store", "tma_store_async(q)",
/// "await_read(q)", "stage_async"); false
/// when it is none of them.
bool parseAsyncRole(const std::string& text, AsyncRole& out);

struct Instruction {
  std::string name;  // qualified C++ name, as users call it (exo::sm80::mma_m16n8k16)
  CollectiveId collective = CollectiveId::Warp;
  std::string header;        // what the generated CUDA includes
  std::string cudaFunction;  // what it calls
  /// The instantiation's template arguments as CUDA spells them ("<__nv_bfloat16, 128, 40>";
  /// empty for a plain function): the CUDA form has the meaning's template parameters,
  /// in the same order, and its register operands (pointers) cannot deduce them.
  std::string templateArgs;
  std::vector<Operand> operands;
  AsyncRole async;
  /// A barrier of its collective (`[[exo::sync(scope)]];`): it means nothing sequentially
  /// (no operands, an empty meaning), orders the accesses of each copy of the collective
  /// (checker/ProverSyncs), and its CUDA form is the collectives table's barrier of that
  /// row, not a call. One per row with a barrier: barrierInstruction.
  bool barrier = false;
};

/// `exo::sync(scope)`: the barrier instruction of a row of the collectives table that
/// has a barrier (made from the table: a new row with a barrier gets one).
const Instruction& barrierInstruction(CollectiveId scope);

const char* operandKindName(Operand::Kind k);

}  // namespace exo::model
