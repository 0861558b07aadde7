#include "tests/support/RandomKernel.h"

#include "tests/support/ExprBuild.h"

#include "model/Instruction.h"

#include <algorithm>
#include <array>
#include <climits>
#include <sstream>

namespace exo::test {

using namespace model;

namespace {

ExprPtr index(Var* v, std::vector<ExprPtr> args) { return floatIndex(v, std::move(args)); }

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
    const Type ptr = floatPointer(false), cptr = floatPointer(true);
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
    log_ << "  sync(" << syncScopeName(s->barrierScope()) << ")\n";
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
    StmtPtr commitAfter;
    if (async_ && (kind == 0 || kind == 1) && pick(4) != 0) {
      // The copy global -> shared (cp.async's shape) or shared -> global (a TMA store's)
      // as an asynchronous instruction; on a drained queue, mostly committed right after.
      StmtPtr meaning = Stmt::block();
      meaning->body.push_back(std::move(as));
      as = Stmt::instrCall(acopy_, {}, std::move(meaning));
      log_ << "    (asynchronous: acopy)\n";
      if (drained_ && pick(4) != 0) commitAfter = call(tcommit_, "    tcommit");
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
      if (commitAfter) iff->body[0]->body.push_back(std::move(commitAfter));
      inner->body[0]->body.push_back(std::move(iff));
    } else {
      inner->body[0]->body.push_back(std::move(as));
      if (commitAfter) inner->body[0]->body.push_back(std::move(commitAfter));
    }
    return outer;
  }

  // --------------------------------------------------------------- async mode
  // acopy (a thread's asynchronous copy on queue "q"), acommit (the block closes its
  // threads' groups), await<N> (each thread waits until at most N groups are in flight)
  // and await_read<N> (the same for the groups' reads only: a TMA store's source). A third
  // of the kernels drain the queue at their exit (a TMA store's queue, drainedAtExit),
  // with a thread's own commit (tcommit) right after most of their copies.
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
    drained_ = pick(3) == 0;
    Instruction* copy = make("acopy", CollectiveId::Thread, AsyncRole::Kind::Issue, 0);
    copy->async.drainedAtExit = drained_;
    acopy_ = copy;
    acommit_ = make("acommit", CollectiveId::Block, AsyncRole::Kind::Commit, 0);
    for (int n = 0; n < 3; ++n) await_[n] = make("await", CollectiveId::Block, AsyncRole::Kind::Await, n);
    for (int n = 0; n < 3; ++n) awaitRead_[n] = make("await_read", CollectiveId::Block, AsyncRole::Kind::AwaitRead, n);
    tcommit_ = make("tcommit", CollectiveId::Thread, AsyncRole::Kind::Commit, 0);
    if (drained_) log_ << "  queue drained at exit\n";
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
      if (pick(3) == 0) target->body.push_back(call(awaitRead_[n], "await_read<" + std::to_string(n) + ">"));
      else target->body.push_back(call(await_[n], "await<" + std::to_string(n) + ">"));
    }
  }

  std::string describe() { return log_.str(); }

  std::mt19937& rng_;
  bool async_ = false;
  const Instruction* acopy_ = nullptr;
  const Instruction* acommit_ = nullptr;
  const Instruction* await_[3] = {};
  const Instruction* awaitRead_[3] = {};
  const Instruction* tcommit_ = nullptr;
  bool drained_ = false;
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

// ------------------------------------------------------------------ ring kernels

namespace {

class RingGen {
public:
  explicit RingGen(const RingShape& sh) : sh_(sh) {}

  RandomKernel build() {
    RandomKernel out;
    out.kernel = std::make_unique<Kernel>();
    Kernel& k = *out.kernel;
    k_ = &k;
    k.name = "random_ring";
    const int S = sh_.slots, W = sh_.width, NM = sh_.maxN;
    const Type ptr = floatPointer(false), cptr = floatPointer(true);
    Var* n = k.newVar("n", Type{}, VarKind::Param, Memory::Param, {});
    in_ = k.newVar("in", cptr, VarKind::Param, Memory::Param, {});
    Var* outp = k.newVar("out", ptr, VarKind::Param, Memory::Param, {});
    k.params = {n, in_, outp};
    k.body = Stmt::block();
    makeInstructions();
    line("// rcopy: [[exo::instr(thread, \"x.hpp\", \"rcopy\", \"async_ring(tma)\")]] template <int S, int W>");
    line("//   void rcopy([[exo::shared]] float (&dst)[W], const float* src, int off, [[exo::shared]] exo::mbarrier (&ring)[S], int position)");
    line("//   { for (int i = 0; i < W; ++i) dst[i] = src[off + i]; }   (a TMA-like copy signalling `position`)");
    line("// shape: S=" + std::to_string(S) + " consumers=" + std::to_string(sh_.consumers) + " W=" + std::to_string(W) +
         " maxN=" + std::to_string(NM) + " expected signals: full " + std::to_string(sh_.twoCopies ? 2 : 1));
    line("[[exo::kernel]] void random_ring(int n, const float* __restrict__ in, float* __restrict__ out) {");
    ++depth_;
    k.body->body.push_back(Stmt::assume(bin("&&", bin(">=", ref(n), lit(0)), bin("<=", ref(n), lit(NM)))));
    line("exo::assume(n >= 0 && n <= " + std::to_string(NM) + ");");
    for (int64_t v = 0; v <= NM; ++v) out.sizes.push_back({{n, v}});
    out.largest = {{n, NM}};

    b_ = k.newVar("b", Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr g = Stmt::forLoop(LoopKind::Block, b_, lit(0), lit(sh_.blocks));
    line("[[exo::parallel(block)]] for (int b = 0; b < " + std::to_string(sh_.blocks) + "; ++b) {");
    ++depth_;
    Stmt* body = g->forBody();
    Type f;
    f.scalar = ScalarKind::Float;
    Type mb;
    mb.scalar = ScalarKind::MBarrier;
    buf_ = k.newVar("buf", f, VarKind::Array, Memory::Shared, {});
    buf_->dims = {S, W};
    body->body.push_back(Stmt::decl(buf_));
    line("[[exo::shared]] float buf[" + std::to_string(S) + "][" + std::to_string(W) + "];");
    if (sh_.twoCopies) {
      buf2_ = k.newVar("buf2", f, VarKind::Array, Memory::Shared, {});
      buf2_->dims = {S, W};
      body->body.push_back(Stmt::decl(buf2_));
      line("[[exo::shared]] float buf2[" + std::to_string(S) + "][" + std::to_string(W) + "];");
    }
    full_ = k.newVar("full", mb, VarKind::Array, Memory::Shared, {});
    full_->dims = {S};
    body->body.push_back(Stmt::decl(full_));
    line("[[exo::shared]] exo::mbarrier full[" + std::to_string(S) + "];");
    const bool emptyRing = sh_.producerWaits || sh_.arrive != RingShape::Arrive::None;
    if (emptyRing) {
      empty_ = k.newVar("empty", mb, VarKind::Array, Memory::Shared, {});
      empty_->dims = {S};
      body->body.push_back(Stmt::decl(empty_));
      line("[[exo::shared]] exo::mbarrier empty[" + std::to_string(S) + "];");
    }

    StmtPtr loopKt = Stmt::forLoop(LoopKind::Seq, kt_ = k.newVar("kt", Type{}, VarKind::LoopVar, Memory::Local, {}), lit(0), ref(n));
    line("for (int kt = 0; kt < n; ++kt) {");
    ++depth_;
    const char* level = sh_.warpgroups ? "warpgroup" : "warp";
    g_ = k.newVar("g", Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr roles = Stmt::forLoop(sh_.warpgroups ? LoopKind::Warpgroup : LoopKind::Warp, g_, lit(0), lit(1 + sh_.consumers));
    line(std::string("[[exo::parallel(") + level + ")]] for (int g = 0; g < " + std::to_string(1 + sh_.consumers) + "; ++g) {");
    ++depth_;
    line("if (g == 0) {");
    ++depth_;
    StmtPtr producer = producerPart();
    --depth_;
    line("} else {");
    ++depth_;
    StmtPtr consumer = consumerPart();
    --depth_;
    line("}");
    roles->forBody()->body.push_back(Stmt::ifStmt(bin("==", ref(g_), lit(0)), std::move(producer), std::move(consumer)));
    --depth_;
    line("}");
    loopKt->forBody()->body.push_back(std::move(roles));
    --depth_;
    line("}");
    body->body.push_back(std::move(loopKt));
    --depth_;
    line("}");
    --depth_;
    line("}");
    k.body->body.push_back(std::move(g));
    out.text = text_.str();
    return out;
  }

private:
  void line(const std::string& l) { text_ << std::string(2 * depth_, ' ') << l << "\n"; }

  ExprPtr pos(int c) const { return c == 0 ? ref(kt_) : bin(c > 0 ? "+" : "-", ref(kt_), lit(c > 0 ? c : -c)); }
  static std::string posText(int c) {
    return c == 0 ? "kt" : std::string("kt ") + (c > 0 ? "+ " : "- ") + std::to_string(c > 0 ? c : -c);
  }
  ExprPtr slot(int c) const { return bin("%", pos(c), lit(sh_.slots)); }
  std::string slotText(int c) const {
    return (c == 0 ? std::string("kt") : "(" + posText(c) + ")") + " % " + std::to_string(sh_.slots);
  }
  ExprPtr ringOperand(Var* ring) const { return Expr::window(ring, {}); }

  /// `if (kt >= guard) s` (guard < 0: s itself).
  StmtPtr guarded(int guard, StmtPtr s) {
    if (guard < 0) return s;
    StmtPtr b = Stmt::block();
    b->body.push_back(std::move(s));
    return Stmt::ifStmt(bin(">=", ref(kt_), lit(guard)), std::move(b));
  }
  static std::string guardText(int guard) { return guard < 0 ? "" : "if (kt >= " + std::to_string(guard) + ") "; }

  StmtPtr waitCall(Var* ring, int offset, int guard) {
    std::vector<ExprPtr> ops;
    ops.push_back(ringOperand(ring));
    ops.push_back(pos(offset));
    line(guardText(guard) + "exo::sm90::mbarrier_wait(" + ring->name + ", " + posText(offset) + ");");
    return guarded(guard, Stmt::instrCall(wait_, std::move(ops), Stmt::block()));
  }
  StmtPtr arriveCall() {
    std::vector<ExprPtr> ops;
    ops.push_back(ringOperand(empty_));
    ops.push_back(pos(sh_.arriveOffset));
    line(guardText(sh_.arriveGuard) + "exo::sm90::mbarrier_arrive(empty, " + posText(sh_.arriveOffset) + ");");
    return guarded(sh_.arriveGuard, Stmt::instrCall(arrive_, std::move(ops), Stmt::block()));
  }

  /// rcopy(dst[slot], in, (b * maxN + kt) * W, full, kt + copyOffset).
  StmtPtr copyCall(Var* dst) {
    const int W = sh_.width;
    auto offset = [&]() { return bin("*", bin("+", bin("*", ref(b_), lit(sh_.maxN)), ref(kt_)), lit(W)); };
    std::vector<ExprPtr> ops;
    ops.push_back(Expr::window(dst, {slot(sh_.copySlotOffset)}));
    ops.push_back(ref(in_));
    ops.push_back(offset());
    ops.push_back(ringOperand(full_));
    ops.push_back(pos(sh_.copyOffset));
    Var* i = k_->newVar("i", Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr l = Stmt::forLoop(LoopKind::Seq, i, lit(0), lit(W));
    l->forBody()->body.push_back(Stmt::assign(index(dst, {slot(sh_.copySlotOffset), ref(i)}), "=",
                                              index(in_, {bin("+", offset(), ref(i))})));
    StmtPtr meaning = Stmt::block();
    meaning->body.push_back(std::move(l));
    line("rcopy(" + dst->name + "[" + slotText(sh_.copySlotOffset) + "], in, (b * " + std::to_string(sh_.maxN) +
         " + kt) * " + std::to_string(W) + ", full, " + posText(sh_.copyOffset) + ");");
    return Stmt::instrCall(copy_, std::move(ops), std::move(meaning));
  }

  StmtPtr producerPart() {
    StmtPtr part = Stmt::block();
    Var* tp = k_->newVar("tp", Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr l = Stmt::forLoop(LoopKind::Thread, tp, lit(0), lit(sh_.producerThreads));
    line("[[exo::parallel(thread)]] for (int tp = 0; tp < " + std::to_string(sh_.producerThreads) + "; ++tp) {");
    ++depth_;
    if (sh_.producerWaits) l->forBody()->body.push_back(waitCall(empty_, sh_.emptyWaitOffset, sh_.emptyWaitGuard));
    l->forBody()->body.push_back(copyCall(buf_));
    if (buf2_) l->forBody()->body.push_back(copyCall(buf2_));
    --depth_;
    line("}");
    part->body.push_back(std::move(l));
    return part;
  }

  StmtPtr consumerPart() {
    using A = RingShape::Arrive;
    StmtPtr part = Stmt::block();
    Stmt* target = part.get();
    StmtPtr guard;
    if (sh_.consumerGuard >= 0) {
      guard = Stmt::ifStmt(bin(">=", ref(kt_), lit(sh_.consumerGuard)), Stmt::block());
      target = guard->body[0].get();
      line("if (kt >= " + std::to_string(sh_.consumerGuard) + ") {");
      ++depth_;
    }
    if (sh_.consumerWaits && !sh_.waitPerThread) target->body.push_back(waitCall(full_, sh_.fullWaitOffset, sh_.fullWaitGuard));
    if (sh_.arrive == A::BeforeReads) target->body.push_back(arriveCall());
    Var* t = k_->newVar("t", Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr l = Stmt::forLoop(LoopKind::Thread, t, lit(0), lit(sh_.width));
    line("[[exo::parallel(thread)]] for (int t = 0; t < " + std::to_string(sh_.width) + "; ++t) {");
    ++depth_;
    Stmt* tb = l->forBody();
    if (sh_.consumerWaits && sh_.waitPerThread) tb->body.push_back(waitCall(full_, sh_.fullWaitOffset, sh_.fullWaitGuard));
    // out[((b * maxN + kt) * consumers + (g - 1)) * W + t] = buf[slot][t] (+ buf2[slot][t])
    ExprPtr o = bin("+", bin("*", bin("+", bin("*", bin("+", bin("*", ref(b_), lit(sh_.maxN)), ref(kt_)), lit(sh_.consumers)),
                                      bin("-", ref(g_), lit(1))),
                             lit(sh_.width)),
                    ref(t));
    ExprPtr v = index(buf_, {slot(sh_.readSlotOffset), ref(t)});
    std::string vt = "buf[" + slotText(sh_.readSlotOffset) + "][t]";
    if (buf2_) {
      v = bin("+", std::move(v), index(buf2_, {slot(sh_.readSlotOffset), ref(t)}));
      vt += " + buf2[" + slotText(sh_.readSlotOffset) + "][t]";
    }
    tb->body.push_back(Stmt::assign(index(outp(), {std::move(o)}), "=", std::move(v)));
    line("out[((b * " + std::to_string(sh_.maxN) + " + kt) * " + std::to_string(sh_.consumers) + " + (g - 1)) * " +
         std::to_string(sh_.width) + " + t] = " + vt + ";");
    if (sh_.consumerWrites) {
      tb->body.push_back(Stmt::assign(index(buf_, {slot(sh_.readSlotOffset), ref(t)}), "+=", lit(1)));
      line("buf[" + slotText(sh_.readSlotOffset) + "][t] += 1;");
    }
    if (sh_.arrive == A::PerThread) tb->body.push_back(arriveCall());
    --depth_;
    line("}");
    target->body.push_back(std::move(l));
    if (sh_.arrive == A::AfterReads) target->body.push_back(arriveCall());
    if (guard) {
      --depth_;
      line("}");
      part->body.push_back(std::move(guard));
    }
    return part;
  }

  Var* outp() const { return k_->params[2]; }

  void makeInstructions() {
    auto make = [&](const char* name, AsyncRole::Kind kind, const char* queue) {
      auto in = std::make_unique<Instruction>();
      in->name = name;
      in->collective = CollectiveId::Thread;
      in->header = "random.hpp";
      in->cudaFunction = name;
      in->async.kind = kind;
      in->async.queue = queue;
      k_->instructions.push_back(std::move(in));
      return k_->instructions.back().get();
    };
    copy_ = make("rcopy", AsyncRole::Kind::IssueRing, "tma");
    wait_ = make("exo::sm90::mbarrier_wait", AsyncRole::Kind::AwaitRing, "ring");
    arrive_ = make("exo::sm90::mbarrier_arrive", AsyncRole::Kind::ArriveRing, "ring");
    auto operand = [](const char* name, Operand::Kind kind, std::vector<int64_t> dims, bool writes) {
      Operand o;
      o.name = name;
      o.kind = kind;
      o.tileDims = std::move(dims);
      o.writes = writes;
      return o;
    };
    copy_->operands = {operand("dst", Operand::Kind::Shared, {sh_.width}, true), operand("src", Operand::Kind::Global, {}, false),
                       operand("off", Operand::Kind::Scalar, {}, false), operand("ring", Operand::Kind::Shared, {sh_.slots}, false),
                       operand("position", Operand::Kind::Scalar, {}, false)};
    for (Instruction* in : {wait_, arrive_})
      in->operands = {operand("ring", Operand::Kind::Shared, {sh_.slots}, false), operand("position", Operand::Kind::Scalar, {}, false)};
  }

  const RingShape sh_;
  Kernel* k_ = nullptr;
  Var *in_ = nullptr, *b_ = nullptr, *kt_ = nullptr, *g_ = nullptr;
  Var *buf_ = nullptr, *buf2_ = nullptr, *full_ = nullptr, *empty_ = nullptr;
  Instruction *copy_ = nullptr, *wait_ = nullptr, *arrive_ = nullptr;
  std::ostringstream text_;
  int depth_ = 0;
};

}  // namespace

RandomKernel ringKernel(const RingShape& shape) { return RingGen(shape).build(); }

RingShape randomRingShape(std::mt19937& rng) {
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  auto chance = [&](int percent) { return pick(100) < percent; };
  using A = RingShape::Arrive;
  RingShape s;
  const int S = s.slots = 1 + pick(4);
  s.consumers = 1 + pick(2);
  s.warpgroups = chance(25);
  s.width = 1 + pick(6);
  s.maxN = 1 + pick(8);
  s.blocks = 1 + pick(2);
  s.twoCopies = chance(20);
  // A correct protocol first.
  int variant = pick(10);
  if (variant < 5) {  // release after the reads (the slot of this step)
    s.producerWaits = true;
    s.emptyWaitOffset = -S;
    s.emptyWaitGuard = S;
    s.arrive = chance(30) ? A::PerThread : A::AfterReads;
    s.arriveOffset = 0;
    s.arriveGuard = -1;
  } else if (variant < 8) {  // hopper_gemm: release the previous step's slot (needs S >= 2)
    s.producerWaits = true;
    s.emptyWaitOffset = -S;
    s.emptyWaitGuard = S;
    s.arrive = A::AfterReads;
    s.arriveOffset = -1;
    s.arriveGuard = 1;
  } else {  // no empty ring: correct when the ring holds every step
    s.producerWaits = false;
    s.arrive = A::None;
    if (chance(60)) s.maxN = std::min(s.maxN, S);
  }
  s.consumerWaits = true;
  s.fullWaitOffset = 0;
  s.fullWaitGuard = -1;
  s.waitPerThread = chance(15);
  // Mutations (each alone, most of the time: about half of the programs are unchanged).
  const int offsets[] = {0, 1, -1, S, -S, -S - 1, -S + 1, 2 * S};
  auto someOffset = [&]() { return offsets[pick(8)]; };
  auto someGuard = [&](int offset) {
    int r = pick(4);
    return r == 0 ? -1 : r == 1 ? std::max(0, -offset) + pick(2) : r == 2 ? pick(S + 2) : std::max(0, -offset);
  };
  if (chance(10)) s.copyOffset = someOffset();
  if (chance(6)) s.copySlotOffset = 1 + pick(S);
  if (chance(6)) s.readSlotOffset = 1 + pick(S);
  if (s.producerWaits && chance(12)) {
    s.emptyWaitOffset = someOffset();
    s.emptyWaitGuard = someGuard(s.emptyWaitOffset);
  }
  if (s.producerWaits && chance(5)) s.emptyWaitGuard = someGuard(s.emptyWaitOffset);
  if (chance(5)) s.producerWaits = !s.producerWaits;
  if (chance(8)) {
    s.fullWaitOffset = someOffset();
    s.fullWaitGuard = someGuard(s.fullWaitOffset);
  } else if (chance(5)) {
    s.fullWaitGuard = 1 + pick(S);
  }
  if (chance(6)) s.consumerWaits = false;
  if (s.arrive != A::None && chance(8)) s.arrive = A::BeforeReads;
  if (chance(5)) s.arrive = chance(50) ? A::None : A::AfterReads;
  if (s.arrive != A::None && chance(10)) {
    s.arriveOffset = someOffset();
    s.arriveGuard = someGuard(s.arriveOffset);
  }
  if (chance(5)) s.consumerGuard = 1 + pick(S);
  if (chance(5)) s.consumerWrites = true;
  if (chance(3)) s.producerThreads = 2;
  return s;
}

RandomKernel randomRingKernel(std::mt19937& rng) { return ringKernel(randomRingShape(rng)); }

}  // namespace exo::test
