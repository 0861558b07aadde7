// model::mapThreads on hand-built kernels: units, collectives, block size, errors.
#include <gtest/gtest.h>
#include <algorithm>

#include "model/ThreadMapping.h"
#include "model/Collective.h"
#include "tests/unit/KernelBuilder.h"

using namespace exo::model;
using exo::test::KB;

namespace {

struct CollectSink : DiagSink {
  std::vector<DiagID> ids;
  void report(const Diagnostic& d) override { ids.push_back(d.id); }
};

TEST(ThreadMapping, NestedThreadLoopsMultiply) {
  KB b;
  Stmt* bm = b.blockLoop(b.kernel->body.get(), "bm", b.param("M"));
  Stmt* i = b.loop(bm->forBody(), LoopKind::Thread, "i", 32);
  Stmt* j = b.loop(i->forBody(), LoopKind::Thread, "j", 16);
  CollectSink sink;
  ASSERT_TRUE(mapThreads(*b.kernel, sink));
  EXPECT_EQ(b.kernel->blockThreads, 512);
  EXPECT_EQ(i->unit, 16);
  EXPECT_EQ(i->collective, 512);
  EXPECT_EQ(j->unit, 1);
  EXPECT_EQ(j->collective, 16);
  ASSERT_EQ(b.kernel->gridLoops.size(), 1u);
}

TEST(ThreadMapping, DifferentNestsShareThreadsAndRoundToWarps) {
  KB b;
  Stmt* bm = b.blockLoop(b.kernel->body.get(), "bm", b.param("M"));
  b.loop(bm->forBody(), LoopKind::Thread, "i", 40);
  Stmt* t = b.loop(bm->forBody(), LoopKind::Thread, "t", 100);
  CollectSink sink;
  ASSERT_TRUE(mapThreads(*b.kernel, sink));
  EXPECT_EQ(b.kernel->blockThreads, 128);  // 100 rounded up to whole warps
  EXPECT_EQ(t->collective, 128);
}

TEST(ThreadMapping, WarpLoopsUseWholeWarps) {
  KB b;
  Stmt* bm = b.blockLoop(b.kernel->body.get(), "bm", b.param("M"));
  Stmt* w = b.loop(bm->forBody(), LoopKind::Warp, "w", 4);
  Stmt* lane = b.loop(w->forBody(), LoopKind::Thread, "lane", 16);
  CollectSink sink;
  ASSERT_TRUE(mapThreads(*b.kernel, sink));
  EXPECT_EQ(b.kernel->blockThreads, 128);
  EXPECT_EQ(w->unit, 32);
  EXPECT_EQ(lane->collective, 32);
}

TEST(ThreadMapping, TooManyThreadsIsAnError) {
  KB b;
  Stmt* bm = b.blockLoop(b.kernel->body.get(), "bm", b.param("M"));
  Stmt* i = b.loop(bm->forBody(), LoopKind::Thread, "i", 64);
  b.loop(i->forBody(), LoopKind::Thread, "j", 32);
  CollectSink sink;
  EXPECT_FALSE(mapThreads(*b.kernel, sink));
  ASSERT_EQ(sink.ids.size(), 1u);
  EXPECT_EQ(sink.ids[0], DiagID::err_block_too_many_threads);
}

TEST(ThreadMapping, WarpBodyLargerThanAWarpIsAnError) {
  KB b;
  Stmt* bm = b.blockLoop(b.kernel->body.get(), "bm", b.param("M"));
  Stmt* w = b.loop(bm->forBody(), LoopKind::Warp, "w", 2);
  b.loop(w->forBody(), LoopKind::Thread, "lane", 64);
  CollectSink sink;
  EXPECT_FALSE(mapThreads(*b.kernel, sink));
  ASSERT_FALSE(sink.ids.empty());
  EXPECT_EQ(sink.ids[0], DiagID::err_collective_too_small);
}

TEST(ThreadMapping, ThreadLoopMayNotContainWarpLoop) {
  KB b;
  Stmt* bm = b.blockLoop(b.kernel->body.get(), "bm", b.param("M"));
  Stmt* t = b.loop(bm->forBody(), LoopKind::Thread, "t", 2);
  b.loop(t->forBody(), LoopKind::Warp, "w", 2);
  CollectSink sink;
  EXPECT_FALSE(mapThreads(*b.kernel, sink));
  ASSERT_FALSE(sink.ids.empty());
  EXPECT_EQ(sink.ids[0], DiagID::err_level_order);
}

}  // namespace

namespace {

// Ownership as a layout: computed by mapThreads from the use, owner() agrees with the
// thread mapping (warp w, lane l: thread 32 * w + l), the local part is the rest.
TEST(ThreadMapping, RegisterLayoutFollowsTheLoops) {
  KB b;
  Stmt* bm = b.blockLoop(b.kernel->body.get(), "bm", b.param("M"));
  Type f;
  f.scalar = ScalarKind::Float;
  Var* acc = b.kernel->newVar("acc", f, VarKind::Array, Memory::Registers, {});
  acc->dims = {4, 32, 3};
  bm->forBody()->body.push_back(Stmt::decl(acc));
  Stmt* w = b.loop(bm->forBody(), LoopKind::Warp, "w", 4);
  Stmt* l = b.loop(w->forBody(), LoopKind::Thread, "l", 32);
  KB::assign(l->forBody(), KB::index(acc, {KB::ref(w->var), KB::ref(l->var), Expr::intLit(2)}), Expr::intLit(0));
  CollectSink sink;
  ASSERT_TRUE(mapThreads(*b.kernel, sink));
  const RegisterLayout& layout = acc->layout;
  ASSERT_EQ(layout.kind, RegisterLayout::Kind::LoopIndexed);
  EXPECT_EQ(layout.impliedIndices(), 2u);
  EXPECT_EQ(layout.localDims(*acc), std::vector<int64_t>{3});
  std::optional<RegisterLayout::Slot> o = layout.owner(*acc, {2, 5, 1});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->thread, 2 * 32 + 5);
  EXPECT_EQ(o->local, std::vector<int64_t>{1});
  EXPECT_FALSE(layout.owner(*acc, {4, 0, 0}));  // no iteration 4
}

// The collectives table: sizes, order, where barriers may stand.
TEST(Collectives, TableDrivesLevels) {
  EXPECT_EQ(loopUnitThreads(LoopKind::Warp), 32);
  EXPECT_EQ(loopUnitThreads(LoopKind::Warpgroup), 128);
  EXPECT_EQ(ctaGranule(), 32);
  EXPECT_EQ(findCollective("warpgroup")->id, CollectiveId::Warpgroup);
  // The cluster is a barrier scope, not a loop level: [[exo::sync(cluster)]] only.
  ASSERT_NE(findCollective("cluster"), nullptr);
  EXPECT_FALSE(findCollective("cluster")->loopLevel);
  const std::vector<std::string> levels = parallelLevelNames(), syncs = collectiveNames(/*barriersOnly=*/true);
  EXPECT_EQ(std::count(levels.begin(), levels.end(), "cluster"), 0);
  EXPECT_EQ(std::count(syncs.begin(), syncs.end(), "cluster"), 1);
  EXPECT_FALSE(barrierAllowedIn(collective(CollectiveId::Block), collective(CollectiveId::Cluster)));
  const Collective& block = collective(CollectiveId::Block);
  const Collective& wg = collective(CollectiveId::Warpgroup);
  const Collective& warp = collective(CollectiveId::Warp);
  EXPECT_TRUE(barrierAllowedIn(block, warp));
  EXPECT_FALSE(barrierAllowedIn(block, wg));  // a CTA need not be whole warpgroups
  EXPECT_TRUE(barrierAllowedIn(wg, wg));
  EXPECT_FALSE(barrierAllowedIn(warp, block));
  EXPECT_FALSE(barrierAllowedIn(collective(CollectiveId::Thread), warp));
  EXPECT_EQ(smallestCommonScope(3, 31).id, CollectiveId::Warp);
  EXPECT_EQ(smallestCommonScope(3, 127).id, CollectiveId::Warpgroup);
  EXPECT_EQ(smallestCommonScope(3, 128).id, CollectiveId::Block);
}

}  // namespace
