// samples/tma_gemm without its block barrier and with an extra, harmless-looking wait for
// position kt + kt % 2. A position is solved for the loop it counts (kt here); with a
// remainder of that loop variable in it, the solution need not exist (odd positions),
// and taking it as a definition would make the queries that hold it vacuous (a kernel
// without its barrier was once proven this way). Refused with the rule.
// RUN: sed -e 's|      \[\[exo::sync(block)\]\];.*|      if (kt + 1 < K / BK<Element>) exo::sm90::mbarrier_wait(full, kt + kt % 2);|' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:65:37: error: cannot prove that the protocol of ring 'full' is right, because its ring position must be the variable of the loop it counts times a positive constant, plus, for a loop around that one, its variable times a constant that exceeds the inner term's range (`ko * 4 + ki` with ki < 4), plus an affine term in the other loop variables and the parameters (no division, remainder or other product)
// CHECK: {{.*}}.tmp.exo.cpp:52:11: error: cannot prove when the asynchronous 'exo::sm90::tma_load_sw128' issued here completes, because its ring position must be the variable of the loop it counts times a positive constant
