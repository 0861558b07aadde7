// A plain shared array passed to an instruction that takes swizzled tiles (and the
// plain copy into a swizzled array): the layouts would disagree.
// RUN: sed -e 's/\[\[exo::shared(swizzle128)\]\] exo::bf16 Bs/[[exo::shared]] exo::bf16 Bs/' -e 's/exo::sm90::cp_async16_sw128(Bs,/exo::sm80::cp_async16(Bs,/' -e 's/exo::sm90::cp_async16_sw128(As,/exo::sm80::cp_async16(As,/' %S/ok_wgmma_async_sw128.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:17:27: error: operand 'dst' of 'exo::sm80::cp_async16' takes a plain shared tile, but 'As' is swizzled
// CHECK: {{.*}}.tmp.exo.cpp:12:41: note: 'As' declared here
// CHECK: {{.*}}.tmp.exo.cpp:24:60: error: operand 'b' of 'exo::sm90::wgmma_async_sw128' takes a swizzled tile ('exo::shared(swizzle128)'), but 'Bs' is not swizzled
// CHECK: {{.*}}.tmp.exo.cpp:13:29: note: 'Bs' declared here
// CHECK-NOT: error:
// CHECK: 2 errors generated.
