// samples/ragged_gemm whose producer signals the A copy at position q = kt and the B copy
// at a shadowing `const int q = kt + 1`: both positions print as 'q', but they are two
// variables, so the copies are two groups (of one copy each) and position kt + 1 is
// signalled twice. Grouping by the printed text once made them one group of two, a
// slot count of 2 that position kt never reaches (a hang).
// RUN: sed -e 's|        if (g == PRODUCER) {|        if (g == PRODUCER) {\n          const int q = kt;|' -e 's|if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES);|if (kt >= 3) exo::sm90::mbarrier_wait(empty, kt - 3);|' -e 's|tma_load_sw128_fill(As\[kt % STAGES\], A, M, K, bm \* BM, kt \* BK<Element>, full, kt);|tma_load_sw128_fill(As[kt % STAGES], A, M, K, bm * BM, kt * BK<Element>, full, q);\n            const int q = kt + 1;|' -e 's|tma_load_sw128_fill(Bs\[kt % STAGES\], B, N, K, bn \* BN, kt \* BK<Element>, full, kt);|tma_load_sw128_fill(Bs[q % STAGES], B, N, K, bn * BN, kt * BK<Element>, full, q);|' %samples/ragged_gemm/ragged_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: error: position {{[0-9]+}} of ring 'full' is signalled by two groups of copies (this one and another)
