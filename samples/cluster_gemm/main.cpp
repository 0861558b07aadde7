// CPU check of cluster_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "cluster_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

int main() { return gemm_cpu::check("cluster_gemm", cluster_gemm, 512, 512, 384); }  // 1 x 2 clusters of 2, 6 k-steps: the ring of 4 wraps
