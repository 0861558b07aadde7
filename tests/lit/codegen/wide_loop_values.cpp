// Values the generated CUDA must compute in the source's types (review of the fifteenth
// session, each printed wrong before):
//  - a thread loop's variable from the int thread index: a long variable's value in long
//    (`long j = 2147483647 + exo_tid` wrapped at thread 1), an int's product past INT_MAX
//    in long long;
//  - the smallest int and long, which have no literal (`-2147483648` is a long,
//    `-9223372036854775808L` unsigned to nvcc and g++).
// The CPU emulation (tests/emulation) runs this file's generated CUDA against its
// sequential run.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
#include <exo/exo.hpp>

constexpr int MN = -2147483647 - 1;
constexpr long LMN = -9223372036854775807L - 1;

[[exo::kernel]]
void wide(long* __restrict__ y, int* __restrict__ z, long* __restrict__ q) {
  exo::extent(y, 8);
  exo::extent(z, 8);
  exo::extent(q, 16);
  [[exo::parallel(thread)]] for (long j = 2147483647; j < 2147483655L; ++j) y[j - 2147483647] = j;
  [[exo::parallel(thread)]] for (int i = -2000000000; i < 2000000000; i += 500000000) z[i / 500000000 + 4] = i;
  [[exo::parallel(thread)]] for (int t = 0; t < 8; ++t) {
    q[t] = MN / (t + 2);
    q[8 + t] = LMN / (t + 2);
  }
}
// CHECK: const long j = 2147483647 + (long)(exo_tid);
// CHECK: const int i = (int)((-2000000000) + 500000000 * (long long)(exo_tid));
// CHECK: q[t] = (-2147483647 - 1) / (t + 2);
// CHECK: q[8 + t] = (-9223372036854775807L - 1) / (t + 2);
