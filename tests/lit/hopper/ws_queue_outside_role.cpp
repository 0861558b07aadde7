// samples/hopper_gemm whose epilogue awaits the wgmma queue in every warpgroup: the
// producer's threads never commit a group (the role 'if' commits in the consumers'
// branch only), so their group count is not the one the proof uses. Refused, as are the
// producer's accumulator rows, which lie outside C.
// RUN: sed -e 's/if (g != PRODUCER) {/if (g >= 0) {/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:70:9: error: index '(bm * 128 + 64 * (g - 1) + i) * N + bn * 256 + j' (= -16384) of 'C' out of bounds (extent 32768) for thread (0) of the issuing warpgroup of block (0, 0)
// CHECK: {{.*}}.tmp.exo.cpp:60:11: error: cannot prove when the asynchronous 'exo::sm90::wgmma_async_sw128' issued here completes, because thread 0 uses the queue here (noted) but does not take the branch of the role 'if' that commits its groups; keep a queue within one role
// CHECK: {{.*}}.tmp.exo.cpp:69:9: note: the statement in question here
