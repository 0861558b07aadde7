// A swizzled array read element by element: its elements are not at the addresses
// their indices name.
// RUN: sed -e '$i\  [[exo::sync(block)]];' -e '$i\  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) C[t] += float(As[t][0]);' %S/ok_wgmma_async_sw128.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:29:72: error: 'As' is stored swizzled ('exo::shared(swizzle128)'); read and write it only through instructions that take swizzled tiles
// CHECK: {{.*}}.tmp.exo.cpp:12:41: note: 'As' declared here
// CHECK-NOT: error:
// CHECK: 1 error generated.
