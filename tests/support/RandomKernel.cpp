#include "tests/support/RandomKernel.h"

#include "model/Instruction.h"

#include <algorithm>
#include <array>
#include <climits>
#include <sstream>

namespace exo::test {

using namespace model;

namespace {

ExprPtr lit(int64_t v) { return Expr::intLit(v); }
ExprPtr ref(Var* v) { return Expr::varRef(v); }
ExprPtr bin(const char* op, ExprPtr a, ExprPtr b) { return Expr::binary(op, std::move(a), std::move(b)); }
ExprPtr index(Var* v, std::vector<ExprPtr> args) {
  Type f;
  f.scalar = ScalarKind::Float;
  return Expr::index(v, std::move(args), f);
}

/// An affine term sum c_v * v + c0 with its value range.
struct Affine {
  std::vector<std::pair<Var*, int64_t>> terms;
  int64_t c0 = 0;
  ExprPtr expr() const {
    ExprPtr e = lit(c0);
    for (auto& [v, c] : terms) e = bin("+", e, c == 1 ? ref(v) : bin("*", lit(c), ref(v)));
    return e;
  }
};

class Gen {
public:
  explicit Gen(std::mt19937& rng, bool async = false) : rng_(rng), async_(async) {}

  RandomKernel build() {
    RandomKernel out;
    out.kernel = std::make_unique<Kernel>();
    Kernel& k = *out.kernel;
    k_ = &k;
    k.name = "random";
    Type ptr;
    ptr.scalar = ScalarKind::Float;
    ptr.isPointer = true;
    ptr.isRestrict = true;
    Type cptr = ptr;
    cptr.pointeeConst = true;
    Type intT;
    Var* n = k.newVar("n", intT, VarKind::Param, Memory::Param, {});
    in_ = k.newVar("in", cptr, VarKind::Param, Memory::Param, {});
    out_ = k.newVar("out", ptr, VarKind::Param, Memory::Param, {});
    k.params = {n, in_, out_};
    k.body = Stmt::block();

    // Grid: constant, or n / 16 blocks with assume(n % 16 == 0).
    b_ = k.newVar("b", Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr g = Stmt::forLoop(LoopKind::Block, b_, lit(0), nullptr);  // hi below
    bool symbolic = pick(3) == 0;
    if (symbolic) {
      k.body->body.push_back(Stmt::assume(bin("==", bin("%", ref(n), lit(16)), lit(0))));
      // An upper bound on n, or none: then only overflow-free index arithmetic is proven.
      int64_t nmax = std::array<int64_t, 5>{0, 4096, 65536, 1 << 20, 65536}[pick(5)];
      if (nmax) {
        k.body->body.push_back(Stmt::assume(bin("<=", ref(n), lit(nmax))));
        log_ << "  assume(n <= " << nmax << ")\n";
      } else {
        log_ << "  (n unbounded)\n";
      }
      out.largest = {{n, (nmax ? nmax : INT32_MAX) / 16 * 16}};
      g->hi = bin("/", ref(n), lit(16));
      for (int64_t v : {16, 32, 48, 64, 128, 256}) out.sizes.push_back({{n, v}});
      gridMax_ = 2;
    } else {
      int64_t G = 1 + pick(3);
      g->hi = lit(G);
      out.sizes.push_back({{n, 0}});
      gridMax_ = G - 1;
    }
    Stmt* body = g->forBody();

    // One shared array; its extents are fixed once all indices are known.
    Type f;
    f.scalar = ScalarKind::Float;
    shared_ = k.newVar("s", f, VarKind::Array, Memory::Shared, {});
    rank_ = 1 + pick(2);
    shared_->dims.assign(rank_, 1);
    body->body.push_back(Stmt::decl(shared_));

    Stmt* phasesIn = body;
    if (async_) makeAsyncInstructions();
    warp_ = !async_ && pick(4) == 0;  // async: commits and awaits run on the whole block
    if (warp_) {
      StmtPtr w = loop(LoopKind::Warp, "w", 1 + pick(3));
      warpVar_ = w->var;
      body->body.push_back(std::move(w));
      phasesIn = body->body.back()->forBody();
    }
    int phases = 2 + pick(3);
    int seqFrom = pick(2) == 0 ? pick(phases) : -1;
    Stmt* target = phasesIn;
    for (int p = 0; p < phases; ++p) {
      if (p == seqFrom) {
        StmtPtr l = loop(LoopKind::Seq, "l", 2 + pick(2));
        seqVar_ = l->var;
        seqTrip_ = l->hi->ival;
        target->body.push_back(std::move(l));
        target = target->body.back()->forBody();
      }
      target->body.push_back(phase());
      if (async_) asyncControl(target);
      if (pick(5) < 4) {
        // Inside the sequential loop, sometimes a barrier under a uniform condition on
        // its variable (the guarded barrier of a pipelined loop): `if (l < c) sync`.
        if (seqVar_ && pick(3) == 0) {
          int64_t c = pick(seqTrip_ + 1);
          StmtPtr iff = Stmt::ifStmt(bin("<", ref(seqVar_), lit(c)), Stmt::block());
          log_ << "  if (" << seqVar_->name << " < " << c << ")\n";
          iff->body[0]->body.push_back(sync());
          target->body.push_back(std::move(iff));
        } else {
          target->body.push_back(sync());
        }
      }
    }
    // Sometimes a drain after everything (an await of 0 in flight).
    if (async_ && pick(4) != 0) {
      phasesIn->body.push_back(call(await_[0], "await<0>"));
      if (pick(2) == 0) phasesIn->body.push_back(sync());
    }
    // Extents: cover every index, except sometimes one short (out of bounds).
    for (int d = 0; d < rank_; ++d) shared_->dims[d] = std::max<int64_t>(1, maxIdx_[d] + 1 - (pick(12) == 0 ? 1 : 0));
    k.body->body.push_back(std::move(g));
    out.text = describe();
    return out;
  }

private:
  int64_t pick(int64_t n) { return std::uniform_int_distribution<int64_t>(0, n - 1)(rng_); }

  /// (unsigned)e, the implicit conversion C++ applies against an unsigned operand.
  static ExprPtr unsignedOf(ExprPtr e) {
    Type u;
    u.scalar = ScalarKind::UInt;
    return Expr::cast(u, std::move(e), /*implicit=*/true);
  }
  static ExprPtr unsignedLit(int64_t v) {
    ExprPtr e = lit(v);
    e->type.scalar = ScalarKind::UInt;
    return e;
  }

  StmtPtr loop(LoopKind kind, const std::string& name, int64_t trip) {
    Var* v = k_->newVar(name + std::to_string(counter_++), Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr l = Stmt::forLoop(kind, v, lit(0), lit(trip));
    // Sometimes `for (int v = -1; v < c u; ...)`: compared as unsigned, it never runs.
    if (kind == LoopKind::Seq && pick(6) == 0) {
      l->lo = lit(-1);
      l->hi = unsignedLit(trip);
      l->compareAs = ScalarKind::UInt;
      log_ << "  (the next sequential loop starts at -1 against an unsigned bound: no iteration)\n";
    }
    ranges_[l->var] = trip - 1;
    return l;
  }

  StmtPtr sync() {
    StmtPtr s = Stmt::sync(warp_ || pick(3) == 0 ? SyncScope::Warp : SyncScope::Block);
    log_ << "  sync(" << syncScopeName(s->scope) << ")\n";
    return s;
  }

  /// A random affine index over vars with a non-negative minimum; records the max.
  /// Half of the time the index is injective in the thread variables (`t0 * T1 + t1`,
  /// or one thread variable per dimension), the shape of race-free code.
  Affine affine(const std::vector<Var*>& vars, int dim, bool forShared) {
    if (pick(5) != 0 && !threadVars_.empty()) return canonical(dim, forShared);
    Affine a;
    int64_t lo = 0, hi = 0;
    for (Var* v : vars) {
      int64_t c = static_cast<int64_t>(pick(5)) - 1;  // -1 .. 3
      if (c == 0) continue;
      a.terms.push_back({v, c});
      (c > 0 ? hi : lo) += c * ranges_[v];
    }
    a.c0 = -lo + pick(3);
    if (forShared) maxIdx_[dim] = std::max(maxIdx_[dim], a.c0 + hi);
    return a;
  }

  Affine canonical(int dim, bool forShared) {
    Affine a;
    int64_t hi = 0;
    if (forShared && rank_ == 2 && threadVars_.size() == 2) {
      Var* v = threadVars_[dim];
      a.terms.push_back({v, 1});
      hi = ranges_[v];
    } else if (!forShared || dim == 0) {
      int64_t stride = 1;
      for (size_t i = threadVars_.size(); i-- > 0;) {
        a.terms.push_back({threadVars_[i], stride});
        hi += stride * ranges_[threadVars_[i]];
        stride *= ranges_[threadVars_[i]] + 1;
      }
    }
    a.c0 = pick(3) == 0 ? pick(2) : 0;
    if (forShared) maxIdx_[dim] = std::max(maxIdx_[dim], a.c0 + hi);
    lastSpan_ = a.c0 + hi + 1;
    return a;
  }

  StmtPtr phase() {
    int depth = 1 + pick(2);
    std::vector<Var*> vars;
    StmtPtr outer;
    Stmt* inner = nullptr;
    std::string head;
    for (int d = 0; d < depth; ++d) {
      StmtPtr l = loop(LoopKind::Thread, "t", depth == 1 ? 1 + pick(40) : 1 + pick(d == 0 ? 6 : 12));
      vars.push_back(l->var);
      threadVars_ = vars;
      head += std::string("for ") + l->var->name + " < " + std::to_string(l->hi->ival) + " ";
      Stmt* raw = l.get();
      if (!outer) outer = std::move(l);
      else inner->body[0]->body.push_back(std::move(l));
      inner = raw;
    }
    std::vector<Var*> idxVars = vars;
    if (seqVar_ && pick(2)) idxVars.push_back(seqVar_);
    if (warpVar_ && pick(2)) idxVars.push_back(warpVar_);
    auto sharedIdx = [&]() {
      std::vector<ExprPtr> args;
      std::string s = "s";
      for (int d = 0; d < rank_; ++d) {
        Affine a = affine(idxVars, d, true);
        args.push_back(a.expr());
        s += "[...]";
      }
      return index(shared_, args);
    };
    auto globalIdx = [&](Var* p) {
      // b * stride + affine: a small stride lets blocks overlap.
      std::vector<Var*> gv = idxVars;
      lastSpan_ = 0;
      Affine a = affine(gv, 0, false);
      int64_t stride = lastSpan_ && pick(3) ? lastSpan_ : 1 + pick(64);
      if (pick(10) == 0) stride = int64_t(1) << (20 + pick(4));  // overflows for large n
      log_ << "  global stride " << stride << "\n";
      return index(p, {bin("+", bin("*", ref(b_), lit(stride)), a.expr())});
    };
    ExprPtr lhs, rhs;  // made in this order: the generator's choices depend on it
    int kind = pick(4);
    if (kind == 0) {
      lhs = sharedIdx();
      rhs = globalIdx(in_);
    } else if (kind == 1) {
      lhs = globalIdx(out_);
      rhs = sharedIdx();
    } else {
      lhs = sharedIdx();
      rhs = sharedIdx();
    }
    StmtPtr as = Stmt::assign(lhs, kind == 2 ? "+=" : "=", rhs);
    log_ << "  " << head << ": kind " << kind << "\n";
    if (async_ && kind == 0 && pick(4) != 0) {
      // The copy global -> shared as an asynchronous instruction (cp.async's shape).
      StmtPtr meaning = Stmt::block();
      meaning->body.push_back(std::move(as));
      as = Stmt::instrCall(acopy_, {}, std::move(meaning));
      log_ << "    (asynchronous: acopy)\n";
    }
    // Sometimes guard it with `if (v < c)`, or with C++'s unsigned range check
    // `(unsigned)(v - a) < c` / `v - a >= c` against an unsigned constant (an enumerator
    // of `enum : unsigned`): both wrap around for v < a.
    if (pick(4) == 0) {
      ExprPtr cond;
      int64_t range = std::max<int64_t>(1, ranges_[vars.back()] + 1);
      int guard = pick(3);
      if (guard == 0) {
        cond = bin("<", ref(vars.back()), lit(1 + pick(range)));
      } else {
        ExprPtr shifted = unsignedOf(bin("-", ref(vars.back()), lit(pick(range))));
        cond = bin(guard == 1 ? "<" : ">=", shifted, unsignedLit(pick(range) + (guard == 1)));
        log_ << "  unsigned guard " << (guard == 1 ? "<" : ">=") << "\n";
      }
      StmtPtr iff = Stmt::ifStmt(cond, Stmt::block());
      iff->body[0]->body.push_back(std::move(as));
      inner->body[0]->body.push_back(std::move(iff));
    } else {
      inner->body[0]->body.push_back(std::move(as));
    }
    return outer;
  }

  // --------------------------------------------------------------- async mode
  // acopy (a thread's asynchronous copy on queue "q"), acommit (the block closes its
  // threads' groups) and await<N> (each thread waits until at most N groups are in flight).
  void makeAsyncInstructions() {
    auto make = [&](const char* name, CollectiveId c, AsyncRole::Kind kind, int64_t pending) {
      auto in = std::make_unique<Instruction>();
      in->name = name;
      in->collective = c;
      in->header = "random.hpp";
      in->cudaFunction = name;
      in->async.kind = kind;
      in->async.queue = "q";
      in->async.pending = pending;
      k_->instructions.push_back(std::move(in));
      return k_->instructions.back().get();
    };
    acopy_ = make("acopy", CollectiveId::Thread, AsyncRole::Kind::Issue, 0);
    acommit_ = make("acommit", CollectiveId::Block, AsyncRole::Kind::Commit, 0);
    for (int n = 0; n < 3; ++n) await_[n] = make("await", CollectiveId::Block, AsyncRole::Kind::Await, n);
  }

  StmtPtr call(const Instruction* in, const std::string& text) {
    log_ << "  " << text << "\n";
    return Stmt::instrCall(in, {}, Stmt::block());
  }

  /// After a phase: a commit most of the time, sometimes an await of 0..2 in flight
  /// (and the caller's barrier after it, or not).
  void asyncControl(Stmt* target) {
    if (pick(4) != 0) target->body.push_back(call(acommit_, "commit"));
    if (pick(3) != 0) {
      int n = static_cast<int>(pick(3));
      target->body.push_back(call(await_[n], "await<" + std::to_string(n) + ">"));
    }
  }

  std::string describe() { return log_.str(); }

  std::mt19937& rng_;
  bool async_ = false;
  const Instruction* acopy_ = nullptr;
  const Instruction* acommit_ = nullptr;
  const Instruction* await_[3] = {};
  Kernel* k_ = nullptr;
  Var *in_ = nullptr, *out_ = nullptr, *b_ = nullptr, *shared_ = nullptr;
  Var *seqVar_ = nullptr, *warpVar_ = nullptr;
  int64_t seqTrip_ = 0, gridMax_ = 0;
  int rank_ = 1;
  bool warp_ = false;
  int counter_ = 0;
  std::map<Var*, int64_t> ranges_;
  std::vector<Var*> threadVars_;
  int64_t lastSpan_ = 0;
  std::map<int, int64_t> maxIdx_;
  std::ostringstream log_;
};

}  // namespace

RandomKernel randomKernel(std::mt19937& rng) { return Gen(rng).build(); }
RandomKernel randomAsyncKernel(std::mt19937& rng) { return Gen(rng, /*async=*/true).build(); }

}  // namespace exo::test
