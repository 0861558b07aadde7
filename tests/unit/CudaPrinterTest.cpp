// Lowering of hand-built models: thread index arithmetic, guards for idle threads,
// distributed registers, barriers, dynamic shared memory, the launcher.
#include <gtest/gtest.h>

#include "model/ThreadMapping.h"
#include "model/ExprPrinter.h"
#include "rewriter/CudaPrinter.h"
#include "tests/unit/KernelBuilder.h"

using namespace exo::model;
using exo::test::KB;

namespace {

struct NullSink : DiagSink {
  void report(const Diagnostic&) override {}
};

ExprPtr idx(Var* v, std::vector<ExprPtr> args) { return KB::index(v, std::move(args)); }
Stmt* assign(Stmt* block, ExprPtr lhs, ExprPtr rhs) { return KB::assign(block, lhs, rhs); }

Var* array(KB& b, Stmt* parent, const std::string& name, Memory mem, std::vector<int64_t> dims) {
  Type t;
  t.scalar = ScalarKind::Float;
  Var* v = b.kernel->newVar(name, t, VarKind::Array, mem, {});
  v->dims = std::move(dims);
  parent->body.push_back(Stmt::decl(v));
  return v;
}

std::string lower(KB& b) {
  NullSink sink;
  EXPECT_TRUE(mapThreads(*b.kernel, sink));
  return exo::rewriter::printCuda({b.kernel.get()}, {});
}

TEST(CudaPrinter, GuardsIdleThreadsOfSmallerNests) {
  KB b;
  Var* n = b.param("n");
  Stmt* blk = b.blockLoop(b.kernel->body.get(), "b", n);
  Var* s = array(b, blk->forBody(), "s", Memory::Shared, {64});
  Stmt* t = b.loop(blk->forBody(), LoopKind::Thread, "t", 64);
  assign(t->forBody(), idx(s, {KB::ref(t->var)}), Expr::intLit(0));
  Stmt* u = b.loop(blk->forBody(), LoopKind::Thread, "u", 40);
  assign(u->forBody(), idx(s, {KB::ref(u->var)}), Expr::intLit(1));
  std::string cu = lower(b);
  EXPECT_NE(cu.find("__launch_bounds__(64)"), std::string::npos) << cu;
  EXPECT_NE(cu.find("if (exo_tid < 40) {"), std::string::npos) << cu;     // the 40-thread nest idles 24
  EXPECT_EQ(cu.find("if (exo_tid < 64)"), std::string::npos) << cu;      // the full nest needs no guard
  EXPECT_NE(cu.find("__shared__ float s[64];"), std::string::npos) << cu;
  EXPECT_NE(cu.find("const int t = exo_tid;"), std::string::npos) << cu;
}

TEST(CudaPrinter, DistributedRegistersDropOwnedIndices) {
  KB b;
  Stmt* blk = b.blockLoop(b.kernel->body.get(), "b", b.param("n"));
  Var* acc = array(b, blk->forBody(), "acc", Memory::Registers, {8, 4, 2});
  Stmt* i = b.loop(blk->forBody(), LoopKind::Thread, "i", 8);
  Stmt* j = b.loop(i->forBody(), LoopKind::Thread, "j", 4);
  assign(j->forBody(), idx(acc, {KB::ref(i->var), KB::ref(j->var), Expr::intLit(1)}), Expr::intLit(0));
  std::string cu = lower(b);  // mapThreads gives acc its layout: (i, j) own acc[i][j][...]
  EXPECT_EQ(acc->layout.ownedDims, 2u);
  EXPECT_NE(cu.find("float acc[2];  // this thread's part of acc[8][4][2]"), std::string::npos) << cu;
  EXPECT_NE(cu.find("acc[1] = 0;"), std::string::npos) << cu;
  EXPECT_EQ(cu.find("const int i ="), std::string::npos) << "unused loop variable printed:\n" << cu;
}

TEST(CudaPrinter, LargeSharedMemoryIsDynamic) {
  KB b;
  Stmt* blk = b.blockLoop(b.kernel->body.get(), "b", b.param("n"));
  Var* big = array(b, blk->forBody(), "big", Memory::Shared, {128, 128});  // 64 KiB
  Stmt* t = b.loop(blk->forBody(), LoopKind::Thread, "t", 128);
  assign(t->forBody(), idx(big, {KB::ref(t->var), Expr::intLit(0)}), Expr::intLit(0));
  std::string cu = lower(b);
  // 128-byte aligned: arrays of 128 bytes or more start so (a TMA store reads its tile there).
  EXPECT_NE(cu.find("extern __shared__ __align__(128) unsigned char exo_smem[];"), std::string::npos) << cu;
  EXPECT_NE(cu.find("float (&big)[128][128] = *reinterpret_cast<float (*)[128][128]>(exo_smem + 0);"),
            std::string::npos) << cu;
  EXPECT_NE(cu.find("cudaFuncAttributeMaxDynamicSharedMemorySize, 65536"), std::string::npos) << cu;
  EXPECT_NE(cu.find("exo_config = {::dim3((unsigned)exo_blocks), ::dim3(128), 65536, stream, nullptr, 0};"), std::string::npos) << cu;
}

TEST(CudaPrinter, WarpgroupBarrierIsNamedPerWarpgroup) {
  KB b;
  Stmt* blk = b.blockLoop(b.kernel->body.get(), "b", b.param("n"));
  Stmt* wg = b.loop(blk->forBody(), LoopKind::Warpgroup, "wg", 2);
  KB::sync(wg->forBody(), SyncScope::Warpgroup);
  std::string cu = lower(b);
  EXPECT_NE(cu.find("__launch_bounds__(256)"), std::string::npos) << cu;
  EXPECT_NE(cu.find("EXO_NAMED_BARRIER(1 + exo_tid / 128, 128);"), std::string::npos) << cu;
  EXPECT_NE(cu.find("asm volatile(\"bar.sync %0, %1;\" :: \"r\"(id), \"n\"(threads) : \"memory\")"),
            std::string::npos) << cu;
}

TEST(CudaPrinter, ExpressionsKeepPrecedence) {
  auto bin = &KB::bin;
  ExprPtr one = Expr::intLit(1), two = Expr::intLit(2), three = Expr::intLit(3);
  EXPECT_EQ(exo::model::printExpr(bin("*", bin("+", one, two), three)), "(1 + 2) * 3");
  EXPECT_EQ(exo::model::printExpr(bin("-", one, bin("-", two, three))), "1 - (2 - 3)");
  EXPECT_EQ(exo::model::printExpr(bin("-", bin("-", one, two), three)), "1 - 2 - 3");
  EXPECT_EQ(exo::model::printExpr(bin("<", one, bin(">>", two, three))), "1 < 2 >> 3");
}

}  // namespace

// A '"', '\' or control character in the source's name must not end the #line string
// (nvcc rejected the output) nor the header comment.
TEST(CudaPrinter, SourceNameIsEscapedInLineDirectives) {
  KB b;
  Var* n = b.param("n");
  Stmt* blk = b.blockLoop(b.kernel->body.get(), "b", n);
  Var* s = array(b, blk->forBody(), "s", Memory::Shared, {32});
  Stmt* t = b.loop(blk->forBody(), LoopKind::Thread, "t", 32);
  assign(t->forBody(), idx(s, {KB::ref(t->var)}), Expr::intLit(0));
  NullSink sink;
  ASSERT_TRUE(mapThreads(*b.kernel, sink));
  exo::rewriter::PrintOptions po;
  po.sourceName = "dir\\we\"ird\nname.exo.cpp";
  po.lineOf = [](SrcLoc) { return 3u; };
  std::string cu = exo::rewriter::printCuda({b.kernel.get()}, po);
  EXPECT_NE(cu.find("#line 3 \"dir\\\\we\\\"ird\\012name.exo.cpp\"\n"), std::string::npos) << cu;
  EXPECT_NE(cu.find("// Generated by exo-cuda from dir\\\\we\\\"ird\\012name.exo.cpp. Do not edit"), std::string::npos) << cu;
  EXPECT_EQ(cu.find("ird\nname"), std::string::npos) << cu;
}
