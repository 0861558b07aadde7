// Random cluster-body kernels for the prover cross-check (docs/hopper.md section 7):
//   parallel(block) for b < G:
//     shared float part[N][W];                        // distributed: part[r] in block r
//     [for l < L:]                                    // sometimes, at cluster level
//       phase; [sync(cluster) | sync(block)]; phase; ...
// where a phase is `parallel(block_in_cluster) for c < N { thread loop; [sync(block);
// thread loop] }` and each thread loop writes or reads part[A][B] (A one of c, the next
// or the mirrored rank, 0; B one of t, t + 1, W - 1 - t, 0), sometimes a block's own
// array, and writes a global element of its own or one the blocks share. The brute force
// runs the cluster's blocks as one group (tests/support/BruteForce.cpp).
#include "tests/support/RandomKernel.h"

#include <sstream>

#include "tests/support/ExprBuild.h"

namespace exo::test {

using namespace model;

namespace {

class ClusterGen {
public:
  explicit ClusterGen(std::mt19937& rng) : rng_(rng) {}

  RandomKernel build() {
    RandomKernel out;
    out.kernel = std::make_unique<Kernel>();
    Kernel& k = *out.kernel;
    k_ = &k;
    k.name = "random_cluster";
    Var* n = k.newVar("n", Type{}, VarKind::Param, Memory::Param, {});
    out_ = k.newVar("out", floatPointer(false), VarKind::Param, Memory::Param, {});
    k.params = {n, out_};
    k.body = Stmt::block();
    out.sizes.push_back({{n, 0}});

    N_ = 2 + pick(2);
    W_ = pick(2) ? 4 : 8;
    G_ = 1 + pick(2);
    b_ = k.newVar("b", Type{}, VarKind::LoopVar, Memory::Local, {});
    StmtPtr g = Stmt::forLoop(LoopKind::Block, b_, lit(0), lit(G_));
    Stmt* body = g->forBody();
    part_ = k.newVar("part", floatType(), VarKind::Array, Memory::Shared, {});
    part_->dims = {N_, W_};
    body->body.push_back(Stmt::decl(part_));
    log_ << "  grid b < " << G_ << "; shared part[" << N_ << "][" << W_ << "]\n";

    Stmt* target = body;
    if (pick(3) == 0) {
      seq_ = k.newVar("l", Type{}, VarKind::LoopVar, Memory::Local, {});
      seqTrip_ = 2 + pick(2);
      target->body.push_back(Stmt::forLoop(LoopKind::Seq, seq_, lit(0), lit(seqTrip_)));
      target = target->body.back()->forBody();
      log_ << "  for l < " << seqTrip_ << ":\n";
    }
    const int phases = 2 + pick(3);
    for (int p = 0; p < phases; ++p) {
      target->body.push_back(phase(p));
      const int64_t between = pick(8);
      if (between < 5) {
        target->body.push_back(Stmt::sync(SyncScope::Cluster));
        log_ << "    sync(cluster)\n";
      } else if (between == 4) {
        target->body.push_back(Stmt::sync(SyncScope::Block));
        log_ << "    sync(block)  (at cluster level)\n";
      }
    }
    k.body->body.push_back(std::move(g));
    out.text = log_.str();
    return out;
  }

private:
  int64_t pick(int64_t n) { return std::uniform_int_distribution<int64_t>(0, n - 1)(rng_); }

  Var* loopVar(const std::string& name) {
    return k_->newVar(name + std::to_string(counter_++), Type{}, VarKind::LoopVar, Memory::Local, {});
  }

  /// One rank loop: one or two thread loops (a block barrier between them).
  StmtPtr phase(int p) {
    Var* c = loopVar("c");
    StmtPtr rl = Stmt::forLoop(LoopKind::Block, c, lit(0), lit(N_));
    rl->clusterBlocks = true;
    Stmt* body = rl->forBody();
    log_ << "    phase " << p << ": block_in_cluster c < " << N_ << " {\n";
    // Sometimes a block's own array, written then read across the block barrier.
    Var* own = nullptr;
    if (pick(4) == 0 && !seq_) {
      own = k_->newVar("own" + std::to_string(counter_++), floatType(), VarKind::Array, Memory::Shared, {});
      own->dims = {W_};
      body->body.push_back(Stmt::decl(own));
      log_ << "      shared " << own->name << "[" << W_ << "]\n";
    }
    const int loops = 1 + pick(2);
    for (int i = 0; i < loops; ++i) {
      if (i > 0 && pick(3) != 0) {
        body->body.push_back(Stmt::sync(SyncScope::Block));
        log_ << "      sync(block)\n";
      }
      body->body.push_back(threadLoop(c, p, i, own));
    }
    log_ << "    }\n";
    return rl;
  }

  /// A written element is mostly the thread's own (part[c][t]): the shape of correct code.
  ExprPtr partIndex(Var* c, Var* t, std::string& text, bool write = false) {
    ExprPtr a, bIdx;
    if (write && pick(4) != 0) {
      text = "[c][t]";
      return floatIndex(part_, {ref(c), ref(t)});
    }
    switch (pick(4)) {
      case 0: a = ref(c), text = "[c]"; break;
      case 1: a = bin("%", bin("+", ref(c), lit(1)), lit(N_)), text = "[(c+1)%N]"; break;
      case 2: a = bin("-", lit(N_ - 1), ref(c)), text = "[N-1-c]"; break;
      default: a = lit(0), text = "[0]"; break;
    }
    switch (pick(4)) {
      case 0: case 1: bIdx = ref(t), text += "[t]"; break;
      case 2: bIdx = bin("%", bin("+", ref(t), lit(1)), lit(W_)), text += "[(t+1)%W]"; break;
      default: bIdx = bin("-", lit(W_ - 1), ref(t)), text += "[W-1-t]"; break;
    }
    return floatIndex(part_, {a, bIdx});
  }

  /// The global element a thread writes: its own (distinct per phase, iteration, block,
  /// thread), or one that every block of the cluster writes (shared by rank).
  ExprPtr globalIndex(Var* c, Var* t, int p, int i, std::string& text) {
    const int64_t phases = 8, per = N_ * W_;
    ExprPtr tile = bin("+", bin("*", ref(b_), lit(phases * 2 * (seq_ ? seqTrip_ : 1))), lit(p * 2 + i));
    if (seq_) tile = bin("+", tile, bin("*", ref(seq_), lit(phases * 2)));
    ExprPtr rank = pick(6) == 0 ? lit(0) : ref(c);
    text = "out[own slot" + std::string(rank->kind == ExprKind::IntLit ? ", rank 0 for every block" : "") + "]";
    return bin("+", bin("*", tile, lit(per)), bin("+", bin("*", rank, lit(W_)), ref(t)));
  }

  StmtPtr threadLoop(Var* c, int p, int i, Var* own) {
    Var* t = loopVar("t");
    StmtPtr tl = Stmt::forLoop(LoopKind::Thread, t, lit(0), lit(W_));
    Stmt* body = tl->forBody();
    std::string idx, gtext;
    const int64_t kind = pick(4);
    if (own && i == 0) {
      // Write the block's own array, from the distributed one.
      ExprPtr src = partIndex(c, t, idx);
      body->body.push_back(Stmt::assign(floatIndex(own, {ref(t)}), "=", src));
      log_ << "      thread t < " << W_ << ": " << own->name << "[t] = part" << idx << "\n";
    } else if (own) {
      ExprPtr g = globalIndex(c, t, p, i, gtext);
      body->body.push_back(Stmt::assign(floatIndex(out_, {g}), "=",
                                        floatIndex(own, {bin("-", lit(W_ - 1), ref(t))})));
      log_ << "      thread t < " << W_ << ": " << gtext << " = " << own->name << "[W-1-t]\n";
    } else if (kind < 2) {
      ExprPtr dst = partIndex(c, t, idx, /*write=*/true);
      body->body.push_back(Stmt::assign(dst, "=", Expr::cast(floatType(), ref(t), /*implicit=*/true)));
      log_ << "      thread t < " << W_ << ": part" << idx << " = t\n";
    } else {
      ExprPtr src = partIndex(c, t, idx);
      ExprPtr g = globalIndex(c, t, p, i, gtext);
      body->body.push_back(Stmt::assign(floatIndex(out_, {g}), "=", src));
      log_ << "      thread t < " << W_ << ": " << gtext << " = part" << idx << "\n";
    }
    return tl;
  }

  std::mt19937& rng_;
  Kernel* k_ = nullptr;
  Var *out_ = nullptr, *part_ = nullptr, *b_ = nullptr, *seq_ = nullptr;
  int64_t N_ = 2, W_ = 4, G_ = 1, seqTrip_ = 1;
  int counter_ = 0;
  std::ostringstream log_;
};

}  // namespace

RandomKernel randomClusterKernel(std::mt19937& rng) { return ClusterGen(rng).build(); }

}  // namespace exo::test
