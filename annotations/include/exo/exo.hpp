// exo/exo.hpp — the exo-cuda language for the sequential (CPU) build.
//
// A kernel source includes this header and is an ordinary C++17 program: with the
// `[[exo::...]]` annotations ignored it runs sequentially on the CPU, and that run is
// the specification the parallel CUDA must reproduce. exo-cuda reads the same file,
// proves the parallel reading equivalent, and rewrites it into CUDA.
//
// Annotations (see README.md, "Language reference"):
//   [[exo::kernel]]                       on a function: a GPU kernel + host launcher
//   [[exo::parallel(block|warpgroup|warp|thread)]] for (...)   parallel loop
//   [[exo::shared]] T a[..];              block-scope array in shared memory
//   [[exo::registers]] T a[..];           block-scope array distributed over threads
//   [[exo::sync(block|warpgroup|warp)]];  barrier (a no-op when read sequentially)
//   exo::assume(cond);                    precondition (assert on the CPU)
//   exo::extent(A, M, K);                 A is an M x K global array (bounds are proven)
#ifndef EXO_EXO_HPP
#define EXO_EXO_HPP

// The annotations are unknown to ordinary compilers; silence exactly that warning so
// the sequential build is warning-free. This intentionally stays in effect for the
// rest of the translation unit (the kernel source that includes us).
#if defined(__NVCC__)
#pragma nv_diag_suppress 2803
#endif
#if defined(__clang__)
#if !defined(__EXO_CUDA__)  // exo-cuda itself turns `[[exo::typo]]` into an error
#pragma clang diagnostic ignored "-Wunknown-attributes"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif

#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace exo {

// A precondition of the kernel. Sequentially: checked like assert (kept in release
// builds too, since a violated precondition makes the reference meaningless).
// On the GPU: checked by the host launcher, which returns cudaErrorInvalidValue.
// For the prover: a fact that holds for every size it proves.
inline void assume(bool cond) {
  if (!cond) {
    assert(cond && "exo::assume failed");
    __builtin_trap();
  }
}

// The shape of a global array the kernel reads or writes: `exo::extent(A, M, K);` says
// A points at M * K elements (row-major M x K). At the top of the kernel, next to the
// assumes, over scalar parameters and constants. Sequentially: nothing to do. For the
// prover: every access to A must stay inside, for every size the assumes allow.
template <class T, class... Extents>
inline void extent(const T* /*array*/, Extents... /*extents*/) {}

}  // namespace exo

#endif  // EXO_EXO_HPP
