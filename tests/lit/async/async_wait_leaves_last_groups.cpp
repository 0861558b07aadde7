// cp_async_wait<2> in a three-stage ring leaves two groups in flight: the copy read in
// iteration k is not complete there (the wait completes only groups older than the
// two newest), and the last copies are never awaited at all.
// RUN: sed -e 's/cp_async_wait<1>/cp_async_wait<2>/' %S/ok_cp_async_three_stages.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:22:62: error: the asynchronous 'exo::sm80::cp_async16' issued here may still be in flight when the kernel ends: no await of queue 'cp_async' completes the group it joins; await it (e.g. with N = 0) before its result is needed and before the kernel ends
// CHECK: {{.*}}.tmp.exo.cpp:22:62: note: for example with {{.*}}
// CHECK: {{.*}}.tmp.exo.cpp:33:9: error: the asynchronous 'exo::sm80::cp_async16' issued here may still be in flight when the kernel ends: no await of queue 'cp_async' completes the group it joins; await it (e.g. with N = 0) before its result is needed and before the kernel ends
// CHECK: {{.*}}.tmp.exo.cpp:33:9: note: for example with {{.*}}
// CHECK-NOT: error:
// CHECK: 2 errors generated.
