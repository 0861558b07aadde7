// Fragment layouts (model/Fragment.h): each is a bijection from the tile's elements to
// (lane, slot) pairs of one warp, and agrees with the PTX ISA's figures at the points
// the figures spell out.
#include <gtest/gtest.h>

#include <set>

#include "model/Fragment.h"
#include "model/Kernel.h"
#include "model/Layout.h"

using namespace exo::model;

TEST(FragmentLayout, EveryLayoutIsABijectionOntoLanesAndSlots) {
  for (const FragmentLayout& f : fragmentLayouts())
    for (int64_t cols : f.cols ? std::vector<int64_t>{f.cols} : std::vector<int64_t>{8, 64, 128, 256}) {
      SCOPED_TRACE(std::string(f.name) + " x " + std::to_string(cols));
      ASSERT_TRUE(f.fits(f.rows, cols));
      ASSERT_EQ(f.rows * cols % f.threads, 0);
      std::set<std::pair<int64_t, int64_t>> seen;
      for (int64_t i = 0; i < f.rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
          FragmentLayout::Place p = f.place(i, j);
          EXPECT_GE(p.lane, 0);
          EXPECT_LT(p.lane, f.threads);
          EXPECT_GE(p.slot, 0);
          EXPECT_LT(p.slot, f.slots(cols));
          EXPECT_TRUE(seen.insert({p.lane, p.slot}).second) << "element (" << i << ", " << j << ") shares a register";
        }
      EXPECT_EQ(static_cast<int64_t>(seen.size()), f.threads * f.slots(cols));
    }
}

// Spot values from the PTX ISA figures (groupID = lane / 4, threadID_in_group = lane % 4).
TEST(FragmentLayout, MatchesThePtxFigures) {
  const FragmentLayout* c = findFragmentLayout("m16n8_c");
  ASSERT_NE(c, nullptr);
  // c2 of lane 5 (g = 1, t = 1) is row g + 8 = 9, column 2t = 2.
  EXPECT_EQ(c->place(9, 2).lane, 5);
  EXPECT_EQ(c->place(9, 2).slot, 2);
  const FragmentLayout* a = findFragmentLayout("m16k16_a");
  ASSERT_NE(a, nullptr);
  // a5 of lane 6 (g = 1, t = 2) is row g = 1, column 2t + 8 + 1 = 13.
  EXPECT_EQ(a->place(1, 13).lane, 6);
  EXPECT_EQ(a->place(1, 13).slot, 5);
  const FragmentLayout* b = findFragmentLayout("n8k16_b");
  ASSERT_NE(b, nullptr);
  // b2 of lane 31 (g = 7, t = 3) is k = 2t + 8 = 14, n = g = 7.
  EXPECT_EQ(b->place(7, 14).lane, 31);
  EXPECT_EQ(b->place(7, 14).slot, 2);
  const FragmentLayout* ta = findFragmentLayout("m16k8_tf32");
  ASSERT_NE(ta, nullptr);
  // a3 of lane 9 (g = 2, t = 1) is row g + 8 = 10, column t + 4 = 5.
  EXPECT_EQ(ta->place(10, 5).lane, 9);
  EXPECT_EQ(ta->place(10, 5).slot, 3);
  const FragmentLayout* wg = findFragmentLayout("wgmma_c");
  ASSERT_NE(wg, nullptr);
  // Row 37 is warp 2's row 5 (g = 5); column 19 is n8 block 2, t = 1: thread 64 + 21, slot 8 + 1.
  EXPECT_EQ(wg->place(37, 19).lane, 85);
  EXPECT_EQ(wg->place(37, 19).slot, 9);
  EXPECT_FALSE(wg->fits(64, 12));
  // wgmma's A from registers (CUTLASS ALayout_64x16: warp w rows 16w.., lane (g, t), value
  // v = v0 + 2 v1 + 4 v2 at row g + 8 v1, column 2t + v0 + 8 v2 of each k16 block):
  // row 37 (warp 2, g = 5), column 29 (k16 block 1: 13 = 2t + v0 + 8 v2 with t = 2, v0 = 1,
  // v2 = 1; v1 = 0) is thread 64 + 22, slot 8 + 5.
  const FragmentLayout* wa = findFragmentLayout("wgmma_a");
  ASSERT_NE(wa, nullptr);
  EXPECT_EQ(wa->place(37, 29).lane, 86);
  EXPECT_EQ(wa->place(37, 29).slot, 13);
  // tf32 (CUTLASS ALayout_64x8: value v = v0 + 2 v1 at row g + 8 v0, column t + 4 v1 of
  // each k8 block): row 45 (warp 2, g = 5, v0 = 1), column 14 (k8 block 1, t = 2, v1 = 1)
  // is thread 64 + 22, slot 4 + 3.
  const FragmentLayout* wt = findFragmentLayout("wgmma_a_tf32");
  ASSERT_NE(wt, nullptr);
  EXPECT_EQ(wt->place(45, 14).lane, 86);
  EXPECT_EQ(wt->place(45, 14).slot, 7);
  EXPECT_EQ(findFragmentLayout("no_such_layout"), nullptr);
}

// A fragment array's per-lane part: the tile's two dimensions become the slots.
TEST(FragmentLayout, RegisterLayoutDeclaresSlotsPerLane) {
  Var v;
  v.dims = {8, 4, 4, 16, 8};
  v.memory = Memory::Registers;
  v.layout.kind = RegisterLayout::Kind::LoopIndexed;
  v.layout.ownedDims = 1;
  v.layout.fragment = findFragmentLayout("m16n8_c");
  EXPECT_EQ(v.layout.localDims(v), (std::vector<int64_t>{4, 4, 4}));
}

// Operators are an enum with one table (model/Kernel.cpp): the factories set it from the
// spelling, and every operator's spelling maps back to it.
TEST(Operators, FactoriesSetTheEnumFromTheSpelling) {
  for (const char* s : {"||", "&&", "|", "^", "&", "==", "!=", "<", ">", "<=", ">=", "<<", ">>", "+", "-", "*", "/", "%"}) {
    ExprPtr e = Expr::binary(s, Expr::intLit(1), Expr::intLit(2));
    EXPECT_NE(e->op, Op::None) << s;
    EXPECT_STREQ(opSpelling(e->op), s);
  }
  EXPECT_EQ(Expr::unary("-", Expr::intLit(1))->op, Op::Neg);
  EXPECT_EQ(Expr::unary("~", Expr::intLit(1))->op, Op::BitNot);
  EXPECT_LT(opPrecedence(Op::Add), opPrecedence(Op::Mul));
  EXPECT_LT(opPrecedence(Op::LogOr), opPrecedence(Op::LogAnd));
}
