// Barriers are instructions made from the collectives table (model::barrierInstruction):
// one per row with a barrier, issued by that row's collective, with no operands and an
// empty meaning; `[[exo::sync(scope)]];` (Stmt::sync) is a call of it.
#include <gtest/gtest.h>

#include "model/Collective.h"
#include "model/Instruction.h"
#include "model/Kernel.h"

using namespace exo::model;

namespace {

TEST(BarrierInstruction, OnePerRowWithABarrier) {
  int barriers = 0;
  for (const Collective& c : collectives()) {
    const Instruction& in = barrierInstruction(c.id);
    EXPECT_EQ(in.collective, c.id);
    EXPECT_EQ(in.barrier, c.hasBarrier()) << c.name;
    EXPECT_EQ(in.name, std::string("exo::sync(") + c.name + ")");
    EXPECT_TRUE(in.operands.empty());
    EXPECT_EQ(in.async.kind, AsyncRole::Kind::None);
    EXPECT_EQ(&in, &barrierInstruction(c.id));  // one object per row
    barriers += in.barrier;
  }
  EXPECT_EQ(barriers, 4);  // block, warpgroup, warp, cluster; a thread has no barrier
}

TEST(BarrierInstruction, SyncStatementIsACallOfIt) {
  for (SyncScope scope : {SyncScope::Block, SyncScope::Warpgroup, SyncScope::Warp, SyncScope::Cluster}) {
    StmtPtr s = Stmt::sync(scope);
    EXPECT_EQ(s->kind, StmtKind::Instr);
    EXPECT_TRUE(s->isBarrier());
    EXPECT_EQ(s->barrierScope(), scope);
    EXPECT_EQ(s->instr, &barrierInstruction(scope));
    ASSERT_EQ(s->body.size(), 1u);  // the meaning: an empty block
    EXPECT_EQ(s->body[0]->kind, StmtKind::Block);
    EXPECT_TRUE(s->body[0]->body.empty());
  }
  // Another instruction call is not a barrier.
  Instruction other;
  StmtPtr call = Stmt::instrCall(&other, {}, nullptr);
  EXPECT_FALSE(call->isBarrier());
}

}  // namespace
