// CPU check of cluster2d_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "cluster2d_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

int main() { return gemm_cpu::check("cluster2d_gemm", cluster2d_gemm, 512, 1024, 384); }  // 2 x 2 clusters of 2 x 2, 6 k-steps: the ring of 4 wraps
