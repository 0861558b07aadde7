// Rewrite step: prints checked, thread-mapped kernels as CUDA C++ for nvcc
// (-gencode=arch=compute_90a,code=sm_90a): one __global__ function and one host
// launcher per kernel, with #line directives back to the exo source.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/Kernel.h"

namespace exo::rewriter {

struct PrintOptions {
  std::string sourceName;                             // shown in #line and the header
  std::function<unsigned(model::SrcLoc)> lineOf;      // source line of a location (0: unknown)
};

std::string printCuda(const std::vector<const model::Kernel*>& kernels, const PrintOptions& opts);

}  // namespace exo::rewriter
