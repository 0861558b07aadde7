// The barrier comes before the wait: each thread's own copy is complete after its
// wait, but the row it reads was copied by another thread, whose completion nothing
// orders before the read. The fix-it puts the barrier after the wait.
// RUN: sed -e '/cp_async_wait<1>();/{h;d}' -e '/\[\[exo::sync(block)\]\];/G' %S/ok_cp_async_three_stages.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:30:54: error: data race on 's': thread ({{[0-9]+}}) writes s{{\[}}0]{{\[}}0]{{\[}}0] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: {{.*}}.tmp.exo.cpp:22:62: note: the first access (a write by thread ({{[0-9]+}})) here
// CHECK: {{.*}}.tmp.exo.cpp:30:54: note: for example with {{.*}}
// CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::cp_async16' here
// CHECK: {{.*}}.tmp.exo.cpp:29:5: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: {{.*}}.tmp.exo.cpp:28:5: note: the asynchronous 'exo::sm80::cp_async16' is complete only after this await; the access must be ordered after it
// CHECK: {{.*}}.tmp.exo.cpp:30:54: error: data race on 's': thread ({{[0-9]+}}) writes s{{\[}}0]{{\[}}31]{{\[}}0] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: {{.*}}.tmp.exo.cpp:33:9: note: the first access (a write by thread ({{[0-9]+}})) here
// CHECK: {{.*}}.tmp.exo.cpp:30:54: note: for example with {{.*}}
// CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::cp_async16' here
// CHECK: {{.*}}.tmp.exo.cpp:29:5: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: {{.*}}.tmp.exo.cpp:28:5: note: the asynchronous 'exo::sm80::cp_async16' is complete only after this await; the access must be ordered after it
// CHECK-NOT: error:
// CHECK: 2 errors generated.
