// Groups of an asynchronous queue are counted per thread, through the branches of the
// role `if`s that the issuing threads take (a ping-pong kernel's consumers each commit
// in their own branch: hopper/pingpong_consumers.cpp). When the threads that run one
// issue take different branches that commit different numbers of groups, one count does
// not hold for all of them: here consumer 1 issues a second multiply per step, so the
// shared issue of line 60 joins group kt in consumer 2 and group 2 * kt in consumer 1.
// Refused with the statement where they part.
// RUN: sed -e '60a if (g == 1) exo::sm90::wgmma_async_sw128<BN, BK>(acc[g], As[kt % STAGES], 64 * (g - 1), 0, Bs[kt % STAGES], 0, 0, true);' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:60:11: error: cannot prove when the asynchronous 'exo::sm90::wgmma_async_sw128' issued here completes, because thread 256 uses the queue here (noted) but does not take the branch of the role 'if' that commits its groups; keep a queue within one role
