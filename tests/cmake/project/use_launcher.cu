// A user of the generated header: no hand-written declaration of the launcher.
#include "saxpy.h"

cudaError_t runSaxpy(int n, float a, const float* x, float* y, cudaStream_t stream) {
  return saxpy(n, a, x, y, stream);
}
