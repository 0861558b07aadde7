// A user of the generated header: no hand-written declarations of the launchers.
#include "saxpy.h"

cudaError_t runSaxpyScaled(int n, float a, const float* x, float* y, cudaStream_t stream) {
  cudaError_t e = saxpy(n, a, x, y, stream);
  if (e == cudaSuccess) e = scale(n, y, stream);
  return e != cudaSuccess ? e : shift(n, y, stream);
}
