// Ring statement instances defined, not searched for (checker/ProverRings), and the
// happens-before edge an mbarrier ring makes: a thread's accesses before it signals
// position p (a TMA copy's arrive.expect_tx or an arrival, both release at CTA scope)
// happen before what any thread does after its wait for p returns (acquire).
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include <z3++.h>

#include "checker/ProverAccess.h"
#include "checker/ProverQuery.h"
#include "model/Kernel.h"

namespace exo::checker {

/// Fixed iterations of some parallel loops (a group of threads that run a statement).
using LoopTuple = std::vector<std::pair<const model::Stmt*, int64_t>>;

/// An instance of a ring statement: `defs` define its atoms (always satisfiable),
/// `exists` says that it runs.
struct Pinned {
  Instance inst;
  std::vector<z3::expr> defs;
  std::optional<z3::expr> exists;
};

/// A ring statement's instance as a side (no access: an empty index) for witnesses and
/// the race formula; its site is kept in `keep`.
Side statementSide(const PlacedStmt& st, const Instance& inst, std::vector<std::unique_ptr<AccessSite>>& keep);

/// The first thread group that runs a ring statement, which stands for any one of its
/// threads (nullopt: none runs it, or which cannot be told).
std::optional<LoopTuple> firstGroup(const model::Kernel& k, const PlacedStmt& st);

class RingPins {
public:
  explicit RingPins(Queries& q) : q_(q), enc_(q.enc) {}

  /// The position of a ring statement's instance; throws Unprovable when it cannot be
  /// modelled.
  Poly positionIn(const PlacedStmt& st, Instance& inst);

  /// The instance of ring statement `st` at ring position `target`, defined from
  /// `anchor`'s atoms: the loops it shares with the anchor's path take the anchor's
  /// iterations, except the sequential loop whose variable the position counts (solved
  /// from the position); its parallel iterations are those of the thread `flat` (when
  /// set), those of `tuple` (the loops it names), or the only ones (loops of one
  /// iteration: a copy is issued by one thread). Throws Unprovable.
  /// `tied`: parallel loops (shared with the anchor) whose iterations are the anchor's
  /// too (a barrier's group: the signal's thread is in the anchor's copy of them).
  Pinned pinAt(const PlacedStmt& st, const Poly& target, const Path& anchorPath, const Instance& anchor,
               const std::optional<Poly>& flat, int tag, const LoopTuple* tuple = nullptr,
               const std::set<const model::Stmt*>* tied = nullptr);

protected:
  /// The sequential loops a ring statement's position reads, solved from a target
  /// position: `inner` (its variable times `innerScale`) and, for a two-level count
  /// (`ko * 4 + ki`), `outer`, whose coefficient exceeds the inner term's range so that a
  /// position has one pair; `rest` is the position without them. Both null when it reads
  /// none. Throws Unprovable for other forms.
  struct Solved {
    const model::Stmt* inner = nullptr;
    const model::Stmt* outer = nullptr;
    int64_t innerScale = 1, outerScale = 0;
    Poly rest;
  };
  Solved solvedLoops(const PlacedStmt& st, const Poly& pos, const Instance& inst);

  Queries& q_;
  Encoder& enc_;
};

/// A barrier between a statement `a` of one thread and a later statement of another (a
/// signal: ringOrdered below; an access after another thread's wait: ProverRings):
/// `a` in child `ia` of the statement list L, the signal in child `ir`, a barrier a
/// child `jb` of L before the signal. A thread that runs `a` runs every later instance of L's statements, that
/// barrier's too (a barrier is reached by all threads of its collective or none: the
/// prover's convergence check, err_sync_divergent), and the thread that signals ran the barrier's instance
/// of its iteration before the signal. So when both threads are in one copy of the
/// barrier's collective (the loops `tied`, which enclose L, in the same iterations) and
/// a's iterations of the sequential loops around L (`sequential`, outermost first) come
/// before the signal's, or are the same and the barrier follows `a` in L (`sameAllowed`),
/// `a` happens before the signal.
struct BarrierChain {
  std::set<const model::Stmt*> tied;
  std::vector<const model::Stmt*> sequential;
  bool sameAllowed = false;
};

std::optional<BarrierChain> barrierChain(const Path& ap, const Path& rp);

/// The chain's order of two instances (the earlier statement's, the later one's): in L's
/// sequential loops, `first`'s iterations come before `later`'s, or are the same when the
/// barrier follows the first statement in L.
z3::expr chainBefore(const Encoder& enc, z3::context& ctx, const BarrierChain& chain, const Instance& first,
                     const Instance& later);

/// Whether an mbarrier ring orders side `a` before side `b`: some ring statement that
/// signals position p runs in a's thread after `a` (program order), and b's thread
/// waits for p before `b`. The candidates are defined, not searched for: the signal in
/// a's iteration of the loops it shares with `a` or the next iteration of the innermost
/// shared sequential loop, with the wait at its position in b's thread; or the wait in
/// b's iteration or the previous one, with the signal at its position in a's thread.
/// Their definitions go to `s`; false (ordered by nothing) when the kernel has no ring
/// or no candidate can be modelled. `ownLoops`: also a wait in a sequential loop of its
/// own before b, at that loop's last iteration (the mainloop's last wait, seen from the
/// epilogue after it): more candidates, so asked only where the others do not order
/// (ProverRings, R4b).
z3::expr ringOrdered(Queries& q, const model::Kernel& k, const Side& a, const Side& b, z3::solver& s,
                     bool ownLoops = false);

/// Two ring edges through a third thread: a's thread signals p after `a`, a thread m
/// waits for p and then signals p' (its statements in program order, as ringOrdered
/// asks), and b's thread waits for p' before `b` (a consumer's release reaches the
/// producer, whose next copy reaches the other consumer of a ping-pong kernel). Only the
/// last hop's candidates are new (a wait near b, its signal in one of its threads); the
/// first is ringOrdered's. Costlier than one edge: asked where one edge does not order
/// (ProverRings, R1). The sites it makes are kept in `keep`.
z3::expr ringOrderedTwoHops(Queries& q, const model::Kernel& k, const Side& a, const Side& b, z3::solver& s,
                            std::vector<std::unique_ptr<AccessSite>>& keep);

}  // namespace exo::checker
