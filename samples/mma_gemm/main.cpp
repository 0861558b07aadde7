// CPU check of mma_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "mma_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

int main() { return gemm_cpu::check("mma_gemm", mma_gemm, 256, 128, 96); }  // 2 x 1 blocks, 3 k-steps (both buffers, the last step)
