// The trip counts of halving and doubling loops (parser/LoopHeader: shiftLoopTrips), as
// C++ runs them: each count compared with the loop itself run on the host.
#include "parser/LoopHeader.h"

#include <gtest/gtest.h>

#include <climits>

namespace exo {
namespace {

using U = LoopHeader::Update;
using C = LoopHeader::Compare;

LoopHeader header(U u, int64_t amount, C c) {
  LoopHeader h;
  h.update = u;
  h.amount = amount;
  h.compare = c;
  return h;
}

TEST(ShiftLoopTrips, HalvingMatchesTheCxxLoop) {
  for (int start : {1, 2, 3, 7, 8, 128, 255, 256, 1000, INT_MAX})
    for (int bound : {0, 1, 2, 5, 32}) {
      int n = 0;
      for (int h = start; h > bound; h /= 2) ++n;
      std::string why;
      std::optional<int64_t> trips = shiftLoopTrips(header(U::Shr, 1, C::Greater), start, bound, 32, false, why);
      ASSERT_TRUE(trips) << start << " " << bound << ": " << why;
      EXPECT_EQ(*trips, n) << "for (h = " << start << "; h > " << bound << "; h /= 2)";
      n = 0;
      for (int h = start; h >= bound + 1; h >>= 2) ++n;
      trips = shiftLoopTrips(header(U::Shr, 2, C::GreaterEqual), start, bound + 1, 32, false, why);
      ASSERT_TRUE(trips) << why;
      EXPECT_EQ(*trips, n) << "for (h = " << start << "; h >= " << bound + 1 << "; h >>= 2)";
    }
}

TEST(ShiftLoopTrips, DoublingMatchesTheCxxLoop) {
  for (int start : {1, 3, 16})
    for (int bound : {1, 2, 17, 256, 1 << 20}) {
      int n = 0;
      for (int d = start; d < bound; d *= 2) ++n;
      std::string why;
      std::optional<int64_t> trips = shiftLoopTrips(header(U::Shl, 1, C::Less), start, bound, 32, false, why);
      ASSERT_TRUE(trips) << why;
      EXPECT_EQ(*trips, n) << "for (d = " << start << "; d < " << bound << "; d *= 2)";
      n = 0;
      for (int d = start; d <= bound; d <<= 3) ++n;
      trips = shiftLoopTrips(header(U::Shl, 3, C::LessEqual), start, bound, 32, false, why);
      ASSERT_TRUE(trips) << why;
      EXPECT_EQ(*trips, n) << "for (d = " << start << "; d <= " << bound << "; d <<= 3)";
    }
}

TEST(ShiftLoopTrips, RefusesLoopsThatLeaveTheTypeOrNeverEnd) {
  std::string why;
  // The last doubling past INT_MAX overflows (the C++ loop's last update).
  EXPECT_FALSE(shiftLoopTrips(header(U::Shl, 1, C::Less), 1, INT_MAX, 32, false, why));
  EXPECT_NE(why.find("range of its type"), std::string::npos) << why;
  // ... but not in a 64-bit variable, nor an unsigned one up to 2^31.
  EXPECT_EQ(shiftLoopTrips(header(U::Shl, 1, C::Less), 1, INT_MAX, 64, false, why), 31);
  EXPECT_EQ(shiftLoopTrips(header(U::Shl, 1, C::Less), 1, INT_MAX, 32, true, why), 31);
  // 'h >= 0' holds at 0 for ever.
  EXPECT_FALSE(shiftLoopTrips(header(U::Shr, 1, C::GreaterEqual), 64, 0, 32, false, why));
  EXPECT_NE(why.find("64 iterations"), std::string::npos) << why;
  // A start of 0 or below (0 << 1 stays 0; a negative value halves toward -1).
  EXPECT_FALSE(shiftLoopTrips(header(U::Shl, 1, C::Less), 0, 8, 32, false, why));
  EXPECT_FALSE(shiftLoopTrips(header(U::Shr, 1, C::Less), -8, 0, 32, false, why));
  // A loop that does not run at all.
  EXPECT_EQ(shiftLoopTrips(header(U::Shr, 1, C::Greater), 4, 8, 32, false, why), 0);
}

}  // namespace
}  // namespace exo
