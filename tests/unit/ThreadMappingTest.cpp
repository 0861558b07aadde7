// model::mapThreads on hand-built kernels: units, collectives, block size, errors.
#include <gtest/gtest.h>

#include "model/ThreadMapping.h"
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
