// samples/hopper_gemm whose epilogue awaits the wgmma queue in every warpgroup: the
// producer's threads never commit a group, and they await none of their own (groups are
// counted per thread, for the threads that issue: checker/ProverAsync), so the queue is
// not what is wrong. The producer's accumulator rows, which lie outside C, are.
// RUN: sed -e 's/if (g != PRODUCER) {/if (g >= 0) {/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s --implicit-check-not="keep a queue within one role"
// CHECK: {{.*}}.tmp.exo.cpp:70:9: error: index '(bm * 128 + 64 * (g - 1) + i) * N + bn * 256 + j' (= -16384) of 'C' out of bounds (extent 32768) for thread (0) of the issuing warpgroup of block (0, 0)
