// Calls the launchers of launcher_bounds.exo.cpp, compiled as host C++ against the CPU
// emulation (tests/emulation/include), with bounds at and past the limits of long long.
#include <climits>
#include <cstdio>
#include <vector>

#include "cuda_runtime.h"
#include LAUNCHERS  // the generated CUDA

static int failures = 0;
static void expect(const char* what, cudaError_t got, cudaError_t want) {
  std::printf("%s %s\n", got == want ? "ok" : "FAIL", what);
  failures += got != want;
}

int main() {
  std::vector<float> y(32, 0.0f);
  expect("wide_grid(2^63 + 1) refused", wide_grid(9223372036854775809UL, y.data()), cudaErrorInvalidValue);
  expect("wide_grid(2^64 - 1) refused", wide_grid(ULONG_MAX, y.data()), cudaErrorInvalidValue);
  expect("wide_grid(2^31) refused", wide_grid(1UL << 31, y.data()), cudaErrorInvalidValue);
  expect("wide_grid(0) launches nothing", wide_grid(0, y.data()), cudaSuccess);
  expect("wide_grid(3) runs", wide_grid(3, y.data()), cudaSuccess);
  expect("wide_grid(3) wrote", y[31] == 1.0f ? cudaSuccess : cudaErrorInvalidValue, cudaSuccess);
  expect("offset_grid(2^63 + 5, 2^63 + 10) runs", offset_grid(9223372036854775813UL, 9223372036854775818UL, y.data()),
         cudaSuccess);
  expect("offset_grid(2^63 + 5, ...) wrote", y[0] == 2.0f ? cudaSuccess : cudaErrorInvalidValue, cudaSuccess);
  expect("offset_grid(5, 2^63 + 10) refused", offset_grid(5, 9223372036854775818UL, y.data()), cudaErrorInvalidValue);
  expect("offset_grid(10, 5) launches nothing", offset_grid(10, 5, y.data()), cudaSuccess);
  expect("offset_grid(2^64 - 1, 3) launches nothing", offset_grid(ULONG_MAX, 3, y.data()), cudaSuccess);
  // span LONG_MAX exactly: adding step - 1 before dividing would overflow
  expect("strided_grid(LONG_MAX - 4) refused", strided_grid(LONG_MAX - 4, y.data()), cudaErrorInvalidValue);
  expect("strided_grid(LONG_MIN) launches nothing", strided_grid(LONG_MIN, y.data()), cudaSuccess);
  expect("strided_grid(9) runs", strided_grid(9, y.data()), cudaSuccess);
  expect("strided_grid(9) wrote", y[5] == 3.0f ? cudaSuccess : cudaErrorInvalidValue, cudaSuccess);
  std::vector<float> big(2048, 0.0f);
  expect("short_start(-40000, 25600) runs", short_start(-40000, 25600, big.data()), cudaSuccess);
  expect("short_start wrote all 64 blocks", big[0] == 4.0f && big[2047] == 4.0f ? cudaSuccess : cudaErrorInvalidValue,
         cudaSuccess);
  expect("uchar_start(-156, 110) runs", uchar_start(-156, 110, y.data()), cudaSuccess);  // b: 100 .. 109
  expect("uchar_start wrote", y[0] == 5.0f ? cudaSuccess : cudaErrorInvalidValue, cudaSuccess);
  expect("uint_start(2^32 + 1, 100) runs", uint_start(4294967297L, 100, y.data()), cudaSuccess);  // b: 1, 3, .. 99
  expect("uint_start wrote", y[0] == 6.0f ? cudaSuccess : cudaErrorInvalidValue, cudaSuccess);
  expect("int_start(2^32 + 5, 100) runs", int_start(4294967301L, 100, y.data()), cudaSuccess);  // b: 5, 8, .. 98
  expect("int_start wrote", y[0] == 7.0f ? cudaSuccess : cudaErrorInvalidValue, cudaSuccess);
  return failures ? 1 : 0;
}
