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

/// What two kernels of one .cu must not share: the qualified CUDA kernel's name, and the
/// launcher's overload identity (qualified name and parameter types, as CUDA spells
/// them: `long` and `long long` are one `long` there; a specialization launcher adds its
/// template arguments).
std::string kernelSymbol(const model::Kernel& k);
std::string launcherOverload(const model::Kernel& k);

/// One input's part of the generated header (`--header`): each kernel's launcher
/// declaration, `cudaError_t name(params..., cudaStream_t stream = 0);`, in the kernel's
/// namespace, exactly as printCuda defines it.
std::string printLauncherDeclarations(const std::vector<const model::Kernel*>& kernels, const PrintOptions& opts);

/// The generated header around the declarations of every input (in input order).
std::string printHeader(const std::vector<std::string>& sourceNames, const std::string& declarations);

}  // namespace exo::rewriter
