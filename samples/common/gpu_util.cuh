// Helpers for the GPU sample drivers (samples/<name>/gpu_main.cu): one `Case` per
// (sample, size) owns its device buffers, records the first CUDA error, and prints
// one row `sample | size | rel.error | PASS/FAIL`.
#ifndef EXO_GPU_UTIL_CUH
#define EXO_GPU_UTIL_CUH

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "sample_util.hpp"

namespace gpu {

class Case {
 public:
  Case(const char* name, std::string size) : name_(name), size_(std::move(size)) {}
  ~Case() {
    for (void* p : buffers_) cudaFree(p);
  }
  Case(const Case&) = delete;
  Case& operator=(const Case&) = delete;

  // No CUDA error so far (check before launching with the buffers).
  bool ok() const { return error_.empty(); }

  // A device copy of `host`.
  template <class T>
  T* upload(const std::vector<T>& host) {
    T* p = alloc<T>(host.size());
    if (p) check(cudaMemcpy(p, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy H2D");
    return p;
  }

  // A device array of n elements filled with 0xFF bytes (a NaN for float): an element
  // the kernel fails to write stays NaN and makes the comparison fail.
  template <class T>
  T* poisoned(std::size_t n) {
    T* p = alloc<T>(n);
    if (p) check(cudaMemset(p, 0xFF, n * sizeof(T)), "cudaMemset");
    return p;
  }

  // Checks the launcher's return value and waits for the kernel to finish.
  void launched(cudaError_t e, cudaStream_t stream) {
    if (!check(e, "launcher")) return;
    check(cudaStreamSynchronize(stream), "kernel");
    check(cudaGetLastError(), "kernel");
  }

  template <class T>
  std::vector<T> download(const T* dev, std::size_t n) {
    std::vector<T> host(n);
    if (ok() && dev) check(cudaMemcpy(host.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy D2H");
    return host;
  }

  // Compares by ||out - ref|| / ||ref|| <= tol and max|out - ref| / max|ref| <= tol
  // (the row shows the first); tol < 0 demands bitwise equality.
  bool finish(const std::vector<float>& out, const std::vector<float>& ref, double tol) {
    if (!ok()) return fail_row();
    if (tol >= 0) return sample::check(name_, size_.c_str(), out, ref, tol);
    return sample::report(name_, size_.c_str(), sample::rel_error(out, ref), sample::bit_equal(out, ref));
  }

  // The launcher was called with sizes that violate an exo::assume: it must return
  // cudaErrorInvalidValue without launching anything.
  bool expect_rejected(cudaError_t e) {
    if (!ok()) return fail_row();
    const cudaError_t sticky = cudaDeviceSynchronize();
    const bool pass = e == cudaErrorInvalidValue && sticky == cudaSuccess;
    std::printf("%-16s | %-26s | %-10s | %s", name_, (size_ + " (rejected)").c_str(), "-",
                pass ? "PASS\n" : "FAIL");
    if (!pass)
      std::printf(" (launcher returned %s, device %s; expected cudaErrorInvalidValue)\n",
                  cudaGetErrorName(e), cudaGetErrorName(sticky));
    std::fflush(stdout);
    return pass;
  }

 private:
  template <class T>
  T* alloc(std::size_t n) {
    void* p = nullptr;
    if (!ok() || !check(cudaMalloc(&p, n * sizeof(T)), "cudaMalloc")) return nullptr;
    buffers_.push_back(p);
    return static_cast<T*>(p);
  }
  bool check(cudaError_t e, const char* what) {
    if (e != cudaSuccess && error_.empty()) error_ = std::string(what) + ": " + cudaGetErrorName(e);
    return e == cudaSuccess;
  }
  bool fail_row() {
    std::printf("%-16s | %-26s | %-10s | FAIL (%s)\n", name_, size_.c_str(), "-", error_.c_str());
    std::fflush(stdout);
    return false;
  }

  const char* name_;
  std::string size_;
  std::string error_;
  std::vector<void*> buffers_;
};

// A non-default stream for the launches, so that the launcher's stream argument is
// exercised (the download after it runs on the legacy default stream, which waits).
inline cudaStream_t make_stream(const char* name) {
  cudaStream_t s = nullptr;
  const cudaError_t e = cudaStreamCreate(&s);
  if (e != cudaSuccess) {
    std::printf("%-16s | %-26s | %-10s | FAIL (cudaStreamCreate: %s)\n", name, "-", "-",
                cudaGetErrorName(e));
    return nullptr;
  }
  return s;
}

// EXO_GPU_SMALL=1 (set by scripts/gpu-validate --sanitize): a driver whose large sizes
// are slow under compute-sanitizer, or slow to check on the CPU, runs only its small ones.
inline bool small_only() {
  const char* v = std::getenv("EXO_GPU_SMALL");
  return v && *v && std::strcmp(v, "0") != 0;
}

inline std::string fmt(const char* f, int a, int b = 0, int c = 0, int d = 0) {
  char buf[96];
  std::snprintf(buf, sizeof buf, f, a, b, c, d);
  return buf;
}

}  // namespace gpu

#endif  // EXO_GPU_UTIL_CUH
