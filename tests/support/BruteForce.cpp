#include "tests/support/BruteForce.h"

#include <array>
#include <vector>

namespace exo::test {

using namespace model;

namespace {

/// Sync counters at the time of an access: block, warpgroup, warp.
using Epochs = std::array<int64_t, 3>;

struct ThreadRecord {
  bool read = false, write = false;
  Epochs readAt{}, writeAt{};
};

struct ElementRecord {
  std::map<int64_t, ThreadRecord> threads;  // flat thread -> its latest accesses
  std::map<int64_t, std::pair<bool, bool>> ctas;  // CTA -> (read, write), global memory only
};

class Interp {
public:
  Interp(const Kernel& k, const std::map<const Var*, int64_t>& params, int64_t maxAccesses)
      : k_(k), budget_(maxAccesses) {
    for (auto& [v, x] : params) env_[v] = x;
  }

  BruteResult run() {
    blockEpoch_ = 0;
    grid(0, 0);
    return res_;
  }

private:
  // The perfect nest of block loops; CTAs linearized row-major.
  void grid(size_t level, int64_t cta) {
    if (res_.tooLong) return;
    if (level == k_.gridLoops.size()) {
      cta_ = cta;
      warpEpoch_.assign(k_.blockThreads / 32 + 1, 0);
      wgEpoch_.assign(k_.blockThreads / 128 + 1, 0);
      blockEpoch_ = 0;
      perCta_.clear();
      exec(*k_.blockBody, 0, k_.blockThreads);
      return;
    }
    const Stmt* l = k_.gridLoops[level];
    int64_t lo = eval(*l->lo), hi = eval(*l->hi), trip = hi > lo ? (hi - lo + l->step - 1) / l->step : 0;
    for (int64_t i = 0; i < trip; ++i) {
      env_[l->var] = lo + i * l->step;
      grid(level + 1, cta * trip + i);
    }
  }

  int64_t eval(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLit: return e.ival;
      case ExprKind::FloatLit: return static_cast<int64_t>(e.fval);
      case ExprKind::VarRef: return env_[e.var];
      case ExprKind::Index: return 0;  // memory contents are not modelled
      case ExprKind::Unary: {
        int64_t a = eval(*e.args[0]);
        return e.spelling == "-" ? -a : e.spelling == "!" ? !a : e.spelling == "~" ? ~a : a;
      }
      case ExprKind::Binary: {
        int64_t a = eval(*e.args[0]), b = eval(*e.args[1]);
        const std::string& op = e.spelling;
        if (op == "+") return a + b;
        if (op == "-") return a - b;
        if (op == "*") return a * b;
        if (op == "/") return b ? a / b : 0;
        if (op == "%") return b ? a % b : 0;
        if (op == "<<") return b >= 0 && b < 63 ? a << b : 0;
        if (op == ">>") return b >= 0 && b < 63 ? a >> b : 0;
        if (op == "&") return a & b;
        if (op == "|") return a | b;
        if (op == "<") return a < b;
        if (op == "<=") return a <= b;
        if (op == ">") return a > b;
        if (op == ">=") return a >= b;
        if (op == "==") return a == b;
        if (op == "!=") return a != b;
        if (op == "&&") return a && b;
        if (op == "||") return a || b;
        return 0;
      }
      case ExprKind::Select: return eval(*e.args[0]) ? eval(*e.args[1]) : eval(*e.args[2]);
      case ExprKind::Cast: return eval(*e.args[0]);
      case ExprKind::Call: return 0;
    }
    return 0;
  }

  /// Runs s on the collective of threads [base, base + size).
  void exec(const Stmt& s, int64_t base, int64_t size) {
    if (res_.tooLong) return;
    switch (s.kind) {
      case StmtKind::Block:
        for (const StmtPtr& c : s.body) exec(*c, base, size);
        return;
      case StmtKind::For: {
        int64_t lo = eval(*s.lo), hi = eval(*s.hi);
        if (s.loop == LoopKind::Seq) {
          for (int64_t v = lo; v < hi; v += s.step) {
            env_[s.var] = v;
            exec(*s.forBody(), base, size);
          }
          return;
        }
        // ThreadMapping: iteration j runs on threads [base + j * unit, ... + unit).
        int64_t j = 0;
        for (int64_t v = lo; v < hi; v += s.step, ++j) {
          env_[s.var] = v;
          exec(*s.forBody(), base + j * s.unit, s.unit);
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
        if (s.init) {
          touchReads(s.init, base);
          env_[s.var] = eval(*s.init);
        }
        return;
      case StmtKind::Sync: {
        if (s.scope == SyncScope::Block) ++blockEpoch_;
        int64_t g = s.scope == SyncScope::Warp ? 32 : 128;
        std::vector<int64_t>& ep = s.scope == SyncScope::Warp ? warpEpoch_ : wgEpoch_;
        if (s.scope != SyncScope::Block)
          for (int64_t t = base; t < base + size; t += g)
            if (t / g < static_cast<int64_t>(ep.size())) ++ep[t / g];
        return;
      }
      case StmtKind::Assume:
        return;
    }
  }

  void touchReads(const ExprPtr& e, int64_t thread) {
    if (!e) return;
    for (const ExprPtr& a : e->args) touchReads(a, thread);
    if (e->kind == ExprKind::Index) access(*e, thread, false);
  }

  Epochs epochs(int64_t t) {
    return {blockEpoch_, t / 128 < (int64_t)wgEpoch_.size() ? wgEpoch_[t / 128] : 0,
            t / 32 < (int64_t)warpEpoch_.size() ? warpEpoch_[t / 32] : 0};
  }

  /// Is an access by t1 at `then` ordered before one by t2 now (one covering sync)?
  bool ordered(int64_t t1, const Epochs& then, int64_t t2) {
    Epochs now = epochs(t2);
    if (now[0] > then[0]) return true;
    if (t1 / 128 == t2 / 128 && now[1] > then[1]) return true;
    if (t1 / 32 == t2 / 32 && now[2] > then[2]) return true;
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
    if (v->memory == Memory::Local) return;  // private to the thread
    ElementRecord& rec = v->isGlobalPointer() ? global_[{v, flat}] : perCta_[{v, flat}];
    if (v->isGlobalPointer()) {
      for (auto& [cta, rw] : rec.ctas)
        if (cta != cta_ && (write || rw.second))
          fail(res_.crossBlock, v->name + "[" + std::to_string(flat) + "] by CTAs " + std::to_string(cta) +
                                    " and " + std::to_string(cta_));
      auto& mine = rec.ctas[cta_];
      (write ? mine.second : mine.first) = true;
      // Thread records are per CTA; reset them when another CTA starts using it.
      if (lastCta_[{v, flat}] != cta_ + 1) rec.threads.clear();
      lastCta_[{v, flat}] = cta_ + 1;
    }
    for (auto& [other, r] : rec.threads) {
      if (other == t) continue;
      if (v->memory == Memory::Registers) {
        fail(res_.registerOwner, v->name + " element used by threads " + std::to_string(other) + " and " +
                                     std::to_string(t));
        continue;
      }
      bool conflict = (r.write && !ordered(other, r.writeAt, t)) || (write && r.read && !ordered(other, r.readAt, t));
      if (conflict)
        fail(res_.race, v->name + "[" + std::to_string(flat) + "] by threads " + std::to_string(other) + " and " +
                            std::to_string(t) + " of CTA " + std::to_string(cta_));
    }
    ThreadRecord& me = rec.threads[t];
    if (write) {
      me.write = true;
      me.writeAt = epochs(t);
    } else {
      me.read = true;
      me.readAt = epochs(t);
    }
  }

  const Kernel& k_;
  int64_t budget_;
  std::map<const Var*, int64_t> env_;
  BruteResult res_;
  int64_t cta_ = 0, blockEpoch_ = 0;
  std::vector<int64_t> warpEpoch_, wgEpoch_;
  std::map<std::pair<const Var*, int64_t>, ElementRecord> global_, perCta_;
  std::map<std::pair<const Var*, int64_t>, int64_t> lastCta_;
};

}  // namespace

BruteResult bruteForce(const Kernel& k, const std::map<const Var*, int64_t>& params, int64_t maxAccesses) {
  if (!k.blockBody) return {};
  return Interp(k, params, maxAccesses).run();
}

}  // namespace exo::test
