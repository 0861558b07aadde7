// Prefetching three tiles ahead into a ring of three slots: the copy issued in
// iteration k writes slot (k + 3) % 3 = k % 3, the slot the other threads are reading
// in the same iteration, with no barrier between the reads and the copy's issue.
// RUN: sed -e 's/k + 2 < nk/k + 3 < nk/' -e 's/s\[(k + 2) % 3\]/s[(k + 3) % 3]/' -e 's/((k + 2) \* 64 + t)/((k + 3) * 64 + t)/' %S/ok_cp_async_three_stages.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:30:54: error: cannot prove that 's{{\[}}k % 3]{{\[}}63 - t]{{\[}}e]' reads a value written before it: no write of the element earlier in its block covers every execution of the read
// CHECK: {{.*}}.tmp.exo.cpp:33:9: error: data race on 's': thread ({{[0-9]+}}) writes s{{\[}}0]{{\[}}63]{{\[}}0] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: {{.*}}.tmp.exo.cpp:30:54: note: the first access (a read by thread ({{[0-9]+}})) here
// CHECK: {{.*}}.tmp.exo.cpp:33:9: note: for example with {{.*}}
// CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::cp_async16' here
// CHECK: {{.*}}.tmp.exo.cpp:31:5: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK-NOT: error:
// CHECK: 2 errors generated.
