// samples/hopper_gemm with a ring of one slot: the producer waits at step kt for the
// release of step kt - 1, which the consumers give only after they have multiplied the
// tile of step kt, which the producer has not copied yet: a deadlock (and the copy would
// overwrite the only slot while the previous multiply may still read it).
// RUN: sed -e 's/constexpr int STAGES = 4;/constexpr int STAGES = 1;/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:53:31: error: this wait for position 0 of ring 'empty' may never return: some thread that arrives at the ring does not arrive at that position before it in the sequential program
// CHECK: {{.*}}.tmp.exo.cpp:54:13: error: 'As{{\[}}kt % 1]{{\[}}r]{{\[}}c]' writes As{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] while the asynchronous 'exo::sm90::wgmma_async_sw128' may still be reading it; move the access after an await of queue 'wgmma' that completes it, or await earlier
// CHECK: 3 errors generated.
