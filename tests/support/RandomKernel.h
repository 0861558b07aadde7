// Random small kernels for the prover cross-check: grid, optional warp layer, thread
// nests with random affine indices into a shared array and global arrays, random syncs
// (block or warp scope, or none), optional sequential loops (loop-carried reuse).
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
  std::string text;  // a C-like rendering, for failure messages
};

/// Builds one random kernel (not yet thread-mapped).
RandomKernel randomKernel(std::mt19937& rng);

}  // namespace exo::test
