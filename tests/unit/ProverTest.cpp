// Unit tests of the prover on hand-built kernels (no Clang).
#include <gtest/gtest.h>

#include "checker/Prover.h"
#include "model/ThreadMapping.h"
#include "tests/unit/KernelBuilder.h"

namespace exo::test {
namespace {

using namespace model;

struct Sink : DiagSink {
  std::vector<Diagnostic> diags;
  void report(const Diagnostic& d) override { diags.push_back(d); }
  bool has(DiagID id) const {
    for (const auto& d : diags)
      if (d.id == id) return true;
    return false;
  }
  std::string text() const {
    std::string s;
    for (const auto& d : diags) {
      s += diagName(d.id);
      for (const auto& a : d.args) s += " | " + a;
      s += "\n";
    }
    return s;
  }
};

ExprPtr bin(const char* op, ExprPtr a, ExprPtr b) { return KB::bin(op, a, b); }
ExprPtr idx(Var* v, std::vector<ExprPtr> a) { return KB::index(v, std::move(a)); }
void assign(Stmt* loop, ExprPtr lhs, ExprPtr rhs) { KB::assign(loop->forBody(), lhs, rhs); }
void sync(Stmt* loop, SyncScope scope) { KB::sync(loop->forBody(), scope); }

/// assume(n <= bound); for b < n: shared s[64]; thread t < 64: s[t] = x[b*64+t]; [sync];
/// thread t < 64: y[b*64+t] = s[(t+shift)%64]. Without the bound (bound 0), b * 64 may overflow.
struct Shift {
  KB kb;
  Var *n, *x, *y, *s;
  Shift(int64_t shift, bool withSync, int64_t extent = 64, SyncScope scope = SyncScope::Block, int64_t bound = 65536) {
    n = kb.param("n");
    if (bound) kb.kernel->body->body.push_back(Stmt::assume(bin("<=", KB::ref(n), Expr::intLit(bound))));
    Type fp;
    fp.isPointer = true;
    fp.isRestrict = true;
    fp.scalar = ScalarKind::Float;
    x = kb.kernel->newVar("x", fp, VarKind::Param, Memory::Param, {});
    y = kb.kernel->newVar("y", fp, VarKind::Param, Memory::Param, {});
    kb.kernel->params.push_back(x);
    kb.kernel->params.push_back(y);
    Stmt* g = kb.blockLoop(kb.kernel->body.get(), "b", n);
    Type f;
    f.scalar = ScalarKind::Float;
    s = kb.kernel->newVar("s", f, VarKind::Array, Memory::Shared, {});
    s->dims = {extent};
    auto decl = std::make_unique<Stmt>();
    decl->kind = StmtKind::Decl;
    decl->var = s;
    g->body[0]->body.push_back(std::move(decl));
    auto gidx = [&](Var* t) { return bin("+", bin("*", KB::ref(g->var), Expr::intLit(64)), KB::ref(t)); };
    Stmt* t1 = kb.loop(g->body[0].get(), LoopKind::Thread, "t", 64);
    assign(t1, idx(s, {KB::ref(t1->var)}), idx(x, {gidx(t1->var)}));
    if (withSync) sync(g, scope);
    Stmt* t2 = kb.loop(g->body[0].get(), LoopKind::Thread, "u", 64);
    assign(t2, idx(y, {gidx(t2->var)}),
           idx(s, {bin("%", bin("+", KB::ref(t2->var), Expr::intLit(shift)), Expr::intLit(64))}));
  }
  bool prove(Sink& sink) {
    Sink mapSink;
    EXPECT_TRUE(mapThreads(*kb.kernel, mapSink)) << mapSink.text();
    return checker::proveKernel(*kb.kernel, sink);
  }
};

TEST(Prover, MissingSyncIsARaceWithAFix) {
  Shift k(1, false);
  Sink sink;
  EXPECT_FALSE(k.prove(sink));
  EXPECT_TRUE(sink.has(DiagID::err_race)) << sink.text();
  EXPECT_TRUE(sink.has(DiagID::note_sync_fix)) << sink.text();
}

TEST(Prover, BlockSyncOrdersTheNests) {
  Shift k(1, true);
  Sink sink;
  EXPECT_TRUE(k.prove(sink)) << sink.text();
}

TEST(Prover, WarpSyncIsTooNarrowAcrossWarps) {
  Shift k(32, true, 64, SyncScope::Warp);  // thread u reads what thread u+32 wrote
  Sink sink;
  EXPECT_FALSE(k.prove(sink));
  EXPECT_TRUE(sink.has(DiagID::err_race)) << sink.text();
}

TEST(Prover, WarpSyncSufficesWithinAWarp) {
  Shift k(0, true, 64, SyncScope::Warp);  // thread u reads what it wrote itself
  Sink sink;
  EXPECT_TRUE(k.prove(sink)) << sink.text();
  // ...and then the sync orders nothing: a warning with a removal fix-it.
  EXPECT_TRUE(sink.has(DiagID::warn_sync_unneeded)) << sink.text();
}

TEST(Prover, OutOfBoundsShared) {
  Shift k(1, true, 63);
  Sink sink;
  EXPECT_FALSE(k.prove(sink));
  EXPECT_TRUE(sink.has(DiagID::err_out_of_bounds)) << sink.text();
}

TEST(Prover, UnboundedBlockOffsetMayOverflow) {
  Shift k(1, true, 64, SyncScope::Block, /*bound=*/0);
  Sink sink;
  EXPECT_FALSE(k.prove(sink));
  EXPECT_TRUE(sink.has(DiagID::err_overflow)) << sink.text();
  EXPECT_TRUE(sink.has(DiagID::note_witness)) << sink.text();
  // b * 64 <= (n - 1) * 64 fits in int for n <= 2^25.
  bool fix = false;
  for (const Diagnostic& d : sink.diags)
    if (d.id == DiagID::note_overflow_fix) {
      EXPECT_EQ(d.args[0], "n <= 33554432") << sink.text();
      ASSERT_EQ(d.fixits.size(), 1u);
      EXPECT_EQ(d.fixits[0].text, "exo::assume(n <= 33554432);\n");
      fix = true;
    }
  EXPECT_TRUE(fix) << sink.text();
}

TEST(Prover, BoundedBlockOffsetDoesNotOverflow) {
  Shift k(1, true, 64, SyncScope::Block, /*bound=*/33554432);
  Sink sink;
  EXPECT_TRUE(k.prove(sink)) << sink.text();
}

TEST(Prover, DeterministicDiagnostics) {
  Shift a(1, false), b(1, false);
  Sink sa, sb;
  a.prove(sa);
  b.prove(sb);
  EXPECT_EQ(sa.text(), sb.text());
}

}  // namespace
}  // namespace exo::test
