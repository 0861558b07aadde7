// Cost of exo's exact float reduction (a compare-and-swap loop) against atomicAdd (which
// flushes subnormals on sm_90): samples/sparse's generated scatter_add against the same
// kernel written with atomicAdd, n = 2^24 additions into m elements (best of 20, CUDA
// events). `cmake --build build --target scatter_bench`, then run it on the GPU machine.
#include <exo/exo.hpp>
#include <cstdio>
#include <vector>
#include EXO_GENERATED
__global__ void scatter_atomic(int n, int m, const int* __restrict__ idx, const float* __restrict__ v, float* __restrict__ out) {
  int i = blockIdx.x * 256 + threadIdx.x;
  int k = idx[i];
  if (k >= 0 && k < m) atomicAdd(&out[k], v[i]);
}
int main() {
  const int n = 1 << 24;
  for (int m : {256, 65536, 1 << 22}) {
    std::vector<int> idx(n);
    uint32_t s = 1;
    for (int i = 0; i < n; ++i) s = s * 1664525u + 1013904223u, idx[i] = (s >> 8) % m;
    std::vector<float> v(n, 0.5f);
    int* di; float *dv, *dout;
    cudaMalloc(&di, n * 4); cudaMalloc(&dv, n * 4); cudaMalloc(&dout, m * 4);
    cudaMemcpy(di, idx.data(), n * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, v.data(), n * 4, cudaMemcpyHostToDevice);
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    float best[2] = {1e9f, 1e9f};
    for (int rep = 0; rep < 20; ++rep)
      for (int which = 0; which < 2; ++which) {
        cudaMemset(dout, 0, m * 4);
        cudaEventRecord(a);
        if (which == 0) scatter_add(n, m, di, dv, dout);
        else scatter_atomic<<<n / 256, 256>>>(n, m, di, dv, dout);
        cudaEventRecord(b); cudaEventSynchronize(b);
        float ms; cudaEventElapsedTime(&ms, a, b);
        if (ms < best[which]) best[which] = ms;
      }
    std::printf("scatter n=2^24 m=%-8d exact (CAS) %.3f ms, atomicAdd %.3f ms, ratio %.2f  [%s]\n", m, best[0], best[1],
                best[0] / best[1], cudaGetErrorString(cudaGetLastError()));
    cudaFree(di); cudaFree(dv); cudaFree(dout);
  }
}
