#include "tests/support/BruteForce.h"

#include "model/Walk.h"

#include "model/Evaluate.h"
#include "model/Instruction.h"
#include "model/Rings.h"
#include "model/ThreadMapping.h"

#include <array>
#include <cstdlib>
#include <functional>
#include <set>
#include <tuple>
#include <vector>

namespace exo::test {

using namespace model;

namespace {

/// Sync counters at the time of an access: one per row of the collectives table.
constexpr size_t kMaxCollectives = 8;
using Epochs = std::array<int64_t, kMaxCollectives>;

struct ThreadRecord {
  bool read = false, write = false;
  Epochs readAt{}, writeAt{};
  int64_t readTime = 0, writeTime = 0;  // the accessor's own ring clock at the access
};

/// A vector clock over the CTA's threads and the rings' completion agents (ids from
/// blockThreads on); -1: nothing of that component is known.
using Clock = std::vector<int64_t>;
int64_t component(const Clock& c, int64_t i) { return i < static_cast<int64_t>(c.size()) ? c[size_t(i)] : -1; }
void join(Clock& into, const Clock& from) {
  if (into.size() < from.size()) into.resize(from.size(), -1);
  for (size_t i = 0; i < from.size(); ++i) into[i] = std::max(into[i], from[i]);
}

struct ElementRecord {
  std::map<int64_t, ThreadRecord> threads;  // flat thread -> its latest accesses
  std::map<int64_t, std::pair<bool, bool>> ctas;  // CTA -> (read, write), global memory only
};

class Interp {
public:
  Interp(const Kernel& k, const std::map<const Var*, int64_t>& params, int64_t maxAccesses, bool lastBlockOnly)
      : k_(k), budget_(maxAccesses), lastBlockOnly_(lastBlockOnly) {
    for (auto& [v, x] : params) env_[v] = x;
  }

  BruteResult run() {
    if (collectives().size() > kMaxCollectives) abort();
    // A cluster body (Kernel::rankLoops) runs as one group of the cluster's blocks:
    // thread t is thread t % blockThreads of the block of rank t / blockThreads.
    cluster_ = k_.rankLoops.empty() ? 1 : k_.clusterSize;
    threads_ = k_.blockThreads * cluster_;
    for (const auto& in : k_.instructions) rings_ |= in->async.ring();
    grid(0, 0);
    return res_;
  }

private:
  // The perfect nest of block loops; CTAs linearized row-major.
  void grid(size_t level, int64_t cta) {
    if (res_.tooLong) return;
    if (level == k_.gridLoops.size()) {
      cta_ = cta;
      // epoch_[row][copy]: barriers so far of each copy of each collective.
      epoch_.assign(collectives().size(), {});
      for (const Collective& c : collectives())
        epoch_[size_t(c.id)].assign(size_t(groupOf(c, threads_ - 1) + 1), 0);
      perCta_.clear();
      if (rings_) {
        // Each thread's clock: its own component at 0, nothing of the others.
        clock_.assign(size_t(k_.blockThreads), Clock(size_t(k_.blockThreads), -1));
        for (int64_t t = 0; t < k_.blockThreads; ++t) clock_[size_t(t)][size_t(t)] = 0;
        positions_.clear();
        waitedBy_.clear();
        mixed_.clear();
        waitedSlots_.clear();
        nextAgent_ = k_.blockThreads;
      }
      exec(*k_.blockBody, 0, threads_);
      for (const auto& [slot, why] : mixed_)
        if (waitedSlots_.count(slot)) fail(res_.ringPhase, why);
      for (const auto& [key, pos] : positions_)
        if (pos.agent >= 0 && pos.waits.empty())
          fail(res_.ringUnwaited, "the TMA copy of position " + std::to_string(key.second) + " of ring " + key.first->name +
                                    " is never waited for: it may land after its CTA ends");
      // A queue drained at the kernel's exit completes its committed groups there (no
      // access follows); an uncommitted one never completes.
      for (const Pending& p : pending_)
        if (!p.drained || p.group >= committed_[{p.queue, p.thread}]) {
          fail(res_.notAwaited, p.v->name + " accessed by an asynchronous instruction of thread " +
                                    std::to_string(p.thread) + " that no await completes");
          break;
        }
      pending_.clear();
      inflight_.clear();
      committed_.clear();
      return;
    }
    const Stmt* l = k_.gridLoops[level];
    if (lastBlockOnly_ && !l->compareAs && l->step > 0) {
      Wide lo = evalWide(*l->lo), hi = evalWide(*l->hi);
      Wide trip = hi > lo ? (hi - lo + l->step - 1) / l->step : 0;
      if (trip <= 0 || res_.undefined) return;
      env_[l->var] = lo + (trip - 1) * l->step;
      grid(level + 1, cta * static_cast<int64_t>(trip) + static_cast<int64_t>(trip - 1));
      return;
    }
    std::vector<Wide> values = iterations(*l);
    int64_t trip = static_cast<int64_t>(values.size());
    for (int64_t i = 0; i < trip; ++i) {
      env_[l->var] = values[i];
      grid(level + 1, cta * trip + i);
    }
  }

  /// C++'s value of e (model/Evaluate); memory contents and floats are not modelled
  /// (0). Undefined behaviour (signed overflow, ...) marks the run as undefined.
  Wide evalWide(const Expr& e) {
    Evaluation r = evaluate(e, [&](const Var* v) -> std::optional<Wide> {
      auto it = env_.find(v);
      return it == env_.end() ? std::nullopt : std::optional<Wide>(it->second);
    });
    if (r.value) return *r.value;
    if (!r.undefined.empty() && !res_.undefined) {
      res_.undefined = true;
      if (!res_.bad()) res_.detail = r.undefined;
    }
    return 0;
  }
  int64_t eval(const Expr& e) { return static_cast<int64_t>(evalWide(e)); }

  /// The values C++ gives the loop variable, in order (stops at undefined behaviour).
  std::vector<Wide> iterations(const Stmt& l) {
    std::vector<Wide> values;
    Env env = [&](const Var* v) -> std::optional<Wide> {
      auto it = env_.find(v);
      return it == env_.end() ? std::nullopt : std::optional<Wide>(it->second);
    };
    LoopEnd end = runLoop(l, evalWide(*l.lo), env, budget_ + 1, [&](Wide v) {
      values.push_back(v);
      return true;
    });
    if (end == LoopEnd::TooLong) res_.tooLong = true;
    if (end == LoopEnd::Undefined) res_.undefined = true;
    return values;
  }

  /// Runs s on the collective of threads [base, base + size).
  void exec(const Stmt& s, int64_t base, int64_t size) {
    if (res_.tooLong) return;
    switch (s.kind) {
      case StmtKind::Block:
        for (const StmtPtr& c : s.body) exec(*c, base, size);
        return;
      case StmtKind::For: {
        std::vector<Wide> values = iterations(s);
        if (s.rankLoop) {  // block j of the cluster runs iteration j
          for (size_t j = 0; j < values.size(); ++j) {
            env_[s.var] = values[j];
            exec(*s.forBody(), static_cast<int64_t>(j) * k_.blockThreads, k_.blockThreads);
          }
          return;
        }
        // ThreadMapping: iteration j of a parallel loop runs on threads
        // [base + j * unit, ... + unit); a sequential loop runs on all of them.
        for (size_t j = 0; j < values.size(); ++j) {
          env_[s.var] = values[j];
          if (s.loop == LoopKind::Seq) exec(*s.forBody(), base, size);
          else exec(*s.forBody(), base + firstThreadOf(s, static_cast<int64_t>(j), std::multiplies<int64_t>()),
                    iterationThreads(s));
        }
        return;
      }
      case StmtKind::If:
        for (int64_t t = 0; t < std::max<int64_t>(size, 1); ++t) touchReads(s.cond, base + t);
        if (eval(*s.cond)) exec(*s.body[0], base, size);
        else if (s.body.size() > 1) exec(*s.body[1], base, size);
        return;
      case StmtKind::Assign:
        for (int64_t t = 0; t < std::max<int64_t>(size, 1); ++t) {
          touchReads(s.rhs, base + t);
          if (s.lhs->kind == ExprKind::Index) {
            for (const ExprPtr& a : s.lhs->args) touchReads(a, base + t);
            if (s.op != "=") access(*s.lhs, base + t, false);
            access(*s.lhs, base + t, true);
          } else {
            env_[s.lhs->var] = eval(*s.rhs);
          }
        }
        return;
      case StmtKind::Decl:
        if (s.var->kind == VarKind::Array) written_.erase(s.var);  // a new array: nothing written yet
        if (s.init) {
          touchReads(s.init, base);
          env_[s.var] = eval(*s.init);
        }
        return;
      case StmtKind::Assume:
        return;
      case StmtKind::Instr:
        if (s.isBarrier()) {
          // Every copy of the scope inside the running collective passes its barrier.
          const Collective& c = collective(s.barrierScope());
          std::vector<int64_t>& ep = epoch_[size_t(c.id)];
          std::set<int64_t> copies;
          for (int64_t t = base; t < base + size; ++t) copies.insert(groupOf(c, t));
          for (int64_t g : copies)
            if (g < static_cast<int64_t>(ep.size())) ++ep[size_t(g)];
          return;
        }
        instr(s, base, size);
        return;
      case StmtKind::Aligned:
      case StmtKind::Expects:  // (random kernels' instructions state none)
        return;
    }
  }

  /// An instruction call: its meaning, run as its part in a queue says.
  void instr(const Stmt& s, int64_t base, int64_t size) {
    const AsyncRole& a = s.instr->async;
    const int64_t n = std::max<int64_t>(size, 1);
    switch (a.kind) {
      case AsyncRole::Kind::None:
        exec(*s.body[0], base, size);
        return;
      case AsyncRole::Kind::Issue:
      case AsyncRole::Kind::IssueCommit:
        for (int64_t t = base; t < base + n; ++t) {
          deferGroup_ = committed_[{a.queue, t}];
          deferQueue_ = &a.queue;
          deferDrained_ = a.drainedAtExit;
          exec(*s.body[0], t, 1);
          deferQueue_ = nullptr;
          if (a.kind == AsyncRole::Kind::IssueCommit) ++committed_[{a.queue, t}];
        }
        return;
      case AsyncRole::Kind::Commit:
        for (int64_t t = base; t < base + n; ++t) ++committed_[{a.queue, t}];
        return;
      case AsyncRole::Kind::IssueRing:
      case AsyncRole::Kind::ArriveRing: {
        const Var* ring = ringOf(s);
        const int64_t p = eval(ringPosition(s));
        for (int64_t t = base; t < base + n; ++t) {
          if (!ringSignalChecks(ring, p, t)) return;
          int64_t agent = -1;
          if (a.kind == AsyncRole::Kind::IssueRing) {
            // The copy's element accesses: checked now (its issue), done by the
            // completion agent of (ring, p).
            Position& pos = positions_[{ring, p}];
            if (pos.agent < 0) pos.agent = nextAgent_++;
            agent = pos.agent;
            ringAgent_ = agent;
            exec(*s.body[0], t, 1);
            ringAgent_ = -1;
          }
          signal(ring, p, t, agent);
        }
        return;
      }
      case AsyncRole::Kind::AwaitRing: {
        const Var* ring = ringOf(s);
        const int64_t p = eval(ringPosition(s));
        for (int64_t t = base; t < base + n; ++t) wait(ring, p, t);
        return;
      }
      case AsyncRole::Kind::Await:
      case AsyncRole::Kind::AwaitRead:  // the same for the groups' reads only
        for (int64_t t = base; t < base + n; ++t) {
          const int64_t done = committed_[{a.queue, t}] - a.pending;  // groups below this are complete
          for (size_t i = 0; i < pending_.size();) {
            Pending p = pending_[i];
            if (p.thread != t || p.queue != a.queue || p.group >= done ||
                (a.kind == AsyncRole::Kind::AwaitRead && p.write)) {
              ++i;
              continue;
            }
            pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
            auto& fl = inflight_[{p.v, p.flat}];
            for (size_t j = 0; j < fl.size(); ++j)
              if (fl[j].first == t && fl[j].second == p.write) {
                fl.erase(fl.begin() + static_cast<std::ptrdiff_t>(j));
                break;
              }
            record(p.v, p.flat, t, p.write);  // the access lands now, in t's epochs
          }
        }
        return;
    }
  }

  void touchReads(const ExprPtr& e, int64_t thread) {
    if (!e) return;
    for (size_t i = 0; i < e->args.size(); ++i) {
      // An operand C evaluates only when a condition holds (the arms of `?:`, the right
      // of `&&`): skipped reads still count as accesses for races (as the prover's
      // encoding does when a guard is not encodable), not as reads of a value.
      const bool outer = skippedArm_;
      if (std::optional<std::pair<const Expr*, bool>> g = operandGuard(*e, i); g && !skippedArm_)
        skippedArm_ = (eval(*g->first) != 0) != g->second;
      touchReads(e->args[i], thread);
      skippedArm_ = outer;
    }
    if (e->kind == ExprKind::Index) access(*e, thread, false);
  }

  /// The copy of collective c that thread t belongs to. In a cluster body: the cluster's
  /// one copy, the thread's block (its rank), or a copy inside that block.
  int64_t groupOf(const Collective& c, int64_t t) const {
    if (cluster_ == 1) return c.id == CollectiveId::Cluster ? 0 : c.groupOf(t);
    const int64_t rank = t / k_.blockThreads, local = t % k_.blockThreads;
    if (c.id == CollectiveId::Cluster) return 0;
    if (c.id == CollectiveId::Block) return rank;
    return rank * (k_.blockThreads + 1) + c.groupOf(local);
  }

  Epochs epochs(int64_t t) {
    Epochs e{};
    for (const Collective& c : collectives()) {
      const std::vector<int64_t>& ep = epoch_[size_t(c.id)];
      const int64_t g = groupOf(c, t);
      e[size_t(c.id)] = g < (int64_t)ep.size() ? ep[size_t(g)] : 0;
    }
    return e;
  }

  /// Is an access by t1 at `then` (its ring clock at `time`) ordered before one by t2
  /// now: one covering sync, or a chain of ring signals and waits? A completion agent
  /// (t1 >= blockThreads) is ordered by rings only.
  bool ordered(int64_t t1, const Epochs& then, int64_t time, int64_t t2) {
    if (rings_ && component(clock_[size_t(t2)], t1) >= time) return true;
    if (t1 >= threads_) return false;
    Epochs now = epochs(t2);
    for (const Collective& c : collectives())
      if (groupOf(c, t1) == groupOf(c, t2) && now[size_t(c.id)] > then[size_t(c.id)]) return true;
    return false;
  }

  void fail(bool& flag, const std::string& what) {
    if (!res_.bad()) res_.detail = what;
    flag = true;
  }

  void access(const Expr& e, int64_t t, bool write) {
    if (--budget_ < 0) {
      res_.tooLong = true;
      return;
    }
    const Var* v = e.var;
    int64_t flat = 0;
    if (v->isGlobalPointer()) {
      flat = eval(*e.args[0]);
    } else {
      for (size_t d = 0; d < v->dims.size(); ++d) {
        int64_t i = eval(*e.args[d]);
        if (i < 0 || i >= v->dims[d]) {
          fail(res_.outOfBounds, v->name + " index " + std::to_string(i) + " out of bounds");
          return;
        }
        flat = flat * v->dims[d] + i;
      }
    }
    // A block's own array in a cluster body (declared inside a block_in_cluster loop):
    // each block's is another array.
    if (cluster_ > 1 && !v->isGlobalPointer() && !v->clusterShared && v->memory != Memory::Local)
      flat += (t / k_.blockThreads) * v->elementCount();
    if (v->memory == Memory::Local || v->memory == Memory::Registers) {
      // Sequentially, every read of a thread's own array sees an earlier write.
      if (write) written_[v].insert(flat);
      else if (!skippedArm_ && !written_[v].count(flat))
        fail(res_.uninitializedRead, v->name + "[" + std::to_string(flat) + "] read by thread " + std::to_string(t) +
                                         " before anything wrote it");
    }
    if (v->memory == Memory::Local) return;  // private to the thread
    // An asynchronous access still in flight on this element: touching it is a race.
    auto fl = inflight_.find({v, flat});
    if (fl != inflight_.end())
      for (const auto& [other, w] : fl->second)
        if (w || write)
          fail(res_.race, v->name + "[" + std::to_string(flat) + "] touched by thread " + std::to_string(t) +
                              " while an asynchronous access of thread " + std::to_string(other) + " is in flight");
    if (ringAgent_ >= 0) {
      // A TMA copy's access: ordered after what came before its issue (checked now),
      // done by the completion agent of its position.
      check(v, flat, t, write);
      record(v, flat, ringAgent_, write);
      return;
    }
    if (deferQueue_) {
      // Issued now: ordered after what came before (checked now), lands at its await.
      check(v, flat, t, write);
      pending_.push_back({v, flat, write, t, deferGroup_, *deferQueue_, deferDrained_});
      inflight_[{v, flat}].push_back({t, write});
      return;
    }
    check(v, flat, t, write);
    record(v, flat, t, write);
  }

  /// Conflicts of an access by t with the earlier ones recorded.
  void check(const Var* v, int64_t flat, int64_t t, bool write) {
    ElementRecord& rec = v->isGlobalPointer() ? global_[{v, flat}] : perCta_[{v, flat}];
    if (v->isGlobalPointer()) {
      for (auto& [cta, rw] : rec.ctas)
        if (cta != cta_ && (write || rw.second))
          fail(res_.crossBlock, v->name + "[" + std::to_string(flat) + "] by CTAs " + std::to_string(cta) +
                                    " and " + std::to_string(cta_));
    }
    for (auto& [other, r] : rec.threads) {
      if (other == t) continue;
      if (v->memory == Memory::Registers) {
        fail(res_.registerOwner, v->name + " element used by threads " + std::to_string(other) + " and " +
                                     std::to_string(t));
        continue;
      }
      bool conflict = (r.write && !ordered(other, r.writeAt, r.writeTime, t)) ||
                      (write && r.read && !ordered(other, r.readAt, r.readTime, t));
      if (conflict)
        fail(res_.race, v->name + "[" + std::to_string(flat) + "] by threads " + std::to_string(other) + " and " +
                            std::to_string(t) + " of CTA " + std::to_string(cta_));
    }
  }

  /// The access by t happens now: later accesses are compared with t's epochs now.
  void record(const Var* v, int64_t flat, int64_t t, bool write) {
    ElementRecord& rec = v->isGlobalPointer() ? global_[{v, flat}] : perCta_[{v, flat}];
    if (v->isGlobalPointer()) {
      auto& mine = rec.ctas[cta_];
      (write ? mine.second : mine.first) = true;
      // Thread records are per CTA; reset them when another CTA starts using it.
      if (lastCta_[{v, flat}] != cta_ + 1) rec.threads.clear();
      lastCta_[{v, flat}] = cta_ + 1;
    }
    ThreadRecord& me = rec.threads[t];
    const bool agent = t >= threads_;
    const Epochs at = agent ? Epochs{} : epochs(t);
    const int64_t time = agent ? 0 : rings_ ? clock_[size_t(t)][size_t(t)] : 0;
    if (write) {
      me.write = true;
      me.writeAt = at;
      me.writeTime = time;
    } else {
      me.read = true;
      me.readAt = at;
      me.readTime = time;
    }
  }

  // ------------------------------------------------------------------- rings
  int64_t slotsOf(const Var* ring) const { return ring->dims.empty() ? 1 : ring->dims[0]; }
  int64_t expected(const Var* ring) {
    auto it = expected_.find(ring);
    if (it == expected_.end()) it = expected_.emplace(ring, ringArrivalCount(k_, *ring)).first;
    return it->second;
  }
  std::string where(const Var* ring, int64_t p) {
    return "position " + std::to_string(p) + " of ring " + ring->name + " (CTA " + std::to_string(cta_) + ")";
  }

  /// Before t signals (ring, p): the slot's previous phase p - S must be complete and
  /// ordered before (all its signals, its copy's landing, every wait for it). False
  /// when the position is outside the ring (nothing more is run).
  bool ringSignalChecks(const Var* ring, int64_t p, int64_t t) {
    if (p < 0) {
      fail(res_.ringNegative, "thread " + std::to_string(t) + " signals " + where(ring, p) + ": slot p % S < 0");
      return false;
    }
    const int64_t S = slotsOf(ring);
    if (p < S) return true;
    auto q = positions_.find({ring, p - S});
    const std::string who = "thread " + std::to_string(t) + "'s signal of " + where(ring, p);
    // Phases mixing: a problem once some thread waits on the slot (checked at the end).
    const std::pair<const Var*, int64_t> slot{ring, p % S};
    auto mix = [&](const std::string& why) {
      if (!mixed_.count(slot)) mixed_[slot] = why;
    };
    if (q == positions_.end() || q->second.signals < expected(ring)) {
      mix(who + " comes before position " + std::to_string(p - S) +
          " (the slot's previous phase) has all its signals: it would count towards that phase");
      return true;
    }
    const Position& prev = q->second;
    const Clock& mine = clock_[size_t(t)];
    for (const auto& [u, c] : prev.signalers)
      if (u != t && component(mine, u) < c) {
        mix(who + " is not ordered after thread " + std::to_string(u) + "'s signal of position " + std::to_string(p - S) +
            " (the slot's previous phase): it may count towards that phase");
        break;
      }
    if (prev.agent >= 0 && component(mine, prev.agent) < 0)
      mix(who + " is not ordered after the copy of position " + std::to_string(p - S) +
          " (the slot's previous phase) has landed: it may count towards that phase");
    for (const auto& [w, c] : prev.waits)
      if (w != t && component(mine, w) < c) {
        fail(res_.ringPhase, who + " is not ordered after thread " + std::to_string(w) + "'s wait for position " +
                                 std::to_string(p - S) + " (the slot's previous phase): the parities alias");
        return true;
      }
    return true;
  }

  /// t signals (ring, p): publishes its clock (and the copy's agent) into the position.
  void signal(const Var* ring, int64_t p, int64_t t, int64_t agent) {
    Position& pos = positions_[{ring, p}];
    if (++pos.signals > expected(ring))
      fail(res_.ringOverSignal, where(ring, p) + " is signalled " + std::to_string(pos.signals) +
                                    " times, more than the slot's arrival count " + std::to_string(expected(ring)) +
                                    " (the last by thread " + std::to_string(t) + ")");
    Clock& mine = clock_[size_t(t)];
    pos.signalers.push_back({t, mine[size_t(t)]});
    join(pos.clock, mine);
    if (agent >= 0) {
      if (static_cast<int64_t>(pos.clock.size()) <= agent) pos.clock.resize(size_t(agent + 1), -1);
      pos.clock[size_t(agent)] = std::max<int64_t>(pos.clock[size_t(agent)], 0);
    }
    ++mine[size_t(t)];  // what t does next is not published by this signal
  }

  /// w waits for (ring, p).
  void wait(const Var* ring, int64_t p, int64_t w) {
    const std::string who = "thread " + std::to_string(w) + "'s wait for " + where(ring, p);
    const int64_t S = slotsOf(ring);
    if (p < 0) {
      // Positions -S .. -1: the phase before each slot's first, which a fresh mbarrier
      // has completed: the wait returns at once, unless the slot's first phase (p + S)
      // has already been signalled (the parity then names the phase after it).
      // Earlier positions test a phase that never completes.
      if (p < -S) {
        fail(res_.ringDeadlock, who + ": a position before -" + std::to_string(S) + " never completes");
        return;
      }
      auto next = positions_.find({ring, p + S});
      if (next != positions_.end() && next->second.signals > 0)
        fail(res_.ringPhase, who + " comes after a signal of position " + std::to_string(p + S) +
                                 " (the slot's first phase) in the sequential program: the parities alias");
      waitedBy_.insert({w, ring, p});
      return;
    }
    Position& pos = positions_[{ring, p}];
    if (pos.signals < expected(ring))
      fail(res_.ringDeadlock, who + " has " + std::to_string(pos.signals) + " of its " + std::to_string(expected(ring)) +
                                  " signals before it in the sequential program: it may never return");
    if (p >= S && !waitedBy_.count({w, ring, p - S}))
      fail(res_.ringPhase, who + ": the thread has not waited for position " + std::to_string(p - S) +
                               " (the slot's previous phase), so the parity it tests may alias");
    auto next = positions_.find({ring, p + S});
    if (next != positions_.end() && next->second.signals > 0)
      fail(res_.ringPhase, who + " comes after a signal of position " + std::to_string(p + S) +
                               " (the slot's next phase) in the sequential program: the parities alias");
    Clock& mine = clock_[size_t(w)];
    join(mine, pos.clock);
    pos.waits.push_back({w, mine[size_t(w)]});
    waitedBy_.insert({w, ring, p});
    waitedSlots_.insert({ring, p % S});
  }

  const Kernel& k_;
  int64_t budget_;
  bool lastBlockOnly_ = false;
  int64_t cluster_ = 1;  // blocks run as one group: a cluster body's (else 1)
  int64_t threads_ = 0;  // threads of that group
  std::map<const Var*, Wide> env_;
  std::map<const Var*, std::set<int64_t>> written_;  // register / local elements written since their declaration
  bool skippedArm_ = false;                          // touchReads is in an operand C does not evaluate
  BruteResult res_;
  int64_t cta_ = 0;
  std::vector<std::vector<int64_t>> epoch_;
  std::map<std::pair<const Var*, int64_t>, ElementRecord> global_, perCta_;
  std::map<std::pair<const Var*, int64_t>, int64_t> lastCta_;
  // Asynchronous queues: groups committed per (queue, thread); accesses issued and not
  // yet completed; elements they may still be touching (thread, write).
  struct Pending {
    const Var* v;
    int64_t flat;
    bool write;
    int64_t thread;
    int64_t group;
    std::string queue;
    bool drained;  // its queue completes committed groups at the kernel's exit
  };
  std::map<std::pair<std::string, int64_t>, int64_t> committed_;
  std::vector<Pending> pending_;
  std::map<std::pair<const Var*, int64_t>, std::vector<std::pair<int64_t, bool>>> inflight_;
  const std::string* deferQueue_ = nullptr;  // set while an asynchronous issue's meaning runs
  int64_t deferGroup_ = 0;
  bool deferDrained_ = false;
  // Rings: every thread's clock; per (ring, position) its signals, the clock they
  // published, its waits (thread, the waiter's own clock after the wait) and the
  // completion agent of its copies (-1: signalled by arrivals).
  struct Position {
    int64_t signals = 0;
    Clock clock;
    std::vector<std::pair<int64_t, int64_t>> signalers, waits;
    int64_t agent = -1;
  };
  bool rings_ = false;
  std::vector<Clock> clock_;
  std::map<std::pair<const Var*, int64_t>, Position> positions_;
  std::set<std::tuple<int64_t, const Var*, int64_t>> waitedBy_;
  std::map<const Var*, int64_t> expected_;
  std::map<std::pair<const Var*, int64_t>, std::string> mixed_;  // (ring, slot) -> the first signal that mixes phases
  std::set<std::pair<const Var*, int64_t>> waitedSlots_;         // (ring, slot) some thread waits on
  int64_t nextAgent_ = 0;
  int64_t ringAgent_ = -1;  // set while a TMA copy's meaning runs: its completion agent
};

}  // namespace

BruteResult bruteForce(const Kernel& k, const std::map<const Var*, int64_t>& params, int64_t maxAccesses,
                       bool lastBlockOnly) {
  if (!k.blockBody) return {};
  return Interp(k, params, maxAccesses, lastBlockOnly).run();
}

}  // namespace exo::test
