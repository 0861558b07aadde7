#include "checker/ProverRings.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "checker/ProverAsyncBase.h"
#include "checker/ProverRingPins.h"
#include "checker/ProverRaces.h"
#include "checker/ProverReport.h"
#include "checker/ProverSyncs.h"
#include "checker/ProverWitness.h"
#include "model/ExprPrinter.h"
#include "model/ThreadMapping.h"
#include "model/Instruction.h"
#include "model/Rings.h"

namespace exo::checker {

using namespace model;

class RingCheck : RingPins {
public:
  RingCheck(const KernelFacts& facts, Queries& q, DiagSink& sink, const std::set<const AccessSite*>& bad)
      : RingPins(q), f_(facts), sink_(sink), bad_(bad), instrs_(instructionStatements(*facts.kernel)) {}

  // A ring statement's ring is its second-to-last operand, its position the last.
  static int64_t slotsOf(const Var& ring) { return ring.dims.empty() ? 1 : ring.dims[0]; }

  std::vector<const PlacedStmt*> ringStmts(const Var* ring, AsyncRole::Kind kind) {
    std::vector<const PlacedStmt*> out;
    for (const PlacedStmt& p : instrs_)
      if (p.stmt->instr->async.kind == kind && ringOf(*p.stmt) == ring) out.push_back(&p);
    return out;
  }

  void ringError(DiagID id, const Stmt* at, std::vector<std::string> args, z3::solver& s, const Side& a, const Side& b) {
    if (!reportedRing_.insert({at, id}).second) return;
    smallWitness(q_, s);
    z3::model m = s.get_model();
    if (WitnessCheck w = bothReal(enc_, m, a, b); !w.real) {
      sink_.diag(DiagID::err_cannot_prove, at->range, {"that the mbarrier ring protocol here is right", unrealWitnessReason(w)});
      return;
    }
    const int64_t position = val(m, q_.ctx.int_const("ring.position"));
    auto subst = [](std::string& x, const std::string& key, int64_t v) {
      for (size_t at = x.find(key); at != std::string::npos; at = x.find(key, at)) x.replace(at, key.size(), std::to_string(v));
    };
    for (std::string& x : args) {
      subst(x, "{p}", position);
      subst(x, "{next}", position + ringSlots_);
      subst(x, "{slot}", ((position % ringSlots_) + ringSlots_) % ringSlots_);
    }
    sink_.diag(id, at->range, args);
    sink_.diag(DiagID::note_witness, at->range, {witnessText(enc_, m, a, b)});
  }

  /// The protocol of every ring: arrivals (R2), waits satisfiable (R3), phases (R4).
  /// Rings in the order of their first statement in the program (not by address: the
  /// diagnostics' order and the solver's history, so the witnesses, must not depend on
  /// where the heap put the Vars).
  void checkRings() {
    std::vector<const Var*> rings;
    for (const PlacedStmt& p : instrs_)
      if (p.stmt->instr->async.ring())
        if (const Var* ring = ringOf(*p.stmt); std::find(rings.begin(), rings.end(), ring) == rings.end())
          rings.push_back(ring);
    for (const Var* ring : rings) {
      if (!ring) continue;
      try {
        checkRing(*ring);
      } catch (const Unprovable& u) {
        sink_.diag(DiagID::err_cannot_prove, u.at->range, {"that the protocol of ring '" + ring->name + "' is right", u.why});
      }
    }
  }

  /// The ring's copy groups (model/Rings.h), as placed statements.
  std::vector<std::vector<const PlacedStmt*>> copyGroups(const Var& ring) {
    std::vector<std::vector<const PlacedStmt*>> out;
    for (const std::vector<const Stmt*>& g : ringCopyGroups(*f_.kernel, ring)) {
      out.emplace_back();
      for (const Stmt* c : g)
        for (const PlacedStmt& p : instrs_)
          if (p.stmt == c) out.back().push_back(&p);
    }
    return out;
  }

  /// Who signals a ring's positions: one statement per copy group (any one group
  /// signals a position), or the arrival statement once per group of arriving threads
  /// (every group must arrive).
  struct Signaler {
    const PlacedStmt* stmt = nullptr;
    std::optional<LoopTuple> tuple;  // arrivals: the threads' parallel iterations
  };

  /// A TMA copy is issued by one thread: its parallel loops' iterations (the role
  /// conditions around it select one iteration of each, and the innermost is one thread).
  LoopTuple issuingThread(const PlacedStmt& copy) {
    std::string why;
    std::optional<RingThreads> t = ringThreads(*f_.kernel, *copy.stmt, why);
    if (!t) throw Unprovable{copy.stmt, "which thread issues the TMA copy (noted) cannot be told: " + why};
    if (t->count() != 1)
      throw Unprovable{copy.stmt, "a TMA copy (noted) must be issued by one thread (here " + std::to_string(t->count()) +
                                      " threads issue it): put it in a thread loop of one iteration"};
    return tupleOf(*t, 0);
  }

  /// Thread group `i` of a statement's RingThreads as pinned loop iterations.
  static LoopTuple tupleOf(const RingThreads& t, size_t i) {
    LoopTuple out;
    for (size_t l = 0; l < t.loops.size(); ++l) out.push_back({t.loops[l], t.tuples[i][l]});
    return out;
  }


  /// Every rule below relies on a ring statement running exactly when the conditions
  /// around it hold: a wait that orders an access, an arrival or a copy that completes a
  /// position. A condition the encoder cannot model (it reads memory, a scalar computed at
  /// run time, a floating-point value) is dropped from an instance, which then stands for
  /// executions where the statement does not run: a wait skipped at odd steps was proven
  /// (review of the fourteenth session; lit async/ring_unmodelled_condition.cpp).
  void requireModelledConditions(const PlacedStmt& st) {
    // In a scratch encoder: atoms made in the shared one would change the solver's
    // history, and with it the witnesses of the questions asked after this check.
    if (!scratch_) scratch_ = std::make_unique<ScratchEncoder>(f_);
    Instance inst = scratch_->enc.instantiate(st.path, "cond.");
    // A loop bound the encoder cannot model leaves its loop's iterations unbounded in the
    // instance (not listed as dropped): a copy in `for (p = 0; p < flag[0]; ++p)` may not
    // run at all, and the wait for its position never return (review of the fifteenth
    // session).
    for (const PathStep& step : st.path) {
      const Stmt* loop = step.container;
      if (loop->kind != StmtKind::For) continue;
      for (const ExprPtr& b : {loop->lo, loop->hi}) {
        std::string why;
        if (b && !scratch_->enc.intExpr(*b, inst, why))
          throw Unprovable{st.stmt, "whether this ring statement runs depends on the " +
                                        std::string(b == loop->lo ? "start" : "bound") + " of loop '" + loop->var->displayName() +
                                        "', '" + printExpr(*b) + "', which cannot be modelled (" + why +
                                        "); bound the loops around a ring's waits, arrivals and copies only by loop "
                                        "variables, parameters and constants"};
      }
    }
    if (inst.dropped.empty()) return;
    const auto& [cond, why] = inst.dropped.front();
    throw Unprovable{st.stmt, "whether this ring statement runs depends on the condition '" + printExpr(*cond) +
                                  "', which cannot be modelled (" + why +
                                  "); guard a ring's waits, arrivals and copies only by loop variables, parameters and "
                                  "constants"};
  }

  void checkRing(const Var& ring) {
    std::vector<const PlacedStmt*> copies = ringStmts(&ring, AsyncRole::Kind::IssueRing);
    std::vector<const PlacedStmt*> arrivals = ringStmts(&ring, AsyncRole::Kind::ArriveRing);
    std::vector<const PlacedStmt*> waits = ringStmts(&ring, AsyncRole::Kind::AwaitRing);
    for (const auto* list : {&copies, &arrivals, &waits})
      for (const PlacedStmt* st : *list) requireModelledConditions(*st);
    const int64_t S = slotsOf(ring);
    ringSlots_ = S;
    std::vector<std::unique_ptr<AccessSite>> keep;
    int tag = 0;
    z3::expr posAtom = q_.ctx.int_const("ring.position");
    std::vector<std::vector<const PlacedStmt*>> groups = copyGroups(ring);
    for (const auto& g : groups)
      if (g.size() != groups.front().size())
        throw Unprovable{g.front()->stmt, "its copies come in groups of different sizes (one group is noted): each position "
                                          "must be signalled by the same number of copies, the slots' arrival count"};
    if (!copies.empty() && !arrivals.empty())
      throw Unprovable{arrivals.front()->stmt, "the ring is signalled both by TMA copies and by arrivals (one is noted); "
                                               "give each its own ring"};
    std::vector<Signaler> signalers;
    for (const auto& g : groups) signalers.push_back({g.front(), issuingThread(*g.front())});
    const bool byArrivals = !arrivals.empty();
    // Arrivals may come from several statements: a consumer releases each step's slot
    // in its loop and the last one after it; two roles (`if (g == 1) ... else ...`)
    // release each for its warpgroup. Their threads are counted alike (the same
    // parallel loops and threads per tuple); the slot counts the union of their
    // threads (model::ringArrivers), each thread arrives at a position at most once
    // (checkArrivedOnce), and every one of them before a wait for it (R3).
    std::optional<RingThreads> arrivers;
    for (const PlacedStmt* a : arrivals) {
      std::string why;
      std::optional<RingThreads> t = ringThreads(*f_.kernel, *a->stmt, why);
      if (!t) throw Unprovable{a->stmt, "which threads arrive (noted) cannot be told: " + why};
      const Collective& per = collective(a->stmt->instr->collective);
      if (per.threads > 1 && t->threadsPerTuple % per.threads != 0)
        throw Unprovable{a->stmt, "each " + std::string(per.name) + " arrives once, so whole " + per.name +
                                      "s must run the arrival (noted); here groups of " +
                                      std::to_string(t->threadsPerTuple) + " threads do"};
      if (a->stmt->instr != arrivals.front()->stmt->instr)
        throw Unprovable{a->stmt, "the ring's arrivals (one is noted) are made by different instructions; arrive at a "
                                  "ring with one instruction, so that every position counts the same arrivals"};
      if (arrivers && !sameThreadShape(*arrivers, *t))
        throw Unprovable{a->stmt, "the statements that arrive at the ring (one is noted) are not run by threads of the "
                                  "same parallel loops, so the slots' count cannot be told; arrive from the same "
                                  "parallel loops, with role conditions on their variables"};
      arrivers = t;
      for (size_t i = 0; i < t->tuples.size(); ++i) signalers.push_back({a, tupleOf(*t, i)});
    }
    for (size_t i = 0; i < arrivals.size(); ++i)
      for (size_t j = i; j < arrivals.size(); ++j) checkArrivedOnce(*arrivals[i], *arrivals[j], ring, posAtom, keep, tag);
    // R2: a copy signals a position at most once; no two groups signal one position.
    for (const PlacedStmt* c : copies) {
      Instance a = enc_.instantiate(c->path, "c" + std::to_string(tag++) + ".");
      Instance b = enc_.instantiate(c->path, "c" + std::to_string(tag++) + ".");
      Poly pa = positionIn(*c, a), pb = positionIn(*c, b);
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, a);
      Queries::addFacts(s, b);
      z3::expr differ = q_.ctx.bool_val(false);
      for (const Stmt* l : enclosingLoops(c->path)) {
        if (l->loop == LoopKind::Block) {  // a ring per CTA: the same block
          s.add(enc_.atomExpr(a.iter.at(l)) == enc_.atomExpr(b.iter.at(l)));
          continue;
        }
        differ = differ || enc_.atomExpr(a.iter.at(l)) != enc_.atomExpr(b.iter.at(l));
      }
      if (a.flat && b.flat) differ = differ || enc_.toZ3(*a.flat) != enc_.toZ3(*b.flat);
      s.add(differ && enc_.toZ3(pa) == enc_.toZ3(pb) && posAtom == enc_.toZ3(pa));
      if (q_.solve(s) == Verdict::Sat)
        ringError(DiagID::err_ring_arrivals, c->stmt, {"{p}", ring.name, "is signalled twice by this copy"}, s,
                  statementSide(*c, a, keep), statementSide(*c, b, keep));
    }
    for (size_t g1 = 0; g1 < groups.size(); ++g1)
      for (size_t g2 = g1 + 1; g2 < groups.size(); ++g2) {
        const PlacedStmt* c = groups[g1].front();
        const PlacedStmt* o = groups[g2].front();
        Instance ci = enc_.instantiate(c->path, "c" + std::to_string(tag++) + ".");
        Poly pc = positionIn(*c, ci);
        LoopTuple issuer = issuingThread(*o);
        Pinned po = pinAt(*o, pc, c->path, ci, std::nullopt, tag++, &issuer);
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, ci);
        for (const z3::expr& d : po.defs) s.add(d);
        s.add(*po.exists && posAtom == enc_.toZ3(pc));
        if (q_.solve(s) == Verdict::Sat)
          ringError(DiagID::err_ring_arrivals, o->stmt, {"{p}", ring.name, "is signalled by two groups of copies (this one and another)"},
                    s, statementSide(*c, ci, keep), statementSide(*o, po.inst, keep));
      }
    // R0: a copy or an arrival never signals a negative position (its slot index,
    // position % S in C++, would be negative).
    for (const PlacedStmt* c : copies.empty() ? arrivals : copies) {
      Instance ci = enc_.instantiate(c->path, "n" + std::to_string(tag++) + ".");
      Poly pc = positionIn(*c, ci);
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, ci);
      s.add(enc_.toZ3(pc) < 0 && posAtom == enc_.toZ3(pc));
      if (q_.solve(s) == Verdict::Sat) {
        Side cs = statementSide(*c, ci, keep);
        ringError(DiagID::err_ring_position, c->stmt, {"{p}", ring.name, std::to_string(S)}, s, cs, cs);
      }
    }
    // R5: some thread waits for every position a copy signals (the first thread group
    // of each wait statement stands for its threads): otherwise the copy may still be
    // writing shared memory when the block ends.
    for (const auto& g : groups) {
      const PlacedStmt* c = g.front();
      Instance ci = enc_.instantiate(c->path, "u" + std::to_string(tag++) + ".");
      Poly pc = positionIn(*c, ci);
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, ci);
      z3::expr waited = q_.ctx.bool_val(false);
      for (const PlacedStmt* w : waits) {
        std::optional<LoopTuple> first = firstGroup(*f_.kernel, *w);
        if (!first) continue;
        Pinned pw;
        try {
          pw = pinAt(*w, pc, c->path, ci, std::nullopt, tag++, &*first);
        } catch (const Unprovable&) {
          continue;
        }
        for (const z3::expr& d : pw.defs) s.add(d);
        waited = waited || *pw.exists;
      }
      s.add(!waited && posAtom == enc_.toZ3(pc));
      if (q_.solve(s) == Verdict::Sat) {
        Side cs = statementSide(*c, ci, keep);
        ringError(DiagID::err_ring_copy_unwaited, c->stmt, {"{p}", ring.name}, s, cs, cs);
      }
    }
    for (const PlacedStmt* w : waits) {
      Instance wi = enc_.instantiate(w->path, "w" + std::to_string(tag++) + ".");
      Poly pw = positionIn(*w, wi);
      Side ws = statementSide(*w, wi, keep);
      if (signalers.empty()) {
        // Nothing signals the ring: a wait that can run never returns (one that the
        // assumes keep from running, e.g. `if (kt >= 4)` with at most 4 steps, is fine).
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, wi);
        s.add(posAtom == enc_.toZ3(pw) && (enc_.toZ3(pw) >= q_.ctx.int_val(0) || enc_.toZ3(pw) < q_.ctx.int_val(-S)));
        Verdict v = q_.solve(s);
        if (v == Verdict::Sat)
          ringError(DiagID::err_ring_deadlock, w->stmt,
                    {"{p}", ring.name, byArrivals ? "no thread arrives at the ring" : "no TMA copy or arrival signals the ring"},
                    s, ws, ws);
        else if (v == Verdict::Unknown)
          throw Unprovable{w->stmt, "whether this wait on a ring that nothing signals can run is too hard for the solver"};
        continue;
      }
      // R3-: a wait for one of positions -S .. -1 returns at once on a fresh ring (it
      // tests the parity of the phase before each slot's first, which a fresh mbarrier
      // has completed): the producer's wait for the consumers' release of a slot's
      // previous use, written without a guard. In a persistent kernel it waits for the
      // previous tile's last use of the slot (the two-tile proof, ProverPersistent).
      // Before -S the parity is that of a phase that never completes.
      {
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, wi);
        s.add(enc_.toZ3(pw) < q_.ctx.int_val(-S) && posAtom == enc_.toZ3(pw));
        if (q_.solve(s) == Verdict::Sat)
          ringError(DiagID::err_ring_deadlock, w->stmt,
                    {"{p}", ring.name,
                     "it is more than the ring's " + std::to_string(S) +
                         " slots before position 0 (a wait for positions -" + std::to_string(S) +
                         " .. -1 returns at once on a fresh ring; one before those never does)"},
                    s, ws, ws);
      }
      // R3: some group signals the position waited for, before the wait in the
      // sequential program (so no circular wait can arise: every thread runs its part of
      // the program in that order). Positions -S .. -1 need none (above).
      {
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, wi);
        // Copies: some group signals it, all of its copies. Arrivals: every arriving
        // thread does, through one of the arrival statements that it runs.
        z3::expr signalled = q_.ctx.bool_val(false);
        // Arrivals: per thread group (its parallel iterations, in the order of the
        // signalers), whether one of its statements arrives before the wait.
        std::vector<std::pair<std::vector<int64_t>, z3::expr>> byThreads;
        // Copies: every copy of a group, not only its first: the slot's phase completes
        // with the group's last arrival, so a wait between two copies of a group by the
        // thread that issues them never returns (review of the eighteenth session: a
        // producer's wait between its A and B copies was proven, and hung).
        if (!byArrivals)
          for (const auto& g : groups) {
            z3::expr all = q_.ctx.bool_val(true);
            for (const PlacedStmt* c : g) {
              LoopTuple by = issuingThread(*c);
              Pinned pc = pinAt(*c, pw, w->path, wi, std::nullopt, tag++, &by);
              for (const z3::expr& d : pc.defs) s.add(d);
              all = all && *pc.exists && seqBefore(enc_, q_.ctx, c->path, pc.inst.iter, w->path, wi.iter);
            }
            signalled = signalled || all;
          }
        else
          for (const Signaler& g : signalers) {
            Pinned pc = pinAt(*g.stmt, pw, w->path, wi, std::nullopt, tag++, g.tuple ? &*g.tuple : nullptr);
            for (const z3::expr& d : pc.defs) s.add(d);
            z3::expr before = *pc.exists && seqBefore(enc_, q_.ctx, g.stmt->path, pc.inst.iter, w->path, wi.iter);
            std::vector<int64_t> threads;
            for (const auto& [loop, iteration] : *g.tuple) threads.push_back(iteration);
            auto it = std::find_if(byThreads.begin(), byThreads.end(), [&](const auto& e) { return e.first == threads; });
            if (it == byThreads.end())
              byThreads.emplace_back(threads, before);
            else
              it->second = it->second || before;
          }
        if (byArrivals) {
          signalled = q_.ctx.bool_val(!byThreads.empty());  // no thread arrives: nothing signals it
          for (const auto& [threads, arrived] : byThreads) signalled = signalled && arrived;
        }
        s.add(!signalled && posAtom == enc_.toZ3(pw) && enc_.toZ3(pw) >= q_.ctx.int_val(0));
        if (q_.solve(s) == Verdict::Sat)
          ringError(DiagID::err_ring_deadlock, w->stmt,
                    {"{p}", ring.name,
                     byArrivals ? "some thread that arrives at the ring does not arrive at that position before it in the "
                                  "sequential program"
                                : "no TMA copy signals that position before it in the sequential program (with all the "
                                  "copies of its group: the slot's phase completes at the last)"},
                    s, ws, ws);
      }
      // R4a: a wait for position p >= S comes after the same thread's wait for p - S
      // (so phase p / S - 1 of the slot is complete and the parity is unambiguous).
      {
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, wi);
        z3::expr earlier = q_.ctx.bool_val(false);
        for (const PlacedStmt* w2 : waits) {
          Pinned p2 = pinAt(*w2, pw - Poly::constant(S), w->path, wi, wi.flat, tag++);
          for (const z3::expr& d : p2.defs) s.add(d);
          earlier = earlier || (*p2.exists && seqBefore(enc_, q_.ctx, w2->path, p2.inst.iter, w->path, wi.iter));
        }
        s.add(enc_.toZ3(pw) >= q_.ctx.int_val(S) && !earlier && posAtom == enc_.toZ3(pw));
        if (q_.solve(s) == Verdict::Sat)
          ringError(DiagID::err_ring_phase, w->stmt,
                    {"{p}", ring.name, "{slot}", "without this thread having waited for the slot's previous phase"},
                    s, ws, ws);
      }
      // R4b: the copies of position p + S (the slot's next phase) start after every
      // thread's wait for p: later in the sequential program, and ordered after it (the
      // same thread, or a barrier between them).
      const std::string what = byArrivals ? "(this arrival)" : "(this copy)";
      for (const Signaler& g : signalers) {
        const PlacedStmt* c = g.stmt;
        Pinned pn = pinAt(*c, pw + Poly::constant(S), w->path, wi, std::nullopt, tag++, g.tuple ? &*g.tuple : nullptr);
        Side cs = statementSide(*c, pn.inst, keep);
        cs.inst.facts.insert(cs.inst.facts.end(), pn.defs.begin(), pn.defs.end());
        cs.inst.facts.push_back(*pn.exists);
        {
          z3::solver s = q_.newSolver();
          Queries::addFacts(s, wi);
          Queries::addFacts(s, cs.inst);
          s.add(!seqBefore(enc_, q_.ctx, w->path, wi.iter, c->path, pn.inst.iter) && posAtom == enc_.toZ3(pw));
          if (q_.solve(s) == Verdict::Sat) {
            ringError(DiagID::err_ring_phase, c->stmt,
                      {"{next}", ring.name, "{slot}",
                       what + " before the wait for position {p}, the slot's previous phase, in the sequential program"},
                      s, ws, cs);
            continue;
          }
        }
        const AccessSite& A = *ws.site;
        const AccessSite& B = *cs.site;
        size_t prefix = commonPrefix(A, B);
        std::vector<const Stmt*> common = enclosingLoops(Path(A.path.begin(), A.path.begin() + prefix));
        for (size_t d = 0; d <= common.size(); ++d) {
          if (d < common.size() && common[d]->loop == LoopKind::Block) continue;
          RacePlan plan = planRace(syncs_, A, B, common, prefix, d);
          z3::solver s = q_.newSolver();
          if (!addRaceFormula(q_, s, *f_.kernel, ws, cs, common, d, plan)) continue;
          s.add(posAtom == enc_.toZ3(pw));
          Verdict v = q_.solve(s);
          if (v == Verdict::Sat) {
            // ... or a wait of the signalling thread's in a loop of its own before the
            // signal (a consumer's last release after its mainloop): asked only now.
            s.add(!ringOrdered(q_, *f_.kernel, ws, cs, s, true));
            v = q_.solve(s);
          }
          if (v == Verdict::Sat) {
            ringError(DiagID::err_ring_phase, c->stmt,
                      {"{next}", ring.name, "{slot}",
                       what + " while a thread may not yet have waited for position {p}, the slot's previous phase: no "
                              "barrier or ring orders that wait before it"},
                      s, ws, cs);
            break;
          }
        }
      }
    }
    ringKeep_.insert(ringKeep_.end(), std::make_move_iterator(keep.begin()), std::make_move_iterator(keep.end()));
  }

  /// R2 for arrivals: a thread arrives at a position at most once (the slot's count is
  /// the number of arriving threads, so a second arrival would complete a phase early).
  /// (Of statements r and o: r == o, or two of the ring's arrival statements.)
  void checkArrivedOnce(const PlacedStmt& r, const PlacedStmt& o, const Var& ring, const z3::expr& posAtom,
                        std::vector<std::unique_ptr<AccessSite>>& keep, int& tag) {
    Instance a = enc_.instantiate(r.path, "ar" + std::to_string(tag++) + ".");
    Instance b = enc_.instantiate(o.path, "ar" + std::to_string(tag++) + ".");
    Poly pa = positionIn(r, a), pb = positionIn(o, b);
    z3::solver s = q_.newSolver();
    Queries::addFacts(s, a);
    Queries::addFacts(s, b);
    z3::expr differ = q_.ctx.bool_val(&r != &o);  // two statements are two arrivals
    const std::vector<const Stmt*> loopsA = enclosingLoops(r.path), loopsB = enclosingLoops(o.path);
    for (const Stmt* l : loopsA) {
      if (l->loop == LoopKind::Block) {  // a ring per CTA: the same block
        s.add(enc_.atomExpr(a.iter.at(l)) == enc_.atomExpr(b.iter.at(l)));
        continue;
      }
      if (&r == &o) differ = differ || enc_.atomExpr(a.iter.at(l)) != enc_.atomExpr(b.iter.at(l));
    }
    if (!a.flat || !b.flat) throw Unprovable{r.stmt, "its threads cannot be modelled"};
    s.add(enc_.toZ3(*a.flat) == enc_.toZ3(*b.flat));
    s.add(differ && enc_.toZ3(pa) == enc_.toZ3(pb) && posAtom == enc_.toZ3(pa));
    if (q_.solve(s) == Verdict::Sat)
      ringError(DiagID::err_ring_arrivals, o.stmt,
                {"{p}", ring.name, &r == &o ? "is arrived at twice by one thread here" : "is arrived at by one thread here and by another statement"},
                s, statementSide(r, a, keep), statementSide(o, b, keep));
  }

  /// R1: an access after a TMA copy that touches what the copy writes runs after the
  /// same thread's wait for the copy's position (program order; the wait completes the
  /// copy for the waiting thread).
  void checkAccess(const AccessSite& x, std::set<const Stmt*>& reported) {
    const Stmt& call = *x.instr;
    const Var* ring = ringOf(call);
    std::vector<const PlacedStmt*> waits = ringStmts(ring, AsyncRole::Kind::AwaitRing);
    Side xs = q_.makeSide(x, "x.");
    std::string why;
    std::optional<Poly> px = enc_.intExpr(ringPosition(call), xs.inst, why);
    if (!px) throw Unprovable{&call, "its ring position cannot be modelled (" + why + ")"};
    int tag = 1000;
    for (const AccessSite& z : f_.sites) {
      if (!mayConflict(z, x) || bad_.count(&z)) continue;
      Side zs = q_.makeSide(z, "z.");
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, xs.inst);
      Queries::addFacts(s, zs.inst);
      addLaterSameElement(q_, s, xs, zs);
      // z made by a cluster-wide statement (a multicast) stands for another block's
      // thread, whose own wait says nothing about this block's tile: only the ring edge
      // below (cluster-wide signals) orders it.
      const bool remote = standsForOtherBlocks(zs);
      if (!remote)
        for (const PlacedStmt* w : waits) {
          Pinned pw = pinAt(*w, *px, z.path, zs.inst, zs.inst.flat, tag++);
          for (const z3::expr& d : pw.defs) s.add(d);
          s.add(!(*pw.exists && seqBefore(enc_, q_.ctx, w->path, pw.inst.iter, z.path, zs.inst.iter)));
        }
      // ... or another thread's wait for it is ordered before z by a ring (a producer
      // refills a slot after the consumers that waited for its copy release it). Any
      // one waiting thread will do: the first group of the threads that run the wait.
      auto otherThreadsWaits = [&](auto&& ordered) {
        for (const PlacedStmt* w : waits) {
          std::optional<LoopTuple> first = firstGroup(*f_.kernel, *w);
          if (!first) continue;
          Pinned po;
          try {
            po = pinAt(*w, *px, z.path, zs.inst, std::nullopt, tag++, &*first);
          } catch (const Unprovable&) {
            continue;  // not modelled: orders nothing
          }
          for (const z3::expr& d : po.defs) s.add(d);
          Side ws = statementSide(*w, po.inst, accessKeep_);
          s.add(!(*po.exists && ordered(ws)));
        }
      };
      otherThreadsWaits([&](const Side& ws) { return ringOrdered(q_, *f_.kernel, ws, zs, s); });
      // ... or another thread of z's copy of a barrier's collective waited for it before
      // that barrier, which z's thread passed before z (one elected thread waits, then a
      // block barrier: the wait's acquire reaches the others through the barrier).
      if (!remote)
        for (const PlacedStmt* w : waits) {
          std::optional<BarrierChain> chain = barrierChain(w->path, z.path);
          if (!chain) continue;
          Pinned pc;
          try {
            pc = pinAt(*w, *px, z.path, zs.inst, std::nullopt, tag++, nullptr, &chain->tied);
          } catch (const Unprovable&) {
            continue;  // not modelled: orders nothing
          }
          for (const z3::expr& d : pc.defs) s.add(d);
          s.add(!(*pc.exists && chainBefore(enc_, q_.ctx, *chain, pc.inst, zs.inst)));
        }
      s.add(q_.ctx.int_const("ring.position") == enc_.toZ3(*px));
      q_.countPair();
      Verdict v = q_.solve(s);
      if (v == Verdict::Sat && !remote) {
        // ... or through two ring edges (asked only now: costlier): the waiting thread
        // releases the slot to the producer, whose next copy, of another ring, z's thread
        // waits for (ping-pong consumers, each with its own `full` ring over shared slots).
        otherThreadsWaits([&](const Side& ws) { return ringOrderedTwoHops(q_, *f_.kernel, ws, zs, s, accessKeep_); });
        v = q_.solve(s);
      }
      if (v == Verdict::Unsat) continue;
      if (!reported.insert(z.stmt).second) continue;
      if (v == Verdict::Unknown) {
        sink_.diag(DiagID::err_cannot_prove, z.range(),
                   {"that '" + printExpr(*z.expr) + "' waits for the TMA copy it depends on", "the solver could not decide it"});
        continue;
      }
      smallWitness(q_, s);
      z3::model m = s.get_model();
      if (WitnessCheck w = bothReal(enc_, m, xs, zs); !w.real) {
        sink_.diag(DiagID::err_cannot_prove, z.range(),
                   {"that '" + printExpr(*z.expr) + "' waits for the TMA copy it depends on", unrealWitnessReason(w)});
        continue;
      }
      sink_.diag(DiagID::err_ring_unwaited, z.range(),
                 {printExpr(*z.expr), z.write ? "writes" : "reads", elementText(enc_, m, zs),
                  std::to_string(val(m, q_.ctx.int_const("ring.position"))), ring ? ring->name : "?"});
      sink_.diag(DiagID::note_async_issue, call.range, {call.instr->name, threadText(enc_, m, xs)});
      if (remote) sink_.diag(DiagID::note_cluster_copy, z.range(), {z.instr ? z.instr->instr->name : "?"});
      sink_.diag(DiagID::note_witness, z.range(), {witnessText(enc_, m, xs, zs)});
      noteMeaning(sink_, x);
    }
  }

  std::vector<std::unique_ptr<AccessSite>> ringKeep_;
  std::vector<std::unique_ptr<AccessSite>> accessKeep_;  // wait sides of R1's queries
  std::set<std::pair<const Stmt*, DiagID>> reportedRing_;
  SyncsInEffect syncs_;
  int64_t ringSlots_ = 1;


  struct ScratchEncoder {
    explicit ScratchEncoder(const KernelFacts& facts) : enc(ctx, facts) {}
    z3::context ctx;
    Encoder enc;
  };
  std::unique_ptr<ScratchEncoder> scratch_;
  const KernelFacts& f_;
  DiagSink& sink_;
  const std::set<const AccessSite*>& bad_;
  std::vector<PlacedStmt> instrs_;
};

RingChecks::RingChecks(const KernelFacts& facts, Queries& q, DiagSink& sink, const std::set<const AccessSite*>& bad)
    : impl_(std::make_unique<RingCheck>(facts, q, sink, bad)) {}
RingChecks::~RingChecks() = default;
void RingChecks::checkRings() { impl_->checkRings(); }
void RingChecks::checkAccess(const AccessSite& x, std::set<const Stmt*>& reported) { impl_->checkAccess(x, reported); }

}  // namespace exo::checker
