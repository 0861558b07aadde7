// Helpers shared by the sample drivers (CPU main.cpp and GPU gpu_main.cu):
// deterministic random inputs, the norm-wise relative error, and one result row.
#ifndef EXO_SAMPLE_UTIL_HPP
#define EXO_SAMPLE_UTIL_HPP

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace sample {

// Values in [-1, 1) from a fixed-seed 32-bit LCG: identical on every platform and
// compiler (unlike <random>'s distributions), and never all zeros.
inline void fill_random(std::vector<float>& v, uint32_t seed) {
  uint32_t s = seed * 2654435761u + 12345u;
  for (float& x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>(s >> 8) / 8388608.0f - 1.0f;  // 24 random bits
  }
}

// `v` converted element by element to T with T's own conversion: random floats to
// 16-bit inputs (exo::bf16 / __nv_bfloat16, round to nearest even), results back to float.
template <class T, class U>
inline std::vector<T> convert(const std::vector<U>& v) {
  return std::vector<T>(v.begin(), v.end());
}

// ||out - ref|| / ||ref|| in double; NaN anywhere in out makes it NaN (which fails).
inline double rel_error(const std::vector<float>& out, const std::vector<float>& ref) {
  if (out.size() != ref.size()) return INFINITY;
  double num = 0, den = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const double d = static_cast<double>(out[i]) - static_cast<double>(ref[i]);
    num += d * d;
    den += static_cast<double>(ref[i]) * static_cast<double>(ref[i]);
  }
  if (den == 0) return num == 0 ? 0.0 : INFINITY;
  return std::sqrt(num / den);
}

// max_i |out_i - ref_i| / max_i |ref_i|: catches a few wrong elements in a large
// output that the norm-wise error averages away (NaN anywhere makes it NaN).
inline double max_error(const std::vector<float>& out, const std::vector<float>& ref) {
  if (out.size() != ref.size()) return INFINITY;
  double num = 0, den = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const double d = std::fabs(static_cast<double>(out[i]) - static_cast<double>(ref[i]));
    if (!(d <= num)) num = d;  // keeps NaN
    den = std::fmax(den, std::fabs(static_cast<double>(ref[i])));
  }
  if (den == 0) return num == 0 ? 0.0 : INFINITY;
  return num / den;
}

// Bit-for-bit equality (for copies such as transpose).
inline bool bit_equal(const std::vector<float>& out, const std::vector<float>& ref) {
  return out.size() == ref.size() &&
         std::memcmp(out.data(), ref.data(), out.size() * sizeof(float)) == 0;
}

// One row `sample | size | rel.error | PASS/FAIL`; returns the verdict.
// `err <= tol` is false for NaN, so poisoned (NaN) output never passes.
inline bool report(const char* name, const char* size, double err, bool ok) {
  std::printf("%-16s | %-26s | %-10.3e | %s\n", name, size, err, ok ? "PASS" : "FAIL");
  std::fflush(stdout);
  return ok;
}
// Passes when both the norm-wise and the max-elementwise relative errors are <= tol;
// the row shows the norm-wise one.
inline bool check(const char* name, const char* size, const std::vector<float>& out,
                  const std::vector<float>& ref, double tol) {
  const double err = rel_error(out, ref);
  return report(name, size, err, err <= tol && max_error(out, ref) <= tol);
}

}  // namespace sample

#endif  // EXO_SAMPLE_UTIL_HPP
