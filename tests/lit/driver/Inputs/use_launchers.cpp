// A user of the generated header: calls every launcher, with and without a stream.
#include "launchers.h"

int callAll(int n, const float* x, float* y, double* d, int* out, cudaStream_t s) {
  int errors = 0;
  errors += top(n, x, y) != cudaSuccess;
  errors += top(n, x, y, s) != cudaSuccess;
  errors += lib::inner::nested(64, 3, d) != cudaSuccess;
  errors += lib::inner::second(7u, true, out, s) != cudaSuccess;
  return errors;
}

int main() { return callAll(0, nullptr, nullptr, nullptr, nullptr, 0) > 100; }
