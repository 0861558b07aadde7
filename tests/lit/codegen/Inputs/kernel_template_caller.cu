// Calls the launchers of kernel_template.cpp's instances through the generated header,
// as a user's host code would: specializations by their template arguments, as the
// sequential program calls its instances.
#include "k.h"

int main() {
  int n = 4;
  const __nv_bfloat16* xb = nullptr;
  const float* xf = nullptr;
  float* y = nullptr;
  cudaError_t a = scale<__nv_bfloat16, 64>(n, xb, y);
  cudaError_t b = scale<float, 32>(n, xf, y);
  cudaError_t c = scale<float, 128>(n, xf, y, cudaStream_t(0));
  return (a == cudaSuccess) + (b == cudaSuccess) + (c == cudaSuccess) == 99;
}
