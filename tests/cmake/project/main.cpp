// The CPU reference of saxpy and scale (the kernel source compiled by the host compiler)
// against plain loops.
#include <cstdio>
#include <vector>

void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y);
void scale(int n, float* __restrict__ y);

int main() {
  const int n = 256;
  std::vector<float> x(n), y(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = want[i] = 3.f - i;
    want[i] = 2.f * x[i] + want[i];
  }
  saxpy(n, 2.f, x.data(), y.data());
  for (int i = 0; i < n; ++i)
    if (y[i] != want[i]) {
      std::printf("saxpy CPU reference: y[%d] = %g, want %g\n", i, y[i], want[i]);
      return 1;
    }
  std::printf("saxpy CPU reference: ok\n");

  // EXO_USER_SCALE is the project's compile definition (2.5f).
  for (int i = 0; i < n; ++i) want[i] = 2.5f * y[i];
  scale(n, y.data());
  for (int i = 0; i < n; ++i)
    if (y[i] != want[i]) {
      std::printf("scale CPU reference: y[%d] = %g, want %g\n", i, y[i], want[i]);
      return 1;
    }
  std::printf("scale CPU reference: ok\n");
  return 0;
}
