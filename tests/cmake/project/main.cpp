// The CPU reference of saxpy, scale and shift (the kernel source compiled by the host
// compiler) against plain loops.
#include <cstdio>
#include <vector>

void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y);
void scale(int n, float* __restrict__ y);
void shift(int n, float* __restrict__ y);

// Whether y is want element for element; says which element differs, or "ok".
static bool same(const char* kernel, const std::vector<float>& y, const std::vector<float>& want) {
  for (size_t i = 0; i < y.size(); ++i)
    if (y[i] != want[i]) {
      std::printf("%s CPU reference: y[%zu] = %g, want %g\n", kernel, i, y[i], want[i]);
      return false;
    }
  std::printf("%s CPU reference: ok\n", kernel);
  return true;
}

int main() {
  const int n = 256;
  std::vector<float> x(n), y(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = want[i] = 3.f - i;
    want[i] = 2.f * x[i] + want[i];
  }
  saxpy(n, 2.f, x.data(), y.data());
  if (!same("saxpy", y, want)) return 1;

  // EXO_USER_SCALE is the project's compile definition (2.5f).
  for (int i = 0; i < n; ++i) want[i] = 2.5f * y[i];
  scale(n, y.data());
  if (!same("scale", y, want)) return 1;

  // EXO_USER_SHIFT is a -D of the project's compile options (0.5f).
  for (int i = 0; i < n; ++i) want[i] = y[i] + 0.5f;
  shift(n, y.data());
  return same("shift", y, want) ? 0 : 1;
}
