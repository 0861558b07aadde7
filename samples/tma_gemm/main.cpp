// CPU check of tma_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "tma_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

int main() { return gemm_cpu::check("tma_gemm", tma_gemm, 256, 512, 384); }  // 2 x 2 blocks, 6 k-steps: the ring of 4 wraps
