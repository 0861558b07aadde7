// Random small kernels for the prover cross-check: grid, optional warp layer, thread
// nests with random affine indices into a shared array and global arrays, random syncs
// (block or warp scope, or none), optional sequential loops (loop-carried reuse). The
// size is bounded by an assume (`n <= 4096`, ...) or not at all, and a global stride is
// sometimes 2^20..2^23: block offsets `b * stride` that overflow int for some allowed n.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "model/Kernel.h"

namespace exo::test {

struct RandomKernel {
  std::unique_ptr<model::Kernel> kernel;
  /// Parameter assignments the brute force should try (each satisfies the assumes).
  std::vector<std::map<const model::Var*, int64_t>> sizes;
  /// The largest sizes the assumes allow (empty: no parameter): index arithmetic that
  /// grows with the block overflows first in the last block there, if anywhere.
  std::map<const model::Var*, int64_t> largest;
  std::string text;  // a C-like rendering, for failure messages
};

/// Builds one random kernel (not yet thread-mapped).
RandomKernel randomKernel(std::mt19937& rng);
/// The same with asynchronous copies (an instruction on queue "q" whose meaning is the
/// copy global -> shared), block-wide commits and awaits of 0..2 groups in flight.
RandomKernel randomAsyncKernel(std::mt19937& rng);

}  // namespace exo::test
